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

    private let source: any ContainerCredentialsSource
    private let socket: Int32
    private let stopped = Atomic<Bool>(false)
    private let active = Atomic<Int>(0)
    private let onDelivery: (@Sendable (Delivery) -> Void)?
    private let finished = Mutex<Bool>(false)
    private let condition = NSCondition()

    /// The longest request accepted.
    static let maxRequestBytes = 8192

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
        self.source = source
        self.path = path
        self.authorizationToken =
            authorizationToken ?? SystemRandomSource().bytes(count: 32).map { String(format: "%02x", $0) }.joined()
        self.maxConnections = max(1, maxConnections)
        self.readTimeout = readTimeout
        self.onDelivery = onDelivery
        (socket, self.port) = try Self.bind(port: port)
        let thread = Thread { [self] in acceptLoop() }
        thread.name = "latchkey-credentials-endpoint"
        thread.start()
    }

    deinit { stop() }

    /// The value for `AWS_CONTAINER_CREDENTIALS_FULL_URI`.
    public var fullURI: String { "http://127.0.0.1:\(port)\(path)" }

    /// Stops accepting; the listening socket is closed within a fifth of a second, so a later
    /// connection is refused. Requests being answered finish. Safe to call more than once.
    public func stop() {
        _ = stopped.exchange(true, ordering: .acquiringAndReleasing)
    }

    /// Waits until the listening socket is closed after ``stop()``.
    public func waitUntilClosed() {
        condition.lock()
        while !finished.withLock({ $0 }) { condition.wait() }
        condition.unlock()
    }

    // MARK: Socket

    private static func bind(port: Int) throws(AuthError) -> (Int32, Int) {
        do {
            return try LoopbackSocket.listen(port: port, backlog: 64)
        } catch {
            throw .invalidParameter(
                "The credentials endpoint could not listen on 127.0.0.1:\(port) (\(error.reason)); pick another port.")
        }
    }

    private func acceptLoop() {
        defer {
            close(socket)
            condition.lock()
            finished.withLock { $0 = true }
            condition.broadcast()
            condition.unlock()
        }
        while !stopped.load(ordering: .acquiring) {
            var poller = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 200) > 0 else { continue }
            var peer = sockaddr_storage()
            var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
            let client = withUnsafeMutablePointer(to: &peer) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { accept(socket, $0, &length) }
            }
            guard client >= 0 else { continue }
            _ = fcntl(client, F_SETFD, FD_CLOEXEC)
            guard Self.isLoopback(peer) else {
                respond(client, status: 403, json: Self.errorJSON("AccessDenied", "Only loopback clients are served."))
                close(client)
                continue
            }
            guard active.add(1, ordering: .acquiringAndReleasing).newValue <= maxConnections else {
                active.subtract(1, ordering: .acquiringAndReleasing)
                respond(client, status: 503, json: Self.errorJSON("Busy", "Too many requests at once; try again."))
                close(client)
                continue
            }
            let thread = Thread { [self] in
                defer {
                    close(client)
                    active.subtract(1, ordering: .acquiringAndReleasing)
                }
                serve(client)
            }
            thread.name = "latchkey-credentials-connection"
            thread.start()
        }
    }

    /// Whether `address` is a loopback peer: 127.0.0.0/8, `::1`, or `::ffff:127.x.y.z`.
    package static func isLoopback(_ address: sockaddr_storage) -> Bool {
        var copy = address
        switch Int32(address.ss_family) {
        case AF_INET:
            let ipv4 = withUnsafePointer(to: &copy) {
                $0.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { $0.pointee }
            }
            return UInt32(bigEndian: ipv4.sin_addr.s_addr) >> 24 == 127
        case AF_INET6:
            let bytes = withUnsafePointer(to: &copy) {
                $0.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { pointer in
                    withUnsafeBytes(of: pointer.pointee.sin6_addr) { Array($0) }
                }
            }
            guard bytes.count == 16 else { return false }
            if bytes[0..<15].allSatisfy({ $0 == 0 }) && bytes[15] == 1 { return true }
            let mapped = bytes[0..<10].allSatisfy { $0 == 0 } && bytes[10] == 0xFF && bytes[11] == 0xFF
            return mapped && bytes[12] == 127
        default:
            return false
        }
    }

    // MARK: One request

    private func serve(_ client: Int32) {
        guard let request = Self.readRequest(client, timeout: readTimeout) else {
            refuse(client, 400, Self.errorJSON("BadRequest", "Send one HTTP/1.1 GET request."))
            return
        }
        guard request.method == "GET" else {
            refuse(client, 405, Self.errorJSON("MethodNotAllowed", "Only GET is served."))
            return
        }
        guard request.target.split(separator: "?", maxSplits: 1).first.map(String.init) == path else {
            refuse(client, 404, Self.errorJSON("NotFound", "Credentials are served at \(path)."))
            return
        }
        guard let given = request.authorization, Self.constantTimeEqual(given, authorizationToken) else {
            refuse(
                client, 401,
                Self.errorJSON("Unauthorized", "The Authorization header must carry AWS_CONTAINER_AUTHORIZATION_TOKEN.")
            )
            return
        }
        let answer = Self.answer(from: source)
        switch answer {
        case .credentials(let credentials):
            let body: JSONValue = [
                "AccessKeyId": .string(credentials.accessKeyId),
                "SecretAccessKey": .string(credentials.secretAccessKey),
                "Token": .string(credentials.sessionToken),
                "Expiration": .string(Self.iso8601(credentials.expiration)),
            ]
            // Counted before it is sent, so whoever got the answer sees it counted.
            onDelivery?(
                Delivery(
                    status: 200, accessKeyHint: String(credentials.accessKeyId.suffix(4)),
                    expiration: credentials.expiration))
            respond(client, status: 200, json: body)
        case .refused(let status, let code, let message):
            refuse(client, status, Self.errorJSON(code, message))
        }
    }

    private func refuse(_ client: Int32, _ status: Int, _ body: JSONValue) {
        onDelivery?(Delivery(status: status))
        respond(client, status: status, json: body)
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

    /// A parsed request: method, target and the `Authorization` header.
    struct Request: Equatable {
        var method: String
        var target: String
        var authorization: String?
    }

    /// Reads the request head (up to 8 KiB, for at most `timeout`).
    static func readRequest(_ client: Int32, timeout: Duration) -> Request? {
        var data: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 2048)
        let deadline = ContinuousClock.now + timeout
        let terminator: [UInt8] = [13, 10, 13, 10]
        while data.count < maxRequestBytes {
            let left = deadline - ContinuousClock.now
            guard left > .zero else { return nil }
            let milliseconds = Int32(
                clamping: left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000)
            var poller = pollfd(fd: client, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, max(1, min(milliseconds, 250))) >= 0 else { return nil }
            if poller.revents == 0 { continue }
            let count = buffer.withUnsafeMutableBytes { recv(client, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { break }
            data.append(contentsOf: buffer[0..<count])
            if data.firstRange(of: terminator) != nil { break }
        }
        return parse(data)
    }

    /// Parses a request head; nil unless it is one whole `METHOD target HTTP/1.x` head.
    static func parse(_ data: [UInt8]) -> Request? {
        guard let end = data.firstRange(of: [13, 10, 13, 10]) else { return nil }
        let head = String(decoding: data[..<end.lowerBound], as: UTF8.self)
        let lines = head.components(separatedBy: "\r\n")
        let parts = lines[0].split(separator: " ", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[1].hasPrefix("/"), parts[2].hasPrefix("HTTP/1.") else { return nil }
        var authorization: String?
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { return nil }
            let name = line[..<colon].trimmingCharacters(in: .whitespaces).lowercased()
            if name == "authorization" {
                authorization = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            }
        }
        return Request(method: String(parts[0]), target: String(parts[1]), authorization: authorization)
    }

    private func respond(_ client: Int32, status: Int, json: JSONValue) {
        let body = Array(json.encoded()) + [10]
        let reason =
            [
                200: "OK", 400: "Bad Request", 401: "Unauthorized", 403: "Forbidden", 404: "Not Found",
                405: "Method Not Allowed", 500: "Internal Server Error", 503: "Service Unavailable",
            ][status] ?? "Error"
        let head =
            "HTTP/1.1 \(status) \(reason)\r\nContent-Type: application/json\r\nContent-Length: \(body.count)\r\n"
            + "Cache-Control: no-store\r\nConnection: close\r\n\r\n"
        LoopbackSocket.sendAll(client, Array(head.utf8) + body)
    }
}
