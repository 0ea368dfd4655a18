import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Serves a ``SoftCTAPDevice`` on a Unix stream socket, as `LATCHKEY_SECURITY_KEY_SOCKET` expects: 64-byte CTAPHID
/// reports both ways, one connection after another (libfido2 connects when it opens the key, once per ceremony).
///
/// Each connection gets a ``SoftCTAPConnection`` of its own: reports received are handed to it, and the reports it
/// queues (answers, keepalives) are sent back. ``stop()`` closes the socket and removes its file.
///
/// `@unchecked Sendable`: `stopped` and `accepted` are read and written only under `lock`; the listening descriptor
/// is immutable and closed only once the accept thread has ended.
public final class SoftCTAPSocketListener: @unchecked Sendable {
    /// The socket's path (mode 0600).
    public let path: String
    private let device: SoftCTAPDevice
    private let listening: Int32
    private let lock = NSLock()
    private var stopped = false
    private var accepted = 0
    private let finished = DispatchSemaphore(value: 0)
    private var ownedDirectory: String?

    /// Listens at `key.sock` in a new directory under /tmp (short enough for a socket path), which ``stop()``
    /// removes.
    public static func inTemporaryDirectory(device: SoftCTAPDevice) throws -> SoftCTAPSocketListener {
        var template = Array("/tmp/lk-sock-XXXXXX".utf8CString)
        let made = template.withUnsafeMutableBufferPointer { buffer in
            buffer.baseAddress.flatMap { mkdtemp($0) }
        }
        guard made != nil else { throw Failure("mkdtemp: errno \(errno)") }
        let directory = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        do {
            let listener = try SoftCTAPSocketListener(device: device, path: directory + "/key.sock")
            listener.lock.withLock { listener.ownedDirectory = directory }
            return listener
        } catch {
            _ = rmdir(directory)
            throw error
        }
    }

    /// Listens at `path` (which must not exist; shorter than 108 bytes) for connections to `device`.
    public init(device: SoftCTAPDevice, path: String) throws {
        self.device = device
        self.path = path
        #if canImport(Glibc)
            let kind = Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue)
        #else
            let kind = SOCK_STREAM
        #endif
        listening = socket(AF_UNIX, kind, 0)
        guard listening >= 0 else { throw Failure("socket: errno \(errno)") }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else {
            _ = close(listening)
            throw Failure("the socket path is too long: \(path)")
        }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (index, byte) in bytes.enumerated() { raw[index] = byte }
        }
        let bound = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(listening, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        guard bound == 0, chmod(path, 0o600) == 0, listen(listening, 4) == 0 else {
            let code = errno
            _ = close(listening)
            throw Failure("bind/listen \(path): errno \(code)")
        }
        let thread = Thread { [self] in acceptLoop() }
        thread.name = "soft-ctap-socket"
        thread.start()
    }

    /// How many connections were accepted so far.
    public var connections: Int { lock.withLock { accepted } }

    /// Stops accepting, closes the socket and removes its file (connections in progress end when their peer closes).
    public func stop() {
        let first = lock.withLock { () -> Bool in
            defer { stopped = true }
            return !stopped
        }
        guard first else { return }
        finished.wait()
        _ = close(listening)
        _ = unlink(path)
        if let directory = lock.withLock({ ownedDirectory }) { _ = rmdir(directory) }
    }

    private var isStopped: Bool { lock.withLock { stopped } }

    /// Accepts connections until stopped (polling every 50 ms), serving each on threads of its own.
    private func acceptLoop() {
        defer { finished.signal() }
        while !isStopped {
            var poller = pollfd(fd: listening, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 50) > 0 else { continue }
            let peer = accept(listening, nil, nil)
            guard peer >= 0 else { continue }
            lock.withLock { accepted += 1 }
            let thread = Thread { [self] in serve(peer) }
            thread.name = "soft-ctap-socket-connection"
            thread.start()
        }
    }

    /// Pumps reports between `peer` and a new connection to the device until the peer closes.
    private func serve(_ peer: Int32) {
        let connection = SoftCTAPConnection(device: device)
        let open = OpenFlag()
        let sender = Thread {
            var report = [UInt8](repeating: 0, count: 64)
            while open.isOpen {
                let count = report.withUnsafeMutableBufferPointer { buffer -> Int32 in
                    guard let base = buffer.baseAddress else { return -1 }
                    return connection.read(into: base, capacity: 64, milliseconds: 50)
                }
                guard count == 64 else { continue }
                guard send(peer, report, 64, Int32(MSG_NOSIGNAL)) == 64 else { break }
            }
            open.finish()
        }
        sender.name = "soft-ctap-socket-sender"
        sender.start()
        var frame = [UInt8](repeating: 0, count: 64)
        while true {
            let count = frame.withUnsafeMutableBytes { recv(peer, $0.baseAddress, 64, Int32(MSG_WAITALL)) }
            guard count == 64 else { break }
            _ = connection.write([0] + frame)
        }
        open.close()
        connection.shutDown()
        open.waitFinished()
        _ = close(peer)
    }

    /// A test-support failure: what went wrong setting the socket up.
    public struct Failure: Error, CustomStringConvertible {
        /// What went wrong.
        public var description: String
        init(_ description: String) { self.description = description }
    }
}

/// Whether a served connection is still open, and a way to wait for its sender to end.
///
/// `@unchecked Sendable`: `open` is read and written only under `lock`.
private final class OpenFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var open = true
    private let done = DispatchSemaphore(value: 0)

    var isOpen: Bool { lock.withLock { open } }
    func close() { lock.withLock { open = false } }
    func finish() { done.signal() }
    func waitFinished() { done.wait() }
}
