/// The one source of display widths: how many terminal columns a grapheme cluster takes.
///
/// A grapheme's width is the C library's `wcwidth` of its first scalar, clamped to 0...2,
/// because that is the width ncurses (which uses the same `wcwidth`) gives the cell the renderer
/// writes. The renderer sends a grapheme as its first scalar plus the zero-width scalars that
/// follow it (``terminalForm(of:)``), exactly as ncurses' `setcchar` keeps them, so that the
/// grid, the text field's cursor and the screen always agree:
///
/// - ASCII letters: 1. "é", composed or decomposed: 1. "漢": 2. "😀": 2.
/// - A ZWJ sequence such as "👨‍👩‍👧" is measured by its first emoji (2) and drawn as that
///   emoji alone, since its later emoji are spacing characters that ncurses would drop.
/// - An emoji presentation selector (U+FE0F) after a narrow base is dropped when drawn, so
///   "❤️" is drawn as the one-column "❤" the width says.
/// - Control and other unprintable characters are drawn as U+FFFD (see ``displayable(_:)``).
///
/// The first use makes sure `LC_CTYPE` is a UTF-8 locale (`setlocale`), without which
/// `wcwidth` knows no character outside ASCII.
public enum TextWidth {
    /// The replacement drawn for an unprintable grapheme.
    public static let replacementCharacter: Character = "\u{FFFD}"

    /// The `wcwidth` of one scalar: -1 when it is not printable, else 0, 1 or 2.
    public static func width(of scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if value >= 0x20 && value < 0x7F { return 1 }
        if value < 0x20 || value == 0x7F { return -1 }
        _ = Platform.characterTypeReady
        return min(Platform.wcwidth(scalar), 2)
    }

    /// The columns one grapheme cluster occupies: 0, 1 or 2 (0 for unprintable ones).
    public static func width(of character: Character) -> Int {
        guard let first = character.unicodeScalars.first else { return 0 }
        return max(0, width(of: first))
    }

    /// The columns a string occupies: the sum of its graphemes' widths.
    public static func width(of text: some StringProtocol) -> Int {
        var total = 0
        for character in text {
            total += width(of: character)
        }
        return total
    }

    /// Whether the grapheme can be drawn as it is (its first scalar is printable).
    public static func isPrintable(_ character: Character) -> Bool {
        guard let first = character.unicodeScalars.first else { return false }
        return width(of: first) >= 0
    }

    /// The grapheme to draw for `character`: itself, or U+FFFD when it is unprintable.
    public static func displayable(_ character: Character) -> Character {
        isPrintable(character) ? character : replacementCharacter
    }

    /// The scalars the renderer sends for a grapheme: the first one and the zero-width ones
    /// straight after it, at most five in all, without a trailing ZWJ, and without U+FE0F
    /// after a one-column base.
    package static func terminalForm(of character: Character) -> String {
        let drawn = displayable(character)
        var scalars = String.UnicodeScalarView()
        var baseWidth = 0
        for (index, scalar) in drawn.unicodeScalars.enumerated() {
            if index == 0 {
                baseWidth = width(of: scalar)
                scalars.append(scalar)
                continue
            }
            if width(of: scalar) != 0 || scalars.count == 5 { break }
            if scalar.value == 0xFE0F && baseWidth == 1 { continue }
            scalars.append(scalar)
        }
        while let last = scalars.last, last.value == 0x200D, scalars.count > 1 {
            scalars.removeLast()
        }
        return String(scalars)
    }

    /// The longest prefix of `text` that fits in `columns`, and its width.
    public static func prefix(of text: some StringProtocol, fitting columns: Int) -> (
        text: String, width: Int
    ) {
        var used = 0
        var result = ""
        for character in text {
            let columnsNeeded = width(of: character)
            if used + columnsNeeded > columns { break }
            used += columnsNeeded
            result.append(character)
        }
        return (result, used)
    }

    /// `text` cut to at most `columns` columns, ending in `ellipsis` when anything was cut.
    public static func truncate(
        _ text: some StringProtocol, toWidth columns: Int, ellipsis: Character = "…"
    ) -> String {
        guard columns > 0 else { return "" }
        if width(of: text) <= columns { return String(text) }
        let ellipsisWidth = width(of: ellipsis)
        guard columns >= ellipsisWidth else { return prefix(of: text, fitting: columns).text }
        return prefix(of: text, fitting: columns - ellipsisWidth).text + String(ellipsis)
    }

    /// `text` padded with spaces (or cut) to exactly `columns` columns.
    public static func pad(_ text: some StringProtocol, toWidth columns: Int) -> String {
        let fitted = prefix(of: text, fitting: max(0, columns))
        return fitted.text + String(repeating: " ", count: max(0, columns - fitted.width))
    }
}
