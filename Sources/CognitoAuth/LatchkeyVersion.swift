import CBuildInfo

/// The version of Latchkey, kept in one place: `latchkey --version`, `latchkey version` and the
/// `User-Agent` of every request read it from here.
public enum LatchkeyVersion {
    /// The version of the source, such as `0.1.0`; what an unstamped build reports.
    public static let base = "0.1.0"

    /// The version string: the one `Scripts/release` stamped into the build (from `git describe`,
    /// such as `0.1.0-3-gabc1234`), else ``base``.
    public static let current: String = {
        let stamped = String(cString: lk_build_version())
        return stamped.isEmpty ? base : stamped
    }()

    /// The `User-Agent` product token, such as `latchkey/0.1.0`.
    public static var userAgent: String { "latchkey/\(current)" }
}
