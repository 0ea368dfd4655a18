import CCurl
import Dispatch
import Foundation

/// The production transport: libcurl, the engine under FoundationNetworking's `URLSession` on Linux,
/// called directly through the `CCurl` shim.
///
/// libcurl is loaded on the first request, so a command that sends none (a cached `latchkey token`)
/// loads no network stack. Each request has one total deadline (connect, TLS, head and body), a body
/// cap of 1 MiB, no redirects and no silent reconnect loop: a failure
/// fails the request at once and the auth core decides about retries. ``NetworkOptions`` choose a
/// proxy per request (`NO_PROXY` hosts go direct; libcurl's own reading of the proxy variables is
/// turned off) and extra trusted CAs. `URLSession` is not used because on Linux it can do neither
/// (see DECISIONS.md).
public struct CurlTransport: HTTPTransport {
    /// How this transport reaches the network.
    public let network: NetworkOptions
    /// The extra trust roots from ``NetworkOptions/caBundlePath``, if any; combined with libcurl's
    /// default store on the first request that needs them.
    let extraRoots: ExtraTrustRoots?

    /// How long connecting (to the server, or to the proxy) may take within the total deadline.
    static let connectTimeout: Duration = .seconds(5)

    /// Creates a transport that connects directly and trusts the system's roots.
    public init() {
        self.network = .direct
        self.extraRoots = nil
    }

    /// Creates a transport that follows `network`: its proxies, `NO_PROXY` and extra CA bundle.
    ///
    /// The CA bundle is read now, so a missing or unreadable file is a configuration error (naming
    /// `AWS_CA_BUNDLE`) before any request is made; libcurl is not loaded until the first request.
    public init(network: NetworkOptions) throws(ConfigurationError) {
        self.network = network
        self.extraRoots = try network.caBundlePath.map { path throws(ConfigurationError) in
            try ExtraTrustRoots(path: path)
        }
    }

    /// The trust roots handed to libcurl instead of its default store, or nil for the default.
    var trustRoots: [UInt8]? { extraRoots?.combinedWithDefault }

    /// libcurl's default CA bundle, or the first of the usual files that exists.
    static func defaultCAFile() -> String? {
        var error: UnsafeMutablePointer<CChar>?
        let path = lk_curl_default_ca_file(&error)
        defer {
            lk_curl_free(path)
            lk_curl_free(error)
        }
        if let path { return String(cString: path) }
        return [
            "/etc/ssl/certs/ca-certificates.crt", "/etc/pki/tls/certs/ca-bundle.crt", "/etc/ssl/cert.pem",
            "/usr/local/etc/openssl/cert.pem",
        ].first { FileManager.default.fileExists(atPath: $0) }
    }

    /// Sends the request with a total deadline and a body-size cap.
    public func send(_ request: HTTPRequestData, timeout: Duration) async throws -> HTTPResponseData {
        try Task.checkCancellation()
        let proxy = network.proxy(for: request.url)
        let call = CurlCall(
            request: request, proxy: proxy, extraRoots: extraRoots, timeout: timeout,
            connectTimeout: min(Self.connectTimeout, timeout))
        let outcome = try await call.run()
        switch outcome {
        case .response(let response): return response
        case .failure(let failure): throw Self.classify(failure, proxy: proxy)
        }
    }
}

/// CA certificates trusted in addition to libcurl's default store (`AWS_CA_BUNDLE`).
final class ExtraTrustRoots: @unchecked Sendable {
    // @unchecked Sendable: `combined` is only read and written under `lock`; the rest is immutable.

    /// The PEM file the certificates came from.
    let path: String
    /// Its contents, checked to hold at least one PEM certificate.
    let pem: [UInt8]
    private let lock = NSLock()
    private var combined: [UInt8]?

    /// Reads and checks the PEM file at `path`.
    init(path: String) throws(ConfigurationError) {
        guard let contents = FileManager.default.contents(atPath: path) else {
            throw ConfigurationError(
                file: path, key: "AWS_CA_BUNDLE", problem: "no PEM certificate could be read from this file.",
                fix: "Point AWS_CA_BUNDLE at a readable PEM file holding the CA certificate(s), or unset it.")
        }
        guard contents.range(of: Data("-----BEGIN CERTIFICATE-----".utf8)) != nil else {
            throw ConfigurationError(
                file: path, key: "AWS_CA_BUNDLE", problem: "the file holds no PEM certificate.",
                fix: "Point AWS_CA_BUNDLE at a PEM file holding the CA certificate(s), or unset it.")
        }
        self.path = path
        self.pem = Array(contents)
    }

