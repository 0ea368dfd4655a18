/// A modal that is a titled box of text over the dashboard, such as a question or a short list.
///
/// The renderer draws every panel the same way (centred, the dashboard's row keys covered), so a
/// modal of this kind needs no drawing code of its own: its view model returns a panel.
public struct ModalPanel: Hashable, Sendable {
    /// The title in the box's top border.
    public var title: String
    /// The text, wrapped to the box.
    public var message: String
    /// A line at the bottom of the box, such as the question with its answers ("… y/N").
    public var footer: String?

    /// A panel with `title`, `message` and an optional `footer`.
    public init(title: String, message: String, footer: String? = nil) {
        self.title = title
        self.message = message
        self.footer = footer
    }
}
