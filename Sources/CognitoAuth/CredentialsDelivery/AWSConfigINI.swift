import Foundation

/// The AWS config file read the way botocore reads it: Python's `configparser.RawConfigParser` (universal
/// newlines, `^\s*\[(.+)\]` headers, indented continuation lines, `#`/`;` comment lines) and botocore's
/// `build_profile_map` (`[default]`, and `[profile NAME]` split as `shlex.split` does).
///
/// Latchkey edits the file only through this reading, so what it finds is what the AWS CLI and the SDKs
/// find (rel-3 R6).
struct AWSConfigINI: Equatable {
    /// One line: its text and the line break that ended it (`\r\n`, `\r`, `\n`, or empty for the last line).
    struct Line: Equatable {
        var text: String
        var terminator: String
    }

    /// The file's lines, each with its own line break.
    var lines: [Line]

    /// Splits `text` at `\r\n`, `\r` and `\n`, at the unicode-scalar level (as Python's universal newlines do;
    /// a Swift `Character` would read `\r\n` as one).
    init(_ text: String) {
        var lines: [Line] = []
        var current = String.UnicodeScalarView()
        var scalars = text.unicodeScalars.makeIterator()
        var pending = scalars.next()
        while let scalar = pending {
            pending = scalars.next()
            switch scalar {
            case "\r" where pending == "\n":
                pending = scalars.next()
                lines.append(Line(text: String(current), terminator: "\r\n"))
                current = String.UnicodeScalarView()
            case "\r", "\n":
                lines.append(Line(text: String(current), terminator: String(scalar)))
                current = String.UnicodeScalarView()
            default:
                current.append(scalar)
            }
        }
        if !current.isEmpty { lines.append(Line(text: String(current), terminator: "")) }
        self.lines = lines
    }

    /// The text again, every line with its own line break.
    var text: String { lines.map { $0.text + $0.terminator }.joined() }

    /// The line break new lines get: the file's first one, else `\n`.
    var lineBreak: String { lines.first { !$0.terminator.isEmpty }?.terminator ?? "\n" }

    /// The section headers configparser sees: the line index and the name between the first `[` and the last
    /// `]` of the stripped line. An indented line under an option is that option's continuation, not a header.
    var sections: [(line: Int, name: String)] {
        var found: [(line: Int, name: String)] = []
        var inOption = false
        var optionIndent = 0
        for (index, line) in lines.enumerated() {
            let scalars = Array(line.text.unicodeScalars)
            guard let first = scalars.firstIndex(where: { !Self.isPythonSpace($0) }) else { continue }
            if scalars[first] == "#" || scalars[first] == ";" { continue }
            if inOption && first > optionIndent { continue }
            if let name = Self.header(scalars[first...]) {
                found.append((index, name))
                inOption = false
            } else {
                // An option line (or a line configparser refuses, which is the same for our purpose).
                inOption = true
                optionIndent = first
            }
        }
        return found
    }

    /// The section name of a line that starts (after spaces) with `[`: up to the last `]`, as the greedy
    /// `\[(?P<header>.+)\]` of configparser matches it.
    private static func header(_ scalars: ArraySlice<Unicode.Scalar>) -> String? {
        guard scalars.first == "[", let close = scalars.lastIndex(of: "]"), close > scalars.startIndex + 1 else {
            return nil
        }
        var view = String.UnicodeScalarView()
        view.append(contentsOf: scalars[(scalars.startIndex + 1)..<close])
        return String(view)
    }

    /// The profile name botocore gives a section: `default` for `[default]`, the second word of a
    /// `[profile…]` header that `shlex.split` cuts into two words; nil for any other section.
    static func profileName(ofSection section: String) -> String? {
        if section == "default" { return "default" }
        guard section.hasPrefix("profile"), let words = shellWords(section), words.count == 2 else { return nil }
        return words[1]
    }

    /// The line indexes of the sections botocore reads as profile `name`.
    func sectionLines(forProfile name: String) -> [Int] {
        sections.filter { Self.profileName(ofSection: $0.name) == name }.map(\.line)
    }

    /// Section names that appear more than once (configparser refuses the whole file then).
    var duplicateSections: [String] {
        var seen: Set<String> = []
        var duplicates: [String] = []
        for section in sections where !seen.insert(section.name).inserted { duplicates.append(section.name) }
        return duplicates
    }

    /// Python's `str.isspace` for the characters that matter here: Unicode white space and the
    /// information separators U+001C–U+001F.
    static func isPythonSpace(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isWhitespace || (0x1C...0x1F).contains(scalar.value)
    }

    /// `shlex.split(text)` (POSIX mode, no comments): nil where Python raises (an unclosed quote, a
    /// trailing backslash).
    static func shellWords(_ text: String) -> [String]? {
        var words: [String] = []
        var word = String.UnicodeScalarView()
        var inWord = false
        var quote: Unicode.Scalar?
        var escaped = false
        for scalar in text.unicodeScalars {
            if escaped {
                // In double quotes a backslash escapes only `\` and `"` (shlex's escapedquotes); else it stays.
                if quote == "\"" && scalar != "\\" && scalar != "\"" { word.append("\\") }
                word.append(scalar)
                escaped = false
                continue
            }
            switch (quote, scalar) {
            case ("'", "'"), ("\"", "\""):
                quote = nil
            case ("'", _):
                word.append(scalar)
            case ("\"", "\\"), (nil, "\\"):
                escaped = true
                inWord = true
            case ("\"", _):
                word.append(scalar)
            case (nil, "'"), (nil, "\""):
                quote = scalar
                inWord = true
            case (nil, _) where " \t\r\n".unicodeScalars.contains(scalar):
                if inWord { words.append(String(word)) }
                word = String.UnicodeScalarView()
                inWord = false
            default:
                word.append(scalar)
                inWord = true
            }
        }
        guard quote == nil, !escaped else { return nil }
        if inWord { words.append(String(word)) }
        return words
    }
}
