import Foundation
import Testing

@testable import LatchkeyText

/// No hint or help text names a key: the catalogs hold what a key does ("next", "次へ"), and the key
/// ("Tab") is rendered from its binding (`AuthScreens/KeyBinding.swift`), so a key is written once.
@Suite("Hint texts name no key")
struct HintTextKeyTests {
    /// The texts the hint bar, a prompt's footer, a row's hint or the help overlay show: their names
    /// say hint, help or footer (the command line's texts aside).
    static func hintTexts(_ catalog: TextCatalog) -> [String: String] {
        catalog.entries.filter { name, _ in
            !name.hasPrefix("cli")
                && name.range(of: "hint|help|footer", options: [.regularExpression, .caseInsensitive]) != nil
        }
    }

    /// A key as the hint bar and the help name it: a key's name anywhere ("Esc", "Ctrl-Y", "^X", "F1",
    /// an arrow), a single-character key before the action ("q quit", "y remove") or in brackets
    /// ("[y]"), or the help's three spaces between the key column and the text.
    static let keyPattern =
        #"\b(Esc|Tab|Shift-Tab|Enter|Space|Backspace|PgUp|PgDn|F[0-9]{1,2})\b|Ctrl-[A-Za-z]|\^[A-Z]|[↑↓←→]"#
        + #"|^[A-Za-z?] |\[[A-Za-z?]\]|   "#

    /// The texts of `catalog` that name a key.
    static func namingKeys(_ catalog: TextCatalog) -> [String] {
        hintTexts(catalog).filter { $0.value.range(of: keyPattern, options: .regularExpression) != nil }
            .map { "\($0.key): \($0.value)" }.sorted()
    }

    @Test("the pattern finds a key written into a hint, in each format the bar and the help use")
    func thePatternFindsKeys() {
        for text in [
            "Tab next", "Esc or ? close help", "Ctrl-C quit", "q quit", "y remove", "↑/↓ choose", "^X cut", "[y] yes",
            "F1 help", "Enter   submit", "Esc/? ヘルプを閉じる", "Ctrl-Y で URI をコピー",
        ] {
            #expect(text.range(of: Self.keyPattern, options: .regularExpression) != nil, "\(text)")
        }
        for text in ["next", "close help", "this help ({key} is typed into the field)", "back to {name}", "次へ"] {
            #expect(text.range(of: Self.keyPattern, options: .regularExpression) == nil, "\(text)")
        }
    }

    @Test("no hint or help text in English names a key")
    func englishHintsNameNoKey() {
        #expect(Self.hintTexts(.english).count > 100)
        let naming = Self.namingKeys(.english)
        #expect(naming.isEmpty, "\(naming.count) texts name a key: \(naming)")
    }

    @Test("no hint or help text in Japanese names a key")
    func japaneseHintsNameNoKey() {
        #expect(Self.hintTexts(.japanese).count > 100)
        let naming = Self.namingKeys(.japanese)
        #expect(naming.isEmpty, "\(naming.count) texts name a key: \(naming)")
    }
}
