/// A message banner with a glyph that says what kind it is: "✖ Incorrect username or password."
///
/// The glyph (✖ ⚠ ℹ ✔) carries the kind, so it reads the same without colour. Long messages
/// wrap under the first line, indented past the glyph.
public struct Banner: Widget, Hashable, Sendable {
    /// The kind of message.
    public enum Kind: Hashable, Sendable {
        /// Something failed: ✖ in the error role.
        case error
        /// Something needs attention: ⚠ in the warning role.
        case warning
        /// Neutral information: ℹ in the info role.
        case info
        /// Something succeeded: ✔ in the success role.
        case success

        /// The glyph drawn before the message.
        public var glyph: Character {
            switch self {
            case .error: "✖"
            case .warning: "⚠"
            case .info: "ℹ"
            case .success: "✔"
            }
        }

        /// The theme role of the glyph and message.
        public var role: ThemeRole {
            switch self {
            case .error: .error
            case .warning: .warning
            case .info: .info
            case .success: .success
            }
        }
    }

    /// What kind of message this is; it decides the glyph and the colour.
    public var kind: Kind
    /// The message after the glyph; it wraps under the first line, indented past the glyph.
    public var message: String

    /// A banner of `kind` showing `message`.
    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    /// The lines drawn in a given width, glyph included.
    public func lines(width: Int) -> [String] {
        guard width > 2 else { return width > 0 ? [String(kind.glyph)] : [] }
        let wrapped = TextWidth.wrap(message, toWidth: width - 2)
        return wrapped.enumerated().map { index, line in
            (index == 0 ? "\(kind.glyph) " : "  ") + line
        }
    }

    /// The rows the banner needs in a given width.
    public func height(width: Int) -> Int {
        lines(width: width).count
    }

    /// Draws the banner from the top of `rect`; lines beyond its height are dropped, the
    /// last one shown ending in "…".
    public func draw(into grid: inout CellGrid, in rect: Rect) {
        guard rect.width > 0, rect.height > 0 else { return }
        var shown = lines(width: rect.width)
        if shown.count > rect.height {
            shown = Array(shown.prefix(rect.height))
            let last = shown[shown.count - 1]
            let room = rect.width - 1
            shown[shown.count - 1] = TextWidth.prefix(of: last, fitting: room).text + "…"
        }
        for (index, line) in shown.enumerated() {
            let row = rect.row + index
            grid.write(
                line, row: row, column: rect.column, style: CellStyle(kind.role), maxWidth: rect.width)
            if index == 0 {
                grid.put(kind.glyph, row: row, column: rect.column, style: CellStyle(kind.role, .bold))
            }
        }
    }
}
