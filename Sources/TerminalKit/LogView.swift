/// A scrolling list of log lines that follows the newest line unless scrolled back.
public struct LogView: Widget, Hashable, Sendable {
    /// One line of the log.
    public struct Entry: Hashable, Sendable {
        /// The text (one line; longer lines are cut with "…").
        public var text: String
        /// The style the line is drawn in (plain by default).
        public var style: CellStyle

        /// A log line showing `text` in `style`.
        public init(_ text: String, style: CellStyle = .plain) {
            self.text = text
            self.style = style
        }
    }

    /// The lines, oldest first.
    public var entries: [Entry]
    /// Lines scrolled back from the newest (0 follows the end).
    public var scrollOffset: Int
    /// Whether a line wider than the view continues on the next rows (indented two columns)
    /// instead of being cut with "…"; the newest entries that fit whole are the ones kept, so the view
    /// never starts with the end of an entry (only an entry taller than the view alone is cut).
    public var wrapsLongLines: Bool

    /// Creates a log view.
    public init(entries: [Entry], scrollOffset: Int = 0, wrapsLongLines: Bool = false) {
        self.entries = entries
        self.scrollOffset = scrollOffset
        self.wrapsLongLines = wrapsLongLines
    }

    /// Creates a log view of plain lines.
    public init(lines: [String], scrollOffset: Int = 0) {
        self.init(entries: lines.map { Entry($0) }, scrollOffset: scrollOffset)
    }

    /// The largest useful scroll offset for a view `height` rows tall.
    public func maximumScrollOffset(height: Int) -> Int {
        max(0, entries.count - max(0, height))
    }

    /// The entries visible in a view `height` rows tall.
    public func visibleEntries(height: Int) -> ArraySlice<Entry> {
        guard height > 0 else { return [] }
        let offset = min(max(0, scrollOffset), maximumScrollOffset(height: height))
        let end = entries.count - offset
        return entries[max(0, end - height)..<end]
    }

    /// What is left of `text` after its first wrapped row `head`. Wrapping joins words with one
    /// space (the log's "14:32:05  text" has two) and may break inside a Japanese run, so `head` is
    /// matched character by character, skipping spaces; empty when `head` does not start `text`.
    static func remainder(of text: String, after head: String) -> String {
        var rest = Substring(text)
        for character in head where character != " " {
            rest = rest.drop { $0 == " " }
            guard rest.first == character else { return "" }
            rest = rest.dropFirst()
        }
        return String(rest.drop { $0 == " " })
    }

    /// The rows of the newest visible entries that fit whole in `height` rows, each entry wrapped to
    /// `width` (its continuation rows two columns in); the newest entry's last rows when it alone is taller.
    func wrappedRows(width: Int, height: Int) -> [(String, CellStyle)] {
        var kept: [[(String, CellStyle)]] = []
        var used = 0
        for entry in visibleEntries(height: height).reversed() {
            let line = entry.text.split(separator: "\n", omittingEmptySubsequences: false).first ?? ""
            let text = String(line)
            guard let head = TextWidth.wrap(text, toWidth: width).first else { continue }
            var group = [(head, entry.style)]
            // The rest of the line (after the first row's text), wrapped two columns in.
            let rest = Self.remainder(of: text, after: head)
            if !rest.isEmpty, width > 2 {
                group += TextWidth.wrap(rest, toWidth: width - 2).map { ("  " + $0, entry.style) }
            }
            guard used + group.count <= height else {
                if kept.isEmpty { kept = [Array(group.suffix(height))] }
                break
            }
            kept.insert(group, at: 0)
            used += group.count
        }
        return kept.flatMap { $0 }
    }

    /// Draws the visible entries top to bottom.
    public func draw(into grid: inout CellGrid, in rect: Rect) {
        guard !rect.isEmpty else { return }
        if wrapsLongLines {
            let rows = wrappedRows(width: rect.width, height: rect.height)
            for (index, row) in rows.enumerated() {
                grid.write(
                    TextWidth.truncate(row.0, toWidth: rect.width), row: rect.row + index, column: rect.column,
                    style: row.1, maxWidth: rect.width)
            }
            return
        }
        for (index, entry) in visibleEntries(height: rect.height).enumerated() {
            let line = entry.text.split(separator: "\n", omittingEmptySubsequences: false).first ?? ""
            grid.write(
                TextWidth.truncate(line, toWidth: rect.width), row: rect.row + index, column: rect.column,
                style: entry.style, maxWidth: rect.width)
        }
    }
}
