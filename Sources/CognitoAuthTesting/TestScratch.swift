import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Scratch directories for tests: all under one root per test process, removed when that process
/// exits, so a test run leaves nothing behind in the temporary directory.
///
/// The root is `$TMPDIR/lk-tests-<pid>`. A process killed before it could clean up (a hang stopped
/// by the watchdog, `kill -9`) leaves its root behind; the next test process removes every root
/// whose process is gone the first time it asks for a directory.
public enum TestScratch {
    private static let prefix = "lk-tests-"

    /// The root for this process, created (mode 0700) on first use.
    public static let root: String = {
        let temporary = FileManager.default.temporaryDirectory.path
        sweepStaleRoots(in: temporary)
        let path = temporary + "/" + prefix + "\(getpid())"
        try? FileManager.default.createDirectory(
            atPath: path, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        atexit { try? FileManager.default.removeItem(atPath: TestScratch.root) }
        return path
    }()

    /// A new, empty directory under ``root`` whose name starts with `name`.
    public static func directory(_ name: String) throws -> String {
        let path = root + "/\(name)-\(UInt32.random(in: 0...UInt32.max))"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// A path under ``root`` that does not exist yet (for a directory the code under test creates).
    public static func path(_ name: String) -> String {
        root + "/\(name)-\(UInt32.random(in: 0...UInt32.max))"
    }

    /// Removes the roots of test processes that no longer run.
    static func sweepStaleRoots(in temporary: String) {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: temporary)) ?? []
        for name in names where name.hasPrefix(prefix) {
            guard let pid = pid_t(name.dropFirst(prefix.count)), pid != getpid() else { continue }
            if kill(pid, 0) != 0 && errno == ESRCH {
                try? FileManager.default.removeItem(atPath: temporary + "/" + name)
            }
        }
    }
}
