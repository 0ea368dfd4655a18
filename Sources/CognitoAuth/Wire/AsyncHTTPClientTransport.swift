import AsyncHTTPClient
import Foundation
import NIOConcurrencyHelpers
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOSSL

/// The production transport, on process-wide async-http-client instances.
///
/// Connection failures fail the request at once (no silent reconnect loop until the deadline), so
/// that "the backend is down" is seen as soon as it is true; the auth core decides about retries.
/// ``NetworkOptions`` choose a proxy per request (`NO_PROXY` hosts go direct) and extra trusted CAs.
public struct AsyncHTTPClientTransport: HTTPTransport {
    /// How this transport reaches the network.
    public let network: NetworkOptions
    /// The extra trust roots read from ``NetworkOptions/caBundlePath``, if any.
    let extraRoots: ExtraTrustRoots?

    /// Creates a transport that connects directly and trusts the system's roots.
    public init() {
        self.network = .direct
        self.extraRoots = nil
    }

    /// Creates a transport that follows `network`: its proxies, `NO_PROXY` and extra CA bundle.
    ///
    /// The CA bundle is read now, so a missing or unreadable file is a configuration error (naming
    /// `AWS_CA_BUNDLE`) before any request is made.
    public init(network: NetworkOptions) throws(ConfigurationError) {
        self.network = network
        if let path = network.caBundlePath {
            let certificates: [NIOSSLCertificate]
            do {
                certificates = try NIOSSLCertificate.fromPEMFile(path)
            } catch {
                throw ConfigurationError(
                    file: path, key: "AWS_CA_BUNDLE", problem: "no PEM certificate could be read from this file.",
                    fix: "Point AWS_CA_BUNDLE at a readable PEM file holding the CA certificate(s), or unset it.")
            }
            guard !certificates.isEmpty else {
                throw ConfigurationError(
                    file: path, key: "AWS_CA_BUNDLE", problem: "the file holds no PEM certificate.",
                    fix: "Point AWS_CA_BUNDLE at a PEM file holding the CA certificate(s), or unset it.")
            }
            self.extraRoots = ExtraTrustRoots(path: path, certificates: certificates)
        } else {
            self.extraRoots = nil
        }
    }

    /// Certificates added to the system's trust roots; compared by the file they came from.
    struct ExtraTrustRoots: Sendable, Hashable {
        var path: String
        var certificates: [NIOSSLCertificate]

        static func == (lhs: Self, rhs: Self) -> Bool { lhs.path == rhs.path }
        func hash(into hasher: inout Hasher) { hasher.combine(path) }
    }

    /// What makes one client differ from another.
    struct ClientKey: Hashable, Sendable {
        var proxy: ProxyServer?
        var roots: ExtraTrustRoots?
    }

    /// The process-wide clients, one per proxy and trust-root combination, created on first use and
    /// never shut down (they live as long as the process, as the single client did before).
    static let clients = NIOLockedValueBox<[ClientKey: HTTPClient]>([:])

    /// The client for `key`, created on first use.
    static func client(for key: ClientKey) -> HTTPClient {
        clients.withLockedValue { clients in
            if let existing = clients[key] { return existing }
            var configuration = HTTPClient.Configuration()
            configuration.connectionPool.retryConnectionEstablishment = false
            configuration.timeout = .init(connect: .seconds(5))
            configuration.redirectConfiguration = .disallow
            if let roots = key.roots {
                var tls = TLSConfiguration.makeClientConfiguration()
                tls.additionalTrustRoots = [.certificates(roots.certificates)]
                configuration.tlsConfiguration = tls
            }
            if let proxy = key.proxy {
                let authorization = proxy.username.map {
                    HTTPClient.Authorization.basic(username: $0, password: proxy.password ?? "")
                }
                configuration.proxy = .server(host: proxy.host, port: proxy.port, authorization: authorization)
            }
            let client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
            clients[key] = client
            return client
        }
    }

    /// Sends the request with a total deadline and a body-size cap.
    public func send(_ request: HTTPRequestData, timeout: Duration) async throws -> HTTPResponseData {
        var outgoing = HTTPClientRequest(url: request.url.absoluteString)
        outgoing.method = HTTPMethod(rawValue: request.method)
        for header in request.headers { outgoing.headers.add(name: header.name, value: header.value) }
        outgoing.body = .bytes(ByteBuffer(bytes: request.body))
        let amount = TimeAmount.nanoseconds(
            Int64(timeout.components.seconds) * 1_000_000_000 + Int64(timeout.components.attoseconds / 1_000_000_000))
        let deadline = NIODeadline.now() + amount
        let proxy = network.proxy(for: request.url)
        let client = Self.client(for: ClientKey(proxy: proxy, roots: extraRoots))
        do {
            // async-http-client's deadline covers the response head only; race the whole exchange,
            // body included, against the timeout so that a slow-drip answer cannot hang a call.
            let prepared = outgoing
            return try await withThrowingTaskGroup(of: HTTPResponseData.self) { group in
                group.addTask {
                    let response = try await client.execute(prepared, deadline: deadline)
                    let body = try await response.body.collect(upTo: HTTPLimits.maxResponseBytes)
                    return HTTPResponseData(
                        status: Int(response.status.code),
                        headers: response.headers.map { (name: $0.name, value: $0.value) },
                        body: Array(buffer: body))
                }
                group.addTask {
                    try await Task.sleep(for: timeout)
                    throw AuthError.network(kind: .timedOut, message: "no answer before the deadline")
                }
                defer { group.cancelAll() }
                guard let first = try await group.next() else {
                    throw AuthError.network(kind: .other, message: "the request ended without an answer")
                }
                return first
            }
        } catch let error as AuthError {
            throw error
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            throw Self.classify(error, proxy: proxy)
        }
    }

