import Foundation

/// A JSON document as a value, used for the wire protocol so that unexpected shapes are errors, never crashes.
///
/// Cognito and moto sometimes send numbers where strings are expected, or JSON arrays inside string
/// maps. Decoding into `JSONValue` first and reading fields through the lenient accessors keeps the
/// decoders total.
public enum JSONValue: Sendable, Hashable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    /// The member with this key when the value is an object.
    public subscript(key: String) -> JSONValue? {
        if case .object(let members) = self { return members[key] }
        return nil
    }

    /// The value as a string; numbers and booleans are rendered, so a number sent where a string was expected still reads.
    public var stringValue: String? {
        switch self {
        case .string(let value): return value
        case .number(let value):
            if value.rounded() == value, abs(value) < 1e15 { return String(Int64(value)) }
            return String(value)
        case .bool(let value): return value ? "true" : "false"
        default: return nil
        }
    }

    /// The value as a number; numeric strings are accepted.
    public var doubleValue: Double? {
        switch self {
        case .number(let value): return value
        case .string(let value): return Double(value)
        default: return nil
        }
    }

    /// The value as an integer, when it is a whole number.
    public var intValue: Int? {
        guard let value = doubleValue, value.rounded() == value, abs(value) < 9e15 else { return nil }
        return Int(value)
    }

    /// The members when the value is an object.
    public var objectValue: [String: JSONValue]? {
        if case .object(let members) = self { return members }
        return nil
    }

    /// The elements when the value is an array.
    public var arrayValue: [JSONValue]? {
        if case .array(let elements) = self { return elements }
        return nil
    }

    /// A string-to-string map, rendering scalar members; nested values are written as JSON text.
    public var stringMap: [String: String] {
        guard let members = objectValue else { return [:] }
        var result: [String: String] = [:]
        for (key, value) in members {
            if let text = value.stringValue {
                result[key] = text
            } else if let data = try? JSONEncoder().encode(value), let text = String(data: data, encoding: .utf8) {
                result[key] = text
            }
        }
        return result
    }
}

extension JSONValue: Codable {
    /// Decodes any JSON value.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    /// Encodes the value as JSON.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .number(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }
}

extension JSONValue: ExpressibleByStringLiteral, ExpressibleByDictionaryLiteral, ExpressibleByArrayLiteral,
    ExpressibleByIntegerLiteral, ExpressibleByBooleanLiteral
{
    /// A JSON string from a string literal.
    public init(stringLiteral value: String) { self = .string(value) }
    /// A JSON object from a dictionary literal; a repeated key keeps its last value.
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }
    /// A JSON array from an array literal.
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    /// A JSON number from an integer literal.
    public init(integerLiteral value: Int) { self = .number(Double(value)) }
    /// A JSON boolean from `true` or `false`.
    public init(booleanLiteral value: Bool) { self = .bool(value) }
}

extension JSONValue {
    /// Builds an object from a string map.
    public static func strings(_ map: [String: String]) -> JSONValue {
        .object(map.mapValues { .string($0) })
    }

    /// The deepest nesting accepted; Cognito answers and configuration files nest a few levels.
    public static let maximumDepth = 64

    /// Parses JSON bytes, or returns nil when they are not JSON (or nest deeper than ``maximumDepth``).
    public static func parse(_ bytes: some Collection<UInt8>) -> JSONValue? {
        let data = Data(bytes)
        // Decoding cost grows with the square of the depth, so refuse absurd nesting up front
        // (found by fuzzing: 500 levels took half a second).
        guard nestingDepth(of: data) <= maximumDepth else { return nil }
        return try? JSONDecoder().decode(JSONValue.self, from: data)
    }

    /// The deepest `[` / `{` nesting outside strings.
    static func nestingDepth(of data: Data) -> Int {
        var depth = 0
        var deepest = 0
        var inString = false
        var escaped = false
        for byte in data {
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                depth += 1
                deepest = max(deepest, depth)
            case UInt8(ascii: "]"), UInt8(ascii: "}"): depth -= 1
            default: break
            }
        }
        return deepest
    }

    /// Serialises the value to compact JSON bytes with sorted keys.
    ///
    /// Besides what JSON requires, DEL, the C1 controls, Unicode format characters (`Cf`: bidi
    /// overrides, zero-width characters…) and U+2028/U+2029 are written as `\uXXXX` escapes: the same
    /// JSON value, but text that cannot reorder, hide or break lines when the JSON is printed on a
    /// terminal (`latchkey status --json` and the other `--json` outputs).
    public func encoded() -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Encoding a JSONValue cannot fail: every case maps to a JSON primitive.
        let data = (try? encoder.encode(self)) ?? Data("null".utf8)
        guard data.contains(where: { $0 >= 0x7F }) else { return data }
        var escaped = String.UnicodeScalarView()
        for scalar in String(decoding: data, as: UTF8.self).unicodeScalars {
            let value = scalar.value
            let invisible =
                value == 0x7F || (0x80...0x9F).contains(value) || value == 0x2028 || value == 0x2029
                || scalar.properties.generalCategory == .format
            guard invisible else {
                escaped.append(scalar)
                continue
            }
            // Outside strings JSON is ASCII, so every such scalar is inside a string, where an escape means the same.
            let units = value > 0xFFFF ? Array(String(scalar).utf16) : [UInt16(truncatingIfNeeded: value)]
            for unit in units {
                let hex = String(unit, radix: 16)
                escaped.append(contentsOf: ("\\u" + String(repeating: "0", count: 4 - hex.count) + hex).unicodeScalars)
            }
        }
        return Data(String(escaped).utf8)
    }
}
