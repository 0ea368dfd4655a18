/// The catalogs as data, for the tests that compare languages: names, texts and placeholders.
extension TextCatalog {
    /// The English texts: every property at its default.
    package static let english = TextCatalog()

    /// Every text of this catalog by property name, read with `Mirror` (for tests and tools, not lookups).
    package var entries: [String: String] {
        var entries: [String: String] = [:]
        for child in Mirror(reflecting: self).children {
            if let name = child.label, let text = child.value as? String { entries[name] = text }
        }
        return entries
    }

    /// The names of the properties `keys` point to, found by changing each in a copy of English and
    /// seeing which property changed (a key path does not carry its name).
    package static func names(of keys: [WritableKeyPath<TextCatalog, String>]) -> Set<String> {
        let marker = "\u{0}unnamed\u{0}"
        var probe = TextCatalog.english
        for key in keys { probe[keyPath: key] = marker }
        return Set(probe.entries.filter { $0.value == marker }.keys)
    }

    /// The placeholder names in `text`: `{count}` gives `count`.
    package static func placeholders(in text: String) -> Set<String> {
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
