import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A one-purpose HTTP listener on the loopback addresses of the redirect URI that receives the hosted UI's redirect.
///
/// Plain POSIX sockets on a thread of its own (see DECISIONS.md). It listens on every loopback
/// address the redirect's host names: `localhost` means both `127.0.0.1` and `[::1]` on the same
/// port (browsers differ in which they try first, and a port left free on one would let another
/// local user take the redirect there); `127.0.0.1` and `[::1]` mean just that address.
///
/// Connections are served side by side, up to ``maxConnections`` at once: each is read up to 8 KiB
/// for at most ``readDeadline`` seconds, answered with a small HTML page and closed; when all slots
/// are taken and another connection waits, the oldest one is closed to make room, so idle
/// connections cannot keep the browser's redirect out. A redirect whose `state` is not the
/// sign-in's is answered with an explanation and ignored, and the listener keeps waiting; a
/// request to another path gets 404. The first redirect with the right `state` (a code or an
/// `error=`) is delivered, and the listener closes.
public final class LoopbackRedirectListener: Sendable {
    /// The port listened on.
    public let port: Int
    /// The addresses listened on, as they appear in a URL (`127.0.0.1`, `[::1]`).
    public let addresses: [String]
    private let path: String
    private let request: HostedUISignInRequest
    private let sockets: [Int32]
    private let stopped = Atomic<Bool>(false)
    private let results: AsyncStream<HostedUICallback>
    private let continuation: AsyncStream<HostedUICallback>.Continuation

    /// The longest request accepted.
    static let maxRequestBytes = 8192
    /// How long one connection may take to send its request line.
    static let readDeadline: TimeInterval = 2
    /// How many connections are served at once; the oldest is closed when another one waits.
    static let maxConnections = 16

    /// A loopback address family the listener can bind.
    enum LoopbackAddress: Equatable {
        case ipv4
        case ipv6

        /// The address as a URL host.
        var urlHost: String { self == .ipv4 ? "127.0.0.1" : "[::1]" }
    }

    /// The loopback addresses a redirect to `host` can reach: both for `localhost`, one for a literal.
    static func loopbackAddresses(forHost host: String) -> [LoopbackAddress] {
        switch host.lowercased() {
        case "127.0.0.1": return [.ipv4]
        case "::1", "[::1]": return [.ipv6]
        default: return [.ipv4, .ipv6]
        }
    }

    /// Opens the sockets for `request`'s loopback redirect URI; throws
    /// ``HostedUIFailure/listenerUnavailable(port:address:reason:)`` when the port cannot be bound on
    /// one of its addresses.
    ///
    /// For `localhost`, an IPv6 loopback that does not exist on this machine (IPv6 disabled) is
    /// skipped: no program can listen there either. Any other failure, on either address, is an error.
    public init(request: HostedUISignInRequest) throws(AuthError) {
        guard let port = request.loopbackPort else {
            throw .invalidParameter("The redirect URI is not a loopback http URL; paste the redirect URL instead.")
        }
        self.port = port
        self.request = request
        let redirectPath = request.redirectURI.path
        self.path = redirectPath.isEmpty ? "/" : redirectPath
        let wanted = Self.loopbackAddresses(forHost: request.redirectURI.host ?? "localhost")
        var opened: [Int32] = []
        var openedAddresses: [String] = []
        for address in wanted {
            switch Self.bind(address, port: port) {
            case .success(let fd):
                opened.append(fd)
                openedAddresses.append(address.urlHost)
            case .failure(.absent) where address == .ipv6 && wanted.count > 1:
                continue
            case .failure(.absent(let reason)), .failure(.failed(let reason)):
                for fd in opened { close(fd) }
                throw .hostedUI(.listenerUnavailable(port: port, address: address.urlHost, reason: reason))
            }
        }
        sockets = opened
        addresses = openedAddresses
        (results, continuation) = AsyncStream.makeStream(
            of: HostedUICallback.self, bufferingPolicy: .bufferingNewest(1))
        let thread = Thread { [self] in serveLoop() }
        thread.name = "latchkey-redirect-listener"
        thread.start()
    }

    deinit { stop() }

    /// Waits for the redirect with the right `state`; nil when stopped first.
    public func callback() async -> HostedUICallback? {
        for await result in results { return result }
        return nil
    }

