/// A bar for progress or remaining time: "Session ██████░░░░ 60%".
///
/// The filled and empty parts differ in glyph (█ and ░) as well as in role, and the
/// percentage is written out, so the bar never relies on colour.
public struct ProgressBar: Widget, Hashable, Sendable {
    /// The fraction shown, clamped to 0...1 (NaN counts as 0).
    public var ratio: Double
    /// Text before the bar.
    public var label: String?
    /// Whether the percentage follows the bar.
    public var showsPercent: Bool
    /// The glyph of the filled part (█ by default).
    public var filledCharacter: Character
    /// The glyph of the empty part (░ by default), unlike the filled one so the bar reads without colour.
    public var emptyCharacter: Character

    /// A bar showing `ratio` (clamped to 0...1 when drawn), with an optional label and the percentage.
    public init(
        ratio: Double, label: String? = nil, showsPercent: Bool = true,
        filledCharacter: Character = "█",
        emptyCharacter: Character = "░"
    ) {
        self.ratio = ratio
        self.label = label
        self.showsPercent = showsPercent
        self.filledCharacter = filledCharacter
        self.emptyCharacter = emptyCharacter
    }

    /// The ratio clamped to 0...1.
    public var clampedRatio: Double {
        ratio.isNaN ? 0 : min(1, max(0, ratio))
    }

    /// The whole percentage, rounded down (so 100 % means done).
    public var percent: Int {
        Int((clampedRatio * 100).rounded(.down))
    }

    /// The percentage as drawn: right-aligned in four columns ("  7%", " 42%", "100%").
    public var percentText: String {
        let text = "\(percent)%"
        return String(repeating: " ", count: max(0, 4 - text.count)) + text
    }

    /// The cells of a bar `width` columns wide that are filled (rounded down).
    public func filledCount(width: Int) -> Int {
        guard width > 0 else { return 0 }
        return min(width, Int((clampedRatio * Double(width)).rounded(.down)))
    }

    /// Draws the label, the bar and the percentage on the first row of `rect`. The label is
    /// dropped when fewer than four columns would be left for the bar.
    public func draw(into grid: inout CellGrid, in rect: Rect) {
        guard rect.width > 0, rect.height > 0 else { return }
        let suffix = showsPercent ? " " + percentText : ""
        var column = rect.column
        var barWidth = rect.width - TextWidth.width(of: suffix)
        if let label, !label.isEmpty {
            let labelWidth = TextWidth.width(of: label) + 1
            if barWidth - labelWidth >= 4 {
                grid.write(label, row: rect.row, column: column, style: CellStyle(.normal))
                column += labelWidth
                barWidth -= labelWidth
            }
        }
        guard barWidth > 0 else {
            grid.write(
                TextWidth.truncate(percentText.drop { $0 == " " }, toWidth: rect.width), row: rect.row,
                column: rect.column)
            return
        }
        let filled = filledCount(width: barWidth)
        for offset in 0..<barWidth {
            let isFilled = offset < filled
            grid.put(
                isFilled ? filledCharacter : emptyCharacter, row: rect.row, column: column + offset,
                style: CellStyle(isFilled ? .barFilled : .barEmpty))
        }
        if !suffix.isEmpty {
            grid.write(suffix, row: rect.row, column: column + barWidth, style: CellStyle(.normal))
        }
    }
}
