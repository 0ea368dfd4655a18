import Foundation

/// The CBOR the software authenticator reads and writes: CTAP2's subset (integers, byte and text strings, arrays,
/// maps, booleans), definite lengths only.
public indirect enum SoftCBOR: Sendable, Hashable {
    case unsigned(UInt64)
    case negative(UInt64)
    case bytes([UInt8])
    case text(String)
    case array([SoftCBOR])
    case map([MapEntry])
    case bool(Bool)
    case null

    /// One map entry (maps keep their order: the writer gives CTAP's canonical order).
    public struct MapEntry: Sendable, Hashable {
        public var key: SoftCBOR
        public var value: SoftCBOR
        public init(_ key: SoftCBOR, _ value: SoftCBOR) {
            self.key = key
            self.value = value
        }
    }

    /// An integer value.
    public static func int(_ value: Int) -> SoftCBOR {
        value >= 0 ? .unsigned(UInt64(value)) : .negative(UInt64(-1 - value))
    }

    /// The value as an integer, for either sign.
    public var intValue: Int? {
        switch self {
        case .unsigned(let value): return value <= UInt64(Int.max) ? Int(value) : nil
        case .negative(let value): return value < UInt64(Int.max) ? -1 - Int(value) : nil
        default: return nil
        }
    }

    /// The byte string's bytes.
    public var bytesValue: [UInt8]? { if case .bytes(let value) = self { value } else { nil } }
    /// The text string.
    public var textValue: String? { if case .text(let value) = self { value } else { nil } }
    /// The array's items.
    public var arrayValue: [SoftCBOR]? { if case .array(let value) = self { value } else { nil } }
    /// The boolean.
    public var boolValue: Bool? { if case .bool(let value) = self { value } else { nil } }

    /// The member with integer key `key` of a map.
    public subscript(key: Int) -> SoftCBOR? { member(.int(key)) }
    /// The member with text key `key` of a map.
    public subscript(key: String) -> SoftCBOR? { member(.text(key)) }

    private func member(_ key: SoftCBOR) -> SoftCBOR? {
        guard case .map(let entries) = self else { return nil }
        return entries.first { $0.key == key }?.value
    }

    /// The encoding.
    public var encoded: [UInt8] {
        switch self {
        case .unsigned(let value): return Self.head(0, value)
        case .negative(let value): return Self.head(1, value)
        case .bytes(let value): return Self.head(2, UInt64(value.count)) + value
        case .text(let value): return Self.head(3, UInt64(value.utf8.count)) + Array(value.utf8)
        case .array(let items): return Self.head(4, UInt64(items.count)) + items.flatMap(\.encoded)
        case .map(let entries):
            return Self.head(5, UInt64(entries.count)) + entries.flatMap { $0.key.encoded + $0.value.encoded }
        case .bool(let value): return [value ? 0xf5 : 0xf4]
        case .null: return [0xf6]
        }
    }

    private static func head(_ major: UInt8, _ value: UInt64) -> [UInt8] {
        let type = major << 5
        switch value {
        case ..<24: return [type | UInt8(value)]
        case ..<0x100: return [type | 24, UInt8(value)]
        case ..<0x10000: return [type | 25] + bigEndian(value, 2)
        case ..<0x1_0000_0000: return [type | 26] + bigEndian(value, 4)
        default: return [type | 27] + bigEndian(value, 8)
        }
    }

    private static func bigEndian(_ value: UInt64, _ count: Int) -> [UInt8] {
        (0..<count).reversed().map { UInt8(truncatingIfNeeded: value >> (8 * UInt64($0))) }
    }

    /// Decodes exactly one item filling `bytes`; nil when it is not CTAP's CBOR.
    public static func decode(_ bytes: [UInt8]) -> SoftCBOR? {
        var reader = Reader(bytes: bytes)
        guard let item = reader.item(depth: 0), reader.offset == bytes.count else { return nil }
        return item
    }

    private struct Reader {
        let bytes: [UInt8]
        var offset = 0

        mutating func item(depth: Int) -> SoftCBOR? {
            guard depth < 16, offset < bytes.count else { return nil }
            let first = bytes[offset]
            offset += 1
            let major = first >> 5
            if major == 7 {
                switch first {
                case 0xf4: return .bool(false)
                case 0xf5: return .bool(true)
                case 0xf6: return .null
                default: return nil
                }
            }
            guard let argument = argument(first & 0x1f) else { return nil }
            switch major {
            case 0: return .unsigned(argument)
            case 1: return .negative(argument)
            case 2, 3:
                guard argument <= UInt64(bytes.count - offset) else { return nil }
                let slice = Array(bytes[offset..<offset + Int(argument)])
                offset += Int(argument)
                if major == 2 { return .bytes(slice) }
                return String(bytes: slice, encoding: .utf8).map(SoftCBOR.text)
            case 4:
                guard argument <= UInt64(bytes.count - offset) else { return nil }
                var items: [SoftCBOR] = []
                for _ in 0..<argument {
                    guard let next = item(depth: depth + 1) else { return nil }
                    items.append(next)
                }
                return .array(items)
            case 5:
                guard argument <= UInt64(bytes.count - offset) else { return nil }
                var entries: [MapEntry] = []
                for _ in 0..<argument {
                    guard let key = item(depth: depth + 1), let value = item(depth: depth + 1) else { return nil }
                    entries.append(MapEntry(key, value))
                }
                return .map(entries)
            default: return nil
            }
        }

        mutating func argument(_ info: UInt8) -> UInt64? {
            if info < 24 { return UInt64(info) }
            guard info <= 27 else { return nil }
            let count = 1 << Int(info - 24)
            guard bytes.count - offset >= count else { return nil }
            let value = bytes[offset..<offset + count].reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
            offset += count
            return value
        }
    }
}
