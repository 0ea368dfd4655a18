import Foundation

#if canImport(Glibc)
    import CoreFoundation
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Space set aside for a session write before a request whose answer must be stored (a refresh under
/// refresh-token rotation retires the old refresh token, so its answer cannot be dropped).
public protocol StoreWriteReservation: Sendable {
    /// Gives the space back when no write used it (idempotent).
    func release()
}

/// A temporary file of mode 0600 beside the session, its blocks allocated (`posix_fallocate`) and
/// locked with `flock` while this process holds it; the next write fills it in place and renames it
/// over the session, so that write cannot fail for want of space or of a directory entry.
///
/// A reservation left by a killed process is found by its name and removed once nobody holds its lock.
final class FileWriteReservation: StoreWriteReservation, @unchecked Sendable {
    // @unchecked Sendable: `descriptor` is only read and reset while holding `lock`.
    private let lock = NSLock()
    private var descriptor: Int32
    /// The reserved file's path.
    let path: String
    /// How many bytes were allocated.
    let capacity: Int

    /// The prefix of reserved files' names, after the session file's own name.
    static let marker = ".reserved-"

    private init(descriptor: Int32, path: String, capacity: Int) {
        self.descriptor = descriptor
        self.path = path
        self.capacity = capacity
    }

    deinit { release() }

    /// Whether the reserved file is still this process's to write.
    var isHeld: Bool { lock.withLock { descriptor >= 0 } }

    /// Creates and allocates a reserved file for `sessionPath` in `directory`.
    /// - Throws: ``SessionStoreError/io(path:reason:)`` naming `sessionPath` when the directory cannot
    ///   take a new file (read-only, full, no permission) or the space cannot be allocated.
    static func make(for sessionPath: String, directory: String, capacity: Int) throws(SessionStoreError)
        -> FileWriteReservation
    {
        let name = (sessionPath as NSString).lastPathComponent
        let path = directory + "/.\(name)\(marker)\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        let fd = open(path, O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw refusal(sessionPath, errno: errno) }
        _ = flock(fd, LOCK_EX | LOCK_NB)
        let result = posix_fallocate(fd, 0, off_t(capacity))
        if result != 0 {
            close(fd)
            unlink(path)
            throw refusal(sessionPath, errno: result)
        }
        return FileWriteReservation(descriptor: fd, path: path, capacity: capacity)
    }

    private static func refusal(_ sessionPath: String, errno code: Int32) -> SessionStoreError {
        .io(
            path: sessionPath,
            reason: String(cString: strerror(code))
                + " (no room to store a refreshed session, so no refresh was sent and the stored one is kept)")
    }

    /// Writes `data` into the reserved blocks, fsyncs, renames the file over `path` and fsyncs the
    /// directory. The reservation is used up either way.
    func commit(_ data: Data, to target: String, directory: String) throws(SessionStoreError) {
        let fd: Int32 = lock.withLock {
            let fd = descriptor
            descriptor = -1
            return fd
        }
        guard fd >= 0 else { throw .io(path: target, reason: "the reserved space was already used") }
        defer { close(fd) }
        var failure: String?
        data.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let written = pwrite(fd, raw.baseAddress.map { $0 + offset }, raw.count - offset, off_t(offset))
                if written < 0 {
                    if errno == EINTR { continue }
                    failure = String(cString: strerror(errno))
                    return
                }
                offset += written
            }
        }
        // Shrinking frees blocks and never needs space.
        if failure == nil && ftruncate(fd, off_t(data.count)) != 0 { failure = String(cString: strerror(errno)) }
        if failure == nil && fsync(fd) != 0 { failure = String(cString: strerror(errno)) }
        if failure == nil && rename(path, target) != 0 { failure = String(cString: strerror(errno)) }
        if let failure {
            unlink(path)
            throw .io(path: target, reason: failure)
        }
        AtomicFile.fsyncDirectory(directory)
    }

    func release() {
        lock.withLock {
            guard descriptor >= 0 else { return }
            unlink(path)
            close(descriptor)
            descriptor = -1
        }
    }

    /// Removes the reserved files in `directory` that no live process holds (left by a killed one;
    /// once filled, they may hold tokens).
    static func removeAbandoned(in directory: String, sessionName: String) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return }
        for name in names where name.hasPrefix("." + sessionName + marker) {
            let path = directory + "/" + name
            let fd = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
            guard fd >= 0 else { continue }
            if flock(fd, LOCK_EX | LOCK_NB) == 0 { unlink(path) }
            close(fd)
        }
    }
}
