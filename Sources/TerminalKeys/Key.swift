/// A key press (or terminal event) decoded from the terminal's input.
public enum Key: Hashable, Sendable {
    /// A printable grapheme.
    case character(Character)
    /// Enter or Return.
    case enter
    /// Tab.
    case tab
    /// Shift-Tab.
    case backTab
    /// Escape (also the first half of an Alt chord, which is never combined: see ``KeyDecoder``).
    case escape
    /// Backspace (also Ctrl-H).
    case backspace
    /// Forward delete.
    case delete
    /// Up arrow.
    case up
    /// Down arrow.
    case down
    /// Left arrow.
    case left
    /// Right arrow.
    case right
    /// Home.
    case home
    /// End.
    case end
    /// Page Up.
    case pageUp
    /// Page Down.
    case pageDown
    /// A control chord, with the lower-case letter or the punctuation: Ctrl-A is `ctrl("a")`.
    case ctrl(Character)
    /// A function key: F1 is `function(1)`.
    case function(Int)
    /// The terminal was resized.
    case resize
    /// Text pasted in one piece (bracketed paste).
    case paste(String)
    /// A left-button press at a cell (mouse reporting on; see ``CursesTerminal/Options/mouse``).
    case mouse(row: Int, column: Int)
    /// Anything else.
    case unknown
}

extension Key {
    /// Whether this is the Ctrl chord with `letter`, ignoring case (`ctrl("T")` and `ctrl("t")` match `"t"`).
    public func isCtrl(_ letter: Character) -> Bool {
        if case .ctrl(let character) = self { return character.lowercased() == letter.lowercased() }
        return false
    }

    /// Whether this is the printable character `character`, compared exactly.
    public func isCharacter(_ character: Character) -> Bool {
        if case .character(let typed) = self { return typed == character }
        return false
    }
}
