import Foundation

// Strict JSON (RFC 8259), read in one pass: the value, the first syntax error with its offset, and any
// key that appears twice in one object. Configuration files are read by this alone (no Foundation pass,
// no second scan for positions or duplicates).
extension ObjectLiteralReader {
    /// Reads `bytes` (UTF-8) as one strict JSON value.
    ///
    /// Throws at the first syntax error, at nesting deeper than ``JSONValue/maximumDepth``, at a number
    /// that is not finite, at text that is not UTF-8 inside a string, and at a key that appears twice in
    /// one object (with ``Failure/keyPath``). Only offsets are kept while reading.
    package static func json(in bytes: [UInt8]) throws(Failure) -> JSONValue {
        var reader = ObjectLiteralReader(bytes: bytes)
        reader.skipJSONWhitespace()
        let value = try reader.jsonValue(depth: 0)
        reader.skipJSONWhitespace()
        if reader.index < bytes.count { throw reader.fail("more text follows the JSON value") }
        return value
    }

    var currentByte: UInt8? { index < bytes.count ? bytes[index] : nil }

    mutating func skipJSONWhitespace() {
        while index < bytes.count {
            let byte = bytes[index]
            guard byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 else { return }
            index += 1
        }
    }

    static func describe(byte: UInt8) -> String {
        byte >= 0x20 && byte < 0x7F ? "'\(Character(Unicode.Scalar(byte)))'" : "byte \(byte)"
    }

