import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A TCP proxy on 127.0.0.1 that forwards to a backend and injects network faults on demand,
/// for fault-injection tests of the auth core against the live local backend.
///
/// Plain blocking POSIX sockets with one thread per connection. Every blocking call is bounded
/// (`poll` with a short timeout), so every thread notices ``stop()`` or a mode change within about
/// 50 ms; ``stop()`` waits for all of them to exit.
///
/// The mode is read when a connection is accepted and applies to that connection for its whole
/// life. Changing the mode shuts down every open connection accepted under another mode, so
/// keep-alive connections pooled by the HTTP client while passing do not bypass a new fault, and
/// black-holed connections end when the fault is lifted; only delayed connections survive a
/// return to `.pass` (they forward once their delay is over).
public final class FaultProxy: @unchecked Sendable {
    // @unchecked Sendable: all mutable state is only touched while holding `lock`.

    /// What the proxy does with connections.
    public enum Mode: Sendable, Hashable, CustomStringConvertible {
        /// Forward both ways.
        case pass
        /// Stop listening: connects are refused by the kernel (the port is re-opened when the mode changes).
        case refuse
        /// Accept, read the request, then close with a TCP reset (`SO_LINGER` 0).
        case reset
        /// Forward after a delay of this many milliseconds.
        case delay(milliseconds: Int)
        /// Accept and never answer; the connection stays open until the mode changes or the proxy stops.
        case blackHole
        /// Answer `HTTP/1.1 503 Service Unavailable` with an HTML body, then close.
        case http5xx
        /// Answer 400 with an AWS JSON `TooManyRequestsException`, then close.
        case throttle
        /// Answer with this status, content type and body, then close (hostile or broken answers).
        case respond(status: Int, contentType: String, body: String)
        /// Answer 200 with a JSON content length, then send the body one byte every `intervalMilliseconds`.
        case slowDrip(intervalMilliseconds: Int)
        /// Answer 200 and stream a body of `bytes` bytes.
        case hugeBody(bytes: Int)

        /// The mode's name without its parameter, used as the key of ``FaultProxy/connectionCounts``.
        public var name: String {
            switch self {
            case .pass: return "pass"
            case .refuse: return "refuse"
            case .reset: return "reset"
            case .delay: return "delay"
            case .blackHole: return "blackHole"
            case .http5xx: return "http5xx"
            case .throttle: return "throttle"
            case .respond: return "respond"
            case .slowDrip: return "slowDrip"
            case .hugeBody: return "hugeBody"
            }
        }

        public var description: String {
            if case .delay(let milliseconds) = self { return "delay(\(milliseconds) ms)" }
            return name
        }
    }

    private final class Connection: @unchecked Sendable {
        // @unchecked Sendable: `upstream` and `killed` are only touched while holding the proxy's lock.
        let client: Int32
        var upstream: Int32 = -1
        let mode: Mode
        var killed = false
        init(client: Int32, mode: Mode) {
            self.client = client
            self.mode = mode
        }
    }

    /// The address clients connect to, `http://127.0.0.1:<port>/`.
    public let endpoint: URL
    /// The local port.
    public let port: UInt16
    private let upstreamAddress: sockaddr_in

    private let lock = NSLock()
    private let threadsDone = NSCondition()
    private var liveThreads = 0
    private var currentMode: Mode = .pass
    private var listener: Int32 = -1
    private var stopped = false
    private var connections: [ObjectIdentifier: Connection] = [:]
    private var counts: [String: Int] = [:]

