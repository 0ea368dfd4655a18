import Foundation

#if canImport(Glibc)
    // `struct stat`'s initialiser and members resolve through these re-exports on Linux (MemberImportVisibility).
    import CoreFoundation
    import CDispatch
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// CA certificates trusted in addition to libcurl's default store (`AWS_CA_BUNDLE`).
///
/// Nothing is read until ``combinedWithDefault()`` is first called, when a TLS request is about to
/// be made; the file is then read once (at most ``maximumSize`` bytes, regular files only) and the
/// result, or the error, is kept for the process's later requests.
final class ExtraTrustRoots: @unchecked Sendable {
    // @unchecked Sendable: `loaded` is only read and written under `lock`; `path` is immutable.

    /// The PEM file the certificates come from.
    let path: String
    /// The largest bundle read: the whole Mozilla store is about 220 KiB.
    static let maximumSize = 4 * 1024 * 1024
    private let lock = NSLock()
    private var loaded: Result<[UInt8], ConfigurationError>?

    /// Names the PEM file at `path`; it is read on first use.
    init(path: String) {
        self.path = path
    }

    /// libcurl's default bundle followed by the file's certificates, read and checked on first use.
    ///
    /// Throws a ``ConfigurationError`` naming `AWS_CA_BUNDLE` when the file is missing, not a regular
    /// file, larger than ``maximumSize`` or holds no PEM certificate.
    func combinedWithDefault() throws(ConfigurationError) -> [UInt8] {
        lock.lock()
        defer { lock.unlock() }
        if loaded == nil {
            loaded = Result { () throws(ConfigurationError) -> [UInt8] in
                let pem = try Self.readBundle(path)
                var roots: [UInt8] = []
                if let systemPath = CurlTransport.defaultCAFile(),
                    let system = FileManager.default.contents(atPath: systemPath)
                {
                    roots.append(contentsOf: system)
                    roots.append(UInt8(ascii: "\n"))
                }
                roots.append(contentsOf: pem)
                return roots
            }
        }
        switch loaded {
        case .success(let roots): return roots
        case .failure(let error): throw error
        case nil: return []
        }
    }

    /// The PEM bytes of the bundle at `path`, checked to hold a certificate.
    static func readBundle(_ path: String) throws(ConfigurationError) -> [UInt8] {
        func refused(_ problem: String, _ fix: String? = nil) -> ConfigurationError {
            ConfigurationError(
                file: path, key: "AWS_CA_BUNDLE", problem: problem,
                fix: fix ?? "Point AWS_CA_BUNDLE at a readable PEM file holding the CA certificate(s), or unset it.")
        }
        // O_NONBLOCK: a FIFO in its place cannot hang the request.
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else {
            throw refused("no PEM certificate could be read from this file (\(String(cString: strerror(errno)))).")
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            throw refused("this is not a regular file, so no PEM certificate could be read from it.")
        }
        let tooLarge = refused(
            "the file is larger than \(maximumSize / (1024 * 1024)) MiB; a CA bundle is a few hundred KiB at most.",
            "Point AWS_CA_BUNDLE at the PEM file of the CA certificate(s) you need, or unset it.")
        guard info.st_size <= off_t(maximumSize) else { throw tooLarge }
        var pem: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while pem.count <= maximumSize {
            let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw refused("the file cannot be read (\(String(cString: strerror(errno)))).")
            }
            if count == 0 { break }
            pem.append(contentsOf: buffer[0..<count])
        }
        guard pem.count <= maximumSize else { throw tooLarge }
        // Searched in the bytes, not with `Data.range(of:)`, which goes through NSData.
        guard pem.firstRange(of: Array("-----BEGIN CERTIFICATE-----".utf8)) != nil else {
            throw refused(
                "the file holds no PEM certificate.",
                "Point AWS_CA_BUNDLE at a PEM file holding the CA certificate(s), or unset it.")
        }
        return pem
    }
}
