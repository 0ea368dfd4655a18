/// One terminal cell: a grapheme cluster and its style, or the right half of a wide grapheme.
public struct Cell: Hashable, Sendable {
    /// The grapheme drawn in the cell (a space for a continuation cell).
    public var character: Character
    /// How the cell is drawn.
    public var style: CellStyle
    /// Whether this is the second column of a two-column grapheme to its left.
    public var isContinuation: Bool

    /// Creates a cell holding one grapheme.
    public init(_ character: Character = " ", style: CellStyle = .plain) {
        self.character = character
        self.style = style
        self.isContinuation = false
    }

    /// A space in the plain style.
    public static let blank = Cell()

    /// The marker cell to the right of a wide grapheme.
    public static func continuation(style: CellStyle = .plain) -> Cell {
        var cell = Cell(" ", style: style)
        cell.isContinuation = true
        return cell
    }

    /// The columns the cell's grapheme covers: 0 for a continuation, else 1 or 2.
    public var width: Int {
        isContinuation ? 0 : max(1, TextWidth.width(of: character))
    }
}
