import CognitoAuthTesting
import Foundation
import Testing

@testable import CognitoAuth

#if canImport(Glibc)
    import Glibc
#endif

/// A plain TCP client for the loopback listener: connects to 127.0.0.1 or ::1, sends, reads the answer.
struct LoopbackSocket {
    let fd: Int32

    /// Connects to `port` on IPv4 or IPv6 loopback, waiting at most `wait` seconds for the connection;
    /// nil when it is refused or not made in time. With `wait` 0 the attempt is left in flight (an idle client).
    static func connect(ipv6: Bool, port: Int, wait: TimeInterval = 30) -> LoopbackSocket? {
        let fd = socket(ipv6 ? AF_INET6 : AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return nil }
        let flags = fcntl(fd, F_GETFL)
        _ = fcntl(fd, F_SETFL, flags | O_NONBLOCK)
        let result: Int32
        if ipv6 {
            var address = sockaddr_in6()
            address.sin6_family = sa_family_t(AF_INET6)
            address.sin6_port = in_port_t(UInt16(truncatingIfNeeded: port)).bigEndian
            address.sin6_addr = in6addr_loopback
            result = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in6>.size))
                }
            }
        } else {
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = in_port_t(UInt16(truncatingIfNeeded: port)).bigEndian
            address.sin_addr.s_addr = in_addr_t(0x7F00_0001).bigEndian
            result = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }
        }
        var connected = result == 0
        if !connected, errno == EINPROGRESS {
            if wait == 0 { return LoopbackSocket(fd: fd) }
            var poller = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
            var failure: Int32 = 0
            var length = socklen_t(MemoryLayout<Int32>.size)
            connected =
                poll(&poller, 1, Int32(wait * 1000)) == 1
                && getsockopt(fd, SOL_SOCKET, SO_ERROR, &failure, &length) == 0 && failure == 0
        }
        guard connected else {
            Glibc.close(fd)
            return nil
        }
        _ = fcntl(fd, F_SETFL, flags)
        return LoopbackSocket(fd: fd)
    }

    /// Sends `GET target` and reads the answer until the server closes (or `limit` passes: a hang is a failure).
    func get(_ target: String, limit: TimeInterval = 30) -> String {
        exchange(Array("GET \(target) HTTP/1.1\r\nHost: localhost\r\n\r\n".utf8), limit: limit)
    }

    /// Sends `request` whole and reads the answer until the server closes (or `limit` passes).
    func exchange(_ request: [UInt8], limit: TimeInterval = 30) -> String {
        var sent = 0
        while sent < request.count {
            let count = request[sent...].withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if count <= 0 { break }
            sent += count
        }
        var answer: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        let end = Date().addingTimeInterval(limit)
        while Date() < end {
            var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 100) >= 0 else { break }
            if poller.revents == 0 { continue }
            let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { break }
            answer += buffer[0..<count]
        }
        return String(decoding: answer, as: UTF8.self)
    }

    func close() { Glibc.close(fd) }
}

enum ListenerTestError: Error { case noFreePort }

