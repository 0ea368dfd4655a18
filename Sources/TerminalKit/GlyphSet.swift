/// Which glyphs the terminal can show: the UI draws with Unicode (box drawing, block bars, a
/// braille spinner, ✔ ✖ ⚠ ℹ marks) and `map(_:)` replaces what a terminal lacks, one cell for
/// one cell, just before the frame is written, so layouts never change.
public enum GlyphSet: Hashable, Sendable {
    /// Everything as drawn (a UTF-8 locale on a capable terminal).
    case unicode
    /// The Linux console: its font has box drawing and blocks, but not the braille spinner or
    /// the marks, which become ASCII.
    case console
    /// ASCII only (the locale is not UTF-8): borders `+ - |`, bars `#` and `.`, spinner
    /// `| / - \`, marks `+` (met, success), `x` (error), `!` (warning), `i` (information).
    case ascii

    /// The glyph set for an environment: ``ascii`` unless the locale (the first of `LC_ALL`,
    /// `LC_CTYPE` and `LANG` that is set) names UTF-8, ``console`` for `TERM=linux`, else ``unicode``.
    public static func automatic(environment: [String: String]) -> GlyphSet {
        let locale = ["LC_ALL", "LC_CTYPE", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty } ?? ""
        let normalized = String(locale.lowercased().filter { $0 != "-" })
        guard normalized.contains("utf8") else { return .ascii }
        let term = environment["TERM"] ?? ""
        return term == "linux" || term.hasPrefix("linux-") ? .console : .unicode
    }

    /// The marks every non-Unicode set replaces.
    private static let marks: [Character: Character] = [
        "✔": "+", "✖": "x", "⚠": "!", "ℹ": "i", "✓": "+", "✗": "x",
    ]

    /// Box drawing, blocks and punctuation, for ``ascii``.
    private static let asciiOnly: [Character: Character] = [
        "─": "-", "│": "|", "┌": "+", "┐": "+", "└": "+", "┘": "+", "╭": "+", "╮": "+", "╰": "+", "╯": "+",
        "├": "+", "┤": "+", "┬": "+", "┴": "+", "┼": "+", "═": "=", "║": "|",
        "█": "#", "░": ".", "▒": ":", "▓": "#", "▀": "\"", "▄": ",", "▌": "|", "▐": "|",
        "›": ">", "‹": "<", "…": "~", "•": "*", "·": "-", "→": ">", "←": "<", "↑": "^", "↓": "v",
        "—": "-", "–": "-", "“": "\"", "”": "\"", "‘": "'", "’": "'", "×": "x",
        // The signed-out and guest headline marks, and the chooser's and Profile's row marker.
        "○": "o", "●": "*", "▸": ">",
    ]

    /// The replacement for one grapheme (itself when this set can show it).
    package func map(_ character: Character) -> Character {
        switch self {
        case .unicode:
            return character
        case .console, .ascii:
            if let index = Spinner.brailleFrames.firstIndex(of: character) {
                // One ASCII frame per braille frame keeps the spinner turning.
                return Spinner.asciiFrames[index % Spinner.asciiFrames.count]
            }
            if let mark = Self.marks[character] { return mark }
            if self == .ascii, let plain = Self.asciiOnly[character] { return plain }
            return character
        }
    }

    /// `grid` with every cell's glyph mapped (QR code cells are left alone: no ASCII form of them scans).
    package func map(_ grid: CellGrid) -> CellGrid {
        guard self != .unicode else { return grid }
        var mapped = grid
        mapped.mapCharacters { cell in
            cell.isContinuation || cell.style.role == .qrCode ? cell.character : map(cell.character)
        }
        return mapped
    }
}
