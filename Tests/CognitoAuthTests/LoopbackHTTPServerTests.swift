import CognitoAuthTesting
import Foundation
import Testing

@testable import CognitoAuth

/// Answers 200 with the request's target, or 400 when there was no request; a busy refusal is 503.
/// With `gate`, each answer first says it started and then waits to be let go.
struct EchoHandler: LoopbackHTTPHandler {
    var gate: (started: DispatchSemaphore, release: DispatchSemaphore)?

    func response(to request: LoopbackHTTPRequest?) -> LoopbackHTTPResponse {
        if let gate {
            gate.started.signal()
            _ = gate.release.wait(timeout: .now() + 60)
        }
        guard let request else { return LoopbackHTTPResponse(status: 400, contentType: "text/plain", body: []) }
        return LoopbackHTTPResponse(status: 200, contentType: "text/plain", body: Array(request.target.utf8))
    }

    func refusal(_ reason: LoopbackHTTPServer.Refusal) -> LoopbackHTTPResponse {
        LoopbackHTTPResponse(status: reason == .busy ? 503 : 403, contentType: "text/plain", body: [])
    }
}

@Suite("The loopback HTTP server the redirect listener and the credentials endpoint share")
struct LoopbackHTTPServerTests {
    /// A server on 127.0.0.1 (any free port) with `limits`, and its port.
    static func start(_ limits: LoopbackHTTPServer.Limits, handler: EchoHandler = EchoHandler()) throws
        -> (LoopbackHTTPServer, Int)
    {
        let socket = try CognitoAuth.LoopbackSocket.listen(.ipv4, port: 0, backlog: 16)
        return (
            LoopbackHTTPServer(sockets: [socket.fd], limits: limits, handler: handler, threadName: "test"), socket.port
        )
    }

    /// Sends `bytes` on a new connection and reads the answer until the server closes (30 s at most).
    static func exchange(_ bytes: [UInt8], port: Int) throws -> String {
        let client = try #require(LoopbackSocket.connect(ipv6: false, port: port))
        defer { client.close() }
        return client.exchange(bytes)
    }

    @Test("Request-line framing answers past a head too long to read (a browser's cookies); head framing does not")
    func framings() throws {
        let request = Array(
            "GET /callback?code=c HTTP/1.1\r\nCookie: \(String(repeating: "a", count: 20_000))\r\n\r\n".utf8)
        for (framing, expected) in [(LoopbackHTTPServer.Framing.requestLine, "200 OK"), (.head, "400 Bad Request")] {
            let (server, port) = try Self.start(
                .init(
                    readDeadline: .seconds(30), maxConnections: 4, framing: framing, whenFull: .closeOldest,
                    answering: .onLoop))
            defer { server.stop() }
            let answer = try Self.exchange(request, port: port)
            #expect(answer.hasPrefix("HTTP/1.1 \(expected)\r\n"), "\(framing): \(answer.prefix(80))")
            if framing == .requestLine { #expect(answer.hasSuffix("/callback?code=c")) }
        }
    }

    @Test("When every slot is taken, a newcomer gets the busy answer at once; the request in hand is still answered")
    func fullServerRefusesNewcomer() async throws {
        let gate = (started: DispatchSemaphore(value: 0), release: DispatchSemaphore(value: 0))
        let (server, port) = try Self.start(
            .init(
                readDeadline: .seconds(30), maxConnections: 1, framing: .head, whenFull: .refuseNewcomer,
                answering: .threadPerRequest),
            handler: EchoHandler(gate: gate))
        defer {
            server.stop()
            server.waitUntilClosed()
        }
        let request = Array("GET /first HTTP/1.1\r\nHost: x\r\n\r\n".utf8)
        let first = Task.detached { try Self.exchange(request, port: port) }
        // The first request is being answered (its handler waits), so it holds the only slot.
        let started = await withCheckedContinuation { continuation in
            DispatchQueue.global().async { continuation.resume(returning: gate.started.wait(timeout: .now() + 30)) }
        }
        #expect(started == .success)
        let second = try Self.exchange(Array("GET /second HTTP/1.1\r\nHost: x\r\n\r\n".utf8), port: port)
        #expect(second.hasPrefix("HTTP/1.1 503 Service Unavailable\r\n"), "\(second)")
        gate.release.signal()
        let answer = try await first.value
        #expect(answer.hasPrefix("HTTP/1.1 200 OK\r\n") && answer.hasSuffix("/first"), "\(answer)")
    }
}
