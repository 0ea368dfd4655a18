/// The size of a terminal or grid in cells.
public struct TerminalSize: Hashable, Sendable {
    /// The width in columns (cells), never negative.
    public var columns: Int
    /// The height in rows (lines), never negative.
    public var rows: Int

    /// Creates a size; negative values become 0.
    public init(columns: Int, rows: Int) {
        self.columns = max(0, columns)
        self.rows = max(0, rows)
    }

    /// Whether the size is at least `minimum` in both directions.
    public func fits(_ minimum: TerminalSize) -> Bool {
        columns >= minimum.columns && rows >= minimum.rows
    }
}
