/// A rectangle of cells.
public struct Rect: Hashable, Sendable {
    /// The top row, from 0 at the top of the grid.
    public var row: Int
    /// The left column, from 0 at the left of the grid.
    public var column: Int
    /// The width in columns.
    public var width: Int
    /// The height in rows.
    public var height: Int

    /// Creates a rectangle; a negative width or height becomes 0.
    public init(row: Int, column: Int, width: Int, height: Int) {
        self.row = row
        self.column = column
        self.width = max(0, width)
        self.height = max(0, height)
    }

    /// The rectangle at the origin with the given size.
    public init(size: TerminalSize) {
        self.init(row: 0, column: 0, width: size.columns, height: size.rows)
    }

    /// The row below the last one.
    public var bottom: Int { row + height }
    /// The column right of the last one.
    public var right: Int { column + width }
    /// Whether the rectangle has no cells.
    public var isEmpty: Bool { width == 0 || height == 0 }

    /// This rectangle shrunk by the given margins on each side.
    public func inset(top: Int = 0, left: Int = 0, bottom: Int = 0, right: Int = 0) -> Rect {
        Rect(
            row: row + top, column: column + left, width: width - left - right,
            height: height - top - bottom)
    }

    /// This rectangle shrunk by `amount` on every side.
    public func inset(by amount: Int) -> Rect {
        inset(top: amount, left: amount, bottom: amount, right: amount)
    }

    /// A rectangle of the given size centred in this one (clamped to this one's size).
    public func centered(width: Int, height: Int) -> Rect {
        let w = min(width, self.width)
        let h = min(height, self.height)
        return Rect(
            row: row + (self.height - h) / 2, column: column + (self.width - w) / 2, width: w, height: h)
    }

    /// The overlap of two rectangles (empty when they do not meet).
    public func intersection(_ other: Rect) -> Rect {
        let top = max(row, other.row)
        let left = max(column, other.column)
        return Rect(
            row: top, column: left, width: min(right, other.right) - left,
            height: min(bottom, other.bottom) - top)
    }

    /// Whether the position lies inside the rectangle.
    public func contains(_ position: Position) -> Bool {
        position.row >= row && position.row < bottom && position.column >= column
            && position.column < right
    }
}
