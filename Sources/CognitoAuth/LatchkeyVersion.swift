import CBuildInfo

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

    /// The `User-Agent` product token, such as `latchkey/0.1.0`.
    package static var userAgent: String { "latchkey/\(current)" }
}
