/// What a piece of text is, as opposed to how it looks: the theme maps each role to colours
/// and attributes.
public enum ThemeRole: Int, CaseIterable, Hashable, Sendable {
    /// Ordinary text.
    case normal
    /// Secondary text.
    case dim
    /// Highlighted text (links, key names).
    case accent
    /// Titles of screens and boxes.
    case title
    /// Errors.
    case error
    /// Success messages.
    case success
    /// Warnings.
    case warning
    /// Neutral information.
    case info
    /// The element that has focus.
    case focus
    /// A text field without focus.
    case field
    /// The mask characters of a secret field.
    case masked
    /// Placeholder text in an empty field.
    case placeholder
    /// Box borders.
    case border
    /// The filled part of a progress or expiry bar.
    case barFilled
    /// The empty part of a progress or expiry bar.
    case barEmpty
    /// The session badge on the top line while signed in and online.
    case badge
    /// Key-hint descriptions.
    case hint
    /// Key names in key hints.
    case hintKey
    /// A selected row.
    case selection
    /// The modules of a QR code.
    case qrCode
    /// The session badge when signed out or a guest.
    case badgeNeutral
    /// The session badge when offline.
    case badgeWarning
    /// The session badge when the user must sign in again.
    case badgeError

    /// The curses colour pair number this role uses (1-based; 0 is the terminal's default).
    public var colorPair: Int16 { Int16(rawValue + 1) }
}
