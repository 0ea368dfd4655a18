import CCurl
import Dispatch
import Foundation

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
    /// The PEM trust roots handed to libcurl in place of its default store (nil: the default).
    let trustRoots: [UInt8]?
    let timeoutMilliseconds: Int
    let connectTimeoutMilliseconds: Int
    let cancelFlag: OpaquePointer?
    private let lock = NSLock()
    private var continuation: CheckedContinuation<Outcome, any Error>?
    private var finished = false

    init(
        request: HTTPRequestData, proxy: ProxyServer?, trustRoots: [UInt8]?, timeout: Duration,
        connectTimeout: Duration
    ) {
        self.request = request
        self.proxy = proxy
        self.trustRoots = trustRoots
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
