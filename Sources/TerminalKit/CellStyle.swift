/// How a cell is drawn: its theme role plus attributes that add to the role's own.
public struct CellStyle: Hashable, Sendable {
    /// The role, which the theme turns into colours and attributes.
    public var role: ThemeRole
    /// Attributes added to the role's.
    public var attributes: TextAttributes

    /// Creates a style from a role and extra attributes.
    public init(_ role: ThemeRole = .normal, _ attributes: TextAttributes = []) {
        self.role = role
        self.attributes = attributes
    }

    /// The normal role with no extra attributes.
    public static let plain = CellStyle()

    /// Whether the style adds bold.
    public var isBold: Bool { attributes.contains(.bold) }
    /// Whether the style adds reverse video.
    public var isReverse: Bool { attributes.contains(.reverse) }
    /// Whether the style adds underline.
    public var isUnderline: Bool { attributes.contains(.underline) }
    /// Whether the style adds dim.
    public var isDim: Bool { attributes.contains(.dim) }

    /// This style with more attributes.
    public func adding(_ more: TextAttributes) -> CellStyle {
        CellStyle(role, attributes.union(more))
    }
}
