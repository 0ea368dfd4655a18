import CognitoAuthTesting
import Foundation
import Synchronization
import Testing

@testable import CognitoAuth

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A source that answers what the test says and counts its calls.
final class FixedCredentialsSource: ContainerCredentialsSource {
    private let answer: Mutex<ContainerCredentialsAnswer>
    private let calls = Atomic<Int>(0)

    init(_ answer: ContainerCredentialsAnswer) { self.answer = Mutex(answer) }

    func set(_ new: ContainerCredentialsAnswer) { answer.withLock { $0 = new } }
    var callCount: Int { calls.load(ordering: .acquiring) }

    func containerCredentials() async -> ContainerCredentialsAnswer {
        calls.add(1, ordering: .acquiringAndReleasing)
        return answer.withLock { $0 }
    }
}

@Suite("Container-credentials endpoint")
struct ContainerCredentialsServerTests {
    static let credentials = AWSCredentials(
        accessKeyId: "ASIAEXAMPLE0000WXYZ", secretAccessKey: "secret/key+value", sessionToken: "token==",
        expiration: Date(timeIntervalSince1970: 1_900_000_000))

    /// One GET through curl (the same transport the client uses); returns status and parsed JSON.
    static func get(_ url: String, token: String?, method: String = "GET") async throws -> (Int, JSONValue?) {
        var headers: [(name: String, value: String)] = []
        if let token { headers.append(("Authorization", token)) }
        let request = HTTPRequestData(url: try #require(URL(string: url)), method: method, headers: headers)
        // A bound on a hang, not a timing: the endpoint's source runs on Swift's pool, which the whole unit run
        // shares; on a loaded machine (two CPU burners) answers took over 10 s to be scheduled.
        let response = try await CurlTransport().send(request, timeout: .seconds(60))
        return (response.status, JSONValue.parse(response.body))
    }

    @Test("GET with the token: the SDKs' JSON; no/wrong token 401; other path 404; other method 405")
    func answersAndRefusals() async throws {
        let source = FixedCredentialsSource(.credentials(Self.credentials))
        let deliveries = Mutex<[Int]>([])
        let server = try ContainerCredentialsServer(source: source) { delivery in
            deliveries.withLock { $0.append(delivery.status) }
        }
        defer { server.stop() }
        #expect(server.authorizationToken.count == 64)
        #expect(server.fullURI == "http://127.0.0.1:\(server.port)/latchkey/credentials")

        let (status, json) = try await Self.get(server.fullURI, token: server.authorizationToken)
        #expect(status == 200)
        #expect(json?["AccessKeyId"]?.stringValue == "ASIAEXAMPLE0000WXYZ")
        #expect(json?["SecretAccessKey"]?.stringValue == "secret/key+value")
        #expect(json?["Token"]?.stringValue == "token==")
        #expect(json?["Expiration"]?.stringValue == "2030-03-17T17:46:40Z")

        let (missing, missingJSON) = try await Self.get(server.fullURI, token: nil)
        #expect(missing == 401)
        #expect(missingJSON?["code"]?.stringValue == "Unauthorized")
        // One character changed: the token is random hex, so its last character may already be "0".
        let wrongToken =
            String(server.authorizationToken.dropLast()) + (server.authorizationToken.hasSuffix("0") ? "1" : "0")
        #expect(try await Self.get(server.fullURI, token: wrongToken).0 == 401)
        #expect(try await Self.get(server.fullURI, token: "").0 == 401)
        #expect(
            try await Self.get("http://127.0.0.1:\(server.port)/other", token: server.authorizationToken).0 == 404)
        #expect(try await Self.get(server.fullURI, token: server.authorizationToken, method: "POST").0 == 405)
        // Only the authorised GET reached the source.
        #expect(source.callCount == 1)
        #expect(deliveries.withLock { $0 }.filter { $0 == 200 }.count == 1)
    }

