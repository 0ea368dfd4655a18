import Foundation

/// CA certificates trusted in addition to libcurl's default store (`AWS_CA_BUNDLE`).
final class ExtraTrustRoots: @unchecked Sendable {
    // @unchecked Sendable: `combined` is only read and written under `lock`; the rest is immutable.

    /// The PEM file the certificates came from.
    let path: String
    /// Its contents, checked to hold at least one PEM certificate.
    let pem: [UInt8]
    private let lock = NSLock()
    private var combined: [UInt8]?

    /// Reads and checks the PEM file at `path`.
    init(path: String) throws(ConfigurationError) {
        guard let contents = FileManager.default.contents(atPath: path) else {
            throw ConfigurationError(
                file: path, key: "AWS_CA_BUNDLE", problem: "no PEM certificate could be read from this file.",
                fix: "Point AWS_CA_BUNDLE at a readable PEM file holding the CA certificate(s), or unset it.")
        }
        let pem = Array(contents)
        // Searched in the bytes, not with `Data.range(of:)`, which goes through NSData (a twentieth
        // of a cached `latchkey token`, which checks the bundle too).
        guard pem.firstRange(of: Array("-----BEGIN CERTIFICATE-----".utf8)) != nil else {
            throw ConfigurationError(
                file: path, key: "AWS_CA_BUNDLE", problem: "the file holds no PEM certificate.",
                fix: "Point AWS_CA_BUNDLE at a PEM file holding the CA certificate(s), or unset it.")
        }
        self.path = path
        self.pem = pem
    }

    /// libcurl's default bundle followed by ``pem``, built (and libcurl loaded) on first use.
    var combinedWithDefault: [UInt8] {
        lock.lock()
        defer { lock.unlock() }
        if let combined { return combined }
        var roots: [UInt8] = []
        if let systemPath = CurlTransport.defaultCAFile(), let system = FileManager.default.contents(atPath: systemPath)
        {
            roots.append(contentsOf: system)
            roots.append(UInt8(ascii: "\n"))
        }
        roots.append(contentsOf: pem)
        combined = roots
        return roots
    }
}
