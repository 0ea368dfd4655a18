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
        /// Forward both ways, unchanged.
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

        /// The mode's name, with the delay for `.delay`.
        public var description: String {
            if case .delay(let milliseconds) = self { return "delay(\(milliseconds) ms)" }
            return name
        }
    }

    final class Connection: @unchecked Sendable {
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
    /// The local port the proxy listens on.
    public let port: UInt16
    let upstreamAddress: sockaddr_in

    let lock = NSLock()
    let threadsDone = NSCondition()
    var liveThreads = 0
    var currentMode: Mode = .pass
    var listener: Int32 = -1
    var stopped = false
    var connections: [ObjectIdentifier: Connection] = [:]
    var counts: [String: Int] = [:]

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

    /// A socket listening on 127.0.0.1:`port` (0 for an ephemeral port).
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
    /// What went wrong, for the test's failure message.
    public var description: String
    init(_ description: String) { self.description = description }
}
