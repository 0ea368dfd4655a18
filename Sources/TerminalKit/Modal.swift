/// A box centred over whatever is already drawn, with a title, a wrapped message and an
/// optional footer line (for example the keys that close it).
public struct Modal: Widget, Hashable, Sendable {
    /// The title in the top border.
    public var title: String?
    /// The message, wrapped to the box.
    public var message: String
    /// A line at the bottom of the box.
    public var footer: String?
    /// The style of the message.
    public var style: CellStyle
    /// The widest the box's inside may be.
    public var maximumContentWidth: Int

    /// A modal with `message` wrapped to at most `maximumContentWidth` columns (60 by default), centred when drawn.
    public init(
        title: String? = nil, message: String, footer: String? = nil, style: CellStyle = .plain,
        maximumContentWidth: Int = 60
    ) {
        self.title = title
        self.message = message
        self.footer = footer
        self.style = style
        self.maximumContentWidth = maximumContentWidth
    }

    /// The box's rectangle when centred in `rect`: one column of padding inside the border.
    public func frame(in rect: Rect) -> Rect {
        let available = max(1, min(maximumContentWidth, rect.width - 4))
        let lines = TextWidth.wrap(message, toWidth: available)
        var contentWidth = lines.map { TextWidth.width(of: $0) }.max() ?? 0
        if let footer { contentWidth = max(contentWidth, TextWidth.width(of: footer)) }
        if let title { contentWidth = max(contentWidth, TextWidth.width(of: title) + 2) }
        contentWidth = min(contentWidth, available)
        let height = lines.count + (footer == nil ? 0 : 2) + 2
        return rect.centered(width: contentWidth + 4, height: height)
    }

    /// Clears the box's area, draws the border and the content.
    public func draw(into grid: inout CellGrid, in rect: Rect) {
        let box = frame(in: rect)
        guard box.width >= 3, box.height >= 2 else { return }
        Box(title: title, clearsInterior: true).draw(into: &grid, in: box)
        let inner = box.inset(top: 1, left: 2, bottom: 1, right: 2)
        guard !inner.isEmpty else { return }
        let messageRows = footer == nil ? inner.height : max(0, inner.height - 2)
        Label(message, style: style, wraps: true).draw(
            into: &grid,
            in: Rect(row: inner.row, column: inner.column, width: inner.width, height: messageRows))
        if let footer, inner.height >= 1 {
            Label(footer, style: CellStyle(.hint), alignment: .trailing).draw(
                into: &grid,
                in: Rect(row: inner.bottom - 1, column: inner.column, width: inner.width, height: 1))
        }
    }
}
