import Foundation

// Values: objects, arrays, literals, names that refer to a declared value, and expressions left unread.
extension ObjectLiteralReader {
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
        guard valuesRead <= maximumValues else {
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
            if usedNames[name] == nil { usedNames[name] = token.start }
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
        // Only the start is shown, so only the start is decoded (an expression may be megabytes long).
        let shown = min(end, start + 1024)
        var text = String(decoding: bytes[start..<shown], as: UTF8.self)
            .split(whereSeparator: { $0 == "\n" || $0 == "\r" || $0 == "\t" || $0 == " " })
            .joined(separator: " ")
        if text.count > 80 || shown < end { text = String(text.prefix(77)) + "..." }
        if record {
            // The line is found for all expressions at once, at the end (``locatedExpressions()``).
            expressions.append(Expression(keyPath: path, text: text, line: 0))
            expressionOffsets.append(start)
        }
        return nil
    }

    /// An object literal after its `{`.
    mutating func object(path: String, depth: Int) throws(Failure) -> JSONValue {
        var members: [String: JSONValue] = [:]
        var keyOffsets: [String: Int] = [:]
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
            if let first = keyOffsets.updateValue(keyToken.start, forKey: key) {
                throw duplicateKey(key, path: path, first: first, second: keyToken.start)
            }
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

    /// A key that appears twice in one object, with both lines.
    func duplicateKey(_ key: String, path: String, first: Int, second: Int) -> Failure {
        fail(
            "the key \"\(TerminalText.sanitized(key))\" appears twice in one object (lines \(line(of: first)) and "
                + "\(line(of: second))); tools disagree on which value wins", at: second,
            keyPath: Self.keyPath(path, key))
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
