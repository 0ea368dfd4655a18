import Foundation

#if canImport(Glibc)
    // `struct stat`'s initialiser and members resolve through these re-exports on Linux (MemberImportVisibility).
    import CoreFoundation
    import CDispatch
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The rules every session store applies to its directory and files, as ssh does for `~/.ssh`.
///
/// - A store directory that does not exist is created with mode 0700 (its parents with the default
///   mode). An existing one is never changed: it is used only when the user owns it and nobody
///   else can write to it; otherwise the store refuses with ``SessionStoreError/unsafe(path:reason:)``.
/// - Files are opened with `O_NOFOLLOW | O_NONBLOCK` and checked with `fstat`: only regular files
///   owned by the user and not writable by others are read, so a FIFO cannot hang a command and a
///   symbolic link cannot send a read or a lock elsewhere.
/// - The cross-process lock is taken with `LOCK_NB` in a loop bounded by a timeout, so a process
///   stopped while holding it delays the others by that bound at most.
enum StoreDirectory {
    /// How long a writer waits for the lock before failing with ``SessionStoreError/busy(path:seconds:)``.
    static let defaultLockTimeout: Duration = FileSessionStore.defaultLockTimeout

    /// Fails unless `directory`, when it exists, is a directory owned by the user that nobody else can write.
    static func checkExisting(_ directory: String) throws(SessionStoreError) {
        var info = stat()
        guard stat(directory, &info) == 0 else {
            if errno == ENOENT || errno == ENOTDIR { return }
            throw .io(path: directory, reason: String(cString: strerror(errno)))
        }
        guard info.st_mode & S_IFMT == S_IFDIR else {
            throw .unsafe(path: directory, reason: "it is not a directory")
        }
        try checkOwnerAndMode(info, path: directory, what: "the store directory")
    }

    /// Creates `directory` with mode 0700 (parents with the default mode), or checks an existing one.
    static func ensure(_ directory: String) throws(SessionStoreError) {
        guard !directory.isEmpty else { throw .io(path: "\"\"", reason: "the store directory is empty") }
        var info = stat()
        if stat(directory, &info) == 0 {
            try checkExisting(directory)
            return
        }
        let parent = (directory as NSString).deletingLastPathComponent
        // An account directory (`ROOT/accounts/account-N`) is made only by adding the account; once
        // removed (signed out), a command still in flight for it must not bring it back.
        if (parent as NSString).lastPathComponent == "accounts",
            AccountDirectory.isValidID((directory as NSString).lastPathComponent)
        {
            throw .io(path: directory, reason: "the account was removed (signed out) meanwhile")
        }
        if !parent.isEmpty, parent != directory {
            do {
                try FileManager.default.createDirectory(atPath: parent, withIntermediateDirectories: true)
            } catch {
                throw .io(path: parent, reason: "the parent directory cannot be created")
            }
        }
        if mkdir(directory, 0o700) != 0 && errno != EEXIST {
            throw .io(path: directory, reason: String(cString: strerror(errno)))
        }
        try checkExisting(directory)
    }

    /// Refuses a file or directory that another user owns or that others can write.
    static func checkOwnerAndMode(_ info: stat, path: String, what: String) throws(SessionStoreError) {
        let mode = info.st_mode & 0o7777
        if info.st_uid != geteuid() {
            throw .unsafe(path: path, reason: "\(what) belongs to another user (uid \(info.st_uid))")
        }
        // A sticky world-writable directory (/tmp) is still one where others can plant files.
        if mode & 0o022 != 0 {
            throw .unsafe(
                path: path, reason: "\(what) can be written by other users (mode \(String(mode, radix: 8)))")
        }
    }

    /// What a file read from the store turned out to be.
    enum ReadResult {
        case absent
        case contents(Data)
        /// Not a regular file (a FIFO, a directory, a symbolic link, a device): named for the message.
        case notRegular(String)
    }

