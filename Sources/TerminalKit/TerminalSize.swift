/// The size of a terminal or grid in cells.
public struct TerminalSize: Hashable, Sendable {
    /// Columns.
    public var columns: Int
    /// Rows.
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