    /// Stops listening and closes the sockets; ``callback()`` then returns nil. Safe to call more than once.
    public func stop() {
        guard !stopped.exchange(true, ordering: .acquiringAndReleasing) else { return }
        continuation.finish()
    }

    /// Why a socket could not be bound.
    enum BindFailure: Error {
        /// The address family or address does not exist on this machine.
        case absent(String)
        /// Anything else: the port is taken, or the system refused.
        case failed(String)
    }

    private static func bind(_ address: LoopbackAddress, port: Int) -> Result<Int32, BindFailure> {
        let family = address == .ipv4 ? AF_INET : AF_INET6
        #if canImport(Darwin)
            let fd = Darwin.socket(family, SOCK_STREAM, 0)
        #else
            let fd = Glibc.socket(family, Int32(SOCK_STREAM.rawValue), 0)
        #endif
        guard fd >= 0 else {
            let code = errno
            let reason = String(cString: strerror(code))
            return .failure(code == EAFNOSUPPORT ? .absent(reason) : .failed(reason))
        }
        var yes: Int32 = 1
        _ = setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        let bound: Int32
        switch address {
        case .ipv4:
            var socketAddress = sockaddr_in()
            socketAddress.sin_family = sa_family_t(AF_INET)
            socketAddress.sin_port = in_port_t(UInt16(truncatingIfNeeded: port)).bigEndian
            socketAddress.sin_addr.s_addr = in_addr_t(0x7F00_0001).bigEndian
            bound = withUnsafePointer(to: &socketAddress) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    LoopbackSocket.systemBind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }
        case .ipv6:
            // Only ::1, never mapped IPv4 addresses.
            _ = setsockopt(fd, Int32(IPPROTO_IPV6), IPV6_V6ONLY, &yes, socklen_t(MemoryLayout<Int32>.size))
            var socketAddress = sockaddr_in6()
            socketAddress.sin6_family = sa_family_t(AF_INET6)
            socketAddress.sin6_port = in_port_t(UInt16(truncatingIfNeeded: port)).bigEndian
            socketAddress.sin6_addr = in6addr_loopback
            bound = withUnsafePointer(to: &socketAddress) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    LoopbackSocket.systemBind(fd, $0, socklen_t(MemoryLayout<sockaddr_in6>.size))
                }
            }
        }
        guard bound == 0, listen(fd, 64) == 0, setNonBlocking(fd) else {
            let code = errno
            let reason = String(cString: strerror(code))
            close(fd)
            return .failure(code == EADDRNOTAVAIL || code == EAFNOSUPPORT ? .absent(reason) : .failed(reason))
        }
        return .success(fd)
    }

    private static func setNonBlocking(_ fd: Int32) -> Bool {
        let flags = fcntl(fd, F_GETFL)
        return flags >= 0 && fcntl(fd, F_SETFL, flags | O_NONBLOCK) == 0
    }

    /// One accepted connection and what it has sent so far.
    private struct Connection {
        let fd: Int32
        let deadline: Date
        var data: [UInt8] = []
    }

    /// The event loop: accepts on every socket, reads every connection without blocking, serves
    /// each complete request line, and closes connections past their deadline.
    private func serveLoop() {
        var connections: [Connection] = []
        defer {
            for socket in sockets { close(socket) }
            for connection in connections { close(connection.fd) }
        }
        while !stopped.load(ordering: .acquiring) {
            var pollers = sockets.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            pollers += connections.map { pollfd(fd: $0.fd, events: Int16(POLLIN), revents: 0) }
            let ready = poll(&pollers, nfds_t(pollers.count), 200)
            if ready < 0 && errno != EINTR { return }
            // Read what arrived; serve complete requests; drop finished or late connections.
            var index = 0
            var readable = Array(pollers.dropFirst(sockets.count).map { $0.revents != 0 })
            while index < connections.count {
                var finished = Date() >= connections[index].deadline
                if !finished, readable[index] {
                    finished = receive(into: &connections[index])
                }
                if finished {
                    if let callback = serve(connections[index]) {
                        continuation.yield(callback)
                        stop()
                    }
                    close(connections[index].fd)
                    connections.remove(at: index)
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

    /// Accepts every waiting connection on `socket`, closing the oldest ones when all slots are taken.
    private func acceptAll(on socket: Int32, into connections: inout [Connection]) {
        while true {
            let client = accept(socket, nil, nil)
            guard client >= 0 else { return }
            guard Self.setNonBlocking(client) else {
                close(client)
                continue
            }
            if connections.count >= Self.maxConnections {
                let oldest = connections.removeFirst()
                close(oldest.fd)
            }
            connections.append(Connection(fd: client, deadline: Date().addingTimeInterval(Self.readDeadline)))
        }
    }

    /// Reads what `connection` has sent; true once its request line is complete, it closed, or it sent too much.
    private func receive(into connection: inout Connection) -> Bool {
        var buffer = [UInt8](repeating: 0, count: 2048)
        while connection.data.count < Self.maxRequestBytes {
            let count = buffer.withUnsafeMutableBytes { recv(connection.fd, $0.baseAddress, $0.count, 0) }
            if count < 0 { return errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR }
            if count == 0 { return true }
            connection.data.append(contentsOf: buffer[0..<count])
            if connection.data.contains(10) { return true }
        }
        return true
    }

    /// Answers one connection's request, and returns the callback when it carries the right `state`.
    private func serve(_ connection: Connection) -> HostedUICallback? {
        let client = connection.fd
        guard let target = Self.requestTarget(connection.data) else {
            respond(
                client, status: "400 Bad Request", title: "Bad request",
                body: "This address only takes the sign-in redirect.")
            return nil
        }
        guard let components = URLComponents(string: "http://127.0.0.1" + target), components.path == path else {
            respond(
                client, status: "404 Not Found", title: "Not found",
                body: "This address only takes the sign-in redirect.")
            return nil
        }
        guard let callback = HostedUICallback.fromQuery(components.queryItems ?? []) else {
            respond(
                client, status: "400 Bad Request", title: "No code",
                body: "The redirect carries no code. Start the sign-in again.")
            return nil
        }
        let hasState: Bool
        switch callback {
        case .code(_, let state), .error(_, _, let state): hasState = state != nil
        }
        guard hasState, request.accepts(callback) else {
            respond(
                client, status: "400 Bad Request", title: "Not this sign-in",
                body: "This redirect belongs to another sign-in (its state does not match), so it was ignored. "
                    + "Use the browser tab the terminal opened, or start again.")
            return nil
        }
        if case .error(let error, let description, _) = callback {
            respond(
                client, status: "200 OK", title: "Sign-in failed",
                body:
                    "The sign-in did not complete (\(Self.html(error))\(description.map { ": " + Self.html($0) } ?? "")). "
                    + "You can close this tab; the terminal says what to do next.")
        } else {
            respond(
                client, status: "200 OK", title: "Signed in",
                body: "Latchkey received the sign-in. You can close this tab and return to the terminal.")
        }
        return callback
    }

    /// The request target of `GET <target> HTTP/1.x` in the first line of `data`; nil for anything else.
    static func requestTarget(_ data: [UInt8]) -> String? {
        guard let lineEnd = data.firstIndex(of: 13) ?? data.firstIndex(of: 10) else { return nil }
        let line = String(decoding: data[..<lineEnd], as: UTF8.self)
        let parts = line.split(separator: " ")
        guard parts.count == 3, parts[0] == "GET", parts[1].hasPrefix("/"), parts[2].hasPrefix("HTTP/1.") else {
            return nil
        }
        return String(parts[1])
    }

    /// Sends the page; the socket is non-blocking, so a peer that does not read cannot hold the loop
    /// (the page is small enough for the socket buffer of a fresh connection).
    private func respond(_ client: Int32, status: String, title: String, body: String) {
        let page =
            "<!doctype html><html><head><meta charset=\"utf-8\"><title>\(title)</title></head>"
            + "<body style=\"font-family:sans-serif;max-width:36em;margin:3em auto\"><h1>\(title)</h1><p>\(body)</p></body></html>"
        let bytes = Array(page.utf8)
        let head =
            "HTTP/1.1 \(status)\r\nContent-Type: text/html; charset=utf-8\r\nContent-Length: \(bytes.count)\r\n"
            + "Cache-Control: no-store\r\nReferrer-Policy: no-referrer\r\nConnection: close\r\n\r\n"
        let all = Array(head.utf8) + bytes
        var sent = 0
        while sent < all.count {
            let count = all[sent...].withUnsafeBytes { send(client, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard count > 0 else { return }
            sent += count
        }
    }

    /// `text` with HTML's special characters escaped.
    static func html(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}
