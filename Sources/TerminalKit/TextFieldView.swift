/// Draws a single-line text field: its value (or its mask), a placeholder when empty, a focus
/// style, and horizontal scrolling that keeps the cursor visible.
///
/// Scrolling is measured in display columns (``TextWidth``): when the text is wider than the
/// field, the view shows the part that ends at the cursor. The field keeps no state of its
/// own: the value and the cursor come from the caller's editing model (the view models' field).
public struct TextFieldView: Widget, Hashable, Sendable {
    /// The field's value as typed (shown masked when ``isMasked``).
    public var text: String
    /// The cursor, in graphemes from the start (clamped to `0...text.count` when drawn).
    public var cursor: Int
    /// The text shown, dimmed, while the value is empty.
    public var placeholder: String
    /// Whether each grapheme is shown as ``maskCharacter``.
    public var isMasked: Bool
    /// Whether the field has focus (focus style, cursor shown).
    public var isFocused: Bool
    /// The grapheme shown for each masked grapheme.
    public var maskCharacter: Character

    /// Creates a field view.
    public init(
        text: String, cursor: Int? = nil, placeholder: String = "", isMasked: Bool = false,
        isFocused: Bool = false, maskCharacter: Character = "•"
    ) {
        self.text = text
        self.cursor = cursor ?? text.count
        self.placeholder = placeholder
        self.isMasked = isMasked
        self.isFocused = isFocused
        self.maskCharacter = maskCharacter
    }

    /// What the field shows in a given width.
    public struct Layout: Hashable, Sendable {
        /// The graphemes shown, from the first visible one.
        public var visibleText: String
        /// The index (in graphemes) of the first visible one.
        public var firstVisibleIndex: Int
        /// The cursor's column relative to the field's left edge.
        public var cursorColumn: Int
    }

    /// The graphemes displayed for the value (masked or not).
    public var displayedCharacters: [Character] {
        isMasked ? Array(repeating: maskCharacter, count: text.count) : Array(text)
    }

    /// Computes which part of the value is visible in `width` columns and where the cursor is.
    public func layout(width: Int) -> Layout {
        let characters = displayedCharacters
        let widths = characters.map { max(1, TextWidth.width(of: TextWidth.displayable($0))) }
        let cursor = min(max(0, self.cursor), characters.count)
        guard width > 0 else {
            return Layout(visibleText: "", firstVisibleIndex: cursor, cursorColumn: 0)
        }
        // The cursor needs its own cell: the grapheme under it, or one column past the end.
        let cursorCell = cursor < widths.count ? widths[cursor] : 1
        var start = 0
        var beforeCursor = widths[0..<cursor].reduce(0, +)
        while start < cursor, beforeCursor + cursorCell > width {
            beforeCursor -= widths[start]
            start += 1
        }
        var visible = ""
        var used = 0
        var index = start
        while index < characters.count, used + widths[index] <= width {
            visible.append(characters[index])
            used += widths[index]
            index += 1
        }
        return Layout(
            visibleText: visible, firstVisibleIndex: start, cursorColumn: min(beforeCursor, width - 1))
    }

    /// Where the terminal cursor goes when the field is drawn in `rect`; nil without focus.
    public func cursorPosition(in rect: Rect) -> Position? {
        guard isFocused, rect.width > 0, rect.height > 0 else { return nil }
        return Position(row: rect.row, column: rect.column + layout(width: rect.width).cursorColumn)
    }

    /// Draws the field on the first row of `rect`.
    public func draw(into grid: inout CellGrid, in rect: Rect) {
        guard rect.width > 0, rect.height > 0 else { return }
        let fieldStyle = isFocused ? CellStyle(.focus) : CellStyle(.field)
        let row = Rect(row: rect.row, column: rect.column, width: rect.width, height: 1)
        grid.fill(row, style: fieldStyle)
        if text.isEmpty {
            if !placeholder.isEmpty {
                let placeholderStyle = CellStyle(.placeholder, isFocused ? [] : [.underline])
                grid.write(
                    TextWidth.truncate(placeholder, toWidth: rect.width), row: rect.row, column: rect.column,
                    style: placeholderStyle, maxWidth: rect.width)
            }
            return
        }
        let textStyle =
            isFocused ? fieldStyle : (isMasked ? CellStyle(.masked, .underline) : fieldStyle)
        let displayed = String(displayedCharacters)
        guard isFocused else {
            // Without focus the field shows its start, with "…" where the rest is cut off.
            grid.write(
                TextWidth.truncate(displayed, toWidth: rect.width), row: rect.row, column: rect.column,
                style: textStyle, maxWidth: rect.width)
            return
        }
        let shown = layout(width: rect.width)
        grid.write(shown.visibleText, row: rect.row, column: rect.column, style: textStyle, maxWidth: rect.width)
        if shown.firstVisibleIndex > 0, shown.cursorColumn > 1, let first = shown.visibleText.first {
            // Scrolled: "…" over the first visible cell (and a space after it for a wide grapheme)
            // says that the text goes on to the left.
            let firstWidth = TextWidth.width(of: TextWidth.displayable(first))
            grid.write(
                firstWidth == 2 ? "… " : "…", row: rect.row, column: rect.column, style: textStyle)
        }
    }
}
