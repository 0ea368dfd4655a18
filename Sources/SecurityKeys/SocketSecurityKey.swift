import CFIDO2
import CognitoAuth
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A security key reached over a Unix stream socket (`LATCHKEY_SECURITY_KEY_SOCKET`): a key forwarded into a
/// container or a VM, as ssh-agent forwarding does for SSH keys, or a software key in tests.
///
/// The wire protocol is CTAPHID's 64-byte reports, nothing else: each report libfido2 writes is sent as its 64 bytes
/// (the HID report id byte libfido2 puts first is dropped), and each 64 bytes received are one report read. libfido2
/// opens the socket (one connection) when it opens the key and closes it when the ceremony ends.
///
/// The socket is used only when it is owned by the current user and not writable by the group or others; otherwise
/// it is refused with a ``SocketSecurityKeyRefusal`` and no key is offered.
public enum SocketSecurityKey {
    /// The environment variable naming the socket.
    public static let environmentVariable = "LATCHKEY_SECURITY_KEY_SOCKET"

    /// The key the environment names: nil when the variable is unset or empty, the refusal when the socket cannot be
    /// used.
    public static func configured(environment: [String: String]) -> Result<
        SecurityKeyDescriptor, SocketSecurityKeyRefusal
    >? {
        guard let path = environment[environmentVariable], !path.isEmpty else { return nil }
        if let refusal = check(path) { return .failure(refusal) }
        return .success(descriptor(path))
    }

    /// The descriptor for the socket at `path`, named `virtual key (FILE NAME)` in prompts.
    public static func descriptor(_ path: String) -> SecurityKeyDescriptor {
        let file = TerminalText.sanitized((path as NSString).lastPathComponent)
        return SecurityKeyDescriptor(path: path, name: "virtual key (\(file))", transport: transport)
    }

    /// Why the socket at `path` cannot be used, or nil when it can: it must exist, be a socket, belong to the
    /// current user, not be group- or world-writable, and fit a socket address.
    public static func check(_ path: String) -> SocketSecurityKeyRefusal? {
        let shown = TerminalText.sanitized(path)
        func refusal(_ reason: String, _ step: String) -> SocketSecurityKeyRefusal {
            SocketSecurityKeyRefusal(
                description: "\(environmentVariable) is not used: \(shown) \(reason). \(step)")
        }
        guard path.utf8.count < addressCapacity else {
            return refusal("is too long for a socket path", "Use a shorter path.")
        }
        var status = stat()
        guard lstat(path, &status) == 0 else {
            return refusal("does not exist", "Start the forwarding first, or unset \(environmentVariable).")
        }
        guard status.st_mode & S_IFMT == S_IFSOCK else {
            return refusal("is not a socket", "Point it at the forwarded key's socket, or unset it.")
        }
        guard status.st_uid == geteuid() else {
            return refusal("belongs to another user", "Use a socket you own.")
        }
        guard status.st_mode & (S_IWGRP | S_IWOTH) == 0 else {
            return refusal("is writable by other users", "Make it writable by you alone: chmod 600 \(shown).")
        }
        return nil
    }

    /// The capacity of `sockaddr_un.sun_path`.
    static let addressCapacity = MemoryLayout.size(ofValue: sockaddr_un().sun_path)

    /// libfido2's I/O functions for the socket: the handle is a retained ``SocketKeyConnection``.
    static let transport = SecurityKeyTransport(
        functions: fido_dev_io_t(
            open: { path in
                guard let path else { return nil }
                let text = String(cString: path)
                guard check(text) == nil, let connection = SocketKeyConnection.connect(text) else { return nil }
                return Unmanaged.passRetained(connection).toOpaque()
            },
            close: { handle in
                guard let handle else { return }
                let connection = Unmanaged<SocketKeyConnection>.fromOpaque(handle)
                connection.takeUnretainedValue().close()
                connection.release()
            },
            read: { handle, buffer, length, milliseconds in
                guard let handle, let buffer else { return -1 }
                let connection = Unmanaged<SocketKeyConnection>.fromOpaque(handle).takeUnretainedValue()
                return connection.read(into: buffer, capacity: length, milliseconds: milliseconds)
            },
            write: { handle, buffer, length in
                guard let handle, let buffer else { return -1 }
                let connection = Unmanaged<SocketKeyConnection>.fromOpaque(handle).takeUnretainedValue()
                return connection.write(UnsafeRawBufferPointer(start: buffer, count: length))
            }))
}

