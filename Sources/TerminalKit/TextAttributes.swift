/// Text attributes that do not depend on colour: bold, reverse video, underline, dim.
public struct TextAttributes: OptionSet, Hashable, Sendable {
    /// The raw bit set.
    public let rawValue: UInt8

    /// Creates attributes from their raw bits.
    public init(rawValue: UInt8) {
        self.rawValue = rawValue
    }

    /// Bold (or bright) text.
    public static let bold = TextAttributes(rawValue: 1 << 0)
    /// Foreground and background swapped.
    public static let reverse = TextAttributes(rawValue: 1 << 1)
    /// Underlined text (text fields use it to show their extent).
    public static let underline = TextAttributes(rawValue: 1 << 2)
    /// Half-bright text, for secondary text and hints; some terminals ignore it.
    public static let dim = TextAttributes(rawValue: 1 << 3)
}