    @Test("A refusal is the SDKs' error JSON with its status")
    func refusalJSON() async throws {
        let source = FixedCredentialsSource(.refused(status: 403, code: "NotSignedIn", message: "sign in"))
        let server = try ContainerCredentialsServer(source: source)
        defer { server.stop() }
        let (status, json) = try await Self.get(server.fullURI, token: server.authorizationToken)
        #expect(status == 403)
        #expect(json?["code"]?.stringValue == "NotSignedIn")
        #expect(json?["message"]?.stringValue == "sign in")
        #expect(json?["AccessKeyId"] == nil)
    }

    @Test("Concurrent requests are all answered")
    func concurrentRequests() async throws {
        let source = FixedCredentialsSource(.credentials(Self.credentials))
        let server = try ContainerCredentialsServer(source: source, maxConnections: 64)
        defer { server.stop() }
        let statuses = await withTaskGroup(of: Int.self) { group in
            for _ in 0..<40 {
                group.addTask { (try? await Self.get(server.fullURI, token: server.authorizationToken).0) ?? 0 }
            }
            var all: [Int] = []
            for await status in group { all.append(status) }
            return all
        }
        #expect(statuses.count == 40 && statuses.allSatisfy { $0 == 200 }, "\(statuses)")
    }

    @Test("A client that never sends its request is cut off at the read deadline; others are still served")
    func slowClientCutOff() async throws {
        let source = FixedCredentialsSource(.credentials(Self.credentials))
        let server = try ContainerCredentialsServer(source: source, readTimeout: .milliseconds(300))
        defer { server.stop() }
        let fd = try Self.connect(port: server.port)
        defer { close(fd) }
        // Half a request, then silence: the server answers 400 after the deadline and closes.
        _ = "GET /latchkey/credentials HTTP/1.1\r\n".withCString { send(fd, $0, strlen($0), 0) }
        #expect(try await Self.get(server.fullURI, token: server.authorizationToken).0 == 200)
        var buffer = [UInt8](repeating: 0, count: 512)
        let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
        #expect(count > 0)
        #expect(String(decoding: buffer.prefix(max(0, count)), as: UTF8.self).hasPrefix("HTTP/1.1 400"))
    }

    @Test("After stop the port refuses connections")
    func stopCloses() async throws {
        let server = try ContainerCredentialsServer(source: FixedCredentialsSource(.credentials(Self.credentials)))
        #expect(try await Self.get(server.fullURI, token: server.authorizationToken).0 == 200)
        server.stop()
        server.waitUntilClosed()
        await #expect(throws: (any Error).self) { try await Self.get(server.fullURI, token: server.authorizationToken) }
    }

