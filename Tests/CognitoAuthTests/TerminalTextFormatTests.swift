import CognitoAuthTesting
import Foundation
import Testing

@testable import CognitoAuth

/// N10: bidirectional and invisible format characters never reach the terminal.
@Suite("Terminal text: format characters, line separators, and the JSON outputs")
struct TerminalTextFormatTests {
    /// Every scalar the report names, and the rest of `Cf` that matters.
    static let formatScalars: [UInt32] = [
        0x200B, 0x200C, 0x200E, 0x200F, 0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2066, 0x2067, 0x2068, 0x2069,
        0xFEFF, 0x00AD, 0x061C, 0x2060, 0xE0041,
    ]

    @Test("Bidi overrides, isolates, marks, zero-width characters, the BOM and the soft hyphen are dropped")
    func formatCharactersAreDropped() throws {
        for value in Self.formatScalars {
            let scalar = try #require(Unicode.Scalar(value))
            let text = "admin" + String(scalar) + "txt.exe"
            #expect(TerminalText.sanitized(text) == "admintxt.exe", "U+\(String(value, radix: 16))")
        }
        #expect(TerminalText.sanitized("\u{202E}gnp.exe\u{202C} alice") == "gnp.exe alice")
    }

    @Test("U+2028 and U+2029 become a space, even when newlines are kept")
    func lineSeparatorsBecomeSpaces() {
        #expect(TerminalText.sanitized("a\u{2028}b\u{2029}c") == "a b c")
        #expect(TerminalText.sanitized("a\u{2028}b\nc", keepingNewlines: true) == "a b\nc")
    }

    @Test("Legitimate text is kept: Japanese, accents, emoji and their ZWJ sequences, variation selectors")
    func legitimateTextIsKept() {
        for text in ["こんにちは、世界", "Grüße ✔", "👩‍💻 and 👨‍👩‍👧", "❤️", "🇯🇵", "שלום", "مرحبا"] {
            #expect(TerminalText.sanitized(text) == text, "\(text)")
        }
    }

    @Test("JSON output escapes format characters, C1, DEL and line separators, and still decodes to the same value")
    func jsonEscapesInvisibleCharacters() throws {
        let hostile = "a\u{202E}b\u{2028}c\u{9B}d\u{7F}e\u{FEFF}f\u{E0041}g 日本 👩‍💻"
        let data = JSONValue.object(["name": .string(hostile)]).encoded()
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.contains(#"\u202e"#), "\(text)")
        #expect(text.contains(#"\udb40\udc41"#), "\(text)")
        let leaked = text.unicodeScalars.filter {
            $0.properties.generalCategory == .format || (0x7F...0x9F).contains($0.value) || $0.value == 0x2028
        }
        #expect(leaked.isEmpty, "\(text.debugDescription)")
        #expect(text.contains("日本"))
        #expect(JSONValue.parse(data)?["name"]?.stringValue == hostile)
        let decoded = try JSONSerialization.jsonObject(with: data) as? [String: String]
        #expect(decoded?["name"] == hostile)
    }
}
