import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// One request read by ``LoopbackHTTPServer``: its request line and, when the whole head is read, its header
/// fields.
struct LoopbackHTTPRequest: Equatable, Sendable {
    /// `GET`, `POST`, …
    var method: String
    /// The request target as sent: a path starting with `/`, with its query.
    var target: String
    /// The header fields by lower-cased name, values trimmed (the last field of a name wins); empty when the
    /// server reads only the request line.
    var headers: [String: String] = [:]

    /// The target without its query.
    var path: String {
        target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? ""
    }
}

/// One answer of ``LoopbackHTTPServer``: every answer closes its connection.
struct LoopbackHTTPResponse: Sendable {
    /// The status code (its reason phrase is the server's).
    var status: Int
    /// `Content-Type`.
    var contentType: String
    var body: [UInt8]
    /// Run once the answer was sent, on the thread that sent it (the redirect listener delivers the sign-in's
    /// redirect here).
    var afterSending: (@Sendable () -> Void)? = nil
    /// Whether the server stops once this answer was sent (the redirect listener's work is done).
    var stopsServer = false

    /// The bytes on the wire: status line, head and body.
    var encoded: [UInt8] {
        let head =
            "HTTP/1.1 \(status) \(Self.reasons[status] ?? "Error")\r\nContent-Type: \(contentType)\r\n"
            + "Content-Length: \(body.count)\r\nCache-Control: no-store\r\nReferrer-Policy: no-referrer\r\n"
            + "Connection: close\r\n\r\n"
        return Array(head.utf8) + body
    }

    static let reasons = [
        200: "OK", 400: "Bad Request", 401: "Unauthorized", 403: "Forbidden", 404: "Not Found",
        405: "Method Not Allowed", 421: "Misdirected Request", 500: "Internal Server Error",
        503: "Service Unavailable",
    ]
}

/// What a ``LoopbackHTTPServer`` answers.
protocol LoopbackHTTPHandler: Sendable {
    /// The answer to `request`; nil when what arrived was not one request (malformed, longer than the
    /// limit, or cut short by the peer or the read deadline).
    func response(to request: LoopbackHTTPRequest?) -> LoopbackHTTPResponse
    /// The answer to a connection turned away before it is read.
    func refusal(_ reason: LoopbackHTTPServer.Refusal) -> LoopbackHTTPResponse
}

/// A small HTTP/1.1 server on loopback sockets: what the hosted UI's redirect listener and the
/// container-credentials endpoint share, each with its own ``LoopbackHTTPHandler``.
///
/// One thread runs one `poll(2)` loop over the listening sockets and every open connection, all of them
/// non-blocking (see DECISIONS.md). A connection whose peer is not loopback is refused unread. Every other
/// one has ``Limits/readDeadline`` to send its request (the request line or the whole head, as
/// ``Limits/framing`` says) in at most ``Limits/maxRequestBytes``; at most ``Limits/maxConnections`` are
/// being read at once, and when another one arrives the oldest is closed or the newcomer refused
/// (``Limits/whenFull``). A head with a bare LF is complete (and malformed) at once. What arrived is then
/// answered by the handler, on the loop's thread or on a thread of its own (``Limits/answering``; at most
/// ``Limits/maxAnswering`` at once, the rest get the busy answer), and the connection is closed. Only
/// requests that arrived whole count against ``Limits/maxAnswering``, so idle connections cannot hold its
/// slots (rel-3 R3).
final class LoopbackHTTPServer: Sendable {
    /// Why a connection is turned away unread.
    enum Refusal: Sendable {
        /// Its peer is not a loopback address.
        case peerNotLoopback
        /// Every slot is taken (``WhenFull/refuseNewcomer``, or ``Limits/maxAnswering`` requests are being
        /// answered).
        case busy
    }

    /// How much of a request is read before it is answered.
    enum Framing: Sendable {
        /// The request line: headers (a browser's cookies) are never read, so they cannot count against the limit.
        case requestLine
        /// The request line and the header fields, up to the empty line.
        case head
    }

    /// What happens when every slot is taken and another connection arrives.
    enum WhenFull: Sendable {
        /// The oldest connection is closed to make room, so idle connections cannot keep a browser out.
        case closeOldest
        /// The newcomer gets the handler's ``Refusal/busy`` answer.
        case refuseNewcomer
    }

    /// Where the handler runs.
    enum Answering: Sendable {
        /// On the loop's thread: the handler answers at once.
        case onLoop
        /// On a thread of its own per request: the handler may wait (for credentials from the network).
        case threadPerRequest
    }

