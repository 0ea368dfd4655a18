import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The POSIX socket calls of ``LoopbackHTTPServer``: a listening TCP socket on a loopback address, and a
/// whole-buffer send.
enum LoopbackSocket {
    /// A loopback address: `127.0.0.1` or `::1`.
    enum Family: Equatable, Sendable {
        case ipv4
        case ipv6

        /// The address as a URL host.
        var urlHost: String { self == .ipv4 ? "127.0.0.1" : "[::1]" }
    }

    /// Why a socket could not be opened: the system's words, and whether the address itself does not
    /// exist on this machine (no IPv6 loopback), which no program could listen on either.
    struct Failure: Error {
        var reason: String
        var addressIsAbsent = false
    }

    /// A listening socket on `family`'s loopback address at `port` (0: any free port): close-on-exec,
    /// non-blocking, with `SO_REUSEADDR` (and, for `::1`, `IPV6_V6ONLY`: never mapped IPv4 addresses).
    /// Returns it with the port actually bound.
    static func listen(_ family: Family, port: Int, backlog: Int32) throws(Failure) -> (fd: Int32, port: Int) {
        #if canImport(Darwin)
            let fd = Darwin.socket(family == .ipv4 ? AF_INET : AF_INET6, SOCK_STREAM, 0)
        #else
            let fd = Glibc.socket(family == .ipv4 ? AF_INET : AF_INET6, Int32(SOCK_STREAM.rawValue), 0)
        #endif
        guard fd >= 0 else {
            let code = errno
            throw Failure(reason: String(cString: strerror(code)), addressIsAbsent: code == EAFNOSUPPORT)
        }
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        var yes: Int32 = 1
        _ = setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_storage()
        let length: socklen_t
        switch family {
        case .ipv4:
            length = socklen_t(MemoryLayout<sockaddr_in>.size)
            withUnsafeMutablePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { ipv4 in
                    ipv4.pointee.sin_family = sa_family_t(AF_INET)
                    ipv4.pointee.sin_port = in_port_t(UInt16(truncatingIfNeeded: port)).bigEndian
                    ipv4.pointee.sin_addr.s_addr = in_addr_t(0x7F00_0001).bigEndian
                }
            }
        case .ipv6:
            _ = setsockopt(fd, Int32(IPPROTO_IPV6), IPV6_V6ONLY, &yes, socklen_t(MemoryLayout<Int32>.size))
            length = socklen_t(MemoryLayout<sockaddr_in6>.size)
            withUnsafeMutablePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { ipv6 in
                    ipv6.pointee.sin6_family = sa_family_t(AF_INET6)
                    ipv6.pointee.sin6_port = in_port_t(UInt16(truncatingIfNeeded: port)).bigEndian
                    ipv6.pointee.sin6_addr = in6addr_loopback
                }
            }
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { systemBind(fd, $0, length) }
        }
        guard bound == 0, systemListen(fd, backlog) == 0, setNonBlocking(fd, true) else {
            let code = errno
            close(fd)
            throw Failure(
                reason: String(cString: strerror(code)), addressIsAbsent: code == EADDRNOTAVAIL || code == EAFNOSUPPORT)
        }
        var actual = sockaddr_storage()
        var actualLength = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let named = withUnsafeMutablePointer(to: &actual) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &actualLength) }
        }
        guard named == 0 else {
            let reason = String(cString: strerror(errno))
            close(fd)
            throw Failure(reason: reason)
        }
        return (fd, Self.port(of: actual))
    }

    /// The port of an IPv4 or IPv6 socket address.
    static func port(of address: sockaddr_storage) -> Int {
        var copy = address
        return withUnsafePointer(to: &copy) { pointer in
            switch Int32(address.ss_family) {
            case AF_INET6:
                pointer.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) {
                    Int(UInt16(bigEndian: $0.pointee.sin6_port))
                }
            default:
                pointer.withMemoryRebound(to: sockaddr_in.self, capacity: 1) {
                    Int(UInt16(bigEndian: $0.pointee.sin_port))
                }
            }
        }
    }

    /// Turns `O_NONBLOCK` on or off; false when the system refused.
    static func setNonBlocking(_ fd: Int32, _ on: Bool) -> Bool {
        let flags = fcntl(fd, F_GETFL)
        return flags >= 0 && fcntl(fd, F_SETFL, on ? flags | O_NONBLOCK : flags & ~O_NONBLOCK) == 0
    }

    /// Sends all of `bytes` (never raising SIGPIPE); stops quietly when the peer has gone, or, on a
    /// non-blocking socket, when its buffer is full.
    static func sendAll(_ fd: Int32, _ bytes: [UInt8]) {
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard count > 0 else { return }
            sent += count
        }
    }

    /// `bind(2)`, named apart from Foundation's methods of the same name.
    static func systemBind(_ fd: Int32, _ address: UnsafePointer<sockaddr>, _ length: socklen_t) -> Int32 {
        #if canImport(Darwin)
            Darwin.bind(fd, address, length)
        #else
            Glibc.bind(fd, address, length)
        #endif
    }

    private static func systemListen(_ fd: Int32, _ backlog: Int32) -> Int32 {
        #if canImport(Darwin)
            Darwin.listen(fd, backlog)
        #else
            Glibc.listen(fd, backlog)
        #endif
    }
}
