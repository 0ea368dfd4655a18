import CognitoAuth
import Foundation
import LatchkeyText

/// One language's texts, keyed by stable keys (`signIn.title`, `error.codeMismatch.summary`).
///
/// The catalogs are Swift source compiled into the binary (no bundle resources, so the release
/// binary stays one file). English (``english``) is the source and has every key; another
/// language may lack a key, and then the English text is used (the coverage test names the
/// missing keys). A text may hold placeholders in braces, `{count}`, filled by
/// ``Localized/format(_:_:)``; a translation uses the same placeholder names as the English text.
public struct TextCatalog: Sendable {
    /// The language of the texts.
    public let language: Language
    /// The texts, by key.
    public let entries: [String: String]

    /// A catalog of `entries` in `language`.
    public init(language: Language, entries: [String: String]) {
        self.language = language
        self.entries = entries
    }

    /// The text for `key`: this catalog's, else English's (the core's error sentences included),
    /// else the key itself (a key missing from English is a programming error the catalog tests catch).
    public func text(_ key: String) -> String {
        entries[key] ?? TextCatalog.english.entries[key] ?? AuthError.englishWording[key] ?? key
    }

    /// The placeholder names in `text`: `{count}` gives `count`.
    public static func placeholders(in text: String) -> Set<String> {
        var names = Set<String>()
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "{") {
            let after = rest[rest.index(after: open)...]
            guard let close = after.firstIndex(of: "}") else { break }
            let name = after[..<close]
            if !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber }) { names.insert(String(name)) }
            rest = after[after.index(after: close)...]
        }
        return names
    }
}

/// Texts in the current language (``Language/current``).
public enum Localized {
    /// The text for `key` in the current language (English when the language lacks it).
    public static func text(_ key: String) -> String {
        Language.current.catalog.text(key)
    }

    /// The text for `key` with its placeholders filled: `format("codeSent", ["place": "email"])`.
    /// The values are inserted as given (sanitise server text before).
    public static func format(_ key: String, _ values: KeyValuePairs<String, String>) -> String {
        fill(text(key), values)
    }

    /// `template` with each `{name}` replaced by its value, in one pass (a value that itself holds
    /// `{name}` is not expanded again); an unknown `{name}` stays as written.
    static func fill(_ template: String, _ values: KeyValuePairs<String, String>) -> String {
        AuthTextLookup.fill(template) { name in values.first { $0.key == name }?.value }
    }
}

extension AuthTextLookup {
    /// The core's error sentences in the current language (``Language/current``), read when the
    /// text is needed (English for a key the language lacks).
    public static var current: AuthTextLookup {
        let catalog = Language.current.catalog
        return AuthTextLookup { key in catalog.entries[key] }
    }
}
