import TerminalKeys

/// A key and what it does, for the bottom line: "Tab next".
public struct KeyHint: Hashable, Sendable {
    /// The key's name as shown ("Tab", "Enter", "^C").
    public var key: String
    /// What the key does ("next", "submit", "quit").
    public var action: String
    /// The key a click on the hint presses, when the hint was made from a key binding; nil when the
    /// key is known only by its name.
    public var clickKey: Key?

    /// A hint for `key` (its name as shown) doing `action`; a click presses `clickKey`.
    public init(_ key: String, _ action: String, clickKey: Key? = nil) {
        self.key = key
        self.action = action
        self.clickKey = clickKey
    }

    /// The hint as text: key, space, action.
    public var text: String { "\(key) \(action)" }
}

/// The bottom line of key hints for the current context, truncated with "…" when too wide.
///
/// Whole hints are kept while they fit and the rest is replaced by "…"; a first hint that
/// does not fit on its own is cut with "…".
public struct KeyHintBar: Widget, Hashable, Sendable {
    /// The hints, most important first.
    public var hints: [KeyHint]
    /// The text between hints.
    public var separator: String

    /// A bar of `hints`, most important first, joined by `separator` (two spaces by default).
    public init(_ hints: [KeyHint], separator: String = "  ") {
        self.hints = hints
        self.separator = separator
    }

    /// The hints that fit in `width` columns, and whether any were left out.
    public func fittingHints(width: Int) -> (hints: [KeyHint], truncated: Bool) {
        let all = hints.map(\.text).joined(separator: separator)
        if TextWidth.width(of: all) <= width { return (hints, false) }
        let ellipsisWidth = TextWidth.width(of: separator) + 1
        var kept: [KeyHint] = []
        var used = 0
        for hint in hints {
            let needed =
                (kept.isEmpty ? 0 : TextWidth.width(of: separator)) + TextWidth.width(of: hint.text)
            if used + needed + ellipsisWidth > width { break }
            kept.append(hint)
            used += needed
        }
        return (kept, true)
    }

    /// The line as plain text for a given width.
    public func text(width: Int) -> String {
        let (kept, truncated) = fittingHints(width: width)
        if kept.isEmpty {
            return truncated ? TextWidth.truncate(hints.first?.text ?? "", toWidth: width) : ""
        }
        let joined = kept.map(\.text).joined(separator: separator)
        return truncated ? joined + separator + "…" : joined
    }

    /// Draws the hints on the first row of `rect`: keys in the key style, actions dimmed.
    public func draw(into grid: inout CellGrid, in rect: Rect) {
        guard rect.width > 0, rect.height > 0 else { return }
        let (kept, truncated) = fittingHints(width: rect.width)
        let row = rect.row
        if kept.isEmpty {
            if truncated {
                grid.write(text(width: rect.width), row: row, column: rect.column, style: CellStyle(.hint))
            }
            return
        }
        var column = rect.column
        for (index, hint) in kept.enumerated() {
            if index > 0 {
                column += grid.write(separator, row: row, column: column, style: CellStyle(.hint))
            }
            column += grid.write(hint.key, row: row, column: column, style: CellStyle(.hintKey))
            column += grid.write(" " + hint.action, row: row, column: column, style: CellStyle(.hint))
        }
        if truncated {
            grid.write(separator + "…", row: row, column: column, style: CellStyle(.hint))
        }
    }
}
