import Foundation

#if canImport(Glibc)
    // `struct stat` members resolve through CoreFoundation's re-export on Linux (MemberImportVisibility).
    import CoreFoundation
    import CDispatch
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The session in a file of mode 0600 inside a directory of mode 0700, written atomically.
///
/// A write goes to a temporary file in the same directory, is fsynced, then renamed over the old
/// file, and the directory is fsynced: a crash at any moment leaves the old or the new session,
/// never a torn one. An advisory `flock` on `session.lock` serialises writers across processes.
public struct FileSessionStore: SessionStore {
    /// The directory holding the session.
    public let directory: String
    /// The session file's path, `<directory>/session.json`.
    public let path: String
    private var lockPath: String { directory + "/session.lock" }

    /// Creates a store in `directory` (created with mode 0700 on first write).
    public init(directory: String, lockTimeout: Duration = FileSessionStore.defaultLockTimeout) {
        self.directory = directory
        self.path = directory + "/session.json"
        self.lockTimeout = lockTimeout
    }

    /// The default directory: `$LATCHKEY_STORE_DIR`, else `$XDG_DATA_HOME/latchkey`, else `~/.local/share/latchkey`.
    public static func defaultDirectory(environment: [String: String]) -> String {
        if let explicit = environment["LATCHKEY_STORE_DIR"], !explicit.isEmpty { return explicit }
        let dataHome =
            environment["XDG_DATA_HOME"].flatMap { $0.isEmpty ? nil : $0 }
            ?? ((environment["HOME"] ?? NSHomeDirectory()) + "/.local/share")
        return dataHome + "/latchkey"
    }

    /// Fails with ``SessionStoreError/unsafe(path:reason:)`` when `directory` exists but another user
    /// owns it or others can write to it (as ssh refuses `~/.ssh`); a missing directory is fine.
    public static func checkDirectory(_ directory: String) throws(SessionStoreError) {
        try StoreDirectory.checkExisting(directory)
    }

    /// Makes a `session.json` in `directory` that others may read (mode 0644) private again (0600), as
    /// ssh insists on for a private key, and returns the warning to show; nil when there was nothing to
    /// fix. Only a regular file the user owns is changed; anything else is left to ``load()`` to refuse.
    public static func restrictSessionFileMode(in directory: String) -> String? {
        let path = directory + "/session.json"
        let fd = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_uid == geteuid(),
            info.st_mode & 0o077 != 0
        else { return nil }
        let old = String(info.st_mode & 0o7777, radix: 8)
        guard fchmod(fd, 0o600) == 0 else {
            return "warning: \(path) can be read by other users (mode \(old)) and its mode cannot be changed "
                + "(\(String(cString: strerror(errno)))). Run `chmod 600 \(path)`."
        }
        return "warning: \(path) could be read by other users (mode \(old)); it is now 0600. "
            + "Anyone who read it may hold the refresh token: `latchkey sign-out --global` revokes it."
    }

    /// How long a write waits for another process's lock; a command with a deadline passes a bound
    /// no longer than its own (`token --retry-seconds`), so it never waits past it.
    public var lockTimeout: Duration

    /// How long a store waits for another process's lock unless told otherwise.
    public static let defaultLockTimeout: Duration = .seconds(10)

    /// The most a session file may hold; a larger one is treated as corrupt.
    static let maximumSize = 4 << 20

    /// Where the session lives, for `status`, with the file's real mode.
    public var location: String {
        guard let mode = StoreDirectory.mode(of: path) else { return "file \(path) (plain text; none stored now)" }
        return "file \(path) (plain text, mode \(String(format: "%04o", mode)))"
    }

    /// Loads the session. A file that is corrupt or not a regular file is moved aside and reported; a
    /// directory or file owned by someone else, or writable by others, is refused (never read).
    public func load() throws(SessionStoreError) -> PersistedSession? {
        try StoreDirectory.checkExisting(directory)
        let data: Data
        switch try StoreDirectory.readRegularFile(path, cap: Self.maximumSize) {
        case .absent: return nil
        case .notRegular(let kind): throw moveAside(reason: "it is \(kind), not a regular file")
        case .contents(let contents): data = contents
        }
        if data.count > Self.maximumSize { throw moveAside(reason: "it is larger than 4 MiB") }
        guard let session = PersistedSession.decoded(from: data) else {
            throw moveAside(reason: data.isEmpty ? "the file is empty" : "it is not a valid session record")
        }
        return session
    }

    /// Moves the unreadable file aside (never deletes it) and returns the error that says where.
    private func moveAside(reason: String) -> SessionStoreError {
        // Unique per move, so two corrupt files in the same second are both kept.
        let stamp = Int(Date().timeIntervalSince1970 * 1000)
        let aside = path + ".corrupt-\(stamp)-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        let moved = rename(path, aside) == 0 ? aside : nil
        return .corrupt(movedTo: moved, reason: reason)
    }

    /// The files that earlier loads moved aside (they may still hold tokens).
    public var corruptFiles: [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return names.filter { $0.hasPrefix("session.json.corrupt-") }.sorted().map { directory + "/" + $0 }
    }

