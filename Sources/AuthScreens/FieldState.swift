import TerminalKeys

/// One editable, single-line text field: its text, cursor, validation error and masking.
///
/// The cursor counts grapheme clusters (Swift `Character`s), so an emoji or a letter with a
/// combining accent is one step. Secure fields never show their text in `description` or `dump`.
public struct FieldState: Equatable, Sendable {
    /// The field's text; change it through the editing methods so the cursor stays valid.
    public private(set) var text: String
    /// The cursor position in grapheme clusters, from 0 (before the first) to `text.count` (after the last).
    public private(set) var cursor: Int
    /// The validation error shown under the field, if any.
    public var error: String?
    /// Whether the field holds a password (masked unless revealed).
    public var isSecure: Bool
    /// Whether a secure field currently shows its text (Ctrl-T while focused).
    public var isRevealed: Bool
    /// Whether the user has edited the field since it was created (an untouched empty field is not validated on blur).
    public private(set) var isEdited: Bool
    /// Whether only the digits 0-9 are taken (verification codes): other typed characters are
    /// ignored, and a paste keeps its digits ("123 456" gives "123456").
    public var acceptsDigitsOnly: Bool = false

    /// An empty field for a verification code: digits only.
    public static var digitsOnly: FieldState {
        var field = FieldState()
        field.acceptsDigitsOnly = true
        return field
    }

    /// Creates a field with `text` and the cursor at its end.
    public init(text: String = "", isSecure: Bool = false) {
        self.text = text
        self.cursor = text.count
        self.error = nil
        self.isSecure = isSecure
        self.isRevealed = false
        self.isEdited = false
    }

    /// The result of applying a key to a field.
    public enum EditResult: Equatable, Sendable {
        /// The text changed (a character typed or deleted).
        case changed
        /// Only the cursor moved (or the key had no effect at an edge).
        case moved
        /// The key is not an editing key.
        case notEditing
    }

    /// Whether the text is empty.
    public var isEmpty: Bool { text.isEmpty }

    /// What the renderer draws: the text, or one `•` per character while masked.
    public var displayText: String {
        isMasked ? String(repeating: ScreenText.maskCharacter, count: text.count) : text
    }

    /// Whether the text is hidden on screen.
    public var isMasked: Bool { isSecure && !isRevealed }

    /// Inserts text at the cursor; control characters (newlines, tabs, escapes) are dropped.
    @discardableResult
    public mutating func insert(_ string: String) -> Bool {
        let clean = String(
            string.filter { acceptsDigitsOnly ? ("0"..."9").contains($0) : !Self.isControl($0) })
        guard !clean.isEmpty else { return false }
        let split = index(at: cursor)
        let before = String(text[..<split]) + clean
        text = before + String(text[split...])
        cursor = min(before.count, text.count)
        isEdited = true
        return true
    }

    /// Deletes the character before the cursor.
    @discardableResult
    public mutating func backspace() -> Bool {
        guard cursor > 0 else { return false }
        let end = index(at: cursor)
        let start = text.index(before: end)
        text.removeSubrange(start..<end)
        cursor -= 1
        isEdited = true
        return true
    }

    /// Deletes the character under the cursor.
    @discardableResult
    public mutating func deleteForward() -> Bool {
        guard cursor < text.count else { return false }
        let start = index(at: cursor)
        text.remove(at: start)
        isEdited = true
        return true
    }

    /// Deletes everything before the cursor (Ctrl-U).
    @discardableResult
    public mutating func deleteToStart() -> Bool {
        guard cursor > 0 else { return false }
        text.removeSubrange(text.startIndex..<index(at: cursor))
        cursor = 0
        isEdited = true
        return true
    }

    /// Deletes everything from the cursor to the end (Ctrl-K).
    @discardableResult
    public mutating func deleteToEnd() -> Bool {
        guard cursor < text.count else { return false }
        text.removeSubrange(index(at: cursor)..<text.endIndex)
        isEdited = true
        return true
    }

    /// Deletes the word before the cursor, and the spaces after it (Ctrl-W, as in a shell).
    @discardableResult
    public mutating func deleteWordBackward() -> Bool {
        guard cursor > 0 else { return false }
        let characters = Array(text)
        var start = cursor
        while start > 0, characters[start - 1].isWhitespace { start -= 1 }
        while start > 0, !characters[start - 1].isWhitespace { start -= 1 }
        text.removeSubrange(index(at: start)..<index(at: cursor))
        cursor = start
        isEdited = true
        return true
    }

    /// Moves the cursor one character left.
    public mutating func moveLeft() { cursor = max(0, cursor - 1) }
    /// Moves the cursor one character right.
    public mutating func moveRight() { cursor = min(text.count, cursor + 1) }
    /// Moves the cursor to the start.
    public mutating func moveHome() { cursor = 0 }
    /// Moves the cursor to the end.
    public mutating func moveEnd() { cursor = text.count }

    /// Replaces the text (as typed by the user: the error is cleared), with the cursor at the end.
    public mutating func setText(_ newText: String) {
        text = String(newText.filter { !Self.isControl($0) })
        cursor = text.count
        error = nil
        isEdited = true
    }

    /// Wipes the text (after a password was submitted); the field counts as untouched again.
    public mutating func clear() {
        text = ""
        cursor = 0
        isRevealed = false
        isEdited = false
    }

    /// Applies an editing key, as a shell's line editor does: characters and paste insert; Backspace,
    /// Delete and Ctrl-D delete; arrows, Home/End and Ctrl-A/E/B/F move; Ctrl-U, Ctrl-K and Ctrl-W delete
    /// to the start, to the end and the word before the cursor. Other keys are left to the screen.
    public mutating func apply(_ key: Key) -> EditResult {
        switch key {
        case .character(let character): return insert(String(character)) ? .changed : .moved
        case .paste(let string): return insert(string) ? .changed : .moved
        default: break
        }
        guard let command = Self.keyBindings.command(for: key) else { return .notEditing }
        return edit(command)
    }

    private func index(at offset: Int) -> String.Index {
        text.index(text.startIndex, offsetBy: min(max(offset, 0), text.count))
    }

    private static func isControl(_ character: Character) -> Bool {
        character.unicodeScalars.contains { $0.properties.generalCategory == .control }
    }
}

extension FieldState: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// The field with a secure field's text redacted.
    public var description: String {
        let shown = isSecure ? ScreenText.redacted : "\"\(text)\""
        return "FieldState(text: \(shown), cursor: \(cursor), error: \(error.map { "\"\($0)\"" } ?? "nil"), "
            + "isSecure: \(isSecure), isRevealed: \(isRevealed))"
    }

    /// The same as ``description``.
    public var debugDescription: String { description }

    /// A mirror whose `text` child is redacted for secure fields.
    public var customMirror: Mirror {
        Mirror(
            self,
            children: [
                "text": isSecure ? ScreenText.redacted : text, "cursor": cursor, "error": error as Any,
                "isSecure": isSecure, "isRevealed": isRevealed, "isEdited": isEdited,
            ],
            displayStyle: .struct)
    }
}
