/// A button drawn as "[ Title ]": reverse video and bold when focused, dim when disabled.
public struct Button: Widget, Hashable, Sendable {
    /// The button's label, drawn between the brackets.
    public var title: String
    /// Whether the button has focus.
    public var isFocused: Bool
    /// Whether the button can be pressed.
    public var isEnabled: Bool

    /// A button labelled `title`, enabled and without focus unless told otherwise.
    public init(_ title: String, isFocused: Bool = false, isEnabled: Bool = true) {
        self.title = title
        self.isFocused = isFocused
        self.isEnabled = isEnabled
    }

    /// The text drawn, brackets included.
    public var text: String { "[ \(title) ]" }

    /// The columns the button takes.
    public var width: Int { TextWidth.width(of: text) }

    /// The style the button is drawn in.
    public var style: CellStyle {
        if !isEnabled { return CellStyle(.dim) }
        return isFocused ? CellStyle(.focus, [.bold]) : CellStyle(.accent)
    }

    /// Draws the button at the left of the first row of `rect`, cut to its width.
    public func draw(into grid: inout CellGrid, in rect: Rect) {
        guard rect.width > 0, rect.height > 0 else { return }
        grid.write(
            TextWidth.truncate(text, toWidth: rect.width), row: rect.row, column: rect.column,
            style: style)
    }
}
