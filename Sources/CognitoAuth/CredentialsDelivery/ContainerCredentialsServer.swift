import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A local container-credentials endpoint: the HTTP service the AWS SDKs and the AWS CLI read when
/// `AWS_CONTAINER_CREDENTIALS_FULL_URI` and `AWS_CONTAINER_AUTHORIZATION_TOKEN` are set.
///
/// It listens on `127.0.0.1` (a random port unless one is given), on a thread of its own, and
/// answers `GET <path>` carrying `Authorization: <token>` (a random 256-bit secret) with
/// `{"AccessKeyId","SecretAccessKey","Token","Expiration"}` from its ``ContainerCredentialsSource``.
/// A missing or wrong token is 401, a peer that is not loopback is 403 and closed unread, another
/// path 404, another method 405, and the source's refusals go out as the SDKs' error JSON
/// (`code`, `message`). Each connection is read for at most ``readTimeout`` and 8 KiB; at most
/// ``maxConnections`` are served at once (the rest get 503). Every answer closes its connection.
/// The sockets, the reading and those bounds are ``LoopbackHTTPServer``'s; this type is its handler.
public final class ContainerCredentialsServer: Sendable {
    /// The port listened on.
    public let port: Int
    /// The request path the SDKs are given (`/latchkey/credentials`).
    public let path: String
    /// The bearer secret for `AWS_CONTAINER_AUTHORIZATION_TOKEN` (64 hex digits, 256 bits).
    public let authorizationToken: String
    /// Connections served at once; one more is answered 503 and closed.
    public let maxConnections: Int
    /// How long one connection may take to send its request.
    public let readTimeout: Duration

    /// What a hand-out or refusal was, for a log or a counter (never the secret).
    public struct Delivery: Sendable {
        /// The HTTP status sent.
        public var status: Int
        /// The last four characters of the access key id handed out, when credentials were sent.
        public var accessKeyHint: String?
        /// When the credentials handed out expire.
        public var expiration: Date?

        /// A delivery with `status`, and for a hand-out the key's hint and expiry.
        public init(status: Int, accessKeyHint: String? = nil, expiration: Date? = nil) {
            self.status = status
            self.accessKeyHint = accessKeyHint
            self.expiration = expiration
        }
    }

    private let server: LoopbackHTTPServer

    /// Opens the endpoint on `127.0.0.1:port` (0: any free port) and starts serving `source`.
    ///
    /// `onDelivery` is told of every answer sent (status, access-key hint, expiration), from the
    /// connection's thread. Throws ``AuthError/invalidParameter(_:)`` naming the reason when the
    /// port cannot be bound.
    public init(
        source: any ContainerCredentialsSource, port: Int = 0, path: String = "/latchkey/credentials",
        authorizationToken: String? = nil, maxConnections: Int = 16, readTimeout: Duration = .seconds(5),
        onDelivery: (@Sendable (Delivery) -> Void)? = nil
    ) throws(AuthError) {
        guard (0...65535).contains(port) else {
            throw .invalidParameter("The port \(port) is not between 0 and 65535; pick another with --port.")
        }
        self.path = path
        self.authorizationToken =
            authorizationToken ?? SystemRandomSource().bytes(count: 32).map { String(format: "%02x", $0) }.joined()
        self.maxConnections = max(1, maxConnections)
        self.readTimeout = readTimeout
        let socket: (fd: Int32, port: Int)
        do {
            socket = try LoopbackSocket.listen(.ipv4, port: port, backlog: 64)
        } catch {
            throw .invalidParameter(
                "The credentials endpoint could not listen on 127.0.0.1:\(port) (\(error.reason)); pick another port.")
        }
        self.port = socket.port
        server = LoopbackHTTPServer(
            sockets: [socket.fd],
            limits: .init(
                readDeadline: readTimeout, maxConnections: self.maxConnections, framing: .head,
                whenFull: .refuseNewcomer, answering: .threadPerRequest),
            handler: Handler(
                source: source, path: path, authorizationToken: self.authorizationToken, onDelivery: onDelivery),
            threadName: "latchkey-credentials-endpoint")
    }

    deinit { stop() }

    /// The value for `AWS_CONTAINER_CREDENTIALS_FULL_URI`.
    public var fullURI: String { "http://127.0.0.1:\(port)\(path)" }

