import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Editing the AWS config file on disk (rel-3 R11): under a lock, through a symlink to its target, keeping
/// the file's owner, group and mode, at most ``AWSConfigProfile/maximumFileBytes``, and read back after
/// writing.
extension AWSConfigProfile {
    /// The largest config file Latchkey reads and rewrites (4 MiB).
    public static let maximumFileBytes = 4 << 20

    /// Installs into the file at `path` (created with its directory, mode 0700, when missing), first copying
    /// the old file to `path.latchkey-backup`. Writes only when the text changes.
    public func install(at path: String) throws(Failure) -> Outcome {
        let written = try edit(path, expecting: 1) { old throws(Failure) in
            let new = try installing(into: old ?? "", path: path)
            return new == old ? nil : new
        }
        return written ? .written : .unchanged
    }

    /// Removes Latchkey's block for this name from the file at `path` (after the same backup).
    public func uninstall(at path: String) throws(Failure) -> Outcome {
        // Nothing to remove from a file that is not there: no directory or lock file is made for it.
        guard FileManager.default.fileExists(atPath: try ConfigFile.resolve(path)) else { return .absent }
        let written = try edit(path, expecting: 0) { old throws(Failure) in old.flatMap { uninstalling(from: $0) } }
        return written ? .written : .absent
    }

    /// Reads, changes and writes the file under `<file>.lock`; true when it was written. After writing, the
    /// file is read back and must hold `count` sections for this profile, else the old text is put back.
    private func edit(
        _ path: String, expecting count: Int, _ change: (String?) throws(Failure) -> String?
    ) throws(Failure) -> Bool {
        let target = try ConfigFile.resolve(path)
        let directory =
            (target as NSString).deletingLastPathComponent.isEmpty
            ? "." : (target as NSString).deletingLastPathComponent
        try ConfigFile.makeDirectory(directory, for: path)
        let lock = try ConfigFile.lock(target + ".lock", directory: directory, for: path)
        defer { close(lock) }
        let old = try ConfigFile.load(target, shownAs: path)
        guard let new = try change(old?.text) else { return false }
        let owner = old?.owner ?? ConfigFile.newFileOwner(directory: directory)
        if let old { try ConfigFile.save(old.text, to: target + ".latchkey-backup", owner: owner, shownAs: path) }
        try ConfigFile.save(new, to: target, owner: owner, shownAs: path)
        do {
            try checkReadsBack(try ConfigFile.load(target, shownAs: path)?.text ?? "", path: path, expecting: count)
        } catch {
            try? ConfigFile.save(old?.text ?? "", to: target, owner: owner, shownAs: path)
            throw error
        }
        return true
    }
}

/// The system calls behind ``AWSConfigProfile``'s file edits.
enum ConfigFile {
    /// Who owns a file and its permission bits.
    struct Owner {
        var uid: uid_t
        var gid: gid_t
        var mode: mode_t
    }

    /// The file's text and owner.
    struct Contents {
        var text: String
        var owner: Owner
    }

    /// The file `path` names, following symlinks (at most 16): the link's target is edited, never replaced
    /// by a file. A link to nothing is refused.
    static func resolve(_ path: String) throws(AWSConfigProfile.Failure) -> String {
        var current = path
        for _ in 0..<16 {
            var info = stat()
            guard lstat(current, &info) == 0 else {
                if errno == ENOENT && current == path { return path }
                throw .refused(path: path, reason: "it is a symbolic link to \(current), which does not exist")
            }
            guard info.st_mode & S_IFMT == S_IFLNK else { return current }
            guard let destination = try? FileManager.default.destinationOfSymbolicLink(atPath: current) else {
                throw .io(path: path, reason: "its symbolic link cannot be read")
            }
            current =
                destination.hasPrefix("/")
                ? destination : (current as NSString).deletingLastPathComponent + "/" + destination
        }
        throw .refused(path: path, reason: "its symbolic links go round in a loop")
    }