    /// libcurl's default bundle followed by ``pem``, built (and libcurl loaded) on first use.
    var combinedWithDefault: [UInt8] {
        lock.lock()
        defer { lock.unlock() }
        if let combined { return combined }
        var roots: [UInt8] = []
        if let systemPath = CurlTransport.defaultCAFile(), let system = FileManager.default.contents(atPath: systemPath)
        {
            roots.append(contentsOf: system)
            roots.append(UInt8(ascii: "\n"))
        }
        roots.append(contentsOf: pem)
        combined = roots
        return roots
    }
}

/// The former name of ``CurlTransport``, from when async-http-client carried the requests.
public typealias AsyncHTTPClientTransport = CurlTransport

/// How libcurl said a request failed: its `CURLcode` and what it knows about the connection.
struct CurlFailure: Error, Sendable, Equatable {
    /// libcurl's `CURLcode` (-1: libcurl could not be loaded).
    var code: Int32
    /// The proxy's answer to `CONNECT`, 0 when none.
    var connectStatus: Int = 0
    /// `errno` of the failed connect, 0 when unknown.
    var osErrno: Int32 = 0
    /// Whether the body passed the cap.
    var bodyTooLarge = false
    /// libcurl's own error text (never the server's, never credentials).
    var message = ""
}

/// The `CURLcode` values the transport distinguishes (curl/curl.h; stable across versions).
enum CurlCode {
    static let unsupportedProtocol: Int32 = 1
    static let malformedURL: Int32 = 3
    static let couldNotResolveProxy: Int32 = 5
    static let couldNotResolveHost: Int32 = 6
    static let couldNotConnect: Int32 = 7
    static let weirdServerReply: Int32 = 8
    static let http2: Int32 = 16
    static let partialFile: Int32 = 18
    static let writeError: Int32 = 23
    static let operationTimedOut: Int32 = 28
    static let sslConnectError: Int32 = 35
    static let gotNothing: Int32 = 52
    static let sendError: Int32 = 55
    static let receiveError: Int32 = 56
    static let sslCertificateProblem: Int32 = 58
    static let sslCipher: Int32 = 59
    static let peerFailedVerification: Int32 = 60
    static let bodyTooLarge: Int32 = 63
    static let http2Stream: Int32 = 92
    static let sslCACertificateBadFile: Int32 = 77
}

extension CurlTransport {
    /// Maps a failure of a request that went through `proxy` (or directly, when nil).
    ///
    /// Through a proxy the only connection made is to the proxy, so a refused, unreachable or
    /// unresolvable connection is the proxy's; a refused `CONNECT` is too. The proxy is named
    /// without its credentials.
    static func classify(_ failure: CurlFailure, proxy: ProxyServer?) -> AuthError {
        guard let proxy else { return classify(failure) }
        if failure.connectStatus == 407 {
            return .network(
                kind: .proxyFailure,
                message:
                    "the proxy \(proxy) asks for credentials (HTTP 407); put them in the proxy URL as http://user:password@host:port"
            )
        }
        if failure.connectStatus != 0, !(200...299).contains(failure.connectStatus) {
            return .network(kind: .proxyFailure, message: "the proxy \(proxy) refused to open the tunnel")
        }
        if failure.code == CurlCode.couldNotResolveProxy {
            return .network(kind: .proxyFailure, message: "the proxy \(proxy) cannot be resolved")
        }
        if failure.code == CurlCode.couldNotConnect {
            if failure.osErrno == ECONNREFUSED {
                return .network(kind: .proxyFailure, message: "the proxy \(proxy) refused the connection")
            }
            return .network(kind: .proxyFailure, message: "the proxy \(proxy) cannot be reached")
        }
        let direct = classify(failure)
        guard case .network(let kind, let message) = direct else { return direct }
        return .network(kind: kind, message: "\(message), through the proxy \(proxy)")
    }

