import CognitoAuthTesting
import Foundation
import Testing

@testable import CognitoAuth

/// The libcurl transport against hostile servers on 127.0.0.1 (a ``FaultProxy`` that answers by
/// itself), and its error mapping without the network.
@Suite("Curl transport: answers, deadline, body cap, resets, refusals, cancellation, error mapping")
struct CurlTransportTests {
    static func request(_ proxy: FaultProxy) -> HTTPRequestData {
        HTTPRequestData(
            url: proxy.endpoint, method: "POST",
            headers: [("Content-Type", "application/x-amz-json-1.1"), ("X-Amz-Target", "Test.Op")],
            body: Array(#"{"hello":"world"}"#.utf8))
    }

    /// A fault proxy whose upstream is a closed port: only its self-answering modes are used.
    static func selfAnsweringProxy() throws -> FaultProxy {
        let closed = try freeLoopbackPort()
        return try FaultProxy(upstream: try #require(URL(string: "http://127.0.0.1:\(closed)")))
    }

    @Test("A canned answer: status, headers (case-insensitive) and body come back as sent")
    func cannedAnswer() async throws {
        let proxy = try Self.selfAnsweringProxy()
        defer { proxy.stop() }
        proxy.setMode(.respond(status: 418, contentType: "application/x-teapot", body: #"{"short":"stout"}"#))
        let response = try await CurlTransport().send(Self.request(proxy), timeout: .seconds(10))
        #expect(response.status == 418)
        #expect(response.header("content-type") == "application/x-teapot")
        #expect(String(decoding: response.body, as: UTF8.self) == #"{"short":"stout"}"#)
    }

    @Test("A body over the cap is an invalid response, not a crash or an unbounded buffer")
    func hugeBody() async throws {
        let proxy = try Self.selfAnsweringProxy()
        defer { proxy.stop() }
        proxy.setMode(.hugeBody(bytes: HTTPLimits.maxResponseBytes * 3))
        do {
            _ = try await CurlTransport().send(Self.request(proxy), timeout: .seconds(20))
            Issue.record("a body over the cap was accepted")
        } catch let error as AuthError {
            guard case .invalidResponse(_, let detail) = error else {
                Issue.record("unexpected error \(error)")
                return
            }
            #expect(detail.contains("larger than"))
        }
    }

    @Test("A slow-drip answer hits the total deadline (the body counts, not only the head)")
    func slowDripDeadline() async throws {
        let proxy = try Self.selfAnsweringProxy()
        defer { proxy.stop() }
        proxy.setMode(.slowDrip(intervalMilliseconds: 200))
        await #expect(throws: AuthError.network(kind: .timedOut, message: "no answer before the deadline")) {
            _ = try await CurlTransport().send(Self.request(proxy), timeout: .seconds(1))
        }
    }

    @Test("A reset connection is connectionReset; a closed port is connectionRefused")
    func resetAndRefused() async throws {
        let proxy = try Self.selfAnsweringProxy()
        defer { proxy.stop() }
        proxy.setMode(.reset)
        await #expect(throws: AuthError.network(kind: .connectionReset, message: "the server closed the connection")) {
            _ = try await CurlTransport().send(Self.request(proxy), timeout: .seconds(10))
        }
        let closed = try freeLoopbackPort()
        let refused = HTTPRequestData(url: try #require(URL(string: "http://127.0.0.1:\(closed)/")))
        await #expect(throws: AuthError.network(kind: .connectionRefused, message: "connection refused")) {
            _ = try await CurlTransport().send(refused, timeout: .seconds(10))
        }
    }

    @Test("Cancelling the task ends a request to a black hole with CancellationError, long before its deadline")
    func cancellation() async throws {
        let proxy = try Self.selfAnsweringProxy()
        defer { proxy.stop() }
        proxy.setMode(.blackHole)
        let request = Self.request(proxy)
        let task = Task { try await CurlTransport().send(request, timeout: .seconds(60)) }
        // Wait (bounded) until the request is at the black hole, then cancel it.
        _ = try? await Waiter.until(
            "the request at the black hole", timeout: .seconds(10),
            on: [.signal(proxy.changes, name: "proxy connections")]
        ) { proxy.openConnections > 0 }
        task.cancel()
        await #expect(throws: CancellationError.self) { _ = try await task.value }
    }

    @Test("A proxy's refusals are the proxy's: 407 asks for credentials, 403 refuses the tunnel, never the password")
    func proxyFailures() throws {
        let proxy = try ProxyServer(url: "http://alice:s3cret@proxy.corp:3128", variable: "HTTPS_PROXY")
        let cases: [(CurlFailure, String)] = [
            (CurlFailure(code: CurlCode.receiveError, connectStatus: 407), "asks for credentials (HTTP 407)"),
            (CurlFailure(code: CurlCode.receiveError, connectStatus: 403), "refused to open the tunnel"),
            (CurlFailure(code: CurlCode.couldNotResolveProxy), "cannot be resolved"),
            (CurlFailure(code: CurlCode.couldNotConnect, osErrno: ECONNREFUSED), "refused the connection"),
            (CurlFailure(code: CurlCode.couldNotConnect, osErrno: ETIMEDOUT), "cannot be reached"),
            (CurlFailure(code: CurlCode.operationTimedOut), "no answer before the deadline, through the proxy"),
        ]
        for (failure, expected) in cases {
            let error = CurlTransport.classify(failure, proxy: proxy)
            #expect(error.description.contains(expected), "\(failure) -> \(error)")
            #expect(error.description.contains("http://proxy.corp:3128 (from HTTPS_PROXY)"), "\(error)")
            #expect(!error.description.contains("s3cret") && !error.description.contains("alice"))
        }
    }

    @Test("libcurl's codes map to the network kinds the core retries on (offline vs timeout vs TLS)")
    func directFailures() {
        let cases: [(CurlFailure, NetworkFailureKind)] = [
            (CurlFailure(code: CurlCode.couldNotConnect, osErrno: ECONNREFUSED), .connectionRefused),
            (CurlFailure(code: CurlCode.couldNotResolveHost), .dnsFailure),
            (CurlFailure(code: CurlCode.operationTimedOut), .timedOut),
            (CurlFailure(code: CurlCode.gotNothing), .connectionReset),
            (CurlFailure(code: CurlCode.receiveError), .connectionReset),
            (CurlFailure(code: CurlCode.peerFailedVerification, message: "unable to get local issuer"), .tlsFailure),
            (CurlFailure(code: CurlCode.sslConnectError), .tlsFailure),
            (CurlFailure(code: 99, message: "strange\u{1B}[31m"), .other),
        ]
        for (failure, kind) in cases {
            guard case .network(let mapped, let message) = CurlTransport.classify(failure) else {
                Issue.record("\(failure) was not a network error")
                continue
            }
            #expect(mapped == kind, "\(failure)")
            #expect(!message.contains("\u{1B}"), "control characters reach the message: \(message)")
        }
        let wrongHost = CurlTransport.classify(
            CurlFailure(
                code: CurlCode.peerFailedVerification,
                message: "SSL: no alternative certificate subject name matches target host name 'x'"))
        #expect(wrongHost == .network(kind: .tlsFailure, message: "the server's certificate is for another host name"))
        guard case .invalidResponse = CurlTransport.classify(CurlFailure(code: CurlCode.bodyTooLarge)) else {
            Issue.record("a body over the cap (CURLE_FILESIZE_EXCEEDED) was not an invalid response")
            return
        }
    }

    @Test("AWS_CA_BUNDLE is added to libcurl's default store, not put in its place")
    func extraTrustRoots() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("curl-ca-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let extra = "-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n"
        let path = directory.appendingPathComponent("corp.pem").path
        try extra.write(toFile: path, atomically: true, encoding: .utf8)
        let transport = try CurlTransport(network: NetworkOptions(caBundlePath: path))
        let roots = try #require(try transport.trustRoots())
        #expect(String(decoding: roots, as: UTF8.self).hasSuffix(extra))
        if let system = CurlTransport.defaultCAFile(), let bytes = FileManager.default.contents(atPath: system) {
            #expect(roots.count == bytes.count + 1 + extra.utf8.count)
        }
    }

    @Test(
        "An AWS_CA_BUNDLE without a PEM certificate, unreadable, over 4 MiB or a FIFO is refused naming the variable")
    func extraTrustRootsRefused() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("curl-ca-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("not-pem.txt").path
        // The marker cut short at the very end: a search must not read past the bytes.
        try "certificates\n-----BEGIN CERTIFICATE----".write(toFile: path, atomically: true, encoding: .utf8)
        // A certificate first, then a sparse tail past the cap (N12): only the size can refuse it.
        let big = directory.appendingPathComponent("big.pem").path
        try "-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n".write(
            toFile: big, atomically: false, encoding: .utf8)
        let handle = try #require(FileHandle(forWritingAtPath: big))
        try handle.truncate(atOffset: UInt64(ExtraTrustRoots.maximumSize + 1))
        try handle.close()
        let fifo = directory.appendingPathComponent("fifo.pem").path
        #expect(mkfifo(fifo, 0o600) == 0)
        for (bundle, problem) in [
            (path, "holds no PEM certificate"), (path + ".absent", "could be read"), (big, "larger than 4 MiB"),
            (fifo, "not a regular file"),
        ] {
            do {
                _ = try CurlTransport(network: NetworkOptions(caBundlePath: bundle)).trustRoots()
                Issue.record("\(bundle) was accepted")
            } catch {
                #expect(error.key == "AWS_CA_BUNDLE")
                #expect(error.problem.contains(problem), "\(error.problem)")
            }
        }
        let marked = directory.appendingPathComponent("marked.pem").path
        try "# corporate CA\n-----BEGIN CERTIFICATE-----\nMIIB\n".write(
            toFile: marked, atomically: true, encoding: .utf8)
        #expect(try CurlTransport(network: NetworkOptions(caBundlePath: marked)).trustRoots() != nil)
    }

    @Test("AWS_CA_BUNDLE is read only for a TLS request: a plain http request never opens it")
    func extraTrustRootsReadOnlyForTLS() async throws {
        let transport = try CurlTransport(network: NetworkOptions(caBundlePath: "/nonexistent/latchkey-ca.pem"))
        // Port 9 (discard) is closed here: the http request fails on the network, not on the bundle.
        let plain = HTTPRequestData(url: try #require(URL(string: "http://127.0.0.1:9/")), method: "GET")
        do {
            _ = try await transport.send(plain, timeout: .seconds(5))
            Issue.record("a request to a closed port succeeded")
        } catch let error as AuthError {
            #expect(error.isNetworkFailure, "\(error)")
        }
        let tls = HTTPRequestData(url: try #require(URL(string: "https://127.0.0.1:9/")), method: "GET")
        do {
            _ = try await transport.send(tls, timeout: .seconds(5))
            Issue.record("a TLS request with a missing AWS_CA_BUNDLE was sent")
        } catch let error as AuthError {
            guard case .configuration(let problem) = error else {
                Issue.record("expected a configuration error naming AWS_CA_BUNDLE, got \(error)")
                return
            }
            #expect(problem.key == "AWS_CA_BUNDLE")
        }
    }

    @Test("Header blocks parse in order; deadlines convert to whole milliseconds, at least 1")
    func parsingAndDeadlines() {
        let headers = CurlCall.parseHeaders("Content-Type: a/b\r\nx-amzn-RequestId:  42 \r\n\r\nbroken line\r\n")
        #expect(headers.map(\.name) == ["Content-Type", "x-amzn-RequestId"])
        #expect(headers.map(\.value) == ["a/b", "42"])
        #expect(CurlCall.milliseconds(.seconds(2)) == 2000)
        #expect(CurlCall.milliseconds(.milliseconds(1500)) == 1500)
        #expect(CurlCall.milliseconds(.microseconds(10)) == 1)
        #expect(CurlCall.milliseconds(.seconds(-3)) == 1)
    }
}