    /// Writes the session atomically under the cross-process lock; nil removes the file (and any
    /// files earlier loads moved aside as corrupt, which may hold tokens).
    public func save(_ session: PersistedSession?, when condition: SessionStoreWriteCondition) throws(SessionStoreError)
        -> SessionStoreWriteResult
    {
        try StoreDirectory.ensure(directory)
        let data: Data?
        if let session {
            guard let record = session.encodedRecord() else {
                throw .io(path: path, reason: "the session could not be encoded")
            }
            data = record
        } else {
            data = nil
        }
        return try StoreDirectory.withLock(lockPath, timeout: lockTimeout) { () throws(SessionStoreError) in
            if case .unchangedSince(let expected?) = condition {
                let current = changeStamp()
                if current != expected { return .conflict(stamp: current) }
            }
            // Temporary files are only created under this lock, so any found now were left by a writer
            // that was killed mid-write; they may hold tokens, so remove them.
            removeStaleTemporaryFiles()
            if let data {
                if let reserved = reservation.take() {
                    try reserved.commit(data, to: path, directory: directory)
                } else {
                    try AtomicFile.replace(with: data, at: path, directory: directory)
                }
                // A record without tokens (a sign-out) also removes the sessions earlier loads moved
                // aside as corrupt: they may still hold tokens.
                if session?.tokens == nil { for file in corruptFiles { unlink(file) } }
            } else {
                if unlink(path) != 0 && errno != ENOENT {
                    throw .io(path: path, reason: String(cString: strerror(errno)))
                }
                for file in corruptFiles { unlink(file) }
                fsyncDirectory()
            }
            return .written(stamp: changeStamp())
        }
    }

    /// The refresh lock, `refresh.lock` beside the session (see ``SessionStore/refreshLock(timeout:)``).
    public func refreshLock(timeout: Duration) async throws(SessionStoreError) -> (any HeldStoreLock)? {
        try await FileLock.acquire(directory + "/refresh.lock", directory: directory, timeout: timeout)
    }

    /// Creates, under the session lock, a temporary file beside the session with its blocks
    /// allocated (twice the current session's size, at least 16 KiB); the next ``save(_:when:)``
    /// writes into it in place, so that write cannot fail for want of space (see
    /// ``SessionStore/reserveWrite()``). Throws when the directory cannot take it (full, read-only).
    public func reserveWrite() throws(SessionStoreError) -> (any StoreWriteReservation)? {
        try StoreDirectory.ensure(directory)
        let current = Int(StoreDirectory.regularFileSize(path) ?? 0)
        let capacity = min(max(2 * current, 16 * 1024), Self.maximumSize)
        return try StoreDirectory.withLock(lockPath, timeout: lockTimeout) {
            () throws(SessionStoreError) -> (any StoreWriteReservation)? in
            FileWriteReservation.removeAbandoned(in: directory, sessionName: "session.json")
            let reserved = try FileWriteReservation.make(for: path, directory: directory, capacity: capacity)
            reservation.put(reserved)
            return reserved
        }
    }

    /// The file's modification time and inode, which change with every atomic replace.
    public func changeStamp() -> String? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return "absent" }
        #if canImport(Darwin)
            let time = info.st_mtimespec
        #else
            let time = info.st_mtim
        #endif
        let key = StampKey(
            inode: UInt64(truncatingIfNeeded: info.st_ino), seconds: Int64(time.tv_sec),
            nanoseconds: Int64(time.tv_nsec), size: Int64(info.st_size))
        // getTokens checks the stamp on every call: the text is built only when the file changed.
        return stampCache.text(for: key)
    }

    private let stampCache = StampCache()
    private let reservation = ReservationSlot()

    private func removeStaleTemporaryFiles() {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return }
        for name in names where name.hasPrefix(".session.json.tmp-") {
            unlink(directory + "/" + name)
        }
        FileWriteReservation.removeAbandoned(in: directory, sessionName: "session.json")
    }

    private func fsyncDirectory() {
        let fd = open(directory, O_RDONLY | O_CLOEXEC)
        if fd >= 0 {
            _ = fsync(fd)
            close(fd)
        }
    }
}

/// The fields of `stat` that make a file store's change stamp.
struct StampKey: Hashable, Sendable {
    var inode: UInt64
    var seconds: Int64
    var nanoseconds: Int64
    var size: Int64
}

/// The last stamp's text, so that an unchanged file costs one `lstat` and a comparison.
final class StampCache: @unchecked Sendable {
    // @unchecked Sendable: `last` is read and written only while holding `lock`.
    private let lock = NSLock()
    private var last: (key: StampKey, text: String)?

    func text(for key: StampKey) -> String {
        lock.withLock {
            if let last, last.key == key { return last.text }
            let text = "\(key.inode)-\(key.seconds)-\(key.nanoseconds)-\(key.size)"
            last = (key, text)
            return text
        }
    }
}

/// The reservation this process holds for the store's next write, if any.
final class ReservationSlot: @unchecked Sendable {
    // @unchecked Sendable: `held` is read and written only while holding `lock`.
    private let lock = NSLock()
    private weak var held: FileWriteReservation?

    func put(_ reservation: FileWriteReservation) { lock.withLock { held = reservation } }

    /// The reservation, once: the write that takes it uses it up.
    func take() -> FileWriteReservation? {
        lock.withLock {
            defer { held = nil }
            guard let held, held.isHeld else { return nil }
            return held
        }
    }
}