    /// Maps a failure of a request that went through `proxy` (or directly, when nil).
    ///
    /// Through a proxy the only connection made is to the proxy, so a refused, unreachable or
    /// unresolvable connection is the proxy's; a refused `CONNECT` is too. The proxy is named
    /// without its credentials.
    static func classify(_ error: any Error, proxy: ProxyServer?) -> AuthError {
        guard let proxy else { return classify(error) }
        if let client = error as? HTTPClientError {
            switch client {
            case .proxyAuthenticationRequired:
                return .network(
                    kind: .proxyFailure,
                    message:
                        "the proxy \(proxy) asks for credentials (HTTP 407); put them in the proxy URL as http://user:password@host:port"
                )
            case .invalidProxyResponse:
                return .network(kind: .proxyFailure, message: "the proxy \(proxy) refused to open the tunnel")
            case .connectTimeout:
                return .network(
                    kind: .proxyFailure, message: "the proxy \(proxy) cannot be reached (connect timed out)")
            case .httpProxyHandshakeTimeout:
                return .network(
                    kind: .proxyFailure, message: "the proxy \(proxy) did not answer the tunnel request in time")
            default:
                break
            }
        }
        let direct = classify(error)
        guard case .network(let kind, let message) = direct else { return direct }
        switch kind {
        case .connectionRefused:
            return .network(kind: .proxyFailure, message: "the proxy \(proxy) refused the connection")
        case .dnsFailure:
            return .network(kind: .proxyFailure, message: "the proxy \(proxy) cannot be resolved")
        case .timedOut where message.contains("connect"):
            return .network(kind: .proxyFailure, message: "the proxy \(proxy) cannot be reached (\(message))")
        case .other where message.hasPrefix("cannot connect"):
            return .network(kind: .proxyFailure, message: "the proxy \(proxy) cannot be reached")
        default:
            return .network(kind: kind, message: "\(message), through the proxy \(proxy)")
        }
    }

    /// Maps an async-http-client or NIO error to a typed network failure.
    static func classify(_ error: any Error) -> AuthError {
        if let client = error as? HTTPClientError {
            switch client {
            case .deadlineExceeded, .connectTimeout, .readTimeout, .writeTimeout, .getConnectionFromPoolTimeout,
                .tlsHandshakeTimeout:
                return .network(kind: .timedOut, message: "no answer before the deadline")
            case .remoteConnectionClosed:
                return .network(kind: .connectionReset, message: "the server closed the connection")
            default:
                break
            }
        }
        if let io = error as? IOError {
            switch io.errnoCode {
            case ECONNREFUSED: return .network(kind: .connectionRefused, message: "connection refused")
            case ECONNRESET, EPIPE: return .network(kind: .connectionReset, message: "connection reset by peer")
            case ETIMEDOUT: return .network(kind: .timedOut, message: "connection timed out")
            default: return .network(kind: .other, message: "I/O error \(io.errnoCode)")
            }
        }
        if let channel = error as? ChannelError {
            switch channel {
            case .connectTimeout: return .network(kind: .timedOut, message: "connect timed out")
            case .eof, .ioOnClosedChannel, .outputClosed, .alreadyClosed:
                return .network(kind: .connectionReset, message: "the connection closed early")
            default: return .network(kind: .other, message: "\(channel)")
            }
        }
        if let connection = error as? NIOConnectionError {
            if connection.dnsAError != nil || connection.dnsAAAAError != nil, connection.connectionErrors.isEmpty {
                return .network(kind: .dnsFailure, message: "cannot resolve \(connection.host)")
            }
            for attempt in connection.connectionErrors {
                if let io = attempt.error as? IOError, io.errnoCode == ECONNREFUSED {
                    return .network(
                        kind: .connectionRefused, message: "connection refused by \(connection.host):\(connection.port)"
                    )
                }
            }
            return .network(kind: .other, message: "cannot connect to \(connection.host):\(connection.port)")
        }
        if let tls = error as? NIOSSLError {
            let text = String(describing: tls)
            if text.contains("CERTIFICATE_VERIFY_FAILED") || tls == .unableToValidateCertificate {
                return .network(kind: .tlsFailure, message: "the server's certificate is not trusted")
            }
            return .network(kind: .tlsFailure, message: "TLS handshake failed")
        }
        if let tls = error as? NIOSSLExtraError, tls == .failedToValidateHostname {
            return .network(kind: .tlsFailure, message: "the server's certificate is for another host name")
        }
        if error is NIOTooManyBytesError {
            return .invalidResponse(
                status: 0, detail: "the response body is larger than \(HTTPLimits.maxResponseBytes) bytes")
        }
        let text = String(describing: error)
        let lowered = text.lowercased()
        if lowered.contains("refused") { return .network(kind: .connectionRefused, message: "connection refused") }
        if lowered.contains("reset") || lowered.contains("closed") {
            return .network(kind: .connectionReset, message: "connection reset")
        }
        if lowered.contains("timeout") || lowered.contains("timed out") {
            return .network(kind: .timedOut, message: "timed out")
        }
        if lowered.contains("ssl") || lowered.contains("tls") || lowered.contains("certificate") {
            return .network(kind: .tlsFailure, message: "TLS failure")
        }
        if lowered.contains("dns") || lowered.contains("resolve") {
            return .network(kind: .dnsFailure, message: "name resolution failed")
        }
        return .network(kind: .other, message: String(text.prefix(200)))
    }
}
