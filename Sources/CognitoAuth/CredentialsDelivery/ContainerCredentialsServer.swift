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
/// A missing or wrong token is 401, a peer that is not loopback is 403 and closed unread, a `Host`
/// other than `127.0.0.1:PORT`, `localhost:PORT` or `[::1]:PORT` 421 (DNS rebinding; none at all is 400),
/// another path 404, another method 405, and the source's refusals go out as the SDKs' error JSON
/// (`code`, `message`). Each connection is read for at most ``readTimeout`` and 8 KiB; at most
/// ``maxConnections`` complete requests are answered at once (the rest get 503). Connections that have
/// not sent a whole request do not count: up to ``maxWaitingConnections`` of them are read, and one
/// more closes the oldest, so idle connections of another local user cannot keep the SDKs out (rel-3
/// R3). After ``endService()`` every request gets 503 `ExecEnded`. Every answer closes its connection.
/// The sockets, the reading and those bounds are ``LoopbackHTTPServer``'s; this type is its handler.
public final class ContainerCredentialsServer: Sendable {
    /// The port listened on.
    public let port: Int
    /// The request path the SDKs are given (`/latchkey/credentials`).
    public let path: String
    /// The bearer secret for `AWS_CONTAINER_AUTHORIZATION_TOKEN` (64 hex digits, 256 bits).
    public let authorizationToken: String
    /// Requests answered at once; one more is answered 503 and closed.
    public let maxConnections: Int
    /// Connections being read at once; one more closes the oldest.
    public static let maxWaitingConnections = 64
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
    private let ended: EndedFlag

    /// Opens the endpoint on `127.0.0.1:port` (0: any free port) and starts serving `source`.
    ///
    /// `onDelivery` is told of every answer sent (status, access-key hint, expiration), from the
    /// connection's thread. Throws ``AuthError/invalidParameter(_:)`` naming the reason when the
    /// port cannot be bound.
    public init(
        source: any ContainerCredentialsSource, port: Int = 0, path: String = "/latchkey/credentials",
        authorizationToken: String? = nil, maxConnections: Int = 16, readTimeout: Duration = .seconds(2),
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
        let ended = EndedFlag()
        self.ended = ended
        server = LoopbackHTTPServer(
            sockets: [socket.fd],
            limits: .init(
                readDeadline: readTimeout, maxConnections: Self.maxWaitingConnections, framing: .head,
                whenFull: .closeOldest, answering: .threadPerRequest, maxAnswering: self.maxConnections),
            handler: Handler(
                source: source, path: path, authorizationToken: self.authorizationToken,
                hosts: Self.allowedHosts(port: socket.port), ended: ended, onDelivery: onDelivery),
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

    /// Keeps the port but hands out nothing more: every request from now on gets 503 `ExecEnded`, so a
    /// process that outlives `exec` neither reaches whoever takes the port next nor gets its credentials.
    public func endService() {
        ended.set()
    }

    /// The `Host` values accepted: the loopback names with the port (and without it on port 80).
    static func allowedHosts(port: Int) -> Set<String> {
        let names = ["127.0.0.1", "localhost", "[::1]"]
        return Set(names.map { "\($0):\(port)" } + (port == 80 ? names : []))
    }

    /// Whether ``endService()`` was called; shared with the handler's threads.
    final class EndedFlag: Sendable {
        private let value = Atomic<Bool>(false)
        func set() { value.store(true, ordering: .releasing) }
        var isSet: Bool { value.load(ordering: .acquiring) }
    }

    /// What the endpoint answers: `GET <path>` with the token gets credentials from the source; anything
    /// else the SDKs' error JSON. Runs on a thread per request, as the source may wait for the network.
    struct Handler: LoopbackHTTPHandler {
        let source: any ContainerCredentialsSource
        let path: String
        let authorizationToken: String
        /// The accepted `Host` values, lower-cased.
        let hosts: Set<String>
        let ended: EndedFlag
        let onDelivery: (@Sendable (Delivery) -> Void)?

        func response(to request: LoopbackHTTPRequest?) -> LoopbackHTTPResponse {
            guard let request else {
                return refuse(400, ContainerCredentialsServer.errorJSON("BadRequest", "Send one HTTP/1.1 GET request."))
            }
            guard let host = request.headers["host"] else {
                return refuse(400, ContainerCredentialsServer.errorJSON("BadRequest", "The Host header is missing."))
            }
            guard hosts.contains(host.lowercased()) else {
                return refuse(
                    421,
                    ContainerCredentialsServer.errorJSON(
                        "MisdirectedRequest", "Only 127.0.0.1, localhost and [::1] at this port are served."))
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
            guard !ended.isSet else {
                return refuse(
                    503,
                    ContainerCredentialsServer.errorJSON(
                        "ExecEnded", "The latchkey exec this endpoint belonged to has ended; no credentials."))
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
