import Foundation

// The tokeniser: trivia, names, strings, template strings, regular expressions and escapes.
extension ObjectLiteralReader {
    enum Kind: Equatable {
        case identifier(String)
        case string(String)
        /// A template literal; nil when it has substitutions (`${…}`).
        case template(String?)
        case number(String)
        case punctuation(UInt8)
        case end
    }

    struct Token {
        var kind: Kind
        var start: Int
        var end: Int
        /// Whether a line break comes between the previous token and this one.
        var afterNewline: Bool
    }

    static func isIdentifierStart(_ byte: UInt8) -> Bool {
        (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A) || byte == 0x5F || byte == 0x24
            || byte >= 0x80
    }

    static func isIdentifierPart(_ byte: UInt8) -> Bool {
        isIdentifierStart(byte) || (byte >= 0x30 && byte <= 0x39)
    }

    /// Skips white space and comments; returns whether a line break was passed.
    mutating func skipTrivia() -> Bool {
        var newline = false
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0x0A || byte == 0x0D {
                newline = true
                index += 1
            } else if byte == 0x20 || byte == 0x09 || byte == 0x0B || byte == 0x0C {
                index += 1
            } else if byte == 0xC2, index + 1 < bytes.count, bytes[index + 1] == 0xA0 {
                index += 2  // no-break space
            } else if byte == UInt8(ascii: "/"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "/") {
                while index < bytes.count && bytes[index] != 0x0A { index += 1 }
            } else if byte == UInt8(ascii: "/"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "*") {
                index += 2
                while index < bytes.count
                    && !(bytes[index] == UInt8(ascii: "*") && index + 1 < bytes.count
                        && bytes[index + 1] == UInt8(ascii: "/"))
                {
                    if bytes[index] == 0x0A { newline = true }
                    index += 1
                }
                index = min(bytes.count, index + 2)
            } else if byte == UInt8(ascii: "<") || byte == UInt8(ascii: "-"),
                isHTMLLikeComment(atLineStart: newline || index == 0)
            {
                while index < bytes.count && bytes[index] != 0x0A { index += 1 }  // <!-- or --> (Annex B)
            } else if byte == UInt8(ascii: "#"), index == 0, index + 1 < bytes.count,
                bytes[index + 1] == UInt8(ascii: "!")
            {
                while index < bytes.count && bytes[index] != 0x0A { index += 1 }  // #!/usr/bin/env node
            } else {
                break
            }
        }
        return newline
    }

    /// Whether `<!--` (anywhere) or `-->` (first on its line) starts here: JavaScript reads both as a line
    /// comment in script code, so a reader that did not would see code that never runs.
    func isHTMLLikeComment(atLineStart: Bool) -> Bool {
        func starts(with text: StaticString) -> Bool {
            let count = text.utf8CodeUnitCount
            guard index + count <= bytes.count else { return false }
            return text.withUTF8Buffer { bytes[index..<index + count].elementsEqual($0) }
        }
        return starts(with: "<!--") || (atLineStart && starts(with: "-->"))
    }

    /// The next token, consumed.
    mutating func next() throws(Failure) -> Token {
        let before = index
        defer { work += index - before }
        guard work <= workLimit else {
            throw fail("the file takes too long to read: its names refer to each other too many times")
        }
        let newline = skipTrivia()
        let start = index
        guard index < bytes.count else { return Token(kind: .end, start: start, end: start, afterNewline: true) }
        let byte = bytes[index]
        let kind: Kind
        if Self.isIdentifierStart(byte) || isUnicodeEscape(at: index) {
            let word = try identifier()
            kind = .identifier(word)
            allowsRegex = ["return", "typeof", "case", "in", "of", "new", "delete", "void", "throw"].contains(word)
        } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
            kind = .string(try quoted(byte))
            allowsRegex = false
        } else if byte == UInt8(ascii: "`") {
            kind = .template(try template())
            allowsRegex = false
        } else if (byte >= 0x30 && byte <= 0x39)
            || (byte == UInt8(ascii: ".") && index + 1 < bytes.count && bytes[index + 1] >= 0x30
                && bytes[index + 1] <= 0x39)
        {
            index += 1
            while index < bytes.count {
                let part = bytes[index]
                let isExponentSign =
                    (part == UInt8(ascii: "+") || part == UInt8(ascii: "-"))
                    && (bytes[index - 1] == UInt8(ascii: "e") || bytes[index - 1] == UInt8(ascii: "E"))
                    && !(bytes[start] == UInt8(ascii: "0") && index > start + 1
                        && (bytes[start + 1] | 0x20) == UInt8(ascii: "x"))
                guard Self.isIdentifierPart(part) || part == UInt8(ascii: ".") || isExponentSign else { break }
                index += 1
            }
            kind = .number(String(decoding: bytes[start..<index], as: UTF8.self))
            allowsRegex = false
        } else if byte == UInt8(ascii: "/") && allowsRegex {
            try regularExpression()
            kind = .template(nil)  // an expression, like a template with substitutions
            allowsRegex = false
        } else {
            index += 1
            kind = .punctuation(byte)
            allowsRegex = !(byte == UInt8(ascii: ")") || byte == UInt8(ascii: "]") || byte == UInt8(ascii: "}"))
        }
        return Token(kind: kind, start: start, end: index, afterNewline: newline)
    }

    /// Whether `\u` starts at `offset` (in a name, an escaped character: `userPool\u0045ndpoint`).
    func isUnicodeEscape(at offset: Int) -> Bool {
        offset + 1 < bytes.count && bytes[offset] == UInt8(ascii: "\\") && bytes[offset + 1] == UInt8(ascii: "u")
    }

    /// A name from its first character, with `\uXXXX` and `\u{…}` escapes decoded: JavaScript reads
    /// `userPool\u0045ndpoint` as `userPoolEndpoint`, so the duplicate-key check must too.
    mutating func identifier() throws(Failure) -> String {
        let start = index
        var decoded: [UInt8]? = nil
        while index < bytes.count {
            // Real names are short; a megabyte-long one would be copied at every look-ahead.
            guard index - start <= Self.maximumNameLength else {
                throw fail("a name longer than \(Self.maximumNameLength) bytes", at: start)
            }
            if Self.isIdentifierPart(bytes[index]) {
                decoded?.append(bytes[index])
                index += 1
            } else if isUnicodeEscape(at: index) {
                var escaped = decoded ?? Array(bytes[start..<index])
                try escape(into: &escaped)
                decoded = escaped
            } else {
                break
            }
        }
        return String(decoding: decoded ?? Array(bytes[start..<index]), as: UTF8.self)
    }

    /// The longest name read (JavaScript sets no limit; configuration files use names of a few dozen bytes).
    static let maximumNameLength = 4096

    /// The next token, not consumed.
    mutating func peek() throws(Failure) -> Token {
        let (saved, regex) = (index, allowsRegex)
        defer { (index, allowsRegex) = (saved, regex) }
        return try next()
    }

    /// A '…' or "…" string from its opening quote, decoded.
    mutating func quoted(_ quote: UInt8) throws(Failure) -> String {
        let start = index
        index += 1
        var decoded: [UInt8] = []
        while index < bytes.count {
            let byte = bytes[index]
            if byte == quote {
                index += 1
                return String(decoding: decoded, as: UTF8.self)
            }
            if byte == 0x0A || byte == 0x0D {
                throw fail("a line break inside a string (the string is not closed)", at: start)
            }
            if byte == UInt8(ascii: "\\") {
                try escape(into: &decoded)
            } else {
                decoded.append(byte)
                index += 1
            }
        }
        throw fail("this string is not closed", at: start)
    }

    /// A template literal from its backtick: the text when it has no `${…}`, else nil.
    mutating func template() throws(Failure) -> String? {
        let start = index
        // Each `${…}` holding another template is read recursively: the nesting is bounded like a
        // value's, never by the stack (rel-3 R4: 120,000 levels crashed).
        guard templateDepth < JSONValue.maximumDepth else {
            throw fail("template strings nest too deeply (more than \(JSONValue.maximumDepth) levels)", at: start)
        }
        templateDepth += 1
        defer { templateDepth -= 1 }
        index += 1
        var decoded: [UInt8] = []
        var substituted = false
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "`") {
                index += 1
                return substituted ? nil : String(decoding: decoded, as: UTF8.self)
            }
            if byte == UInt8(ascii: "\\") {
                try escape(into: &decoded)
            } else if byte == UInt8(ascii: "$"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "{") {
                substituted = true
                index += 2
                try skipSubstitution()
            } else {
                decoded.append(byte)
                index += 1
            }
        }
        throw fail("this template string is not closed", at: start)
    }

    /// Skips a `${…}` body up to and including its `}`.
    mutating func skipSubstitution() throws(Failure) {
        var depth = 1
        allowsRegex = true
        while true {
            let token = try next()
            switch token.kind {
            case .end: throw fail("a ${ in a template string is not closed", at: token.start)
            case .punctuation(UInt8(ascii: "{")): depth += 1
            case .punctuation(UInt8(ascii: "}")):
                depth -= 1
                if depth == 0 { return }
            default: break
            }
            guard depth <= JSONValue.maximumDepth else { throw fail("the template nests too deeply", at: token.start) }
        }
    }

    /// Skips a regular expression literal from its opening `/`.
    mutating func regularExpression() throws(Failure) {
        let start = index
        index += 1
        var inClass = false
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0x0A { break }
            index += 1
            if byte == UInt8(ascii: "\\") {
                index += 1
            } else if byte == UInt8(ascii: "[") {
                inClass = true
            } else if byte == UInt8(ascii: "]") {
                inClass = false
            } else if byte == UInt8(ascii: "/") && !inClass {
                while index < bytes.count && Self.isIdentifierPart(bytes[index]) { index += 1 }
                return
            }
        }
        throw fail("a regular expression is not closed", at: start)
    }

    /// One backslash escape, appended as UTF-8.
    mutating func escape(into decoded: inout [UInt8]) throws(Failure) {
        let start = index
        index += 1
        guard index < bytes.count else { throw fail("a backslash ends the text", at: start) }
        let byte = bytes[index]
        index += 1
        func append(_ scalar: UInt32) {
            let value = Unicode.Scalar(scalar) ?? "\u{FFFD}"
            decoded.append(contentsOf: Array(String(Character(value)).utf8))
        }
        func hex(_ count: Int) throws(Failure) -> UInt32 {
            guard index + count <= bytes.count,
                let value = UInt32(String(decoding: bytes[index..<index + count], as: UTF8.self), radix: 16)
            else { throw fail("a malformed \\x or \\u escape", at: start) }
            index += count
            return value
        }
        switch byte {
        case UInt8(ascii: "n"): decoded.append(0x0A)
        case UInt8(ascii: "r"): decoded.append(0x0D)
        case UInt8(ascii: "t"): decoded.append(0x09)
        case UInt8(ascii: "b"): decoded.append(0x08)
        case UInt8(ascii: "f"): decoded.append(0x0C)
        case UInt8(ascii: "v"): decoded.append(0x0B)
        case UInt8(ascii: "0"): decoded.append(0x00)
        case 0x0D:
            if index < bytes.count && bytes[index] == 0x0A { index += 1 }  // line continuation
        case 0x0A: break  // line continuation
        case UInt8(ascii: "x"): append(try hex(2))
        case UInt8(ascii: "u"):
            if index < bytes.count && bytes[index] == UInt8(ascii: "{") {
                index += 1
                var end = index
                while end < bytes.count && end - index < 8 && bytes[end] != UInt8(ascii: "}") { end += 1 }
                guard end < bytes.count, bytes[end] == UInt8(ascii: "}"), end > index,
                    let value = UInt32(String(decoding: bytes[index..<end], as: UTF8.self), radix: 16)
                else { throw fail("a malformed \\u{…} escape", at: start) }
                index = end + 1
                append(value)
                return
            }
            let unit = try hex(4)
            if (0xD800...0xDBFF).contains(unit), index + 6 <= bytes.count, bytes[index] == UInt8(ascii: "\\"),
                bytes[index + 1] == UInt8(ascii: "u"),
                let low = UInt32(String(decoding: bytes[index + 2..<index + 6], as: UTF8.self), radix: 16),
                (0xDC00...0xDFFF).contains(low)
            {
                index += 6
                append(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00))
            } else {
                append(unit)  // a lone surrogate becomes U+FFFD
            }
        default: decoded.append(byte)
        }
    }
}
