import CognitoAuth
import Foundation
import LatchkeyText

#if canImport(Glibc)
    import CoreFoundation
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The files `serve-credentials` writes: the bearer token (`--token-file`) and the ready file (`--ready-file`).
enum TokenFile {
    /// Writes `token` to `path` (mode 0600, never through a link) and returns the descriptor that holds its
    /// `flock` while the endpoint serves.
    ///
    /// A file already at `path` is replaced only when it is a stale token of this user (rel-3 R9): a regular
    /// file of this uid, mode 0600, one link, holding exactly 64 lower-case hex digits (a token), that no
    /// running `serve-credentials` holds locked. Anything else is refused (exit 2), so a file another user
    /// planted, or any other file, is never used.
    static func write(_ token: String, to path: String) throws -> Int32 {
        var fd = open(path, O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        if fd < 0 && errno == EEXIST { fd = try openStale(path) }
        guard fd >= 0 else { throw failure(path, String(cString: strerror(errno))) }
        guard flock(fd, LOCK_EX | LOCK_NB) == 0 else {
            close(fd)
            throw failure(path, "another latchkey serve-credentials is using it")
        }
        let bytes = Array(token.utf8)
        guard ftruncate(fd, 0) == 0, bytes.withUnsafeBytes({ pwrite(fd, $0.baseAddress, $0.count, 0) }) == bytes.count
        else {
            let reason = String(cString: strerror(errno))
            close(fd)
            unlink(path)
            throw CLIFailure(
                code: 5,
                message: Localized.format(
                    \.cliServeCredentialsTokenFileFailed, ["path": TerminalText.sanitized(path), "reason": reason]))
        }
        return fd
    }

    /// The existing file at `path`, opened and locked, when it is a stale token of this user; else throws.
    private static func openStale(_ path: String) throws -> Int32 {
        let fd = open(path, O_RDWR | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { throw failure(path, String(cString: strerror(errno))) }
        var info = stat()
        var content = [UInt8](repeating: 0, count: 65)
        let count = content.withUnsafeMutableBytes { pread(fd, $0.baseAddress, $0.count, 0) }
        let isToken =
            count == 64 && content[0..<64].allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_uid == getuid(),
            info.st_mode & 0o7777 == 0o600, info.st_nlink == 1, isToken
        else {
            close(fd)
            throw failure(path, "it exists and is not a token file a stopped latchkey serve-credentials left")
        }
        guard flock(fd, LOCK_EX | LOCK_NB) == 0 else {
            close(fd)
            throw failure(path, "another latchkey serve-credentials is using it")
        }
        return fd
    }

    /// Writes `text` to `path` through a new 0600 file renamed over it, so whoever waits for the file sees
    /// it whole or not at all.
    static func writeReady(_ text: String, to path: String) throws {
        let directory = (path as NSString).deletingLastPathComponent
        let temporary =
            (directory.isEmpty ? "." : directory) + "/.latchkey-ready-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw readyFailure(path, String(cString: strerror(errno))) }
        let bytes = Array(text.utf8)
        let written = bytes.withUnsafeBytes { systemWrite(fd, $0.baseAddress, $0.count) }
        close(fd)
        guard written == bytes.count, rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw readyFailure(path, reason)
        }
    }

    private static func readyFailure(_ path: String, _ reason: String) -> CLIFailure {
        CLIFailure(
            code: 2,
            message: Localized.format(
                \.cliServeCredentialsReadyFileFailed, ["path": TerminalText.sanitized(path), "reason": reason]))
    }

    private static func failure(_ path: String, _ reason: String) -> CLIFailure {
        CLIFailure(
            code: 2,
            message: Localized.format(
                \.cliServeCredentialsTokenFileFailed, ["path": TerminalText.sanitized(path), "reason": reason]))
    }
}

/// `write(2)`, named apart from `TokenFile.write`.
private func systemWrite(_ fd: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
    write(fd, buffer, count)
}