    mutating func jsonValue(depth: Int) throws(Failure) -> JSONValue {
        guard depth < JSONValue.maximumDepth else { throw fail("the JSON nests too deeply") }
        guard let byte = currentByte else { throw fail("the text ends where a value was expected") }
        switch byte {
        case UInt8(ascii: "{"): return try jsonObject(depth: depth)
        case UInt8(ascii: "["): return try jsonArray(depth: depth)
        case UInt8(ascii: "\""): return .string(try jsonString())
        case UInt8(ascii: "'"): throw fail("JSON strings take double quotes, not single quotes")
        case UInt8(ascii: "t"):
            try jsonWord("true")
            return .bool(true)
        case UInt8(ascii: "f"):
            try jsonWord("false")
            return .bool(false)
        case UInt8(ascii: "n"):
            try jsonWord("null")
            return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try jsonNumber())
        case UInt8(ascii: "/"): throw fail("JSON has no comments")
        default: throw fail("unexpected \(Self.describe(byte: byte)) where a value was expected")
        }
    }

    /// `parent` joined to the key path of a failure below it (`Auth` + `oauth.scope` → `Auth.oauth.scope`).
    static func prefixed(_ failure: Failure, with parent: String) -> Failure {
        var failure = failure
        if let inner = failure.keyPath {
            failure.keyPath = inner.hasPrefix("[") ? parent + inner : parent + "." + inner
        }
        return failure
    }

    mutating func jsonObject(depth: Int) throws(Failure) -> JSONValue {
        let open = index
        index += 1
        skipJSONWhitespace()
        var members: [String: JSONValue] = [:]
        if currentByte == UInt8(ascii: "}") {
            index += 1
            return .object(members)
        }
        while true {
            guard let byte = currentByte else { throw fail("the object is not closed: expected '}'") }
            switch byte {
            case UInt8(ascii: "\""): break
            case UInt8(ascii: "'"): throw fail("JSON keys take double quotes, not single quotes")
            case UInt8(ascii: "/"): throw fail("JSON has no comments")
            default: throw fail("expected a key in double quotes, found \(Self.describe(byte: byte))")
            }
            let keyStart = index
            let key = try jsonString()
            skipJSONWhitespace()
            guard currentByte == UInt8(ascii: ":") else { throw fail("expected ':' after the key") }
            index += 1
            skipJSONWhitespace()
            let value: JSONValue
            do throws(Failure) {
                value = try jsonValue(depth: depth + 1)
            } catch {
                throw Self.prefixed(error, with: key)
            }
            if members.updateValue(value, forKey: key) != nil {
                let first = firstKeyOffset(key, inObjectAt: open) ?? keyStart
                throw duplicateKey(key, path: "", first: first, second: keyStart)
            }
            skipJSONWhitespace()
            switch currentByte {
            case UInt8(ascii: ","):
                index += 1
                skipJSONWhitespace()
                if currentByte == UInt8(ascii: "}") { throw fail("a comma before '}' (JSON allows no trailing comma)") }
            case UInt8(ascii: "}"):
                index += 1
                return .object(members)
            case nil: throw fail("the object is not closed: expected '}'")
            default: throw fail("expected ',' or '}' after a value")
            }
        }
    }

    /// Where `key` first appears in the object at `open` (read again only to report a duplicate).
    func firstKeyOffset(_ key: String, inObjectAt open: Int) -> Int? {
        var reader = ObjectLiteralReader(bytes: bytes)
        reader.index = open + 1
        while true {
            reader.skipJSONWhitespace()
            let start = reader.index
            guard let name = try? reader.jsonString() else { return nil }
            if name == key { return start }
            reader.skipJSONWhitespace()
            reader.index += 1  // ':'
            reader.skipJSONWhitespace()
            guard (try? reader.jsonValue(depth: 0)) != nil else { return nil }
            reader.skipJSONWhitespace()
            reader.index += 1  // ','
        }
    }

    mutating func jsonArray(depth: Int) throws(Failure) -> JSONValue {
        index += 1
        skipJSONWhitespace()
        var elements: [JSONValue] = []
        if currentByte == UInt8(ascii: "]") {
            index += 1
            return .array(elements)
        }
        while true {
            do throws(Failure) {
                elements.append(try jsonValue(depth: depth + 1))
            } catch {
                throw Self.prefixed(error, with: "[\(elements.count)]")
            }
            skipJSONWhitespace()
            switch currentByte {
            case UInt8(ascii: ","):
                index += 1
                skipJSONWhitespace()
                if currentByte == UInt8(ascii: "]") { throw fail("a comma before ']' (JSON allows no trailing comma)") }
            case UInt8(ascii: "]"):
                index += 1
                return .array(elements)
            case nil: throw fail("the array is not closed: expected ']'")
            default: throw fail("expected ',' or ']' after a value")
            }
        }
    }

    /// A string from its opening quote, decoded; strings without escapes are copied in one step.
    mutating func jsonString() throws(Failure) -> String {
        let start = index
        index += 1
        let contentStart = index
        var isASCII = true
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                defer { index += 1 }
                if isASCII { return String(decoding: bytes[contentStart..<index], as: UTF8.self) }
                return try utf8String(bytes[contentStart..<index], at: contentStart)
            }
            if byte == UInt8(ascii: "\\") { return try jsonEscapedString(from: start, copying: contentStart) }
            if byte < 0x20 { throw fail("a control character (such as a line break) inside a string") }
            if byte >= 0x80 { isASCII = false }
            index += 1
        }
        throw fail("this string is not closed", at: start)
    }

    func utf8String(_ slice: ArraySlice<UInt8>, at offset: Int) throws(Failure) -> String {
        guard let text = String(bytes: slice, encoding: .utf8) else {
            throw fail("a string holds bytes that are not UTF-8", at: offset)
        }
        return text
    }

    /// The rest of a string that holds a backslash escape.
    mutating func jsonEscapedString(from start: Int, copying contentStart: Int) throws(Failure) -> String {
        var decoded = Array(bytes[contentStart..<index])
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                return try utf8String(decoded[...], at: contentStart)
            case UInt8(ascii: "\\"):
                index += 1
                guard let escaped = currentByte else { break }
                index += 1
                switch escaped {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): decoded.append(escaped)
                case UInt8(ascii: "b"): decoded.append(0x08)
                case UInt8(ascii: "f"): decoded.append(0x0C)
                case UInt8(ascii: "n"): decoded.append(0x0A)
                case UInt8(ascii: "r"): decoded.append(0x0D)
                case UInt8(ascii: "t"): decoded.append(0x09)
                case UInt8(ascii: "u"): decoded.append(contentsOf: try jsonUnicodeEscape())
                default:
                    index -= 1
                    throw fail("an unknown escape in a string")
                }
            case 0..<0x20: throw fail("a control character (such as a line break) inside a string")
            default:
                decoded.append(byte)
                index += 1
            }
        }
        throw fail("this string is not closed", at: start)
    }

    /// The four hex digits after `\u` (and a second `\uXXXX` for a surrogate pair), as UTF-8.
    mutating func jsonUnicodeEscape() throws(Failure) -> [UInt8] {
        func hex4(_ reader: inout ObjectLiteralReader) -> UInt32? {
            guard reader.index + 4 <= reader.bytes.count else { return nil }
            var value: UInt32 = 0
            for byte in reader.bytes[reader.index..<reader.index + 4] {
                guard let digit = Character(Unicode.Scalar(byte)).hexDigitValue else { return nil }
                value = value << 4 | UInt32(digit)
            }
            reader.index += 4
            return value
        }
        let start = index - 2
        guard let unit = hex4(&self) else {
            throw fail("a malformed \\u escape (four hex digits follow \\u)", at: start)
        }
        var scalar = unit
        if (0xD800...0xDBFF).contains(unit) {
            guard index + 2 <= bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u")
            else { throw fail("a \\u escape holds half of a character (a lone surrogate)", at: start) }
            index += 2
            guard let low = hex4(&self), (0xDC00...0xDFFF).contains(low) else {
                throw fail("a \\u escape holds half of a character (a lone surrogate)", at: start)
            }
            scalar = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
        }
        guard let value = Unicode.Scalar(scalar) else {
            throw fail("a \\u escape holds half of a character (a lone surrogate)", at: start)
        }
        return Array(String(Character(value)).utf8)
    }

    mutating func jsonWord(_ word: StaticString) throws(Failure) {
        let count = word.utf8CodeUnitCount
        let matches =
            index + count <= bytes.count && word.withUTF8Buffer { bytes[index..<index + count].elementsEqual($0) }
        guard matches else {
            throw fail("unexpected word where a value was expected (true, false, null, a number or a string)")
        }
        index += count
    }

    /// A number, checked against JSON's grammar; integers of up to 15 digits are converted directly.
    mutating func jsonNumber() throws(Failure) -> Double {
        let start = index
        var digitCount = 0
        var integer: Int64 = 0
        func digits(_ reader: inout ObjectLiteralReader, accumulate: Bool) -> Int {
            var count = 0
            while let byte = reader.currentByte, byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
                if accumulate && count < 18 { integer = integer * 10 + Int64(byte - UInt8(ascii: "0")) }
                reader.index += 1
                count += 1
            }
            return count
        }
        let negative = currentByte == UInt8(ascii: "-")
        if negative { index += 1 }
        if currentByte == UInt8(ascii: "0") {
            index += 1
            digitCount = 1
        } else {
            digitCount = digits(&self, accumulate: true)
            guard digitCount > 0 else { throw fail("a malformed number") }
        }
        var isInteger = true
        if currentByte == UInt8(ascii: ".") {
            index += 1
            isInteger = false
            guard digits(&self, accumulate: false) > 0 else { throw fail("a malformed number: digits must follow '.'") }
        }
        if currentByte == UInt8(ascii: "e") || currentByte == UInt8(ascii: "E") {
            index += 1
            isInteger = false
            if currentByte == UInt8(ascii: "+") || currentByte == UInt8(ascii: "-") { index += 1 }
            guard digits(&self, accumulate: false) > 0 else {
                throw fail("a malformed number: digits must follow the exponent")
            }
        }
        if isInteger && digitCount <= 15 { return negative ? -Double(integer) : Double(integer) }
        guard let value = Double(String(decoding: bytes[start..<index], as: UTF8.self)), value.isFinite else {
            throw fail("a number too large to read", at: start)
        }
        return value
    }
}
