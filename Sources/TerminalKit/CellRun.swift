/// A run of changed cells on one row, as returned by ``CellGrid/diff(from:)``.
public struct CellRun: Hashable, Sendable {
    /// The row.
    public var row: Int
    /// The first column of the run.
    public var column: Int
    /// The cells, left to right (continuation cells included).
    public var cells: [Cell]

    /// Creates a run.
    public init(row: Int, column: Int, cells: [Cell]) {
        self.row = row
        self.column = column
        self.cells = cells
    }
}
