/// A key press (or terminal event) decoded from the terminal's input.
public enum Key: Hashable, Sendable {
    /// A printable character typed, one Unicode scalar per key as the terminal sends it.
    case character(Character)
    /// Enter or Return: CR, LF (Ctrl-M, Ctrl-J) or the keypad's `KEY_ENTER`.
    case enter
    /// Tab (also Ctrl-I): forms move the focus forward with it.
    case tab
    /// Shift-Tab (`KEY_BTAB`): forms move the focus back with it.
    case backTab
    /// Escape (also the first half of an Alt chord, which is never combined: see ``KeyDecoder``).
    case escape
    /// Backspace, whichever the terminal sends for it: DEL, Ctrl-H or `KEY_BACKSPACE`.
    case backspace
    /// Forward delete (`KEY_DC`): deletes the grapheme under the cursor.
    case delete
    /// The up arrow: usually moves the focus or the selection up.
    case up
    /// The down arrow: usually moves the focus or the selection down.
    case down
    /// The left arrow: usually moves the cursor one grapheme left.
    case left
    /// The right arrow: usually moves the cursor one grapheme right.
    case right
    /// Home: the start of a field or list.
    case home
    /// End: the end of a field or list.
    case end
    /// Page Up: scrolls a list or log back by a page.
    case pageUp
    /// Page Down: scrolls a list or log forward by a page.
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
    /// Input the decoder does not map: a C1 control, an unknown key code, a paste end without a start.
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