    @Test("The peer check: 127.0.0.0/8, ::1 and ::ffff:127.x are loopback; others are not")
    func peerCheck() {
        func ipv4(_ a: UInt8, _ b: UInt8, _ c: UInt8, _ d: UInt8) -> sockaddr_storage {
            var storage = sockaddr_storage()
            withUnsafeMutablePointer(to: &storage) {
                $0.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { pointer in
                    pointer.pointee.sin_family = sa_family_t(AF_INET)
                    let value = UInt32(a) << 24 | UInt32(b) << 16 | UInt32(c) << 8 | UInt32(d)
                    pointer.pointee.sin_addr.s_addr = in_addr_t(value).bigEndian
                }
            }
            return storage
        }
        func ipv6(_ bytes: [UInt8]) -> sockaddr_storage {
            var storage = sockaddr_storage()
            withUnsafeMutablePointer(to: &storage) {
                $0.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { pointer in
                    pointer.pointee.sin6_family = sa_family_t(AF_INET6)
                    withUnsafeMutableBytes(of: &pointer.pointee.sin6_addr) { raw in
                        for (index, byte) in bytes.enumerated() { raw[index] = byte }
                    }
                }
            }
            return storage
        }
        #expect(LoopbackHTTPServer.isLoopback(ipv4(127, 0, 0, 1)))
        #expect(LoopbackHTTPServer.isLoopback(ipv4(127, 8, 9, 10)))
        #expect(!LoopbackHTTPServer.isLoopback(ipv4(10, 0, 0, 1)))
        #expect(!LoopbackHTTPServer.isLoopback(ipv4(172, 17, 0, 1)))
        #expect(!LoopbackHTTPServer.isLoopback(ipv4(169, 254, 170, 2)))
        #expect(LoopbackHTTPServer.isLoopback(ipv6([UInt8](repeating: 0, count: 15) + [1])))
        #expect(
            LoopbackHTTPServer.isLoopback(ipv6([UInt8](repeating: 0, count: 10) + [0xFF, 0xFF, 127, 0, 0, 1])))
        #expect(
            !LoopbackHTTPServer.isLoopback(ipv6([UInt8](repeating: 0, count: 10) + [0xFF, 0xFF, 10, 0, 0, 1])))
        #expect(!LoopbackHTTPServer.isLoopback(ipv6([0xFE, 0x80] + [UInt8](repeating: 0, count: 13) + [1])))
        #expect(!LoopbackHTTPServer.isLoopback(sockaddr_storage()))
    }

    @Test("Bound to 127.0.0.1 only: this machine's other addresses get no connection at the endpoint's port")
    func notReachableFromOtherAddresses() throws {
        let server = try ContainerCredentialsServer(source: FixedCredentialsSource(.credentials(Self.credentials)))
        defer { server.stop() }
        let others = Self.nonLoopbackIPv4Addresses()
        if others.isEmpty { print("no non-loopback IPv4 address on this machine; only the peer check is tested") }
        for address in others {
            #expect(throws: TestFailure.self, "\(address)") {
                try close(Self.connect(port: server.port, address: address))
            }
        }
        // The same connect to loopback works (the check above can fail).
        close(try Self.connect(port: server.port))
    }

    /// This machine's IPv4 addresses outside 127.0.0.0/8, in network byte order.
    static func nonLoopbackIPv4Addresses() -> [in_addr_t] {
        var list: UnsafeMutablePointer<ifaddrs>?
        guard getifaddrs(&list) == 0, let first = list else { return [] }
        defer { freeifaddrs(list) }
        var addresses: [in_addr_t] = []
        var cursor: UnsafeMutablePointer<ifaddrs>? = first
        while let entry = cursor {
            if let address = entry.pointee.ifa_addr, Int32(address.pointee.sa_family) == AF_INET {
                let ipv4 = address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { $0.pointee.sin_addr.s_addr }
                if UInt32(bigEndian: ipv4) >> 24 != 127 { addresses.append(ipv4) }
            }
            cursor = entry.pointee.ifa_next
        }
        return addresses
    }

    @Test("Request heads: the method, target and Authorization are read; a broken head is nil")
    func requestParsing() {
        let good = Array("GET /latchkey/credentials HTTP/1.1\r\nHost: x\r\nauthorization:  abc \r\n\r\n".utf8)
        #expect(
            LoopbackHTTPServer.parse(good, framing: .head)
                == .init(
                    method: "GET", target: "/latchkey/credentials", headers: ["host": "x", "authorization": "abc"]))
        #expect(LoopbackHTTPServer.parse(Array("GET / HTTP/1.1\r\n".utf8), framing: .head) == nil)
        #expect(LoopbackHTTPServer.parse(Array("GET nothing HTTP/1.1\r\n\r\n".utf8), framing: .head) == nil)
        #expect(LoopbackHTTPServer.parse(Array("GET / HTTP/1.1\r\nno colon\r\n\r\n".utf8), framing: .head) == nil)
        #expect(ContainerCredentialsServer.constantTimeEqual("abc", "abc"))
        #expect(!ContainerCredentialsServer.constantTimeEqual("abc", "abd"))
        #expect(!ContainerCredentialsServer.constantTimeEqual("abc", "abcd"))
    }

    static func connect(port: Int, address host: in_addr_t = in_addr_t(0x7F00_0001).bigEndian) throws -> Int32 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port)).bigEndian
        address.sin_addr.s_addr = host
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard result == 0 else {
            close(fd)
            throw TestFailure("connect failed")
        }
        return fd
    }
}

struct TestFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
