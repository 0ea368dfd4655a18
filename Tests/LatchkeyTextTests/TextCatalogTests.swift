import Foundation
import Testing

@testable import LatchkeyText

/// The catalogs: every English text translated (or kept in English on purpose), the same placeholders
/// in every language, every text used, and the language chosen as POSIX says. That every key looked up
/// exists is the compiler's job: a key is a property of `TextCatalog`.
@Suite struct TextCatalogTests {
    static let english = TextCatalog.english.entries

    /// The texts `language` keeps as they are in English on purpose.
    static func keptInEnglish(_ language: Language) -> Set<String> {
        switch language {
        case .english: return Set(english.keys)
        case .japanese: return TextCatalog.names(of: TextCatalog.untranslatedInJapanese)
        }
    }

    @Test func theCatalogHoldsEveryText() {
        #expect(Self.english.count > 900, "Mirror found \(Self.english.count) texts")
        #expect(Self.english["signInTitle"] == "Sign in")
        #expect(Self.english["errorCodeMismatchSummary"] == "The code is wrong.")
    }

    @Test(arguments: Language.allCases.filter { $0 != .english })
    func everyEnglishTextIsTranslated(_ language: Language) {
        let texts = language.catalog.entries
        let kept = Self.keptInEnglish(language)
        let missing = Self.english.filter { texts[$0.key] == $0.value && !kept.contains($0.key) }.keys.sorted()
        #expect(
            missing.isEmpty, "\(language.rawValue) lacks \(missing.count) texts: \(missing.joined(separator: ", "))")
        let notKept = kept.filter { texts[$0] != Self.english[$0] }.sorted()
        #expect(notKept.isEmpty, "\(language.rawValue) translates texts it lists as kept in English: \(notKept)")
    }

    @Test(arguments: Language.allCases.filter { $0 != .english })
    func translationsUseTheEnglishPlaceholders(_ language: Language) throws {
        for (name, text) in language.catalog.entries {
            let english = try #require(Self.english[name], "\(name)")
            #expect(
                TextCatalog.placeholders(in: text) == TextCatalog.placeholders(in: english),
                "\(language.rawValue) \(name): \(text)")
        }
    }

    /// Every text is looked up somewhere (`\.name` or `.name` in Sources/, outside the catalogs), and a
    /// translation sets each text once.
    @Test func everyTextIsUsedAndTranslatedOnce() throws {
        let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources")
        let files = try #require(FileManager.default.enumerator(atPath: sources.path)).compactMap { $0 as? String }
            .filter { $0.hasSuffix(".swift") }
        var code = ""
        var japanese = ""
        for file in files {
            let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
            if file.hasPrefix("LatchkeyText/TextCatalog+Japanese") { japanese += text }
            if !file.hasPrefix("LatchkeyText/TextCatalog") { code += text }
        }
        let used = Set(code.matches(of: /\.([a-z][A-Za-z0-9]*)\b/).map { String($0.output.1) })
        let unused = Self.english.keys.filter { !used.contains($0) }.sorted()
        #expect(unused.isEmpty, "\(unused.count) texts are never looked up: \(unused)")
        let assignments = japanese.matches(of: /\n\s+text\.(\w+) =/).map { String($0.output.1) }
        let twice = Dictionary(grouping: assignments, by: { $0 }).filter { $0.value.count > 1 }.keys.sorted()
        #expect(assignments.count > 900)
        #expect(twice.isEmpty, "Japanese sets these texts more than once: \(twice)")
    }

    @Test func aMissingTranslationFallsBackToEnglish() {
        let partial = TextCatalog()
        partial.signInTitle = "サインイン"
        #expect(partial.signInTitle == "サインイン")
        #expect(partial.signUpTitle == "Create account")
        #expect(partial.errorCodeMismatchSummary == "The code is wrong.")
        #expect(TextCatalog.english.signInTitle == "Sign in")
    }

    @Test func placeholdersAreFilledInOnePass() {
        #expect(Localized.fill("{a} and {b}", ["a": "{b}", "b": "2"]) == "{b} and 2")
        #expect(Localized.fill("{a} {a}", ["a": "1"]) == "1 1")
        #expect(Localized.fill("{unknown} {a}", ["a": "1"]) == "{unknown} 1")
        #expect(Localized.fill("no braces", ["a": "1"]) == "no braces")
        #expect(Localized.fill("{a", ["a": "1"]) == "{a")
        #expect(TextCatalog.placeholders(in: "{count} calls ({name}) {}") == ["count", "name"])
    }

    // MARK: Choosing the language

    @Test(arguments: [
        ("ja", Language.japanese), ("ja_JP.UTF-8", .japanese), ("ja-JP", .japanese), ("JA", .japanese),
        ("en", .english), ("en_GB.UTF-8", .english), ("C", .english), ("POSIX", .english), ("C.UTF-8", .english),
    ])
    func codesNameTheirLanguage(_ code: String, _ language: Language) {
        #expect(Language(code: code) == language)
    }

    @Test func unknownCodesAreNil() {
        #expect(Language(code: "fr_FR.UTF-8") == nil)
        #expect(Language(code: "") == nil)
        #expect(Language(code: "jav") == nil)
    }

    @Test func theLocaleVariablesDecideInPOSIXOrder() {
        func pick(_ environment: [String: String]) -> Language { Language.fromLocale(environment: environment) }
        #expect(pick([:]) == .english)
        #expect(pick(["LANG": "ja_JP.UTF-8"]) == .japanese)
        #expect(pick(["LANG": "ja_JP.UTF-8", "LC_MESSAGES": "C"]) == .english)
        #expect(pick(["LANG": "C.UTF-8", "LC_MESSAGES": "ja_JP.UTF-8"]) == .japanese)
        #expect(pick(["LC_ALL": "C.UTF-8", "LC_MESSAGES": "ja_JP.UTF-8", "LANG": "ja_JP.UTF-8"]) == .english)
        #expect(pick(["LC_ALL": "ja_JP.UTF-8", "LANG": "C"]) == .japanese)
        #expect(pick(["LC_ALL": "", "LANG": "ja_JP.UTF-8"]) == .japanese)
        #expect(pick(["LANG": "fr_FR.UTF-8"]) == .english)
    }

    @Test func aLocaleThatIsNotUTF8StaysEnglish() {
        #expect(Language.fromLocale(environment: ["LANG": "ja_JP.eucJP"]) == .english)
        #expect(Language.fromLocale(environment: ["LANG": "ja_JP"]) == .english)
        #expect(Language.fromLocale(environment: ["LC_MESSAGES": "ja_JP.UTF-8", "LC_CTYPE": "C"]) == .english)
        #expect(Language.fromLocale(environment: ["LC_MESSAGES": "ja_JP.UTF-8", "LANG": "en_US.UTF-8"]) == .japanese)
    }
}
