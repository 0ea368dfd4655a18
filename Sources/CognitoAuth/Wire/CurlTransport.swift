import CCurl
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
    /// Nothing is read now: the CA bundle is read (at most ``ExtraTrustRoots/maximumSize`` bytes) and
    /// checked when the first `https://` request is about to be made, so a command that sends none
    /// (a cached `latchkey token`) never opens it. A missing, oversized or certificate-less bundle then
    /// fails that request with ``AuthError/configuration(_:)`` naming `AWS_CA_BUNDLE`. libcurl is
    /// not loaded until the first request either.
    public init(network: NetworkOptions) throws(ConfigurationError) {
        self.network = network
        self.extraRoots = network.caBundlePath.map { ExtraTrustRoots(path: $0) }
    }

    /// The trust roots handed to libcurl instead of its default store, or nil for the default: the
    /// default store followed by the `AWS_CA_BUNDLE` certificates, read on first use.
    func trustRoots() throws(ConfigurationError) -> [UInt8]? {
        try extraRoots?.combinedWithDefault()
    }

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
        // The extra CA bundle matters only to TLS: read it when a TLS request is about to be made.
        var roots: [UInt8]?
        if request.url.scheme?.lowercased() == "https" {
            do { roots = try trustRoots() } catch { throw AuthError.configuration(error) }
        }
        let call = CurlCall(
            request: request, proxy: proxy, trustRoots: roots, timeout: timeout,
            connectTimeout: min(Self.connectTimeout, timeout))
        let outcome = try await call.run()
        switch outcome {
        case .response(let response): return response
        case .failure(let failure): throw Self.classify(failure, proxy: proxy)
        }
    }
}

/// The former name of ``CurlTransport``, from when async-http-client carried the requests.
public typealias AsyncHTTPClientTransport = CurlTransport
