/// What a piece of text is, as opposed to how it looks: the theme maps each role to colours and attributes.
public enum ThemeRole: Int, CaseIterable, Hashable, Sendable {
    /// Ordinary text in the terminal's default colours.
    case normal
    /// Secondary text, drawn dim (half-bright).
    case dim
    /// Highlighted text (links, key names).
    case accent
    /// Titles of screens and boxes.
    case title
    /// Error messages and their marks: bold red.
    case error
    /// Success messages and met rules: bold green.
    case success
    /// Warnings that need attention: bold yellow.
    case warning
    /// Neutral information: blue (plain without colour).
    case info
    /// The element that has focus.
    case focus
    /// A text field without focus.
    case field
    /// The mask characters of a secret field.
    case masked
    /// Placeholder text in an empty field.
    case placeholder
    /// Box borders: blue (plain without colour).
    case border
    /// The filled part of a progress or expiry bar.
    case barFilled
    /// The empty part of a progress or expiry bar.
    case barEmpty
    /// The session badge on the top line while signed in and online.
    case badge
    /// What a key does in a key hint ("next" in "Tab next"): dim.
    case hint
    /// Key names in key hints.
    case hintKey
    /// A selected list row: reverse video, with or without colour.
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
    package var colorPair: Int16 { Int16(rawValue + 1) }
}
