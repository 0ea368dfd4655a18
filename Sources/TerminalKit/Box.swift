/// A frame around a rectangle, with an optional title in its top border.
public struct Box: Widget, Hashable, Sendable {
    /// The title, cut with "…" when it does not fit.
    public var title: String?
    /// The style of the border's lines (``ThemeRole/border`` by default).
    public var style: CellStyle
    /// The style of the title in the top border (bold ``ThemeRole/title`` by default).
    public var titleStyle: CellStyle
    /// The characters the border is drawn with (``BoxCharacters/light`` by default).
    public var characters: BoxCharacters
    /// Whether the inside is cleared to blanks before the border is drawn.
    public var clearsInterior: Bool

    /// A box with an optional `title`; `clearsInterior` blanks the inside first (for boxes drawn over content).
    public init(
        title: String? = nil, style: CellStyle = .init(.border),
        titleStyle: CellStyle = .init(.title, .bold),
        characters: BoxCharacters = .light, clearsInterior: Bool = false
    ) {
        self.title = title
        self.style = style
        self.titleStyle = titleStyle
        self.characters = characters
        self.clearsInterior = clearsInterior
    }

    /// The area inside the border.
    public func contentRect(for rect: Rect) -> Rect {
        rect.inset(by: 1)
    }

    /// Draws the border (and clears the inside when asked to).
    public func draw(into grid: inout CellGrid, in rect: Rect) {
        if clearsInterior { grid.fill(rect) }
        grid.drawBox(rect, title: title, style: style, titleStyle: titleStyle, characters: characters)
    }
}
