/// How a line of text sits in the width it is given.
public enum TextAlignment: Hashable, Sendable {
    /// Against the left edge.
    case leading
    /// Centred (an odd leftover column goes to the right).
    case center
    /// Against the right edge.
    case trailing
}

/// One or more lines of text, each cut with "…" when too wide, or wrapped.
public struct Label: Widget, Hashable, Sendable {
    /// The text; newlines start new lines.
    public var text: String
    /// The style of the text.
    public var style: CellStyle
    /// The alignment of each line.
    public var alignment: TextAlignment
    /// Whether long lines wrap at spaces (else they are cut with "…").
    public var wraps: Bool

    /// A label showing `text`, left-aligned and cut with "…" unless told to wrap.
    public init(
        _ text: String, style: CellStyle = .plain, alignment: TextAlignment = .leading,
        wraps: Bool = false
    ) {
        self.text = text
        self.style = style
        self.alignment = alignment
        self.wraps = wraps
    }

    /// The lines drawn in a given width.
    public func lines(width: Int) -> [String] {
        if wraps { return TextWidth.wrap(text, toWidth: width) }
        return text.split(separator: "\n", omittingEmptySubsequences: false).map {
            TextWidth.truncate($0, toWidth: width)
        }
    }

    /// Draws the lines from the top of `rect`, as many as fit.
    public func draw(into grid: inout CellGrid, in rect: Rect) {
        guard !rect.isEmpty else { return }
        for (index, line) in lines(width: rect.width).prefix(rect.height).enumerated() {
            let lineWidth = TextWidth.width(of: line)
            let offset: Int
            switch alignment {
            case .leading: offset = 0
            case .center: offset = max(0, (rect.width - lineWidth) / 2)
            case .trailing: offset = max(0, rect.width - lineWidth)
            }
            grid.write(
                line, row: rect.row + index, column: rect.column + offset, style: style,
                maxWidth: rect.width - offset)
        }
    }
}
