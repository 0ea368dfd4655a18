/// A run of changed cells on one row, as returned by ``CellGrid/diff(from:)``.
package struct CellRun: Hashable, Sendable {
    /// The row the run is on, from 0 at the top.
    package var row: Int
    /// The first column of the run.
    package var column: Int
    /// The cells, left to right (continuation cells included).
    package var cells: [Cell]

    /// A run of `cells` starting at `row`, `column`.
    package init(row: Int, column: Int, cells: [Cell]) {
        self.row = row
        self.column = column
        self.cells = cells
    }
}
