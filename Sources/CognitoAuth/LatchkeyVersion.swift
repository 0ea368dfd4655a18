import CBuildInfo

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The version of Latchkey, kept in one place: `latchkey --version`, `latchkey version` and the
/// `User-Agent` of every request read it from here.
package enum LatchkeyVersion {
    /// The version of the source, such as `0.1.0`; what an unstamped build reports.
    package static let base = "0.2.0"

    /// The version string: the one `Scripts/release` stamped into the build (from `git describe`,
    /// such as `0.1.0-3-gabc1234`), else ``base``.
    package static let current: String = {
        let stamped = String(cString: lk_build_version())
        return stamped.isEmpty ? base : stamped
    }()

    /// The `User-Agent`: Latchkey, its version and the operating system, such as
    /// `latchkey/0.1.0 (Linux; x86_64)`, so that a pool's session list (`DeviceType`) names the device.
    package static let userAgent: String = "latchkey/\(current) (\(operatingSystem); \(machine))"

    /// The operating system's name, as user agents name it.
    package static var operatingSystem: String {
        #if os(Linux)
            return "Linux"
        #elseif os(macOS)
            return "macOS"
        #elseif os(FreeBSD)
            return "FreeBSD"
        #else
            return "unknown"
        #endif
    }

    /// The machine's architecture (`uname -m`), such as `x86_64` or `arm64`.
    package static var machine: String {
        var names = utsname()
        guard uname(&names) == 0 else { return "unknown" }
        let text = withUnsafeBytes(of: &names.machine) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
        let safe = text.unicodeScalars.allSatisfy {
            $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_" || $0 == "-")
        }
        return text.isEmpty || !safe ? "unknown" : text
    }
}