    static func makeDirectory(_ directory: String, for path: String) throws(AWSConfigProfile.Failure) {
        guard !FileManager.default.fileExists(atPath: directory) else { return }
        do {
            try FileManager.default.createDirectory(
                atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw .io(path: path, reason: "its directory cannot be created")
        }
    }

    /// Takes `flock(LOCK_EX)` on `lockPath` (mode 0644, so every user of the file can take it), waiting
    /// at most 20 s; returns the descriptor that holds it.
    static func lock(_ lockPath: String, directory: String, for path: String) throws(AWSConfigProfile.Failure)
        -> Int32
    {
        let fd = open(lockPath, O_RDONLY | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard fd >= 0 else {
            throw .io(path: path, reason: "its lock file cannot be opened (\(String(cString: strerror(errno))))")
        }
        if geteuid() == 0 {
            let owner = newFileOwner(directory: directory)
            _ = fchown(fd, owner.uid, owner.gid)
        }
        let deadline = ContinuousClock.now + .seconds(20)
        while flock(fd, LOCK_EX | LOCK_NB) != 0 {
            guard errno == EWOULDBLOCK || errno == EINTR, ContinuousClock.now < deadline else {
                close(fd)
                throw .io(path: path, reason: "another process held \(lockPath) for 20 s")
            }
            usleep(20_000)
        }
        return fd
    }

    /// The owner a new file gets: this user, mode 0600; when run as root, the directory's owner and group.
    static func newFileOwner(directory: String) -> Owner {
        var info = stat()
        if geteuid() == 0, stat(directory, &info) == 0 {
            return Owner(uid: info.st_uid, gid: info.st_gid, mode: 0o600)
        }
        return Owner(uid: geteuid(), gid: getegid(), mode: 0o600)
    }

    /// The file's text and owner, nil when it does not exist. Refuses a file that is not regular, larger
    /// than ``AWSConfigProfile/maximumFileBytes``, or (unless run as root) owned by another user.
    static func load(_ target: String, shownAs path: String) throws(AWSConfigProfile.Failure) -> Contents? {
        let fd = open(target, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else {
            if errno == ENOENT { return nil }
            throw .io(path: path, reason: "it cannot be read (\(String(cString: strerror(errno))))")
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            throw .io(path: path, reason: "it is not a regular file")
        }
        guard info.st_uid == geteuid() || geteuid() == 0 else {
            throw .refused(path: path, reason: "it belongs to another user (uid \(info.st_uid))")
        }
        let limit = AWSConfigProfile.maximumFileBytes
        guard info.st_size <= limit else {
            throw .refused(path: path, reason: "it is larger than \(limit >> 20) MiB")
        }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while bytes.count <= limit {
            let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count >= 0 else { throw .io(path: path, reason: "it cannot be read") }
            if count == 0 { break }
            bytes += buffer[0..<count]
        }
        guard bytes.count <= limit else { throw .refused(path: path, reason: "it is larger than \(limit >> 20) MiB") }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw .io(path: path, reason: "it is not UTF-8 text")
        }
        return Contents(text: text, owner: Owner(uid: info.st_uid, gid: info.st_gid, mode: info.st_mode & 0o7777))
    }

    /// Replaces `target` with `text` through a temporary file in its directory that gets `owner`'s uid, gid
    /// and mode before it is renamed over it: a crash leaves the old or the new file.
    static func save(_ text: String, to target: String, owner: Owner, shownAs path: String)
        throws(AWSConfigProfile.Failure)
    {
        let directory =
            (target as NSString).deletingLastPathComponent.isEmpty
            ? "." : (target as NSString).deletingLastPathComponent
        let name = (target as NSString).lastPathComponent
        let temporary = directory + "/.\(name).tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw .io(path: path, reason: String(cString: strerror(errno))) }
        let bytes = Array(text.utf8)
        var offset = 0
        var failure: String?
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else {
                failure = String(cString: strerror(errno))
                break
            }
            offset += written
        }
        // Root keeps the user's owner and group (`sudo -E`); a user keeps the group when allowed to.
        if failure == nil, owner.uid != geteuid() || owner.gid != getegid(), fchown(fd, owner.uid, owner.gid) != 0,
            geteuid() == 0
        {
            failure = "its owner cannot be kept (\(String(cString: strerror(errno))))"
        }
        if failure == nil, fchmod(fd, owner.mode) != 0 || fsync(fd) != 0 { failure = String(cString: strerror(errno)) }
        close(fd)
        if failure == nil, rename(temporary, target) != 0 { failure = String(cString: strerror(errno)) }
        if let failure {
            unlink(temporary)
            throw .io(path: path, reason: failure)
        }
        AtomicFile.fsyncDirectory(directory)
    }
}