    /// The server's bounds and manners.
    struct Limits: Sendable {
        /// How long a connection may take to send its request.
        var readDeadline: Duration
        /// Connections being read at once (``whenFull`` says what happens to one more).
        var maxConnections: Int
        var framing: Framing
        var whenFull: WhenFull
        var answering: Answering
        /// The longest request read.
        var maxRequestBytes = 8192
        /// Requests answered at once on threads of their own (``Answering/threadPerRequest``); nil: as many
        /// as ``maxConnections``.
        var maxAnswering: Int? = nil
    }

    private let sockets: [Int32]
    private let limits: Limits
    private let handler: any LoopbackHTTPHandler
    private let stopped = Atomic<Bool>(false)
    /// Requests being answered on threads of their own.
    private let answering = Atomic<Int>(0)
    private let closed = Mutex<Bool>(false)
    private let condition = NSCondition()

    /// Serves `sockets` (listening, non-blocking; the server closes them when it stops) with `handler`, on a
    /// thread named `threadName`.
    init(sockets: [Int32], limits: Limits, handler: any LoopbackHTTPHandler, threadName: String) {
        self.sockets = sockets
        var limits = limits
        limits.maxConnections = max(1, limits.maxConnections)
        self.limits = limits
        self.handler = handler
        let thread = Thread { [self] in serveLoop() }
        thread.name = threadName
        thread.start()
    }

    /// Stops accepting: within a fifth of a second the listening sockets and the connections still being read
    /// are closed; requests being answered on their own threads finish. Safe to call more than once.
    func stop() {
        _ = stopped.exchange(true, ordering: .acquiringAndReleasing)
    }

    /// Waits until the listening sockets are closed after ``stop()``.
    func waitUntilClosed() {
        condition.lock()
        while !closed.withLock({ $0 }) { condition.wait() }
        condition.unlock()
    }

    /// One accepted connection and what it has sent so far.
    private struct Connection {
        let fd: Int32
        let deadline: ContinuousClock.Instant
        var data: [UInt8] = []
    }

    /// The event loop: accepts on every socket, reads every connection without blocking, answers each
    /// complete (or cut-short) request, and closes connections past their deadline.
    private func serveLoop() {
        var connections: [Connection] = []
        defer {
            for socket in sockets { close(socket) }
            for connection in connections { close(connection.fd) }
            condition.lock()
            closed.withLock { $0 = true }
            condition.broadcast()
            condition.unlock()
        }
        while !stopped.load(ordering: .acquiring) {
            var pollers = sockets.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            pollers += connections.map { pollfd(fd: $0.fd, events: Int16(POLLIN), revents: 0) }
            let ready = poll(&pollers, nfds_t(pollers.count), Self.pollTimeout(until: connections.map(\.deadline)))
            if ready < 0 && errno != EINTR { return }
            var readable = Array(pollers.dropFirst(sockets.count).map { $0.revents != 0 })
            var index = 0
            while index < connections.count {
                var finished = ContinuousClock.now >= connections[index].deadline
                if !finished, readable[index] {
                    finished = receive(into: &connections[index])
                }
                if finished {
                    answer(connections.remove(at: index))
                    readable.remove(at: index)
                } else {
                    index += 1
                }
            }
            if stopped.load(ordering: .acquiring) { return }
            for (offset, socket) in sockets.enumerated() where pollers[offset].revents != 0 {
                acceptAll(on: socket, into: &connections)
            }
        }
    }

    /// Milliseconds to wait in `poll`: a fifth of a second, or less when a connection's deadline comes sooner.
    static func pollTimeout(until deadlines: [ContinuousClock.Instant]) -> Int32 {
        let now = ContinuousClock.now
        var milliseconds: Int64 = 200
        for deadline in deadlines {
            let left = (deadline - now).components
            milliseconds = min(milliseconds, max(0, left.seconds * 1000 + left.attoseconds / 1_000_000_000_000_000 + 1))
        }
        return Int32(milliseconds)
    }