@Suite("Hosted UI loopback listener: both loopback families, several connections at once")
struct LoopbackListenerFamilyTests {
    /// A browser sign-in whose redirect is `http://HOST:PORT/callback`.
    static func signInRequest(host: String, port: Int) async throws -> HostedUISignInRequest {
        var configuration = Fixtures.configuration()
        configuration.hostedUI = HostedUIConfiguration(
            webDomain: try #require(URL(string: "http://127.0.0.1:9")),
            signInRedirectURIs: [try #require(URL(string: "http://\(host):\(port)/callback"))])
        let client = AuthClient(
            configuration: configuration, store: InMemorySessionStore(nil),
            transport: ScriptedTransport { _ in ScriptedTransport.json([:]) })
        return try await client.beginHostedUISignIn(provider: nil)
    }

    /// A port free on both 127.0.0.1 and ::1 (tries a few).
    static func freePortOnBoth() throws -> Int {
        for _ in 0..<20 {
            let port = try LoopbackRedirectListenerTests.freePort()
            if LoopbackSocket.connect(ipv6: true, port: port).map({ $0.close() }) == nil { return port }
        }
        throw ListenerTestError.noFreePort
    }

    @Test("A localhost redirect listens on 127.0.0.1 and ::1; the redirect is delivered through ::1")
    func localhostBindsBothFamilies() async throws {
        let port = try Self.freePortOnBoth()
        let request = try await Self.signInRequest(host: "localhost", port: port)
        let listener = try LoopbackRedirectListener(request: request)
        defer { listener.stop() }
        #expect(listener.addresses == ["127.0.0.1", "[::1]"])
        let v4 = try #require(LoopbackSocket.connect(ipv6: false, port: port), "nothing on 127.0.0.1")
        defer { v4.close() }
        #expect(v4.get("/favicon.ico").hasPrefix("HTTP/1.1 404"))
        let v6 = try #require(
            LoopbackSocket.connect(ipv6: true, port: port), "nothing on ::1: another user could take it")
        defer { v6.close() }
        #expect(v6.get("/callback?code=good-code&state=\(request.state)").hasPrefix("HTTP/1.1 200"))
        #expect(await listener.callback() == .code("good-code", state: request.state))
    }

    @Test("An http://[::1]:PORT redirect listens on ::1 (and only there)")
    func ipv6LiteralBindsIPv6() async throws {
        let port = try Self.freePortOnBoth()
        let request = try await Self.signInRequest(host: "[::1]", port: port)
        let listener = try LoopbackRedirectListener(request: request)
        defer { listener.stop() }
        #expect(listener.addresses == ["[::1]"])
        let v6 = try #require(LoopbackSocket.connect(ipv6: true, port: port), "nothing on ::1")
        defer { v6.close() }
        #expect(v6.get("/callback?code=good-code&state=\(request.state)").hasPrefix("HTTP/1.1 200"))
        #expect(await listener.callback() == .code("good-code", state: request.state))
    }

    @Test("A 127.0.0.1 redirect listens on 127.0.0.1 only")
    func ipv4LiteralBindsIPv4Only() async throws {
        let port = try Self.freePortOnBoth()
        let request = try await Self.signInRequest(host: "127.0.0.1", port: port)
        let listener = try LoopbackRedirectListener(request: request)
        defer { listener.stop() }
        #expect(listener.addresses == ["127.0.0.1"])
    }

    @Test("When another program holds the port on ::1, a localhost listener refuses, naming ::1 and the risk")
    func takenIPv6PortIsRefused() async throws {
        let port = try Self.freePortOnBoth()
        let squatterRequest = try await Self.signInRequest(host: "[::1]", port: port)
        let squatter = try LoopbackRedirectListener(request: squatterRequest)
        defer { squatter.stop() }
        let request = try await Self.signInRequest(host: "localhost", port: port)
        do {
            let listener = try LoopbackRedirectListener(request: request)
            listener.stop()
            Issue.record("a localhost listener opened while ::1:\(port) belongs to another program")
        } catch {
            guard case .hostedUI(.listenerUnavailable(let failedPort, let address, _)) = error else {
                Issue.record("unexpected error \(error)")
                return
            }
            #expect(failedPort == port)
            #expect(address == "[::1]")
            #expect(error.description.contains("would receive the browser's redirect"), "\(error.description)")
        }
        // The IPv4 socket opened before the failure was closed again.
        #expect(LoopbackSocket.connect(ipv6: false, port: port).map { $0.close() } == nil)
    }

    @Test("Idle connections do not keep the redirect out: after a flood of 40 idle ones it still arrives")
    func idleFloodDoesNotBlockTheRedirect() async throws {
        let port = try Self.freePortOnBoth()
        let request = try await Self.signInRequest(host: "127.0.0.1", port: port)
        let listener = try LoopbackRedirectListener(request: request)
        defer { listener.stop() }
        // Connections that never send a byte, held open for the whole test.
        let idle = (0..<40).compactMap { _ in LoopbackSocket.connect(ipv6: false, port: port, wait: 0) }
        defer { for socket in idle { socket.close() } }
        #expect(idle.count == 40)
        let browser = try #require(LoopbackSocket.connect(ipv6: false, port: port), "the browser could not connect")
        defer { browser.close() }
        let answer = browser.get("/callback?code=good-code&state=\(request.state)")
        #expect(answer.hasPrefix("HTTP/1.1 200"), "the redirect was not answered: \(answer.prefix(80))")
        #expect(await listener.callback() == .code("good-code", state: request.state))
    }
}
