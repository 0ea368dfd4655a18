/// The value and cursor of an editable single-line text field.
///
/// The cursor counts graphemes (0 is before the first, ``count`` after the last), so a
/// combining accent or an emoji moves and deletes as one. ``cursorColumn`` gives the cursor's
/// display column by ``TextWidth``. Inserted text loses control characters and line breaks.
public struct TextEditing: Hashable, Sendable {
    /// The graphemes of the value.
    public private(set) var characters: [Character]
    /// The cursor, in graphemes from the start (0...count).
    public private(set) var cursor: Int
    /// The most graphemes the value may hold, if limited.
    public var maximumLength: Int?

    /// Creates a value with the cursor at `cursor` (at the end when nil).
    public init(_ text: String = "", cursor: Int? = nil, maximumLength: Int? = nil) {
        var characters = Self.sanitized(text)
        if let maximumLength, characters.count > maximumLength {
            characters = Array(characters.prefix(maximumLength))
        }
        self.characters = characters
        self.cursor = min(max(0, cursor ?? characters.count), characters.count)
        self.maximumLength = maximumLength
    }

    /// The value as a string.
    public var text: String { String(characters) }
    /// The number of graphemes.
    public var count: Int { characters.count }
    /// Whether the value is empty.
    public var isEmpty: Bool { characters.isEmpty }

    /// The display column of the cursor: the width of the graphemes before it.
    public var cursorColumn: Int {
        TextWidth.width(of: String(characters[..<cursor]))
    }

    /// Moves the cursor to a grapheme index (clamped).
    public mutating func moveCursor(to index: Int) {
        cursor = min(max(0, index), characters.count)
    }

    /// Inserts text at the cursor (typing or pasting) and moves the cursor after it.
    ///
    /// Line breaks and control characters are dropped and tabs become spaces. A combining
    /// mark typed after a letter joins it, so the cursor stays on grapheme boundaries.
    public mutating func insert(_ text: String) {
        var inserted = Self.sanitized(text)
        if let maximumLength {
            inserted = Array(inserted.prefix(max(0, maximumLength - characters.count)))
        }
        guard !inserted.isEmpty else { return }
        let before = String(characters[..<cursor]) + String(inserted)
        let after = String(characters[cursor...])
        // Re-split the whole value: grapheme boundaries can move where the parts meet (a
        // combining mark joins the letter before it), and the cursor must stay on one.
        characters = Array(before + after)
        cursor = min(before.count, characters.count)
    }

    /// Inserts one grapheme at the cursor.
    public mutating func insert(_ character: Character) {
        insert(String(character))
    }

    /// Deletes the grapheme before the cursor.
    public mutating func backspace() {
        guard cursor > 0 else { return }
        characters.remove(at: cursor - 1)
        cursor -= 1
    }

    /// Deletes the grapheme after the cursor.
    public mutating func deleteForward() {
        guard cursor < characters.count else { return }
        characters.remove(at: cursor)
    }

    /// Moves the cursor one grapheme left.
    public mutating func moveLeft() { moveCursor(to: cursor - 1) }
    /// Moves the cursor one grapheme right.
    public mutating func moveRight() { moveCursor(to: cursor + 1) }
    /// Moves the cursor to the start (Home, Ctrl-A).
    public mutating func moveToStart() { cursor = 0 }
    /// Moves the cursor to the end (End, Ctrl-E).
    public mutating func moveToEnd() { cursor = characters.count }

    /// Deletes from the start to the cursor (Ctrl-U).
    public mutating func deleteToStart() {
        characters.removeSubrange(0..<cursor)
        cursor = 0
    }

    /// Deletes from the cursor to the end (Ctrl-K).
    public mutating func deleteToEnd() {
        characters.removeSubrange(cursor...)
    }

    /// Deletes the word before the cursor and the spaces after it (Ctrl-W), as a shell does:
    /// words are separated by whitespace.
    public mutating func deleteWordBackward() {
        var start = cursor
        while start > 0, characters[start - 1].isWhitespace { start -= 1 }
        while start > 0, !characters[start - 1].isWhitespace { start -= 1 }
        characters.removeSubrange(start..<cursor)
        cursor = start
    }

    /// Replaces the whole value and puts the cursor at its end.
    public mutating func setText(_ text: String) {
        self = TextEditing(text, maximumLength: maximumLength)
    }

    /// The graphemes kept from inserted text.
    static func sanitized(_ text: String) -> [Character] {
        var result: [Character] = []
        for character in text {
            if character == "\t" {
                result.append(" ")
            } else if TextWidth.isPrintable(character), !character.isNewline {
                result.append(character)
            }
        }
        return result
    }
}
