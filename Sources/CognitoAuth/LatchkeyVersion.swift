/// The version of Latchkey, kept in one place: `latchkey --version`, `latchkey version` and the
/// `User-Agent` of every request read it from here.
public enum LatchkeyVersion {
    /// The version string, such as `0.1.0`.
    public static let current = "0.1.0"

    /// The `User-Agent` product token, such as `latchkey/0.1.0`.
    public static var userAgent: String { "latchkey/\(current)" }
}