    /// Reads at most `cap` bytes of a regular file owned by the user, never blocking on a FIFO and
    /// never following a symbolic link.
    static func readRegularFile(_ path: String, cap: Int) throws(SessionStoreError) -> ReadResult {
        let fd = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        if fd < 0 {
            switch errno {
            case ENOENT: return .absent
            case ELOOP: return .notRegular("a symbolic link")
            case ENXIO: return .notRegular("a socket or a FIFO")
            default: throw .io(path: path, reason: String(cString: strerror(errno)))
            }
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw .io(path: path, reason: String(cString: strerror(errno))) }
        guard info.st_mode & S_IFMT == S_IFREG else { return .notRegular(kind(info)) }
        try checkOwnerAndMode(info, path: path, what: "the session file")
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 16 * 1024)
        while data.count <= cap {
            let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw .io(path: path, reason: String(cString: strerror(errno)))
            }
            if count == 0 { break }
            data.append(contentsOf: buffer[0..<count])
        }
        return .contents(data)
    }

    /// The size of `path` when it is a regular file (not following a final symbolic link); nil otherwise.
    static func regularFileSize(_ path: String) -> Int64? {
        var info = stat()
        guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        return Int64(info.st_size)
    }

    /// A file's mode bits, for `status` (nil when it cannot be read).
    static func mode(of path: String) -> mode_t? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        return info.st_mode & 0o7777
    }

    /// Runs `body` holding the exclusive advisory lock on `lockPath`, waiting at most `timeout` for it.
    static func withLock<T>(
        _ lockPath: String, timeout: Duration, _ body: () throws(SessionStoreError) -> T
    ) throws(SessionStoreError) -> T {
        let fd = open(lockPath, O_RDWR | O_CREAT | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, 0o600)
        guard fd >= 0 else {
            if errno == ELOOP { throw .unsafe(path: lockPath, reason: "the lock file is a symbolic link") }
            throw .io(path: lockPath, reason: String(cString: strerror(errno)))
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw .io(path: lockPath, reason: String(cString: strerror(errno))) }
        guard info.st_mode & S_IFMT == S_IFREG else {
            throw .unsafe(path: lockPath, reason: "the lock file is \(kind(info)), not a regular file")
        }
        try checkOwnerAndMode(info, path: lockPath, what: "the lock file")
        let clock = ContinuousClock()
        let deadline = clock.now + timeout
        while flock(fd, LOCK_EX | LOCK_NB) != 0 {
            guard errno == EWOULDBLOCK || errno == EINTR else {
                throw .io(path: lockPath, reason: String(cString: strerror(errno)))
            }
            if clock.now >= deadline {
                let seconds = Double(timeout.components.seconds) + Double(timeout.components.attoseconds) / 1e18
                throw .busy(path: lockPath, seconds: seconds)
            }
            usleep(5_000)
        }
        defer { _ = flock(fd, LOCK_UN) }
        return try body()
    }

    private static func kind(_ info: stat) -> String {
        switch info.st_mode & S_IFMT {
        case S_IFDIR: return "a directory"
        case S_IFIFO: return "a FIFO"
        case S_IFSOCK: return "a socket"
        case S_IFCHR, S_IFBLK: return "a device"
        case S_IFLNK: return "a symbolic link"
        default: return "not a regular file"
        }
    }
}

/// An advisory `flock` on a file, held until released.
final class FileLock: HeldStoreLock, @unchecked Sendable {
    // @unchecked Sendable: `descriptor` is only read and reset while holding `lock`.
    private let lock = NSLock()
    private var descriptor: Int32

    private init(descriptor: Int32) { self.descriptor = descriptor }

    deinit { release() }

    func release() {
        lock.withLock {
            guard descriptor >= 0 else { return }
            _ = flock(descriptor, LOCK_UN)
            close(descriptor)
            descriptor = -1
        }
    }

    /// Takes the lock on `path` (created 0600 in a checked directory), polling without blocking a
    /// thread. Throws ``SessionStoreError/busy(path:seconds:)`` when another process held it past
    /// `timeout`, and another ``SessionStoreError`` when the file cannot be used (cancellation too:
    /// the caller is gone).
    static func acquire(_ path: String, directory: String, timeout: Duration) async throws(SessionStoreError)
        -> FileLock
    {
        try StoreDirectory.ensure(directory)
        let fd = open(path, O_RDWR | O_CREAT | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, 0o600)
        guard fd >= 0 else {
            if errno == ELOOP { throw .unsafe(path: path, reason: "the lock file is a symbolic link") }
            throw .io(path: path, reason: String(cString: strerror(errno)))
        }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            close(fd)
            throw .unsafe(path: path, reason: "the lock file is not a regular file")
        }
        do {
            try StoreDirectory.checkOwnerAndMode(info, path: path, what: "the refresh lock")
        } catch {
            close(fd)
            throw error
        }
        let clock = ContinuousClock()
        let deadline = clock.now + timeout
        while flock(fd, LOCK_EX | LOCK_NB) != 0 {
            guard errno == EWOULDBLOCK || errno == EINTR else {
                let reason = String(cString: strerror(errno))
                close(fd)
                throw .io(path: path, reason: reason)
            }
            if Task.isCancelled {
                close(fd)
                throw .io(path: path, reason: "the wait for the lock was cancelled")
            }
            if clock.now >= deadline {
                close(fd)
                let seconds = Double(timeout.components.seconds) + Double(timeout.components.attoseconds) / 1e18
                throw .busy(path: path, seconds: seconds)
            }
            try? await Task.sleep(for: .milliseconds(5))
        }
        return FileLock(descriptor: fd)
    }
}
