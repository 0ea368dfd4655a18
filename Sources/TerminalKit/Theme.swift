/// Maps theme roles to colours and attributes: the single place where the look is decided.
///
/// Roles become curses colour pairs (``ThemeRole/colorPair``) when ``usesColor`` is true.
/// ``noColor`` keeps attributes only, so that focus, errors and selection stay visible through
/// bold and reverse video: state is never shown by colour alone.
public struct Theme: Hashable, Sendable {
    /// The look of one role.
    public struct Style: Hashable, Sendable {
        /// The text colour (``TerminalColor/default`` keeps the terminal's).
        public var foreground: TerminalColor
        /// The cell's background colour (``TerminalColor/default`` keeps the terminal's).
        public var background: TerminalColor
        /// Attributes always applied to the role.
        public var attributes: TextAttributes

        /// A style with the given colours and attributes; by default the terminal's colours, no attributes.
        public init(
            foreground: TerminalColor = .default, background: TerminalColor = .default,
            attributes: TextAttributes = []
        ) {
            self.foreground = foreground
            self.background = background
            self.attributes = attributes
        }
    }

    /// Whether the theme sets colours (false for ``noColor``).
    public var usesColor: Bool
    /// The style of each role; a role left out is drawn in the terminal's colours without attributes.
    public var styles: [ThemeRole: Style]

    /// A theme with a style per role; `usesColor` false draws with the attributes only.
    public init(usesColor: Bool, styles: [ThemeRole: Style]) {
        self.usesColor = usesColor
        self.styles = styles
    }

    /// The style of a role.
    public func style(for role: ThemeRole) -> Style {
        styles[role] ?? Style()
    }

    /// The attributes a cell is drawn with: the role's plus the cell's own.
    public func attributes(for style: CellStyle) -> TextAttributes {
        self.style(for: style.role).attributes.union(style.attributes)
    }

    /// The colour pair a cell is drawn with (0, the terminal default, without colour).
    package func colorPair(for style: CellStyle) -> Int16 {
        usesColor ? style.role.colorPair : 0
    }

    /// The attributes of ``noColor``, used when the terminal cannot show colour.
    public var withoutColor: Theme {
        usesColor ? Theme.noColor : self
    }

    /// The default colour theme.
    public static let standard = Theme(
        usesColor: true,
        styles: [
            .normal: Style(),
            .dim: Style(attributes: .dim),
            .accent: Style(foreground: .cyan, attributes: .bold),
            .title: Style(foreground: .cyan, attributes: .bold),
            .error: Style(foreground: .red, attributes: .bold),
            .success: Style(foreground: .green, attributes: .bold),
            .warning: Style(foreground: .yellow, attributes: .bold),
            .info: Style(foreground: .blue),
            .focus: Style(foreground: .black, background: .cyan),
            .field: Style(attributes: .underline),
            .masked: Style(foreground: .cyan),
            .placeholder: Style(attributes: .dim),
            .border: Style(foreground: .blue),
            .barFilled: Style(foreground: .green),
            .barEmpty: Style(attributes: .dim),
            .badge: Style(foreground: .black, background: .green, attributes: .bold),
            .hint: Style(attributes: .dim),
            .hintKey: Style(foreground: .cyan, attributes: .bold),
            .selection: Style(attributes: .reverse),
            .qrCode: Style(foreground: .white, background: .black),
            .badgeNeutral: Style(foreground: .black, background: .white, attributes: .bold),
            .badgeWarning: Style(foreground: .black, background: .yellow, attributes: .bold),
            .badgeError: Style(foreground: .white, background: .red, attributes: .bold),
        ])

    /// The theme for `NO_COLOR` and monochrome terminals: attributes only.
    public static let noColor = Theme(
        usesColor: false,
        styles: [
            .normal: Style(),
            .dim: Style(attributes: .dim),
            .accent: Style(attributes: .bold),
            .title: Style(attributes: .bold),
            .error: Style(attributes: .bold),
            .success: Style(attributes: .bold),
            .warning: Style(attributes: .bold),
            .info: Style(),
            .focus: Style(attributes: .reverse),
            .field: Style(attributes: .underline),
            .masked: Style(),
            .placeholder: Style(attributes: .dim),
            .border: Style(),
            .barFilled: Style(),
            .barEmpty: Style(attributes: .dim),
            .badge: Style(attributes: [.reverse, .bold]),
            .hint: Style(attributes: .dim),
            .hintKey: Style(attributes: .bold),
            .selection: Style(attributes: .reverse),
            .qrCode: Style(),
            .badgeNeutral: Style(attributes: [.reverse, .bold]),
            .badgeWarning: Style(attributes: [.reverse, .bold]),
            .badgeError: Style(attributes: [.reverse, .bold]),
        ])

    /// ``standard`` for the Linux console, which cannot combine colour with dim or underline
    /// (terminfo `ncv`): placeholders are blue instead of dim, and fields, masked text and
    /// placeholders sit on a blue background so that a field's extent shows.
    public static let console: Theme = {
        var theme = Theme.standard
        theme.styles[.field] = Style(foreground: .white, background: .blue)
        theme.styles[.placeholder] = Style(foreground: .cyan, background: .blue)
        theme.styles[.masked] = Style(foreground: .cyan, background: .blue)
        return theme
    }()

    /// ``noColor`` when `NO_COLOR` is set to a non-empty value (see no-color.org) or `TERM` is
    /// `dumb`; ``console`` for `TERM=linux`; ``standard`` otherwise.
    public static func automatic(environment: [String: String]) -> Theme {
        if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return .noColor }
        let term = environment["TERM"] ?? ""
        if term == "dumb" { return .noColor }
        if term == "linux" || term.hasPrefix("linux-") { return .console }
        return .standard
    }
}
