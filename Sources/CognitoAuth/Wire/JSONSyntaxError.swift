/// Where and why text is not JSON: the first syntax error, with its line and column.
///
/// Foundation's decoders say only that the data is not valid JSON; configuration errors should point
/// at the character to fix. ``locate(in:)`` runs a strict RFC 8259 check and reports the first problem.
package struct JSONSyntaxError: Sendable, Hashable, CustomStringConvertible {
    /// The byte offset of the problem.
    package var offset: Int
    /// The line, from 1.
    package var line: Int
    /// The column in characters (Unicode scalars), from 1.
    package var column: Int
    /// What is wrong, such as "expected ',' or '}'".
    package var message: String

    /// "line 3, column 14: expected ',' or '}'".
    package var description: String { "line \(line), column \(column): \(message)" }

    /// The first syntax error in `bytes`, or nil when they are one well-formed JSON value.
    package static func locate(in bytes: [UInt8]) -> JSONSyntaxError? {
        var scanner = Scanner(bytes: bytes)
        do throws(Failure) {
            scanner.skipWhitespace()
            try scanner.value(depth: 0)
            scanner.skipWhitespace()
            if scanner.index < bytes.count { throw scanner.fail("more text follows the JSON value") }
            return nil
        } catch {
            return error.at(bytes)
        }
    }

    /// The line and column of `offset` in `bytes`.
    static func position(of offset: Int, in bytes: [UInt8]) -> (line: Int, column: Int) {
        var line = 1
        var column = 1
        for byte in bytes.prefix(offset) {
            if byte == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                // Continuation bytes of a UTF-8 sequence do not start a new character.
                column += 1
            }
        }
        return (line, column)
    }

    struct Failure: Error {
        var offset: Int
        var message: String

        func at(_ bytes: [UInt8]) -> JSONSyntaxError {
            let (line, column) = JSONSyntaxError.position(of: offset, in: bytes)
            return JSONSyntaxError(offset: offset, line: line, column: column, message: message)
        }
    }

    /// A strict recursive-descent check (bounded depth).
    struct Scanner {
        let bytes: [UInt8]
        var index = 0

        init(bytes: [UInt8]) { self.bytes = bytes }

        func fail(_ message: String) -> Failure { Failure(offset: index, message: message) }

        var current: UInt8? { index < bytes.count ? bytes[index] : nil }

        mutating func skipWhitespace() {
            while let byte = current, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { index += 1 }
        }

        func describe(_ byte: UInt8) -> String {
            byte >= 0x20 && byte < 0x7F ? "'\(Character(Unicode.Scalar(byte)))'" : "byte \(byte)"
        }

        mutating func value(depth: Int) throws(Failure) {
            guard depth < JSONValue.maximumDepth else { throw fail("the JSON nests too deeply") }
            guard let byte = current else { throw fail("the text ends where a value was expected") }
            switch byte {
            case UInt8(ascii: "{"): try object(depth: depth)
            case UInt8(ascii: "["): try array(depth: depth)
            case UInt8(ascii: "\""): try string()
            case UInt8(ascii: "'"): throw fail("JSON strings take double quotes, not single quotes")
            case UInt8(ascii: "t"): try literal("true")
            case UInt8(ascii: "f"): try literal("false")
            case UInt8(ascii: "n"): try literal("null")
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): try number()
            case UInt8(ascii: "/"): throw fail("JSON has no comments")
            default: throw fail("unexpected \(describe(byte)) where a value was expected")
            }
        }

        mutating func object(depth: Int) throws(Failure) {
            index += 1
            skipWhitespace()
            if current == UInt8(ascii: "}") {
                index += 1
                return
            }
            while true {
                guard let byte = current else { throw fail("the object is not closed: expected '}'") }
                switch byte {
                case UInt8(ascii: "\""): try string()
                case UInt8(ascii: "'"): throw fail("JSON keys take double quotes, not single quotes")
                case UInt8(ascii: "/"): throw fail("JSON has no comments")
                default: throw fail("expected a key in double quotes, found \(describe(byte))")
                }
                skipWhitespace()
                guard current == UInt8(ascii: ":") else { throw fail("expected ':' after the key") }
                index += 1
                skipWhitespace()
                try value(depth: depth + 1)
                skipWhitespace()
                switch current {
                case UInt8(ascii: ","):
                    index += 1
                    skipWhitespace()
                    if current == UInt8(ascii: "}") { throw fail("a comma before '}' (JSON allows no trailing comma)") }
                case UInt8(ascii: "}"):
                    index += 1
                    return
                case nil: throw fail("the object is not closed: expected '}'")
                default: throw fail("expected ',' or '}' after a value")
                }
            }
        }

        mutating func array(depth: Int) throws(Failure) {
            index += 1
            skipWhitespace()
            if current == UInt8(ascii: "]") {
                index += 1
                return
            }
            while true {
                try value(depth: depth + 1)
                skipWhitespace()
                switch current {
                case UInt8(ascii: ","):
                    index += 1
                    skipWhitespace()
                    if current == UInt8(ascii: "]") { throw fail("a comma before ']' (JSON allows no trailing comma)") }
                case UInt8(ascii: "]"):
                    index += 1
                    return
                case nil: throw fail("the array is not closed: expected ']'")
                default: throw fail("expected ',' or ']' after a value")
                }
            }
        }

        mutating func string() throws(Failure) {
            let start = index
            index += 1
            while let byte = current {
                switch byte {
                case UInt8(ascii: "\""):
                    index += 1
                    return
                case UInt8(ascii: "\\"):
                    index += 1
                    guard let escaped = current, Array("\"\\/bfnrtu".utf8).contains(escaped) else {
                        throw fail("an unknown escape in a string")
                    }
                    index += 1
                case 0..<0x20:
                    throw fail("a control character (such as a line break) inside a string")
                default:
                    index += 1
                }
            }
            throw Failure(offset: start, message: "this string is not closed")
        }

        mutating func literal(_ word: String) throws(Failure) {
            let expected = Array(word.utf8)
            guard index + expected.count <= bytes.count, Array(bytes[index..<index + expected.count]) == expected
            else { throw fail("unexpected word where a value was expected (true, false, null, a number or a string)") }
            index += expected.count
        }

        mutating func number() throws(Failure) {
            func digits(_ scanner: inout Scanner) -> Int {
                var count = 0
                while let byte = scanner.current, byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
                    scanner.index += 1
                    count += 1
                }
                return count
            }
            if current == UInt8(ascii: "-") { index += 1 }
            if current == UInt8(ascii: "0") {
                index += 1
            } else if digits(&self) == 0 {
                throw fail("a malformed number")
            }
            if current == UInt8(ascii: ".") {
                index += 1
                guard digits(&self) > 0 else { throw fail("a malformed number: digits must follow '.'") }
            }
            if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
                index += 1
                if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { index += 1 }
                guard digits(&self) > 0 else { throw fail("a malformed number: digits must follow the exponent") }
            }
        }
    }
}
