/// An off-screen grid of cells that widgets draw into and the terminal presents.
///
/// Writes are clipped to the grid. A two-column grapheme takes its cell and a continuation cell
/// to its right; overwriting either half of one blanks the other half, so the grid never holds
/// half a wide character. Widths come from ``TextWidth``.
public struct CellGrid: Hashable, Sendable {
    /// The width in columns.
    public let width: Int
    /// The height in rows.
    public let height: Int
    /// The cells, row by row.
    public private(set) var cells: [Cell]
    /// Where the renderer drew clickable things (for mouse clicks); empty unless a view records them.
    public var mouseMap = MouseMap()

    /// Creates a grid filled with `fill`.
    public init(width: Int, height: Int, fill: Cell = .blank) {
        self.width = max(0, width)
        self.height = max(0, height)
        var filler = fill
        if filler.isContinuation || filler.width != 1 { filler = .blank }
        self.cells = Array(repeating: filler, count: self.width * self.height)
    }

    /// Creates a grid of the given size filled with blanks.
    public init(size: TerminalSize) {
        self.init(width: size.columns, height: size.rows)
    }

    /// The grid's width and height as a ``TerminalSize``.
    public var size: TerminalSize { TerminalSize(columns: width, rows: height) }

    /// The grid's bounds as a rectangle at the origin.
    public var bounds: Rect { Rect(row: 0, column: 0, width: width, height: height) }

    /// The cell at a position; a blank outside the grid.
    public subscript(row: Int, column: Int) -> Cell {
        guard contains(row: row, column: column) else { return .blank }
        return cells[row * width + column]
    }

    /// Whether the position is inside the grid.
    public func contains(row: Int, column: Int) -> Bool {
        row >= 0 && row < height && column >= 0 && column < width
    }

    /// Places one grapheme at a position and returns the columns it advances (0, 1 or 2).
    ///
    /// Unprintable graphemes are drawn as U+FFFD; zero-width ones are not drawn and advance 0.
    /// A wide grapheme that would cross the grid's left or right edge leaves a space in the visible
    /// column instead.
    @discardableResult
    public mutating func put(_ character: Character, row: Int, column: Int, style: CellStyle = .plain)
        -> Int
    {
        let drawn = TextWidth.displayable(character)
        let columns = TextWidth.width(of: drawn)
        guard columns > 0 else { return 0 }
        guard row >= 0 && row < height else { return columns }
        if columns == 2 && (column < 0 || column + 1 >= width) {
            // Half of the grapheme would be off the grid: show a space in the visible half.
            if column >= 0 && column < width { setSingle(" ", row: row, column: column, style: style) }
            if column + 1 >= 0 && column + 1 < width {
                setSingle(" ", row: row, column: column + 1, style: style)
            }
            return columns
        }
        guard column >= 0 && column < width else { return columns }
        if columns == 1 {
            setSingle(drawn, row: row, column: column, style: style)
        } else {
            clearOverlaps(row: row, from: column, to: column + 1)
            cells[row * width + column] = Cell(drawn, style: style)
            cells[row * width + column + 1] = .continuation(style: style)
        }
        return columns
    }

    /// Writes text from a position, left to right, and returns the columns it advanced.
    ///
    /// Writing stops at the grid's right edge and before the first grapheme that would pass
    /// `maxWidth` columns. Zero-width graphemes that Swift does not join to the grapheme
    /// before them (such as a lone U+200B) are skipped.
    @discardableResult
    public mutating func write(
        _ text: some StringProtocol, row: Int, column: Int, style: CellStyle = .plain,
        maxWidth: Int? = nil
    ) -> Int {
        let limit = maxWidth ?? Int.max
        var used = 0
        for character in text {
            let columns = TextWidth.width(of: TextWidth.displayable(character))
            if columns == 0 { continue }
            if used + columns > limit || column + used >= width { break }
            put(character, row: row, column: column + used, style: style)
            used += columns
        }
        return used
    }

    /// Sets one cell to a one-column grapheme, blanking the other half of any wide grapheme it overlaps.
    private mutating func setSingle(_ character: Character, row: Int, column: Int, style: CellStyle) {
        clearOverlaps(row: row, from: column, to: column)
        cells[row * width + column] = Cell(character, style: style)
    }

    /// Blanks the halves of wide graphemes that stick out of `from...to` on this row.
    private mutating func clearOverlaps(row: Int, from first: Int, to last: Int) {
        let base = row * width
        if cells[base + first].isContinuation, first > 0 {
            cells[base + first - 1] = Cell(" ", style: cells[base + first - 1].style)
        }
        if last + 1 < width, cells[base + last + 1].isContinuation {
            cells[base + last + 1] = Cell(" ", style: cells[base + last + 1].style)
        }
    }
}

extension CellGrid {
    /// Replaces each cell's character by `transform`'s answer (which must be as wide).
    mutating func mapCharacters(_ transform: (Cell) -> Character) {
        for index in cells.indices {
            let replacement = transform(cells[index])
            if replacement != cells[index].character { cells[index].character = replacement }
        }
    }
}
