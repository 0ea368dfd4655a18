/// A key press (or a paste) as the view models see it; the renderer maps its terminal keys to these.
public enum InputKey: Hashable, Sendable {
    /// A printable character.
    case character(Character)
    /// Enter / Return.
    case enter
    /// Tab.
    case tab
    /// Shift-Tab.
    case backTab
    /// Esc.
    case escape
    /// Backspace (also Ctrl-H).
    case backspace
    /// Forward delete.
    case delete
    /// Arrow up.
    case up
    /// Arrow down.
    case down
    /// Arrow left.
    case left
    /// Arrow right.
    case right
    /// Home.
    case home
    /// End.
    case end
    /// Page up.
    case pageUp
    /// Page down.
    case pageDown
    /// A control chord such as Ctrl-C or Ctrl-T; the character is compared case-insensitively.
    case ctrl(Character)
    /// Text pasted in one piece (bracketed paste).
    case paste(String)
    /// A function key, such as F1 (`function(1)`).
    case function(Int)

    /// Whether this is the Ctrl chord with `letter`, ignoring case.
    public func isCtrl(_ letter: Character) -> Bool {
        if case .ctrl(let character) = self { return character.lowercased() == letter.lowercased() }
        return false
    }

    /// Whether this is the printable character `character`.
    public func isCharacter(_ character: Character) -> Bool {
        if case .character(let typed) = self { return typed == character }
        return false
    }
}
