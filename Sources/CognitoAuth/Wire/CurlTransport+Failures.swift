import Foundation

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
