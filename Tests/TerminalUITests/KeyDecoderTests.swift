import CognitoAuthTesting
import TerminalKeys
import Testing

@testable import TerminalKit
@testable import TerminalUI

@Suite struct KeyDecoderTests {
    static let ok: Int32 = 0
    static let keyCodeYes: Int32 = 0o400

    @Test(arguments: [
        (UInt32(0x61), Key.character("a")),
        (0x41, .character("A")),
        (0x20, .character(" ")),
        (0xE9, .character("é")),
        (0x6F22, .character("漢")),
        (0x1F600, .character("😀")),
        (0x0D, .enter),
        (0x0A, .enter),
        (0x09, .tab),
        (0x1B, .escape),
        (0x7F, .backspace),
        (0x08, .backspace),
        (0x01, .ctrl("a")),
        (0x03, .ctrl("c")),
        (0x17, .ctrl("w")),
        (0x1A, .ctrl("z")),
        (0x00, .ctrl(" ")),
        (0x1F, .ctrl("_")),
        (0x85, .unknown),
        (0xD800, .unknown),
        (0x110000, .unknown),
    ])
    func decodesCharacters(_ value: UInt32, _ expected: Key) {
        #expect(KeyDecoder.decode(status: Self.ok, value: value) == expected)
    }

    @Test(arguments: [
        (Int32(0o403), Key.up),
        (0o402, .down),
        (0o404, .left),
        (0o405, .right),
        (0o406, .home),
        (0o550, .end),
        (0o407, .backspace),
        (0o512, .delete),
        (0o527, .enter),
        (0o541, .backTab),
        (0o523, .pageUp),
        (0o522, .pageDown),
        (0o632, .resize),
        (0o411, .function(1)),
        (0o424, .function(12)),
        (0o513, .unknown),
        (0o631, .unknown),
        (-5, .unknown),
    ])
    func decodesKeyCodes(_ code: Int32, _ expected: Key) {
        #expect(KeyDecoder.decode(status: Self.keyCodeYes, value: UInt32(bitPattern: code)) == expected)
    }

    @Test func timeoutsAndErrorsDecodeToNil() {
        #expect(KeyDecoder.decode(status: -1, value: 0x61) == nil)
        #expect(KeyDecoder.decode(status: 7, value: 0x61) == nil)
    }

    @Test func escapeAndAltAreNotCombined() {
        // Alt-x arrives from ncurses as ESC then "x" (after the 25 ms Esc delay has not
        // passed); the decoder reports both, so Esc is never held back.
        var decoder = KeyDecoder()
        #expect(decoder.feed(.character(0x1B)) == .escape)
        #expect(decoder.feed(.character(0x78)) == .character("x"))
        #expect(decoder.feed(.character(0x1B)) == .escape)
        #expect(decoder.feed(.keyCode(0o403)) == .up)
    }

    @Test func bracketedPasteArrivesAsOneKey() {
        var decoder = KeyDecoder()
        #expect(decoder.feed(.keyCode(decoder.codes.pasteBegin)) == nil)
        for scalar in "ab\rc漢".unicodeScalars {
            #expect(decoder.feed(.character(scalar.value)) == nil)
        }
        #expect(decoder.feed(.keyCode(0o403)) == nil)
        #expect(decoder.feed(.keyCode(decoder.codes.pasteEnd)) == .paste("ab\nc漢"))
        #expect(decoder.pendingPaste == nil)
        #expect(decoder.feed(.character(0x61)) == .character("a"))
    }

    @Test func unfinishedPasteIsFlushed() {
        var decoder = KeyDecoder()
        #expect(decoder.flush() == nil)
        _ = decoder.feed(.keyCode(decoder.codes.pasteBegin))
        _ = decoder.feed(.character(0x31))
        #expect(decoder.flush() == .paste("1"))
        #expect(decoder.feed(.keyCode(decoder.codes.pasteEnd)) == .unknown)
    }

    @Test func fuzzedInputNeverTrapsAndStaysBounded() {
        var generator = SeededRandomGenerator(seed: 0x5EED)
        var decoder = KeyDecoder()
        for _ in 0..<50_000 {
            let status: Int32 = [Self.ok, Self.keyCodeYes, -1, Int32.min, Int32.max][
                Int(generator.next() % 5)]
            let value = UInt32(truncatingIfNeeded: generator.next())
            let small = UInt32(generator.next() % 0x300)
            let decoded = KeyDecoder.decode(
                status: status, value: generator.next() % 2 == 0 ? value : small)
            #expect((decoded == nil) == (status != Self.ok && status != Self.keyCodeYes))
            let input: KeyDecoder.Input =
                generator.next() % 3 == 0
                ? .keyCode(Int32(truncatingIfNeeded: small) + 0o400)
                : .character(generator.next() % 2 == 0 ? value : small)
            _ = decoder.feed(input)
            if let pending = decoder.pendingPaste {
                #expect(pending.utf8.count <= KeyDecoder.maximumPasteBytes + 4)
            }
        }
    }

    @Test func tableMatchesTheLinkedNCurses() {
        #expect(CursesTerminal.nativeKeyCodes() == KeyDecoder.KeyCodes())
    }
}

@Suite("Key decoder: hostile key codes (found by fuzzing)")
struct KeyDecoderOverflowTests {
    @Test("A custom function-key base near Int32.max does not overflow")
    func functionBaseNearMaximum() {
        var codes = KeyDecoder.KeyCodes()
        codes.function0 = Int32.max - 10
        #expect(KeyDecoder.decode(status: codes.codeYes, value: UInt32(bitPattern: 5), codes: codes) == .unknown)
        #expect(KeyDecoder.decode(status: codes.codeYes, value: UInt32(Int32.max), codes: codes) == .function(10))
    }
}
