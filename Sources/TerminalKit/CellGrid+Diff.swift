extension CellGrid {
    /// The runs of cells that differ from `previous`, row by row, left to right.
    ///
    /// Every row is one whole run when the sizes differ. A run never starts on a continuation
    /// cell: it is widened to include the wide grapheme the continuation belongs to.
    package func diff(from previous: CellGrid) -> [CellRun] {
        guard previous.width == width, previous.height == height else {
            return (0..<height).map { row in
                CellRun(row: row, column: 0, cells: Array(cells[row * width..<(row + 1) * width]))
            }
        }
        var runs: [CellRun] = []
        for row in 0..<height {
            let base = row * width
            var column = 0
            while column < width {
                guard cells[base + column] != previous.cells[base + column] else {
                    column += 1
                    continue
                }
                var start = column
                if cells[base + start].isContinuation, start > 0 { start -= 1 }
                var end = column + 1
                while end < width, cells[base + end] != previous.cells[base + end] {
                    end += 1
                }
                // Keep a wide grapheme whole when the run ends on its first half.
                if end < width, cells[base + end].isContinuation { end += 1 }
                if let last = runs.last, last.row == row, last.column + last.cells.count >= start {
                    let merged = CellRun(
                        row: row, column: last.column, cells: Array(cells[base + last.column..<base + end]))
                    runs[runs.count - 1] = merged
                } else {
                    runs.append(
                        CellRun(row: row, column: start, cells: Array(cells[base + start..<base + end])))
                }
                column = end
            }
        }
        return runs
    }
}
