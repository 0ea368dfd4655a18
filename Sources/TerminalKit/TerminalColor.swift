/// One of the eight standard terminal colours, or the terminal's own default.
public enum TerminalColor: Int16, CaseIterable, Hashable, Sendable {
    /// The terminal's default foreground or background.
    case `default` = -1
    /// Black (curses colour 0).
    case black = 0
    /// Red (curses colour 1).
    case red
    /// Green (curses colour 2).
    case green
    /// Yellow (curses colour 3; brown on some consoles).
    case yellow
    /// Blue (curses colour 4).
    case blue
    /// Magenta (curses colour 5).
    case magenta
    /// Cyan (curses colour 6).
    case cyan
    /// White (curses colour 7; light grey on many terminals).
    case white
}