    /// Accepts every waiting connection on `socket`, turning away non-loopback peers and applying ``Limits/whenFull``.
    private func acceptAll(on socket: Int32, into connections: inout [Connection]) {
        while true {
            var peer = sockaddr_storage()
            var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
            let client = withUnsafeMutablePointer(to: &peer) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { accept(socket, $0, &length) }
            }
            guard client >= 0 else { return }
            _ = fcntl(client, F_SETFD, FD_CLOEXEC)
            guard LoopbackSocket.setNonBlocking(client, true) else {
                close(client)
                continue
            }
            guard Self.isLoopback(peer) else {
                LoopbackSocket.sendAll(client, handler.refusal(.peerNotLoopback).encoded)
                close(client)
                continue
            }
            if connections.count >= limits.maxConnections {
                switch limits.whenFull {
                case .closeOldest where !connections.isEmpty:
                    close(connections.removeFirst().fd)
                case .closeOldest, .refuseNewcomer:
                    LoopbackSocket.sendAll(client, handler.refusal(.busy).encoded)
                    close(client)
                    continue
                }
            }
            var connection = Connection(fd: client, deadline: .now + limits.readDeadline)
            // Read at once: a request sent with its connect is answered before a burst of newcomers can
            // push it out as the oldest.
            if receive(into: &connection) {
                answer(connection)
            } else {
                connections.append(connection)
            }
        }
    }

    /// Reads what `connection` has sent; true once its request is complete (``Limits/framing``), it closed,
    /// it failed, or it sent the most that is read.
    private func receive(into connection: inout Connection) -> Bool {
        var buffer = [UInt8](repeating: 0, count: 2048)
        while connection.data.count < limits.maxRequestBytes {
            let count = buffer.withUnsafeMutableBytes { recv(connection.fd, $0.baseAddress, $0.count, 0) }
            if count < 0 { return errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR }
            if count == 0 { return true }
            connection.data.append(contentsOf: buffer[0..<count])
            if Self.isComplete(connection.data, framing: limits.framing) { return true }
        }
        return true
    }

    /// Answers what `connection` sent, on the loop or on a thread of its own, and closes it.
    private func answer(_ connection: Connection) {
        let request = Self.parse(connection.data, framing: limits.framing)
        switch limits.answering {
        case .onLoop:
            send(handler.response(to: request), on: connection.fd)
        case .threadPerRequest:
            guard answering.load(ordering: .acquiring) < limits.maxAnswering ?? limits.maxConnections else {
                LoopbackSocket.sendAll(connection.fd, handler.refusal(.busy).encoded)
                close(connection.fd)
                return
            }
            // The answer is written by a thread that may wait for it, so the socket blocks again.
            _ = LoopbackSocket.setNonBlocking(connection.fd, false)
            answering.add(1, ordering: .acquiringAndReleasing)
            let thread = Thread { [self] in
                defer { answering.subtract(1, ordering: .acquiringAndReleasing) }
                send(handler.response(to: request), on: connection.fd)
            }
            thread.name = (Thread.current.name ?? "latchkey-loopback") + "-request"
            thread.start()
        }
    }

    /// Sends `response`, closes the connection, then runs what the response asks for after it.
    private func send(_ response: LoopbackHTTPResponse, on fd: Int32) {
        LoopbackSocket.sendAll(fd, response.encoded)
        close(fd)
        response.afterSending?()
        if response.stopsServer { stop() }
    }

    /// Whether `data` holds a whole request as `framing` reads it, or a head that can no longer be one: a
    /// bare LF (without its CR) ends the wait at once, so that an LF-only client gets its 400 without
    /// waiting out the deadline.
    static func isComplete(_ data: [UInt8], framing: Framing) -> Bool {
        switch framing {
        case .requestLine: data.contains(10)
        case .head: data.firstRange(of: [13, 10, 13, 10]) != nil || hasBareLineFeed(data)
        }
    }

    /// Whether `data` holds an LF not preceded by a CR.
    static func hasBareLineFeed(_ data: [UInt8]) -> Bool {
        data.indices.contains { data[$0] == 10 && ($0 == data.startIndex || data[$0 - 1] != 13) }
    }

    /// The request in `data`; nil unless it holds one whole `METHOD /target HTTP/1.0|1.1` request line (and,
    /// for ``Framing/head``, a whole head of CRLF lines whose every field has a colon right after its name,
    /// with at most one `Host` and one `Authorization`).
    static func parse(_ data: [UInt8], framing: Framing) -> LoopbackHTTPRequest? {
        let head: String
        switch framing {
        case .requestLine:
            guard let end = data.firstIndex(of: 13) ?? data.firstIndex(of: 10) else { return nil }
            head = String(decoding: data[..<end], as: UTF8.self)
        case .head:
            guard let end = data.firstRange(of: [13, 10, 13, 10]) else { return nil }
            head = String(decoding: data[..<end.lowerBound], as: UTF8.self)
        }
        let lines = head.components(separatedBy: "\r\n")
        let parts = lines[0].split(separator: " ", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[1].hasPrefix("/"), parts[2] == "HTTP/1.1" || parts[2] == "HTTP/1.0" else {
            return nil
        }
        var request = LoopbackHTTPRequest(method: String(parts[0]), target: String(parts[1]))
        for line in lines.dropFirst() {
            guard !line.contains("\n") && !line.contains("\r"), let colon = line.firstIndex(of: ":") else {
                return nil
            }
            // RFC 9112: no white space between the field name and its colon.
            let name = line[..<colon]
            guard !name.isEmpty, !name.contains(where: \.isWhitespace) else { return nil }
            let key = name.lowercased()
            if key == "host" || key == "authorization", request.headers[key] != nil { return nil }
            request.headers[key] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return request
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
}
