import Foundation

#if canImport(Glibc)
    import CoreFoundation
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Crash-safe file replacement, shared by the session stores.
enum AtomicFile {
    /// Writes `data` to a temporary file of mode 0600 beside `path`, fsyncs it, renames it over
    /// `path` and fsyncs the directory: a crash leaves the old or the new content.
    static func replace(with data: Data, at path: String, directory: String) throws(SessionStoreError) {
        let name = (path as NSString).lastPathComponent
        let temporary = directory + "/.\(name).tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw .io(path: temporary, reason: String(cString: strerror(errno))) }
        var failure: String?
        data.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let written = write(fd, raw.baseAddress.map { $0 + offset }, raw.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    failure = String(cString: strerror(errno))
                    return
                }
                offset += written
            }
        }
        if failure == nil && fsync(fd) != 0 { failure = String(cString: strerror(errno)) }
        close(fd)
        if let failure {
            unlink(temporary)
            throw .io(path: path, reason: failure)
        }
        if rename(temporary, path) != 0 {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw .io(path: path, reason: reason)
        }
        fsyncDirectory(directory)
    }

    /// Fsyncs `directory`, so that a rename in it survives a crash.
    static func fsyncDirectory(_ directory: String) {
        let directoryFD = open(directory, O_RDONLY | O_CLOEXEC)
        if directoryFD >= 0 {
            _ = fsync(directoryFD)
            close(directoryFD)
        }
    }
}
