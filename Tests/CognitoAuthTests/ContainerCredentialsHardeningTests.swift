import CognitoAuthTesting
import Foundation
import Testing

@testable import CognitoAuth

#if canImport(Glibc)
    import Glibc
#endif

/// The credentials endpoint under idle connections (rel-3 R3), strict about `Host` and LF-only heads (R13),
/// and after its `exec` ended (R10).
@Suite("Container-credentials endpoint: idle connections, Host, LF-only heads, exec ended")
struct ContainerCredentialsHardeningTests {
    static func server(readTimeout: Duration = .seconds(2)) throws -> ContainerCredentialsServer {
        try ContainerCredentialsServer(
            source: FixedCredentialsSource(.credentials(ContainerCredentialsServerTests.credentials)),
            readTimeout: readTimeout)
    }

    /// One raw request on a new connection; the answer's status line (empty when none came in 15 s). The
    /// blocking exchange runs on a thread of its own: on Swift's pool it could starve the endpoint's source.
    static func statusLine(_ request: String, port: Int) async -> String {
        await withCheckedContinuation { continuation in
            Thread {
                guard let client = LoopbackSocket.connect(ipv6: false, port: port) else {
                    return continuation.resume(returning: "")
                }
                defer { client.close() }
                let answer = client.exchange(Array(request.utf8), limit: 60)
                continuation.resume(
                    returning: answer.split(separator: "\r\n", maxSplits: 1).first.map(String.init) ?? "")
            }.start()
        }
    }

    @Test("R3: 40 idle connections and 20 half-sent heads held open; an authorised request is still served")
    func idleConnectionsDoNotDenyService() async throws {
        // A long read deadline, so that only the slot rules (not the deadline) can let the request in.
        let server = try Self.server(readTimeout: .seconds(60))
        defer { server.stop() }
        var held: [LoopbackSocket] = []
        defer { for client in held { client.close() } }
        for index in 0..<60 {
            let client = try #require(LoopbackSocket.connect(ipv6: false, port: server.port))
            if index >= 40 {
                _ = "GET /latchkey/credentials HTTP/1.1\r\n".withCString { send(client.fd, $0, strlen($0), 0) }
            }
            held.append(client)
        }
        for _ in 0..<3 {
            let (status, json) = try await ContainerCredentialsServerTests.get(
                server.fullURI, token: server.authorizationToken)
            #expect(status == 200)
            #expect(json?["AccessKeyId"]?.stringValue == ContainerCredentialsServerTests.credentials.accessKeyId)
        }
    }

    @Test("R13: Host must be 127.0.0.1, localhost or [::1] at the port: another is 421, none is 400")
    func hostChecked() async throws {
        let server = try Self.server()
        defer { server.stop() }
        let token = server.authorizationToken
        func request(_ host: String?) -> String {
            "GET /latchkey/credentials HTTP/1.1\r\n" + (host.map { "Host: \($0)\r\n" } ?? "")
                + "Authorization: \(token)\r\n\r\n"
        }
        for host in ["127.0.0.1:\(server.port)", "localhost:\(server.port)", "LOCALHOST:\(server.port)"] {
            #expect(await Self.statusLine(request(host), port: server.port) == "HTTP/1.1 200 OK", "\(host)")
        }
        for host in ["evil.example:1234", "evil.example:\(server.port)", "127.0.0.1", "127.0.0.1:1"] {
            #expect(await Self.statusLine(request(host), port: server.port) == "HTTP/1.1 421 Misdirected Request")
        }
        #expect(await Self.statusLine(request(nil), port: server.port) == "HTTP/1.1 400 Bad Request")
    }

    @Test("R13: an LF-only head is answered 400 at once, not at the read deadline (60 s here)")
    func lineFeedOnlyAnsweredAtOnce() async throws {
        let server = try Self.server(readTimeout: .seconds(60))
        defer { server.stop() }
        let lineFeeds = "GET /latchkey/credentials HTTP/1.1\nHost: 127.0.0.1:\(server.port)\n\n"
        // statusLine gives up after 15 s: a wait for the deadline would leave it empty.
        #expect(await Self.statusLine(lineFeeds, port: server.port) == "HTTP/1.1 400 Bad Request")
        #expect(await Self.statusLine("GET / HTTP/1.1\n", port: server.port) == "HTTP/1.1 400 Bad Request")
    }

    @Test("R13: HTTP/1.9, a space before the colon, and a second Authorization or Host are refused")
    func strictHeads() {
        func parse(_ text: String) -> LoopbackHTTPRequest? {
            LoopbackHTTPServer.parse(Array(text.utf8), framing: .head)
        }
        #expect(parse("GET / HTTP/1.1\r\nHost: h\r\nAuthorization: t\r\n\r\n") != nil)
        #expect(parse("GET / HTTP/1.9\r\nHost: h\r\n\r\n") == nil)
        #expect(parse("GET / HTTP/1.1\r\nAuthorization : t\r\n\r\n") == nil)
        #expect(parse("GET / HTTP/1.1\r\nAuthorization: a\r\nauthorization: b\r\n\r\n") == nil)
        #expect(parse("GET / HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n") == nil)
        #expect(LoopbackHTTPServer.isComplete(Array("GET / HTTP/1.1\n".utf8), framing: .head))
        #expect(!LoopbackHTTPServer.isComplete(Array("GET / HTTP/1.1\r\nHost: a\r\n".utf8), framing: .head))
    }

    @Test("R10: after endService the port stays taken and every request gets 503 ExecEnded, credentials never")
    func execEnded() async throws {
        let server = try Self.server()
        defer { server.stop() }
        server.endService()
        let (status, json) = try await ContainerCredentialsServerTests.get(
            server.fullURI, token: server.authorizationToken)
        #expect(status == 503)
        #expect(json?["code"]?.stringValue == "ExecEnded")
        #expect(json?["AccessKeyId"] == nil)
    }
}