    /// Starts a proxy on an ephemeral port of 127.0.0.1 forwarding to `upstream`'s host and port
    /// (an IPv4 host: `localhost` or a dotted quad).
    public init(upstream: URL) throws {
        let host = upstream.host ?? "127.0.0.1"
        let upstreamPort = UInt16(upstream.port ?? (upstream.scheme == "https" ? 443 : 80))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = upstreamPort.bigEndian
        let numeric = host == "localhost" ? "127.0.0.1" : host
        guard inet_pton(AF_INET, numeric, &address.sin_addr) == 1 else {
            throw FaultProxyError("the upstream host \(host) is not an IPv4 address")
        }
        upstreamAddress = address
        let fd = try Self.makeListener(port: 0)
        var bound = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &bound) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        port = UInt16(bigEndian: bound.sin_port)
        endpoint = URL(string: "http://127.0.0.1:\(port)/")!
        listener = fd
        spawn { [self] in acceptLoop() }
    }

    deinit { stop() }

    /// The current mode; setting it is thread-safe and takes effect for new connections at once.
    public var mode: Mode {
        get { lock.withLock { currentMode } }
        set { setMode(newValue) }
    }

    /// Switches the mode (see ``mode``).
    public func setMode(_ newMode: Mode) {
        lock.lock()
        defer { lock.unlock() }
        guard !stopped, newMode != currentMode else { return }
        currentMode = newMode
        for connection in connections.values where connection.mode != newMode {
            // A delayed connection survives the return to `.pass`: it still forwards after its delay.
            if newMode == .pass, case .delay = connection.mode { continue }
            kill(connection)
        }
        if newMode == .refuse {
            // shutdown() takes a listening socket out of LISTEN at once (SYNs then get a RST) and wakes
            // the accept loop, which owns closing it.
            if listener >= 0 { _ = shutdown(listener, Int32(SHUT_RDWR)) }
            listener = -1
        } else if listener < 0 {
            // Re-open on the same port; retry briefly in case the old socket is still being released.
            for _ in 0..<50 {
                if let fd = try? Self.makeListener(port: port) {
                    listener = fd
                    break
                }
                usleep(10_000)
            }
        }
    }

    /// How many connections were accepted under each mode (keyed by ``Mode/name``; `refuse` refuses
    /// in the kernel, so it only counts connections that raced the switch).
    public var connectionCounts: [String: Int] { lock.withLock { counts } }

    /// Notified after each accepted connection (for ``Waiter``).
    public let changes = ChangeSignal()

    /// The number of connections accepted under `mode` (any delay for `.delay`).
    public func connectionCount(_ mode: Mode) -> Int { lock.withLock { counts[mode.name, default: 0] } }

    /// The number of connections open now.
    public var openConnections: Int { lock.withLock { connections.count } }

    /// Stops listening, shuts down every connection, and waits (up to 5 s) for all threads to exit.
    public func stop() {
        lock.withLock {
            guard !stopped else { return }
            stopped = true
            if listener >= 0 { _ = shutdown(listener, Int32(SHUT_RDWR)) }
            listener = -1
            for connection in connections.values { kill(connection) }
        }
        let deadline = Date().addingTimeInterval(5)
        threadsDone.lock()
        while liveThreads > 0, Date() < deadline { _ = threadsDone.wait(until: deadline) }
        threadsDone.unlock()
    }

    /// The number of proxy threads still running (0 after ``stop()``).
    public var runningThreads: Int {
        threadsDone.lock()
        defer { threadsDone.unlock() }
        return liveThreads
    }

    // MARK: Threads

    private func spawn(_ body: @escaping @Sendable () -> Void) {
        threadsDone.lock()
        liveThreads += 1
        threadsDone.unlock()
        let thread = Thread { [self] in
            body()
            threadsDone.lock()
            liveThreads -= 1
            threadsDone.broadcast()
            threadsDone.unlock()
        }
        thread.start()
    }

    private func acceptLoop() {
        var owned: Int32 = -1  // the listener this loop polls; it alone closes it
        while true {
            let (current, isStopped) = lock.withLock { (listener, stopped) }
            if owned >= 0, owned != current {
                close(owned)
                owned = -1
            }
            if isStopped { break }
            if current < 0 {
                usleep(5_000)
                continue
            }
            owned = current
            var entry = pollfd(fd: owned, events: Int16(POLLIN), revents: 0)
            guard poll(&entry, 1, 50) > 0 else { continue }
            let fd = accept(owned, nil, nil)
            guard fd >= 0 else { continue }
            var one: Int32 = 1
            _ = setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
            let connection: Connection? = lock.withLock {
                guard !stopped else { return nil }
                let connection = Connection(client: fd, mode: currentMode)
                connections[ObjectIdentifier(connection)] = connection
                counts[currentMode.name, default: 0] += 1
                return connection
            }
            guard let connection else {
                close(fd)
                continue
            }
            changes.notify()
            spawn { [self] in handle(connection) }
        }
        if owned >= 0 { close(owned) }
    }

    /// Shuts down a connection's sockets (waking its thread); its thread closes them. Hold `lock`.
    private func kill(_ connection: Connection) {
        connection.killed = true
        _ = shutdown(connection.client, Int32(SHUT_RDWR))
        if connection.upstream >= 0 { _ = shutdown(connection.upstream, Int32(SHUT_RDWR)) }
    }

    private func isKilled(_ connection: Connection) -> Bool { lock.withLock { connection.killed || stopped } }

    private func handle(_ connection: Connection) {
        var resetOnClose = false
        defer {
            let upstream = lock.withLock {
                connections.removeValue(forKey: ObjectIdentifier(connection))
                return connection.upstream
            }
            if resetOnClose {
                var option = linger(l_onoff: 1, l_linger: 0)
                _ = setsockopt(connection.client, SOL_SOCKET, SO_LINGER, &option, socklen_t(MemoryLayout<linger>.size))
            }
            close(connection.client)
            if upstream >= 0 { close(upstream) }
        }
        switch connection.mode {
        case .pass:
            forward(connection)
        case .delay(let milliseconds):
            let until = Date().addingTimeInterval(Double(milliseconds) / 1000)
            while Date() < until {
                if isKilled(connection) { return }
                usleep(5_000)
            }
            forward(connection)
        case .refuse, .reset:
            _ = readRequest(connection.client, connection)
            resetOnClose = true
        case .blackHole:
            var buffer = [UInt8](repeating: 0, count: 4096)
            while !isKilled(connection) {
                var entry = pollfd(fd: connection.client, events: Int16(POLLIN), revents: 0)
                guard poll(&entry, 1, 50) > 0 else { continue }
                if recv(connection.client, &buffer, buffer.count, 0) <= 0 { return }
            }
        case .http5xx:
            guard readRequest(connection.client, connection) else { return }
            let body =
                "<html><head><title>503 Service Unavailable</title></head><body><h1>503 Service Unavailable</h1></body></html>"
            respond(connection.client, status: "503 Service Unavailable", contentType: "text/html", body: body)
        case .throttle:
            guard readRequest(connection.client, connection) else { return }
            respond(
                connection.client, status: "400 Bad Request", contentType: "application/x-amz-json-1.1",
                body: #"{"__type":"TooManyRequestsException","message":"Rate exceeded"}"#,
                extraHeaders: "x-amzn-ErrorType: TooManyRequestsException\r\n")
        case .respond(let status, let contentType, let body):
            guard readRequest(connection.client, connection) else { return }
            respond(connection.client, status: "\(status) Canned", contentType: contentType, body: body)
        case .slowDrip(let interval):
            guard readRequest(connection.client, connection) else { return }
            let body = Array(#"{"Username":"drip","UserAttributes":[]}"#.utf8)
            let head =
                "HTTP/1.1 200 OK\r\nContent-Type: application/x-amz-json-1.1\r\nContent-Length: \(body.count)\r\n\r\n"
            guard sendAll(connection.client, Array(head.utf8), count: head.utf8.count) else { return }
            for byte in body {
                let until = Date().addingTimeInterval(Double(interval) / 1000)
                while Date() < until {
                    if isKilled(connection) { return }
                    usleep(5_000)
                }
                guard sendAll(connection.client, [byte], count: 1) else { return }
            }
        case .hugeBody(let bytes):
            guard readRequest(connection.client, connection) else { return }
            let head = "HTTP/1.1 200 OK\r\nContent-Type: application/x-amz-json-1.1\r\nContent-Length: \(bytes)\r\n\r\n"
            guard sendAll(connection.client, Array(head.utf8), count: head.utf8.count) else { return }
            let chunk = [UInt8](repeating: UInt8(ascii: " "), count: 65_536)
            var sent = 0
            while sent < bytes, !isKilled(connection) {
                let count = min(chunk.count, bytes - sent)
                guard sendAll(connection.client, chunk, count: count) else { return }
                sent += count
            }
        }
    }

    /// Connects upstream and pumps bytes both ways until either side closes or the connection is killed.
    private func forward(_ connection: Connection) {
        let upstream = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard upstream >= 0 else { return }
        var address = upstreamAddress
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(upstream, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        let registered = lock.withLock {
            guard !connection.killed, !stopped else { return false }
            connection.upstream = upstream
            return true
        }
        guard registered else {
            close(upstream)
            return
        }
        guard connected == 0 else { return }
        var buffer = [UInt8](repeating: 0, count: 16_384)
        var entries = [
            pollfd(fd: connection.client, events: Int16(POLLIN), revents: 0),
            pollfd(fd: upstream, events: Int16(POLLIN), revents: 0),
        ]
        while !isKilled(connection) {
            entries[0].revents = 0
            entries[1].revents = 0
            guard poll(&entries, 2, 50) > 0 else { continue }
            for (index, entry) in entries.enumerated() where entry.revents != 0 {
                let from = index == 0 ? connection.client : upstream
                let to = index == 0 ? upstream : connection.client
                let count = recv(from, &buffer, buffer.count, 0)
                if count <= 0 || !sendAll(to, buffer, count: count) { return }
            }
        }
    }

    /// Reads one HTTP request (headers and a `Content-Length` body), so that closing afterwards sends
    /// a FIN rather than a reset. Returns false when the peer went away or the connection was killed.
    private func readRequest(_ fd: Int32, _ connection: Connection) -> Bool {
        var data = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 4096)
        let separator: [UInt8] = Array("\r\n\r\n".utf8)
        let giveUp = Date().addingTimeInterval(5)
        var needed: Int?
        while Date() < giveUp, !isKilled(connection) {
            if let needed, data.count >= needed { return true }
            var entry = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&entry, 1, 50) > 0 else { continue }
            let count = recv(fd, &buffer, buffer.count, 0)
            if count <= 0 { return false }
            data += buffer[0..<count]
            if needed == nil, let end = Self.find(separator, in: data) {
                let head = String(decoding: data[0..<end], as: UTF8.self).lowercased()
                var length = 0
                for line in head.split(separator: "\r\n") where line.hasPrefix("content-length:") {
                    length = Int(line.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) ?? 0
                }
                needed = end + separator.count + length
            }
        }
        return false
    }

    private func respond(_ fd: Int32, status: String, contentType: String, body: String, extraHeaders: String = "") {
        let bytes = Array(body.utf8)
        let head =
            "HTTP/1.1 \(status)\r\nContent-Type: \(contentType)\r\nContent-Length: \(bytes.count)\r\n\(extraHeaders)Connection: close\r\n\r\n"
        let message = Array(head.utf8) + bytes
        _ = sendAll(fd, message, count: message.count)
        _ = shutdown(fd, Int32(SHUT_WR))
    }

    private func sendAll(_ fd: Int32, _ bytes: [UInt8], count: Int) -> Bool {
        var sent = 0
        while sent < count {
            let result = bytes.withUnsafeBytes { raw in
                send(fd, raw.baseAddress! + sent, count - sent, Int32(MSG_NOSIGNAL))
            }
            if result <= 0 { return false }
            sent += result
        }
        return true
    }

    private static func find(_ needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard haystack.count >= needle.count else { return nil }
        for start in 0...(haystack.count - needle.count)
        where haystack[start..<start + needle.count].elementsEqual(needle) {
            return start
        }
        return nil
    }

    private static func makeListener(port: UInt16) throws -> Int32 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw FaultProxyError("socket() failed: errno \(errno)") }
        var one: Int32 = 1
        _ = setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0, listen(fd, 128) == 0 else {
            let code = errno
            close(fd)
            throw FaultProxyError("cannot listen on 127.0.0.1:\(port): errno \(code)")
        }
        return fd
    }
}

/// A ``FaultProxy`` setup failure.
public struct FaultProxyError: Error, CustomStringConvertible, Sendable {
    /// What went wrong.
    public var description: String
    init(_ description: String) { self.description = description }
}