/// Why `LATCHKEY_SECURITY_KEY_SOCKET` was not used: one sentence and the next step (the path, never a secret).
public struct SocketSecurityKeyRefusal: Error, Sendable, CustomStringConvertible {
    /// The sentence.
    public var description: String
}

/// One connection to a security key socket: 64-byte CTAPHID reports both ways.
///
/// `@unchecked Sendable`: `descriptor` is written only under `lock` (by `close`); writes hold `lock` too, because
/// libfido2 writes a cancel from another thread while a request reads.
final class SocketKeyConnection: @unchecked Sendable {
    /// The size of one CTAPHID report.
    static let reportSize = 64
    private let lock = NSLock()
    private var descriptor: Int32

    private init(descriptor: Int32) { self.descriptor = descriptor }

    /// Connects to the socket at `path`; nil when it cannot.
    static func connect(_ path: String) -> SocketKeyConnection? {
        #if canImport(Glibc)
            let kind = Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue)
        #else
            let kind = SOCK_STREAM
        #endif
        let socketDescriptor = socket(AF_UNIX, kind, 0)
        guard socketDescriptor >= 0 else { return nil }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        guard bytes.count < SocketSecurityKey.addressCapacity else {
            closeSocket(socketDescriptor)
            return nil
        }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (index, byte) in bytes.enumerated() { raw[index] = byte }
        }
        let connected = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connectSocket(socketDescriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        guard connected == 0 else {
            closeSocket(socketDescriptor)
            return nil
        }
        return SocketKeyConnection(descriptor: socketDescriptor)
    }

    /// Sends one report: libfido2 gives 65 bytes (the report id, then the frame) and the frame's 64 are sent; 64
    /// bytes are sent as they are. Returns `bytes.count`, or -1.
    func write(_ bytes: UnsafeRawBufferPointer) -> Int32 {
        let frame: UnsafeRawBufferPointer
        switch bytes.count {
        case Self.reportSize + 1: frame = UnsafeRawBufferPointer(rebasing: bytes.dropFirst())
        case Self.reportSize: frame = bytes
        default: return -1
        }
        return lock.withLock {
            guard descriptor >= 0, let base = frame.baseAddress else { return -1 }
            var sent = 0
            while sent < frame.count {
                let count = send(descriptor, base + sent, frame.count - sent, Int32(MSG_NOSIGNAL))
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { return -1 }
                sent += count
            }
            return Int32(bytes.count)
        }
    }

    /// Receives one report (64 bytes) into `buffer`, waiting up to `milliseconds` (negative: without end) for it to
    /// begin; -1 when none came or the connection ended.
    func read(into buffer: UnsafeMutablePointer<UInt8>, capacity: Int, milliseconds: Int32) -> Int32 {
        // libfido2 closes the key only after its reads end, so the descriptor is not closed under this read.
        let socketDescriptor = lock.withLock { descriptor }
        guard socketDescriptor >= 0, capacity >= Self.reportSize else { return -1 }
        var poller = pollfd(fd: socketDescriptor, events: Int16(POLLIN), revents: 0)
        var ready: Int32
        repeat { ready = poll(&poller, 1, milliseconds) } while ready < 0 && errno == EINTR
        guard ready > 0 else { return -1 }
        var received = 0
        while received < Self.reportSize {
            let count = recv(socketDescriptor, buffer + received, Self.reportSize - received, Int32(MSG_WAITALL))
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return -1 }
            received += count
        }
        return Int32(Self.reportSize)
    }

    /// Closes the connection.
    func close() {
        lock.withLock {
            if descriptor >= 0 { closeSocket(descriptor) }
            descriptor = -1
        }
    }

    deinit { close() }
}

/// `close(2)` (the name is taken by the methods here).
private func closeSocket(_ descriptor: Int32) {
    #if canImport(Glibc)
        _ = Glibc.close(descriptor)
    #else
        _ = Darwin.close(descriptor)
    #endif
}

/// `connect(2)` (the name is taken by the methods here).
private func connectSocket(_ descriptor: Int32, _ address: UnsafePointer<sockaddr>, _ length: socklen_t) -> Int32 {
    #if canImport(Glibc)
        Glibc.connect(descriptor, address, length)
    #else
        Darwin.connect(descriptor, address, length)
    #endif
}