    /// Maps a libcurl failure to a typed network failure (or an invalid response for a huge body).
    static func classify(_ failure: CurlFailure) -> AuthError {
        switch failure.code {
        case CurlCode.writeError where failure.bodyTooLarge, CurlCode.bodyTooLarge:
            return .invalidResponse(
                status: 0, detail: "the response body is larger than \(HTTPLimits.maxResponseBytes) bytes")
        case CurlCode.operationTimedOut:
            return .network(kind: .timedOut, message: "no answer before the deadline")
        case CurlCode.couldNotResolveHost, CurlCode.couldNotResolveProxy:
            return .network(kind: .dnsFailure, message: "the host name cannot be resolved")
        case CurlCode.couldNotConnect:
            switch failure.osErrno {
            case ECONNREFUSED: return .network(kind: .connectionRefused, message: "connection refused")
            case ETIMEDOUT: return .network(kind: .timedOut, message: "connect timed out")
            default: return .network(kind: .other, message: "cannot connect to the server")
            }
        case CurlCode.gotNothing, CurlCode.sendError, CurlCode.receiveError, CurlCode.partialFile, CurlCode.http2,
            CurlCode.http2Stream:
            return .network(kind: .connectionReset, message: "the server closed the connection")
        case CurlCode.peerFailedVerification:
            let text = failure.message.lowercased()
            if text.contains("host name") || text.contains("subject name") || text.contains("hostname") {
                return .network(kind: .tlsFailure, message: "the server's certificate is for another host name")
            }
            return .network(kind: .tlsFailure, message: "the server's certificate is not trusted")
        case CurlCode.sslCACertificateBadFile:
            return .network(kind: .tlsFailure, message: "the trusted CA certificates cannot be read")
        case CurlCode.sslConnectError, CurlCode.sslCertificateProblem, CurlCode.sslCipher:
            return .network(kind: .tlsFailure, message: "TLS handshake failed")
        case CurlCode.weirdServerReply:
            return .invalidResponse(status: 0, detail: "the server's answer is not HTTP")
        case CurlCode.unsupportedProtocol, CurlCode.malformedURL:
            return .network(kind: .other, message: "the endpoint URL cannot be used (only http:// and https://)")
        case -1:
            return .network(kind: .other, message: String(failure.message.prefix(200)))
        default:
            return .network(
                kind: .other,
                message: "libcurl error \(failure.code): \(TerminalText.sanitized(String(failure.message.prefix(160))))"
            )
        }
    }
}

/// One request on a worker thread, resumed exactly once: by its answer, or at once by cancellation
/// (libcurl then stops at its next progress call and the late answer is dropped).
final class CurlCall: @unchecked Sendable {
    // @unchecked Sendable: the mutable state (`continuation`, `finished`) is only touched under `lock`;
    // everything else is immutable after init, and `cancelFlag` is an atomic owned by this object.

    enum Outcome: Sendable {
        case response(HTTPResponseData)
        case failure(CurlFailure)
    }

    let request: HTTPRequestData
    let proxy: ProxyServer?
    let extraRoots: ExtraTrustRoots?
    let timeoutMilliseconds: Int
    let connectTimeoutMilliseconds: Int
    let cancelFlag: OpaquePointer?
    private let lock = NSLock()
    private var continuation: CheckedContinuation<Outcome, any Error>?
    private var finished = false

    init(
        request: HTTPRequestData, proxy: ProxyServer?, extraRoots: ExtraTrustRoots?, timeout: Duration,
        connectTimeout: Duration
    ) {
        self.request = request
        self.proxy = proxy
        self.extraRoots = extraRoots
        self.timeoutMilliseconds = Self.milliseconds(timeout)
        self.connectTimeoutMilliseconds = Self.milliseconds(connectTimeout)
        self.cancelFlag = lk_curl_cancel_create()
    }

    deinit { lk_curl_cancel_destroy(cancelFlag) }

    /// Whole milliseconds, at least 1 (libcurl reads 0 as "no deadline").
    static func milliseconds(_ duration: Duration) -> Int {
        let (seconds, attoseconds) = duration.components
        let total = seconds.multipliedReportingOverflow(by: 1000)
        guard !total.overflow, seconds >= 0 else { return seconds < 0 ? 1 : Int.max }
        return max(1, Int(clamping: total.partialValue + attoseconds / 1_000_000_000_000_000))
    }

