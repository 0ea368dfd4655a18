import Foundation

/// A text's key: the ``TextCatalog`` property that holds it, `\.signInTitle`.
package typealias TextKey = KeyPath<TextCatalog, String>

/// Texts in the current language (``Language/current``), or in a given one.
package enum Localized {
    /// The text for `key` in the current language (English where the language has no translation).
    package static func text(_ key: TextKey) -> String {
        text(key, in: .current)
    }

    /// The text for `key` in `language`.
    package static func text(_ key: TextKey, in language: Language) -> String {
        language.catalog[keyPath: key]
    }

    /// The text for `key` with its placeholders filled: `format(\.codeSent, ["place": "email"])`.
    /// The values are inserted as given (sanitise server text before).
    package static func format(_ key: TextKey, _ values: KeyValuePairs<String, String>) -> String {
        fill(text(key), values)
    }

    /// ``format(_:_:)`` in `language`.
    package static func format(
        _ key: TextKey, _ values: KeyValuePairs<String, String>, in language: Language
    ) -> String {
        fill(text(key, in: language), values)
    }

    /// `template` with each `{name}` replaced by its value in one pass: a value that itself holds
    /// `{name}` is not expanded again, and a `{name}` without a value stays as written.
    package static func fill(_ template: String, _ values: KeyValuePairs<String, String>) -> String {
        guard template.contains("{") else { return template }
        var result = ""
        var rest = Substring(template)
        while let open = rest.firstIndex(of: "{") {
            result += rest[..<open]
            let after = rest[rest.index(after: open)...]
            if let close = after.firstIndex(of: "}"),
                let filled = values.first(where: { $0.key == after[..<close] })?.value
            {
                result += filled
                rest = after[after.index(after: close)...]
            } else {
                result += "{"
                rest = after
            }
        }
        return result + rest
    }
}
