/// One of the eight standard terminal colours, or the terminal's own default.
public enum TerminalColor: Int16, CaseIterable, Hashable, Sendable {
    /// The terminal's default foreground or background.
    case `default` = -1
    /// Black (curses colour 0).
    case black = 0
    /// Red.
    case red
    /// Green.
    case green
    /// Yellow.
    case yellow
    /// Blue.
    case blue
    /// Magenta.
    case magenta
    /// Cyan.
    case cyan
    /// White.
    case white
}
