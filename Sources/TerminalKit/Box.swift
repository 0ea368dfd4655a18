/// A frame around a rectangle, with an optional title in its top border.
public struct Box: Widget, Hashable, Sendable {
    /// The title, cut with "…" when it does not fit.
    public var title: String?
    /// The border's style.
    public var style: CellStyle
    /// The title's style.
    public var titleStyle: CellStyle
    /// The line characters.
    public var characters: BoxCharacters
    /// Whether the inside is cleared to blanks before the border is drawn.
    public var clearsInterior: Bool

    /// Creates a box.
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
