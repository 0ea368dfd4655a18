import Testing

@testable import TerminalKit

@Suite struct TextWidthTests {
    @Test func asciiIsOneColumnEach() {
        #expect(TextWidth.width(of: "Latchkey 1.0") == 12)
        #expect(TextWidth.width(of: Character("a")) == 1)
        #expect(TextWidth.width(of: "") == 0)
    }

    @Test func accentedLetterIsOneColumnComposedOrDecomposed() {
        let composed = "\u{E9}"
        let decomposed = "e\u{301}"
        #expect(composed.count == 1 && decomposed.count == 1)
        #expect(TextWidth.width(of: composed) == 1)
        #expect(TextWidth.width(of: decomposed) == 1)
        #expect(TextWidth.width(of: "caf\u{E9} cafe\u{301}") == 9)
    }

    @Test func cjkIsTwoColumns() {
        #expect(TextWidth.width(of: "漢字") == 4)
        #expect(TextWidth.width(of: "登录 ok") == 7)
    }

    @Test func emojiIsTwoColumns() {
        #expect(TextWidth.width(of: "😀") == 2)
        #expect(TextWidth.width(of: "a😀b") == 4)
    }

    @Test func zwjFamilyIsMeasuredAndDrawnAsItsFirstEmoji() {
        let family: Character = "👨‍👩‍👧"
        #expect(String(family).unicodeScalars.count == 5)
        #expect(TextWidth.width(of: family) == 2)
        // The renderer sends the first emoji only, which is exactly the width measured.
        #expect(TextWidth.terminalForm(of: family) == "👨")
        var grid = CellGrid(width: 6, height: 1)
        #expect(grid.write("👨‍👩‍👧x", row: 0, column: 0) == 3)
        #expect(grid[0, 1].isContinuation)
        #expect(grid[0, 2].character == "x")
    }

    @Test(arguments: [
        "a", "\u{E9}", "e\u{301}", "漢", "😀", "👨‍👩‍👧", "❤️", "🇫🇷", "👍🏽", "ℹ", "✔", "•", "…", "█", "\u{1B}",
    ])
    func whatTheRendererSendsHasTheMeasuredWidth(_ text: String) throws {
        let character = try #require(text.first)
        let form = TextWidth.terminalForm(of: character)
        let sent = form.unicodeScalars.reduce(0) { $0 + max(0, TextWidth.width(of: $1)) }
        #expect(sent == TextWidth.width(of: TextWidth.displayable(character)))
        #expect(form.unicodeScalars.count <= 5)
    }

    @Test func emojiPresentationSelectorIsDroppedAfterANarrowBase() {
        #expect(TextWidth.width(of: Character("❤️")) == 1)
        #expect(TextWidth.terminalForm(of: "❤️") == "❤")
    }

    @Test func controlCharactersAreUnprintable() {
        #expect(TextWidth.width(of: Character("\u{1B}")) == 0)
        #expect(!TextWidth.isPrintable("\u{7}"))
        #expect(TextWidth.displayable("\u{1B}") == "\u{FFFD}")
        #expect(TextWidth.displayable("a") == "a")
    }

    @Test func truncateEndsInAnEllipsisByWidth() {
        #expect(TextWidth.truncate("Hello world", toWidth: 8) == "Hello w…")
        #expect(TextWidth.truncate("Hello", toWidth: 5) == "Hello")
        #expect(TextWidth.truncate("漢字漢字", toWidth: 5) == "漢字…")
        #expect(TextWidth.truncate("漢字漢字", toWidth: 4) == "漢…")
        #expect(TextWidth.truncate("abc", toWidth: 0) == "")
    }

    @Test func padAndPrefixCountColumns() {
        #expect(TextWidth.pad("漢a", toWidth: 5) == "漢a  ")
        #expect(TextWidth.prefix(of: "漢字", fitting: 3) == ("漢", 2))
    }

    @Test func wrapBreaksAtSpacesAndInsideLongWords() {
        #expect(TextWidth.wrap("one two three four", toWidth: 9) == ["one two", "three", "four"])
        #expect(TextWidth.wrap("abcdefghij", toWidth: 4) == ["abcd", "efgh", "ij"])
        #expect(TextWidth.wrap("a\nb", toWidth: 4) == ["a", "b"])
        #expect(TextWidth.wrap("漢字漢字 x", toWidth: 5) == ["漢字", "漢字", "x"])
    }
}
