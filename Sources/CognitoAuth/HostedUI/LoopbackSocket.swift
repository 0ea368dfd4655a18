import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The POSIX socket calls the loopback listeners share (the hosted UI's redirect listener and the
/// container-credentials endpoint): a listening TCP socket on `127.0.0.1`, and a whole-buffer send.
enum LoopbackSocket {
    /// Why a socket could not be opened: the system's words.
    struct Failure: Error {
        var reason: String
    }

    /// A listening socket on `127.0.0.1:port` (0: any free port), close-on-exec, with `SO_REUSEADDR`;
    /// returns it with the port actually bound.
    static func listen(port: Int, backlog: Int32) throws(Failure) -> (fd: Int32, port: Int) {
        #if canImport(Darwin)
            let fd = Darwin.socket(AF_INET, SOCK_STREAM, 0)
        #else
            let fd = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #endif
        guard fd >= 0 else { throw Failure(reason: String(cString: strerror(errno))) }
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        var yes: Int32 = 1
        _ = setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(truncatingIfNeeded: port)).bigEndian
        address.sin_addr.s_addr = in_addr_t(0x7F00_0001).bigEndian
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                systemBind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0, systemListen(fd, backlog) == 0 else {
            let reason = String(cString: strerror(errno))
            close(fd)
            throw Failure(reason: reason)
        }
        var actual = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let named = withUnsafeMutablePointer(to: &actual) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        guard named == 0 else {
            let reason = String(cString: strerror(errno))
            close(fd)
            throw Failure(reason: reason)
        }
        return (fd, Int(UInt16(bigEndian: actual.sin_port)))
    }

    /// Sends all of `bytes` (never raising SIGPIPE); stops quietly when the peer has gone.
    static func sendAll(_ fd: Int32, _ bytes: [UInt8]) {
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard count > 0 else { return }
            sent += count
        }
    }

    /// `bind(2)`, named apart from Foundation's methods of the same name (shared with the redirect listener).
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
