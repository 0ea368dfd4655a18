/// The line characters of a box.
public struct BoxCharacters: Hashable, Sendable {
    /// Top-left, top-right, bottom-left and bottom-right corners.
    public var topLeft, topRight, bottomLeft, bottomRight: Character
    /// Horizontal and vertical lines.
    public var horizontal, vertical: Character

    /// Creates a set of box characters.
    public init(
        topLeft: Character, topRight: Character, bottomLeft: Character, bottomRight: Character,
        horizontal: Character, vertical: Character
    ) {
        self.topLeft = topLeft
        self.topRight = topRight
        self.bottomLeft = bottomLeft
        self.bottomRight = bottomRight
        self.horizontal = horizontal
        self.vertical = vertical
    }

    /// Unicode light box drawing: ┌─┐ │ └─┘.
    public static let light = BoxCharacters(
        topLeft: "┌", topRight: "┐", bottomLeft: "└", bottomRight: "┘", horizontal: "─", vertical: "│")
    /// Light lines with rounded corners: ╭─╮ │ ╰─╯.
    public static let rounded = BoxCharacters(
        topLeft: "╭", topRight: "╮", bottomLeft: "╰", bottomRight: "╯", horizontal: "─", vertical: "│")
}

extension CellGrid {
    /// Fills a rectangle (clipped to the grid) with one grapheme.
    public mutating func fill(
        _ rect: Rect, with character: Character = " ", style: CellStyle = .plain
    ) {
        let area = rect.intersection(bounds)
        guard !area.isEmpty else { return }
        let columns = max(1, TextWidth.width(of: TextWidth.displayable(character)))
        for row in area.row..<area.bottom {
            var column = area.column
            while column + columns <= area.right {
                put(character, row: row, column: column, style: style)
                column += columns
            }
            while column < area.right {
                put(" ", row: row, column: column, style: style)
                column += 1
            }
        }
    }

    /// Fills the whole grid with blanks of the given style.
    public mutating func clear(style: CellStyle = .plain) {
        fill(bounds, style: style)
    }

    /// Draws a horizontal line of `width` columns.
    public mutating func drawHorizontalLine(
        row: Int, column: Int, width: Int, character: Character = "─", style: CellStyle = .init(.border)
    ) {
        fill(Rect(row: row, column: column, width: width, height: 1), with: character, style: style)
    }

    /// Draws the border of a rectangle with box characters, and an optional title set into the
    /// top border ("┌─ Title ───┐"), cut with "…" when it does not fit.
    public mutating func drawBox(
        _ rect: Rect, title: String? = nil, style: CellStyle = .init(.border),
        titleStyle: CellStyle = .init(.title, .bold), characters: BoxCharacters = .light
    ) {
        guard rect.width >= 2, rect.height >= 2 else { return }
        let top = rect.row
        let bottom = rect.bottom - 1
        let left = rect.column
        let right = rect.right - 1
        for column in (left + 1)..<right {
            put(characters.horizontal, row: top, column: column, style: style)
            put(characters.horizontal, row: bottom, column: column, style: style)
        }
        for row in (top + 1)..<bottom {
            put(characters.vertical, row: row, column: left, style: style)
            put(characters.vertical, row: row, column: right, style: style)
        }
        put(characters.topLeft, row: top, column: left, style: style)
        put(characters.topRight, row: top, column: right, style: style)
        put(characters.bottomLeft, row: bottom, column: left, style: style)
        put(characters.bottomRight, row: bottom, column: right, style: style)
        if let title, !title.isEmpty, rect.width >= 5 {
            let room = rect.width - 4
            let shown = " " + TextWidth.truncate(title, toWidth: room - 2) + " "
            write(shown, row: top, column: left + 2, style: titleStyle, maxWidth: room)
        }
    }
}
