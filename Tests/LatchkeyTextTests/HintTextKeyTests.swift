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

/// No sentence of the UI names a key: "Press Esc to start over" is "Press {esc} to start over", filled
/// from the binding (`ScreenText.namingKeys`). The command line's texts name flags, not keys.
@Suite("Sentences name no key")
struct SentenceKeyTests {
    /// A key in a sentence: a key's name, Ctrl-X, ^X, "press x", "y/N", "then Enter", "(o)", a single
    /// letter before "to", "で" or "を" ("y to forget", "s で"), or one starting a clause ("? y removes").
    static let keyPattern =
        #"\b(Esc|Tab|Shift-Tab|Space|Backspace|PgUp|PgDn|F[0-9]{1,2})\b|Ctrl-[A-Za-z]|\^[A-Z]|\b[Pp]ress [A-Za-z?]\b"#
        + #"|\b[yY]/[nN]\b|(then|press) Enter|Enter。|(^|[^A-Za-z0-9_./-])[A-Za-z?] (で|を|to )|\([a-zA-Z]\)"#
        // A one-letter word starting a clause ("? y removes it"); "a" and "I" are words.
        + #"|[.?!;:] [b-zB-HJ-Z] [a-z]"#

    /// The UI's texts of `catalog` that name a key.
    static func namingKeys(_ catalog: TextCatalog) -> [String] {
        catalog.entries.filter { name, text in
            !name.hasPrefix("cli") && text.range(of: keyPattern, options: .regularExpression) != nil
        }.map { "\($0.key): \($0.value)" }.sorted()
    }

    @Test("the pattern finds a key named in a sentence")
    func thePatternFindsKeys() {
        for text in [
            "Press Esc to start over.", "press s to sign in again", "y/N", "then Enter.", "sign out (o) first",
            "s で再サインイン", "y to forget", "Ctrl-R で新しいコード", "from the account? y removes it",
        ] {
            #expect(text.range(of: Self.keyPattern, options: .regularExpression) != nil, "\(text)")
        }
        for text in [
            "Enter the code.", "Press {esc} to start over.", "{yes}/{defaultNo}", "A new code was sent.",
            "MFA: a change is still running",
        ] {
            #expect(text.range(of: Self.keyPattern, options: .regularExpression) == nil, "\(text)")
        }
    }

    @Test("no UI sentence names a key, in English or Japanese")
    func sentencesNameNoKey() {
        for catalog in [TextCatalog.english, TextCatalog.japanese] {
            let naming = Self.namingKeys(catalog)
            #expect(naming.isEmpty, "\(naming.count) texts name a key: \(naming)")
        }
    }
}
