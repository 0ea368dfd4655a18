import Foundation

/// Reads the object literal a JavaScript, TypeScript or Dart configuration file holds, without running it.
///
/// The static subset people and generators write is read: single- or double-quoted strings, unquoted
/// keys, comments, trailing commas, `export default`, `module.exports =`, `const x = {…}; export default x`,
/// the argument of `Amplify.configure(…)`, TypeScript annotations, `as const` and `satisfies`, template
/// strings without substitutions, and names that refer to another literal in the same file. Anything
/// else is an expression (`process.env.X`, a ternary, a call): it is never evaluated or guessed; the
/// keys that hold literals are read, and each expression is listed in ``Result/expressions`` with its
/// key path. A key that appears twice in one object is an error (tools disagree on which value wins).
///
/// Nesting is bounded by ``JSONValue/maximumDepth`` and the input by the configuration size cap.
package struct ObjectLiteralReader {
    /// A value that was not read because it is an expression.
    package struct Expression: Sendable, Hashable {
        /// The key path that holds it, such as `oauth.redirectSignIn` or `Auth.oauth.scope[1]`.
        package var keyPath: String
        /// The expression's source text, on one line and shortened.
        package var text: String
        /// The line it starts on, from 1.
        package var line: Int
    }

    /// The object read, and the expressions left unread.
    package struct Result: Sendable, Hashable {
        /// The object, without the keys whose values are expressions.
        package var value: JSONValue
        /// The values not read, in the file's order.
        package var expressions: [Expression]
    }

    /// Why the text could not be read, at a byte offset.
    package struct Failure: Error, Sendable, Hashable {
        /// The byte offset of the problem.
        package var offset: Int
        /// What is wrong, such as "expected ',' or '}' after a value".
        package var message: String
        /// The key path involved, for a key that appears twice.
        package var keyPath: String? = nil
    }

    /// Reads the object a module exports (or passes to `Amplify.configure`, or declares), or nil when the
    /// text holds no object literal at all.
    package static func exportedObject(in bytes: [UInt8]) throws(Failure) -> Result? {
        var reader = ObjectLiteralReader(bytes: bytes)
        let candidates = try reader.scanModule()
        for offset in candidates {
            reader.index = offset
            reader.expressions = []
            reader.allowsRegex = true
            reader.valuesRead = 0
            // A candidate that is not an object (an expression, a string) passes to the next; one that is
            // an object but cannot be read is the error to report.
            guard let value = try reader.value(path: "", depth: 0), value.objectValue != nil else { continue }
            return Result(value: value, expressions: reader.expressions)
        }
        return nil
    }

    /// Reads `bytes` as one value (JSON, or a bare object literal), for duplicate-key checks on JSON files.
    package static func value(in bytes: [UInt8]) throws(Failure) -> Result {
        var reader = ObjectLiteralReader(bytes: bytes)
        guard let value = try reader.value(path: "", depth: 0) else {
            throw Failure(offset: 0, message: "the text is an expression, not a value")
        }
        return Result(value: value, expressions: reader.expressions)
    }

    // MARK: - State

    let bytes: [UInt8]
    var index = 0
    /// Whether a `/` at this point starts a regular expression (an operand is expected) rather than a division.
    var allowsRegex = true
    var expressions: [Expression] = []
    /// `const|let|var|final NAME = <value>`: the offset of each name's value.
    var bindings: [String: Int] = [:]
    /// The names being resolved, against `const a = b; const b = a`.
    var resolving: Set<String> = []
    /// Values read so far: names may refer to names many times over (`const b = {x: a, y: a}`, …), so
    /// the work, and the size of the result, are capped rather than left to grow exponentially.
    var valuesRead = 0
    /// The most values one read produces; real configuration files hold a few hundred.
    static let maximumValues = 200_000

    init(bytes: [UInt8]) { self.bytes = bytes }

    // MARK: - Tokens

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

    func fail(_ message: String, at offset: Int? = nil, keyPath: String? = nil) -> Failure {
        Failure(offset: offset ?? index, message: message, keyPath: keyPath)
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

    /// The next token, consumed.
    mutating func next() throws(Failure) -> Token {
        let newline = skipTrivia()
        let start = index
        guard index < bytes.count else { return Token(kind: .end, start: start, end: start, afterNewline: true) }
        let byte = bytes[index]
        let kind: Kind
        if Self.isIdentifierStart(byte) {
            while index < bytes.count && Self.isIdentifierPart(bytes[index]) { index += 1 }
            kind = .identifier(String(decoding: bytes[start..<index], as: UTF8.self))
            allowsRegex = ["return", "typeof", "case", "in", "of", "new", "delete", "void", "throw"].contains(
                String(decoding: bytes[start..<index], as: UTF8.self))
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

    // MARK: - Module

    /// Walks the module once, recording every `const|let|var|final NAME = …`, and returns the offsets of
    /// the values that may be the configuration, best first: `export default` / `module.exports =`, then
    /// the argument of `Amplify.configure(`, then each declared value in order, then the first `= {`.
    mutating func scanModule() throws(Failure) -> [Int] {
        var exported: [Int] = []
        var configured: [Int] = []
        var declared: [Int] = []
        var firstAssignedObject: Int?
        var history: [Kind] = []
        allowsRegex = true
        do throws(Failure) {
            while true {
                let token = try next()
                if token.kind == .end { break }
                history.append(token.kind)
                if history.count > 4 { history.removeFirst() }
                switch token.kind {
                case .identifier("default") where history.dropLast().last == .identifier("export"):
                    _ = skipTrivia()
                    exported.append(index)
                case .punctuation(UInt8(ascii: "=")):
                    let previous = Array(history.dropLast())
                    let isModuleExports =
                        previous.suffix(3)
                        == [.identifier("module"), .punctuation(UInt8(ascii: ".")), .identifier("exports")]
                        || previous.suffix(3)
                            == [.identifier("exports"), .punctuation(UInt8(ascii: ".")), .identifier("default")]
                    let following = try peek()
                    if following.kind == .punctuation(UInt8(ascii: "="))
                        || following.kind == .punctuation(UInt8(ascii: ">"))
                    {
                        _ = try next()  // ==, ===, =>
                        continue
                    }
                    _ = skipTrivia()
                    if isModuleExports { exported.append(index) }
                    if following.kind == .punctuation(UInt8(ascii: "{")) && firstAssignedObject == nil {
                        firstAssignedObject = index
                    }
                case .punctuation(UInt8(ascii: "(")):
                    if history.suffix(4)
                        == [
                            .identifier("Amplify"), .punctuation(UInt8(ascii: ".")), .identifier("configure"),
                            .punctuation(UInt8(ascii: "(")),
                        ]
                    {
                        _ = skipTrivia()
                        configured.append(index)
                    }
                case .identifier("const"), .identifier("let"), .identifier("var"), .identifier("final"):
                    if let (name, offset) = try declaration() {
                        if bindings[name] == nil { bindings[name] = offset }
                        declared.append(offset)
                    }
                default: break
                }
            }
        } catch {
            // Code after the configuration (JSX text with an apostrophe, ...) may not lex; what was
            // found before it is enough.
            if exported.isEmpty && configured.isEmpty && declared.isEmpty && firstAssignedObject == nil {
                throw error
            }
        }
        var candidates: [Int] = []
        for offset in exported + configured + declared + [firstAssignedObject].compactMap({ $0 })
        where !candidates.contains(offset) {
            candidates.append(offset)
        }
        return candidates
    }

    /// After `const`/`let`/`var`/`final`: the declared name and the offset of its value, when it is a
    /// simple `NAME [: Type] = value` (or Dart's `Type NAME = value`). The tokens up to `=` are consumed.
    mutating func declaration() throws(Failure) -> (String, Int)? {
        guard case .identifier(let first) = try peek().kind else { return nil }
        _ = try next()
        var name = first
        var angle = 0
        var lastIdentifier = first
        var isTypeScriptType = false
        for _ in 0..<256 {
            let token = try peek()
            switch token.kind {
            case .punctuation(UInt8(ascii: "=")) where angle == 0:
                _ = try next()
                if case .punctuation(let byte) = try peek().kind, byte == UInt8(ascii: "=") || byte == UInt8(ascii: ">")
                {
                    return nil
                }
                if !isTypeScriptType { name = lastIdentifier }
                _ = skipTrivia()
                return (name, index)
            case .punctuation(UInt8(ascii: ":")) where angle == 0 && lastIdentifier == first:
                isTypeScriptType = true
                name = first
            case .punctuation(UInt8(ascii: "<")): angle += 1
            case .punctuation(UInt8(ascii: ">")): angle = max(0, angle - 1)
            case .identifier(let word): lastIdentifier = word
            case .punctuation(UInt8(ascii: ";")), .punctuation(UInt8(ascii: "{")), .punctuation(UInt8(ascii: "(")),
                .end:
                if !isTypeScriptType { return nil }
            default: break
            }
            if token.kind == .end || token.afterNewline && !isTypeScriptType && angle == 0 { return nil }
            _ = try next()
        }
        return nil
    }

    // MARK: - Values

    static func keyPath(_ path: String, _ key: String) -> String { path.isEmpty ? key : path + "." + key }

    /// Whether `token` ends a value: `,`, a closing bracket, `;`, the end, or (after a line break) a new statement.
    static func endsValue(_ token: Token) -> Bool {
        switch token.kind {
        case .end: return true
        case .punctuation(let byte):
            return [UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]"), UInt8(ascii: ")"), UInt8(ascii: ";")]
                .contains(byte)
        case .identifier(let word):
            return token.afterNewline && !["as", "satisfies", "in", "instanceof"].contains(word)
        default: return false
        }
    }

    /// A value at the current offset; nil when it is an expression (recorded in ``expressions``).
    mutating func value(path: String, depth: Int) throws(Failure) -> JSONValue? {
        guard depth < JSONValue.maximumDepth else { throw fail("the object nests too deeply") }
        valuesRead += 1
        guard valuesRead <= Self.maximumValues else {
            throw fail("the object is too large, or its names refer to each other too many times")
        }
        allowsRegex = true
        _ = skipTrivia()
        let start = index
        var token = try next()
        // Dart's `const {…}` and `<String, dynamic>{…}`, TypeScript's `<Type>{…}`.
        if token.kind == .identifier("const"), case .punctuation(let byte) = try peek().kind,
            byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[") || byte == UInt8(ascii: "<")
        {
            token = try next()
        }
        if token.kind == .punctuation(UInt8(ascii: "<")) {
            var angle = 1
            while angle > 0 {
                let part = try next()
                if part.kind == .punctuation(UInt8(ascii: "<")) { angle += 1 }
                if part.kind == .punctuation(UInt8(ascii: ">")) { angle -= 1 }
                if part.kind == .end || part.kind == .punctuation(UInt8(ascii: ";")) {
                    return try expression(from: start, path: path)
                }
            }
            token = try next()
        }
        var result: JSONValue?
        switch token.kind {
        case .punctuation(UInt8(ascii: "{")): result = try object(path: path, depth: depth + 1)
        case .punctuation(UInt8(ascii: "[")): result = try array(path: path, depth: depth + 1)
        case .punctuation(UInt8(ascii: "(")):
            let inner = try value(path: path, depth: depth + 1)
            guard try next().kind == .punctuation(UInt8(ascii: ")")) else {
                return try expression(from: start, path: path, record: inner != nil)
            }
            guard let inner else { return nil }
            result = inner
        case .string(let text): result = .string(text)
        case .template(let text?): result = .string(text)
        case .number(let text):
            guard let number = Self.number(text) else { return try expression(from: start, path: path) }
            result = .number(number)
        case .punctuation(UInt8(ascii: "-")), .punctuation(UInt8(ascii: "+")):
            guard case .number(let text) = try next().kind, let number = Self.number(text) else {
                return try expression(from: start, path: path)
            }
            result = .number(token.kind == .punctuation(UInt8(ascii: "-")) ? -number : number)
        case .identifier("true"): result = .bool(true)
        case .identifier("false"): result = .bool(false)
        case .identifier("null"), .identifier("undefined"): result = .null
        case .identifier(let name):
            let following = try peek()
            var isReference = Self.endsValue(following)
            if !isReference { isReference = try isTypeSuffix() }
            guard isReference, let offset = bindings[name], !resolving.contains(name) else {
                return try expression(from: start, path: path)
            }
            let (saved, regex) = (index, allowsRegex)
            resolving.insert(name)
            index = offset
            let resolved = try value(path: path, depth: depth + 1)
            resolving.remove(name)
            (index, allowsRegex) = (saved, regex)
            guard let resolved else { return nil }
            result = resolved
        default:
            return try expression(from: start, path: path)
        }
        try skipTypeSuffix()
        let following = try peek()
        // An operator after the literal makes it an expression; another operand is a missing comma,
        // which the caller reports where it is.
        guard Self.endsValue(following) || Self.isOperand(following) else {
            return try expression(from: start, path: path)
        }
        return result
    }

    /// Whether `token` is a string, number or name: after a value, a sign of a missing comma.
    static func isOperand(_ token: Token) -> Bool {
        switch token.kind {
        case .string, .number, .template: return true
        case .identifier(let word): return !["as", "satisfies", "in", "instanceof"].contains(word)
        default: return false
        }
    }

    /// Whether `as …` or `satisfies …` follows.
    mutating func isTypeSuffix() throws(Failure) -> Bool {
        let token = try peek()
        return !token.afterNewline && (token.kind == .identifier("as") || token.kind == .identifier("satisfies"))
    }

    /// Skips TypeScript's `as const`, `as Type<…>`, `satisfies Type` after a value.
    mutating func skipTypeSuffix() throws(Failure) {
        while try isTypeSuffix() {
            _ = try next()
            var nesting = 0
            while true {
                let token = try peek()
                if token.kind == .end { return }
                if nesting == 0 && (Self.endsValue(token) || token.kind == .identifier("as")) { break }
                switch token.kind {
                case .punctuation(let byte) where "<({[".utf8.contains(byte): nesting += 1
                case .punctuation(let byte) where ">)}]".utf8.contains(byte): nesting -= 1
                default: break
                }
                _ = try next()
                guard nesting >= 0, nesting <= JSONValue.maximumDepth else { break }
            }
        }
    }

    /// A number literal's value: decimal, hex, octal or binary, with `_` separators; nil otherwise.
    static func number(_ text: String) -> Double? {
        let plain = text.replacingOccurrences(of: "_", with: "")
        let lower = plain.lowercased()
        for (prefix, radix) in [("0x", 16), ("0o", 8), ("0b", 2)] where lower.hasPrefix(prefix) {
            return UInt64(lower.dropFirst(2), radix: radix).map(Double.init)
        }
        guard
            plain.allSatisfy({
                $0.isASCII && ($0.isNumber || $0 == "." || $0 == "e" || $0 == "E" || $0 == "+" || $0 == "-")
            }),
            let number = Double(plain), number.isFinite
        else { return nil }
        return number
    }

    /// Skips an expression from `start` to the `,`, closing bracket or `;` that ends it, and records it
    /// (unless `record` is false: its parts were recorded already).
    mutating func expression(from start: Int, path: String, record: Bool = true) throws(Failure) -> JSONValue? {
        index = start
        allowsRegex = true
        var nesting = 0
        var end = start
        var continues = true  // the previous token was an operator, so a line break does not end the expression
        while true {
            let token = try peek()
            if nesting == 0 {
                if token.kind == .end { break }
                if case .punctuation(let byte) = token.kind, ",}]);".utf8.contains(byte) { break }
                if case .identifier = token.kind, token.afterNewline, !continues { break }
            }
            if token.kind == .end { throw fail("the text ends inside an expression", at: start) }
            switch token.kind {
            case .punctuation(let byte) where "({[".utf8.contains(byte): nesting += 1
            case .punctuation(let byte) where ")}]".utf8.contains(byte): nesting -= 1
            default: break
            }
            guard nesting <= JSONValue.maximumDepth else { throw fail("the expression nests too deeply", at: start) }
            _ = try next()
            end = index
            if case .punctuation(let byte) = token.kind {
                continues = !")]}".utf8.contains(byte)
            } else {
                continues = false
            }
        }
        var text = String(decoding: bytes[start..<end], as: UTF8.self)
            .split(whereSeparator: { $0 == "\n" || $0 == "\r" || $0 == "\t" || $0 == " " })
            .joined(separator: " ")
        if text.count > 80 { text = String(text.prefix(77)) + "..." }
        let (line, _) = JSONSyntaxError.position(of: start, in: bytes)
        if record { expressions.append(Expression(keyPath: path, text: text, line: line)) }
        return nil
    }

    /// An object literal after its `{`.
    mutating func object(path: String, depth: Int) throws(Failure) -> JSONValue {
        var members: [String: JSONValue] = [:]
        var lines: [String: Int] = [:]
        while true {
            let keyToken = try next()
            let key: String
            switch keyToken.kind {
            case .punctuation(UInt8(ascii: "}")): return .object(members)
            case .identifier(let name): key = name
            case .string(let name): key = name
            case .template(let name?): key = name
            case .number(let text): key = Self.number(text).map { JSONValue.number($0).stringValue ?? text } ?? text
            case .punctuation(UInt8(ascii: ".")):
                // `...other`: the spread object is not read.
                _ = try expression(from: keyToken.start, path: Self.keyPath(path, "..."))
                try memberEnd()
                if index > 0 && bytes[index - 1] == UInt8(ascii: "}") { return .object(members) }
                continue
            case .punctuation(UInt8(ascii: "[")):
                _ = try expression(from: keyToken.start, path: Self.keyPath(path, "[…]"))
                try memberEnd()
                if index > 0 && bytes[index - 1] == UInt8(ascii: "}") { return .object(members) }
                continue
            case .end: throw fail("the object is not closed: expected '}'", at: keyToken.start)
            default: throw fail("expected a key, found \(describe(keyToken))", at: keyToken.start)
            }
            let (line, _) = JSONSyntaxError.position(of: keyToken.start, in: bytes)
            if let first = lines[key] {
                throw fail(
                    "the key \"\(TerminalText.sanitized(key))\" appears twice in one object (lines \(first) and \(line)); "
                        + "tools disagree on which value wins", at: keyToken.start, keyPath: Self.keyPath(path, key))
            }
            lines[key] = line
            let keyPath = Self.keyPath(path, key)
            let after = try peek()
            switch after.kind {
            case .punctuation(UInt8(ascii: ":")):
                _ = try next()
                if let value = try value(path: keyPath, depth: depth) { members[key] = value }
            case .punctuation(UInt8(ascii: ",")), .punctuation(UInt8(ascii: "}")):
                // `{ name }` stands for `{ name: name }`.
                guard case .identifier = keyToken.kind else {
                    throw fail("expected ':' after the key", at: after.start)
                }
                index = keyToken.start
                if let value = try value(path: keyPath, depth: depth) { members[key] = value }
            default:
                guard case .identifier = keyToken.kind else {
                    throw fail("expected ':' after the key", at: after.start)
                }
                // A method (`name() {…}`, `get name() {…}`): not a value.
                _ = try expression(from: keyToken.start, path: keyPath)
            }
            try memberEnd()
            if bytes[index - 1] == UInt8(ascii: "}") { return .object(members) }
        }
    }

    /// Consumes the `,` or `}` after an object member (the caller checks which).
    mutating func memberEnd() throws(Failure) {
        let token = try next()
        switch token.kind {
        case .punctuation(UInt8(ascii: ",")), .punctuation(UInt8(ascii: "}")): return
        case .end: throw fail("the object is not closed: expected '}'", at: token.start)
        default: throw fail("expected ',' or '}' after a value, found \(describe(token))", at: token.start)
        }
    }

    /// An array literal after its `[`.
    mutating func array(path: String, depth: Int) throws(Failure) -> JSONValue {
        var elements: [JSONValue] = []
        var position = 0
        while true {
            let token = try peek()
            switch token.kind {
            case .punctuation(UInt8(ascii: "]")):
                _ = try next()
                return .array(elements)
            case .punctuation(UInt8(ascii: ",")):
                _ = try next()  // a hole
                position += 1
                continue
            case .end: throw fail("the array is not closed: expected ']'", at: token.start)
            default: break
            }
            if let element = try value(path: path + "[\(position)]", depth: depth) { elements.append(element) }
            position += 1
            let after = try next()
            switch after.kind {
            case .punctuation(UInt8(ascii: ",")): continue
            case .punctuation(UInt8(ascii: "]")): return .array(elements)
            case .end: throw fail("the array is not closed: expected ']'", at: after.start)
            default: throw fail("expected ',' or ']' after a value, found \(describe(after))", at: after.start)
            }
        }
    }

    func describe(_ token: Token) -> String {
        switch token.kind {
        case .end: return "the end of the text"
        case .punctuation(let byte) where byte >= 0x20 && byte < 0x7F:
            return "'\(Character(Unicode.Scalar(byte)))'"
        case .punctuation(let byte): return "byte \(byte)"
        default:
            let text = String(decoding: bytes[token.start..<min(token.end, token.start + 40)], as: UTF8.self)
            return "\"\(TerminalText.sanitized(text))\""
        }
    }
}
