import Foundation

#if canImport(Glibc)
    // `struct stat` members resolve through CoreFoundation's re-export on Linux (MemberImportVisibility).
    import CoreFoundation
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
    /// The session file.
    public var path: String { directory + "/session.json" }
    private var lockPath: String { directory + "/session.lock" }

    /// Creates a store in `directory` (created with mode 0700 on first write).
    public init(directory: String) {
        self.directory = directory
    }

    /// The default directory: `$LATCHKEY_STORE_DIR`, else `$XDG_DATA_HOME/latchkey`, else `~/.local/share/latchkey`.
    public static func defaultDirectory(environment: [String: String]) -> String {
        if let explicit = environment["LATCHKEY_STORE_DIR"], !explicit.isEmpty { return explicit }
        let dataHome =
            environment["XDG_DATA_HOME"].flatMap { $0.isEmpty ? nil : $0 }
            ?? ((environment["HOME"] ?? NSHomeDirectory()) + "/.local/share")
        return dataHome + "/latchkey"
    }

    /// Where the session lives, for `status`.
    public var location: String { "file \(path) (plain text, mode 0600)" }

    /// Loads the session; a corrupt file is moved aside and reported.
    public func load() throws(SessionStoreError) -> PersistedSession? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        if fd < 0 {
            if errno == ENOENT { return nil }
            throw .io(path: path, reason: String(cString: strerror(errno)))
        }
        defer { close(fd) }
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 16 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw .io(path: path, reason: String(cString: strerror(errno)))
            }
            if count == 0 { break }
            data.append(contentsOf: buffer[0..<count])
            if data.count > 4 << 20 { break }
        }
        do {
            let decoder = JSONDecoder()
            decoder.dateDecodingStrategy = .secondsSince1970
            return try decoder.decode(PersistedSession.self, from: data)
        } catch {
            // Unique per move, so two corrupt files in the same second are both kept.
            let stamp = Int(Date().timeIntervalSince1970 * 1000)
            let aside = path + ".corrupt-\(stamp)-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
            let moved = rename(path, aside) == 0 ? aside : nil
            throw .corrupt(
                movedTo: moved, reason: data.isEmpty ? "the file is empty" : "it is not a valid session record")
        }
    }

    /// Writes the session atomically under the cross-process lock; nil removes the file.
    public func save(_ session: PersistedSession?) throws(SessionStoreError) {
        try ensureDirectory()
        let lockFD = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard lockFD >= 0 else { throw .io(path: lockPath, reason: String(cString: strerror(errno))) }
        defer { close(lockFD) }
        while flock(lockFD, LOCK_EX) != 0 {
            if errno != EINTR { throw .io(path: lockPath, reason: String(cString: strerror(errno))) }
        }
        defer { _ = flock(lockFD, LOCK_UN) }

        // Temporary files are only created under this lock, so any found now were left by a writer
        // that was killed mid-write; they may hold tokens, so remove them.
        removeStaleTemporaryFiles()
        guard let session else {
            if unlink(path) != 0 && errno != ENOENT {
                throw .io(path: path, reason: String(cString: strerror(errno)))
            }
            fsyncDirectory()
            return
        }
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .secondsSince1970
        encoder.outputFormatting = [.sortedKeys]
        let data: Data
        do { data = try encoder.encode(session) } catch {
            throw .io(path: path, reason: "the session could not be encoded")
        }
        try AtomicFile.replace(with: data, at: path, directory: directory)
    }

    /// The file's modification time and inode, which change with every atomic replace.
    public func changeStamp() -> String? {
        var info = stat()
        guard stat(path, &info) == 0 else { return "absent" }
        #if canImport(Darwin)
            let time = info.st_mtimespec
        #else
            let time = info.st_mtim
        #endif
        return "\(info.st_ino)-\(time.tv_sec)-\(time.tv_nsec)-\(info.st_size)"
    }

    private func ensureDirectory() throws(SessionStoreError) {
        var info = stat()
        if stat(directory, &info) == 0 {
            if info.st_mode & 0o077 != 0 { _ = chmod(directory, 0o700) }
            return
        }
        // Create parents with default permissions, the store directory itself with 0700.
        let parent = (directory as NSString).deletingLastPathComponent
        if !parent.isEmpty {
            try? FileManager.default.createDirectory(atPath: parent, withIntermediateDirectories: true)
        }
        if mkdir(directory, 0o700) != 0 && errno != EEXIST {
            throw .io(path: directory, reason: String(cString: strerror(errno)))
        }
        _ = chmod(directory, 0o700)
    }

    private func removeStaleTemporaryFiles() {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return }
        for name in names where name.hasPrefix(".session.json.tmp-") {
            unlink(directory + "/" + name)
        }
    }

    private func fsyncDirectory() {
        let fd = open(directory, O_RDONLY | O_CLOEXEC)
        if fd >= 0 {
            _ = fsync(fd)
            close(fd)
        }
    }
}