    func run() async throws -> Outcome {
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Outcome, any Error>) in
                lock.lock()
                if finished {
                    lock.unlock()
                    continuation.resume(throwing: CancellationError())
                    return
                }
                self.continuation = continuation
                lock.unlock()
                DispatchQueue.global(qos: .userInitiated).async { self.finish(.success(self.perform())) }
            }
        } onCancel: {
            lk_curl_cancel_set(cancelFlag)
            finish(.failure(CancellationError()))
        }
    }

    /// Resumes the waiting task once; later calls do nothing.
    private func finish(_ result: Result<Outcome, any Error>) {
        lock.lock()
        guard !finished else {
            lock.unlock()
            return
        }
        finished = true
        let waiting = continuation
        continuation = nil
        lock.unlock()
        waiting?.resume(with: result)
    }

    /// Runs the request on the calling thread (blocking).
    func perform() -> Outcome {
        let headerLines = request.headers.map { "\($0.name): \($0.value)" }
        let trustRoots = extraRoots?.combinedWithDefault
        var response = lk_curl_response()
        defer { lk_curl_response_release(&response) }
        withCStrings(headerLines) { headerPointers in
            request.url.absoluteString.withCString { url in
                request.method.withCString { method in
                    withOptionalCString(proxy.map { "http://\($0.hostForURL):\($0.port)" }) { proxyURL in
                        withOptionalCString(proxy?.username) { username in
                            withOptionalCString(proxy?.password) { password in
                                request.body.withUnsafeBufferPointer { body in
                                    withOptionalBytes(trustRoots) { roots in
                                        var outgoing = lk_curl_request()
                                        outgoing.url = url
                                        outgoing.method = method
                                        outgoing.headers = headerPointers.baseAddress
                                        outgoing.header_count = headerPointers.count
                                        outgoing.body = body.baseAddress
                                        outgoing.body_length = body.count
                                        outgoing.timeout_ms = timeoutMilliseconds
                                        outgoing.connect_timeout_ms = connectTimeoutMilliseconds
                                        outgoing.proxy = proxyURL
                                        outgoing.proxy_username = username
                                        outgoing.proxy_password = password
                                        outgoing.ca_pem = roots.baseAddress
                                        outgoing.ca_pem_length = roots.count
                                        outgoing.max_body_bytes = HTTPLimits.maxResponseBytes
                                        lk_curl_perform(&outgoing, &response, cancelFlag)
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        guard response.curl_code == 0 else {
            let message = withUnsafeBytes(of: response.message) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            return .failure(
                CurlFailure(
                    code: response.curl_code, connectStatus: response.connect_status,
                    osErrno: Int32(truncatingIfNeeded: response.os_errno), bodyTooLarge: response.body_too_large != 0,
                    message: message))
        }
        let body = response.body.map { Array(UnsafeBufferPointer(start: $0, count: response.body_length)) } ?? []
        let headerText = response.headers.map {
            String(decoding: UnsafeRawBufferPointer(start: $0, count: response.headers_length), as: UTF8.self)
        }
        return .response(
            HTTPResponseData(
                status: response.status, headers: Self.parseHeaders(headerText ?? ""), body: body))
    }

    /// The `Name: value` lines of a raw header block, in order.
    static func parseHeaders(_ text: String) -> [(name: String, value: String)] {
        text.split(whereSeparator: { $0 == "\r\n" || $0 == "\n" || $0 == "\r" }).compactMap { line in
            guard let colon = line.firstIndex(of: ":") else { return nil }
            let name = line[..<colon].trimmingCharacters(in: .whitespaces)
            guard !name.isEmpty else { return nil }
            return (name, line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
        }
    }
}

extension ProxyServer {
    /// The host as it goes into a URL (IPv6 addresses in brackets).
    var hostForURL: String { host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host }
}

/// Calls `body` with NUL-terminated copies of `strings`, valid for the call only.
private func withCStrings<Result>(
    _ strings: [String], _ body: (UnsafeBufferPointer<UnsafePointer<CChar>?>) -> Result
) -> Result {
    let copies = strings.map { strdup($0) }
    defer { for copy in copies { free(copy) } }
    let pointers = copies.map { $0.map { UnsafePointer($0) } }
    return pointers.withUnsafeBufferPointer(body)
}

/// Calls `body` with a C string of `text`, or nil.
private func withOptionalCString<Result>(_ text: String?, _ body: (UnsafePointer<CChar>?) -> Result) -> Result {
    guard let text else { return body(nil) }
    return text.withCString { body($0) }
}

/// Calls `body` with the bytes of `bytes`, or an empty buffer.
private func withOptionalBytes<Result>(_ bytes: [UInt8]?, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
    guard let bytes else { return body(UnsafeBufferPointer(start: nil, count: 0)) }
    return bytes.withUnsafeBufferPointer(body)
}
