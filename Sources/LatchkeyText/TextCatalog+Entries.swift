/// The catalogs as data, for the tests that compare languages: names, texts and placeholders.
extension TextCatalog {
    /// Every text of this catalog by property name, read with `Mirror` (for the tests, not for lookups).
    package var entries: [String: String] {
        var entries: [String: String] = [:]
        for child in Mirror(reflecting: self).children {
            if let name = child.label, let text = child.value as? String { entries[name] = text }
        }
        return entries
    }

    /// The names of the properties `keys` point to, found by setting each in a new catalog and seeing
    /// which properties changed (a key path does not carry its name). The keys are writable where
    /// LatchkeyText's setters are visible: in this module, or a test's `@testable import`.
    package static func names(of keys: [ReferenceWritableKeyPath<TextCatalog, String>]) -> Set<String> {
        let marker = "\u{0}unnamed\u{0}"
        let probe = TextCatalog()
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