    /// Stops accepting; the listening socket is closed within a fifth of a second, so a later
    /// connection is refused. Requests being answered finish. Safe to call more than once.
    public func stop() {
        server.stop()
    }

    /// Waits until the listening socket is closed after ``stop()``.
    public func waitUntilClosed() {
        server.waitUntilClosed()
    }

    /// What the endpoint answers: `GET <path>` with the token gets credentials from the source; anything
    /// else the SDKs' error JSON. Runs on a thread per request, as the source may wait for the network.
    struct Handler: LoopbackHTTPHandler {
        let source: any ContainerCredentialsSource
        let path: String
        let authorizationToken: String
        let onDelivery: (@Sendable (Delivery) -> Void)?

        func response(to request: LoopbackHTTPRequest?) -> LoopbackHTTPResponse {
            guard let request else {
                return refuse(400, ContainerCredentialsServer.errorJSON("BadRequest", "Send one HTTP/1.1 GET request."))
            }
            guard request.method == "GET" else {
                return refuse(405, ContainerCredentialsServer.errorJSON("MethodNotAllowed", "Only GET is served."))
            }
            guard request.path == path else {
                return refuse(
                    404, ContainerCredentialsServer.errorJSON("NotFound", "Credentials are served at \(path)."))
            }
            guard let given = request.headers["authorization"],
                ContainerCredentialsServer.constantTimeEqual(given, authorizationToken)
            else {
                return refuse(
                    401,
                    ContainerCredentialsServer.errorJSON(
                        "Unauthorized", "The Authorization header must carry AWS_CONTAINER_AUTHORIZATION_TOKEN."))
            }
            switch ContainerCredentialsServer.answer(from: source) {
            case .credentials(let credentials):
                let body: JSONValue = [
                    "AccessKeyId": .string(credentials.accessKeyId),
                    "SecretAccessKey": .string(credentials.secretAccessKey),
                    "Token": .string(credentials.sessionToken),
                    "Expiration": .string(ContainerCredentialsServer.iso8601(credentials.expiration)),
                ]
                // Counted before it is sent, so whoever got the answer sees it counted.
                onDelivery?(
                    Delivery(
                        status: 200, accessKeyHint: String(credentials.accessKeyId.suffix(4)),
                        expiration: credentials.expiration))
                return Self.json(200, body)
            case .refused(let status, let code, let message):
                return refuse(status, ContainerCredentialsServer.errorJSON(code, message))
            }
        }

        func refusal(_ reason: LoopbackHTTPServer.Refusal) -> LoopbackHTTPResponse {
            switch reason {
            case .peerNotLoopback:
                Self.json(
                    403, ContainerCredentialsServer.errorJSON("AccessDenied", "Only loopback clients are served."))
            case .busy:
                Self.json(503, ContainerCredentialsServer.errorJSON("Busy", "Too many requests at once; try again."))
            }
        }

        private func refuse(_ status: Int, _ body: JSONValue) -> LoopbackHTTPResponse {
            onDelivery?(Delivery(status: status))
            return Self.json(status, body)
        }

        static func json(_ status: Int, _ body: JSONValue) -> LoopbackHTTPResponse {
            LoopbackHTTPResponse(status: status, contentType: "application/json", body: Array(body.encoded()) + [10])
        }
    }

    /// Runs the source on Swift's pool while this (dedicated) connection thread waits for it.
    private static func answer(from source: any ContainerCredentialsSource) -> ContainerCredentialsAnswer {
        let result = Mutex<ContainerCredentialsAnswer?>(nil)
        let done = DispatchSemaphore(value: 0)
        Task {
            let answer = await source.containerCredentials()
            result.withLock { $0 = answer }
            done.signal()
        }
        done.wait()
        return result.withLock { $0 }
            ?? .refused(status: 500, code: "InternalError", message: "No credentials were produced.")
    }

    static func errorJSON(_ code: String, _ message: String) -> JSONValue {
        ["code": .string(code), "message": .string(message)]
    }

    static func iso8601(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.string(from: date)
    }

    /// Compares in time that depends on the lengths only, not on where the first difference is.
    static func constantTimeEqual(_ lhs: String, _ rhs: String) -> Bool {
        let left = Array(lhs.utf8)
        let right = Array(rhs.utf8)
        guard left.count == right.count else { return false }
        var difference: UInt8 = 0
        for index in left.indices { difference |= left[index] ^ right[index] }
        return difference == 0
    }
}
