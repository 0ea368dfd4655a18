/// A cell position: row and column, both zero-based from the top left.
public struct Position: Hashable, Sendable {
    /// The row, from 0 at the top.
    public var row: Int
    /// The column, from 0 at the left.
    public var column: Int

    /// The position at `row`, `column` (zero-based; not clamped, so it may lie outside a grid).
    public init(row: Int, column: Int) {
        self.row = row
        self.column = column
    }
}
