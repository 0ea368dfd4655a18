extension CellGrid {
    /// The grid as text, one string per row (continuation cells left out, so a wide grapheme
    /// appears once), with trailing spaces removed unless `trimming` is false.
    public func textLines(trimming: Bool = true) -> [String] {
        (0..<height).map { row in
            var line = ""
            for column in 0..<width {
                let cell = cells[row * width + column]
                if !cell.isContinuation { line.append(cell.character) }
            }
            if trimming {
                while line.last == " " { line.removeLast() }
            }
            return line
        }
    }

    /// The grid as one string: ``textLines(trimming:)`` joined with newlines.
    public func text(trimming: Bool = true) -> String {
        textLines(trimming: trimming).joined(separator: "\n")
    }
}
