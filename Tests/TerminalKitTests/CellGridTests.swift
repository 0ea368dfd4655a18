import Testing

@testable import TerminalKit

@Suite struct CellGridTests {
    @Test func writesTextAndReportsColumns() {
        var grid = CellGrid(width: 10, height: 2)
        #expect(grid.write("hello", row: 1, column: 2) == 5)
        #expect(grid.textLines() == ["", "  hello"])
        #expect(grid.textLines(trimming: false) == ["          ", "  hello   "])
    }

    @Test func clipsAtTheGridEdgesAndToMaxWidth() {
        var grid = CellGrid(width: 6, height: 1)
        grid.write("abcdefghij", row: 0, column: 3)
        #expect(grid.text() == "   abc")
        grid.clear()
        grid.write("abcdef", row: 0, column: -2)
        #expect(grid.text() == "cdef")
        grid.clear()
        #expect(grid.write("abcdef", row: 0, column: 0, maxWidth: 4) == 4)
        #expect(grid.text() == "abcd")
        grid.write("zzz", row: 5, column: 0)
        grid.write("zzz", row: -1, column: 0)
        #expect(grid.text() == "abcd")
    }

    @Test func wideCharactersTakeTwoCells() {
        var grid = CellGrid(width: 8, height: 1)
        #expect(grid.write("a漢b😀", row: 0, column: 0) == 6)
        #expect(grid[0, 1].character == "漢")
        #expect(grid[0, 1].width == 2)
        #expect(grid[0, 2].isContinuation)
        #expect(grid[0, 3].character == "b")
        #expect(grid[0, 5].isContinuation)
        #expect(grid.text() == "a漢b😀")
    }

    @Test func wideCharacterThatDoesNotFitLeavesASpace() {
        var grid = CellGrid(width: 4, height: 1)
        grid.write("abc漢", row: 0, column: 0)
        #expect(grid.textLines(trimming: false) == ["abc "])
        #expect(!grid[0, 3].isContinuation)
        #expect(grid.write("漢字", row: 0, column: 0, maxWidth: 3) == 2)
    }

    @Test func overwritingHalfAWideCharacterBlanksTheOtherHalf() {
        var grid = CellGrid(width: 6, height: 1)
        grid.write("漢字", row: 0, column: 0)
        grid.put("x", row: 0, column: 1)
        #expect(grid.textLines(trimming: false) == [" x字  "])
        grid.put("y", row: 0, column: 2)
        #expect(grid.textLines(trimming: false) == [" xy   "])
        grid.write("漢", row: 0, column: 1)
        #expect(grid.textLines(trimming: false) == [" 漢   "])
        #expect(grid[0, 2].isContinuation)
    }

    @Test func combiningMarksStayWithTheirBase() {
        var grid = CellGrid(width: 4, height: 1)
        #expect(grid.write("e\u{301}x", row: 0, column: 0) == 2)
        #expect(grid[0, 0].character == "e\u{301}")
        #expect(grid[0, 1].character == "x")
    }

    @Test func unprintableCharactersAreReplaced() {
        var grid = CellGrid(width: 4, height: 1)
        grid.write("a\u{1B}b", row: 0, column: 0)
        #expect(grid.text() == "a\u{FFFD}b")
    }

    @Test func stylesAreKeptPerCell() {
        var grid = CellGrid(width: 4, height: 1)
        grid.write("ab", row: 0, column: 0, style: CellStyle(.error, .bold))
        #expect(grid[0, 0].style == CellStyle(.error, .bold))
        #expect(grid[0, 0].style.isBold)
        #expect(grid[0, 2].style == .plain)
    }

    @Test func diffOfIdenticalGridsIsEmpty() {
        var grid = CellGrid(width: 5, height: 2)
        grid.write("hello", row: 0, column: 0)
        #expect(grid.diff(from: grid).isEmpty)
    }

    @Test func diffReturnsRunsOfChangedCells() {
        var before = CellGrid(width: 8, height: 2)
        before.write("abcdefgh", row: 0, column: 0)
        var after = before
        after.write("XY", row: 0, column: 2)
        after.put("Z", row: 1, column: 7)
        let runs = after.diff(from: before)
        #expect(runs.count == 2)
        #expect(
            runs[0].row == 0 && runs[0].column == 2 && runs[0].cells.map(\.character) == ["X", "Y"])
        #expect(runs[1].row == 1 && runs[1].column == 7 && runs[1].cells.count == 1)
    }

    @Test func diffKeepsWideCharactersWhole() {
        var before = CellGrid(width: 6, height: 1)
        before.write("ab漢", row: 0, column: 0)
        var after = before
        after.write("字", row: 0, column: 2, style: CellStyle(.accent))
        let runs = after.diff(from: before)
        #expect(runs.count == 1)
        #expect(runs[0].column == 2)
        #expect(runs[0].cells.count == 2)
        #expect(runs[0].cells[1].isContinuation)
    }

    @Test func diffAfterAResizeRepaintsEveryRow() {
        let before = CellGrid(width: 4, height: 2)
        let after = CellGrid(width: 5, height: 3)
        let runs = after.diff(from: before)
        #expect(runs.count == 3)
        #expect(runs.allSatisfy { $0.column == 0 && $0.cells.count == 5 })
    }

    @Test func drawsBoxesWithTitles() {
        var grid = CellGrid(width: 16, height: 4)
        grid.drawBox(Rect(row: 0, column: 0, width: 16, height: 4), title: "Sign in")
        #expect(
            grid.textLines() == [
                "┌─ Sign in ────┐",
                "│              │",
                "│              │",
                "└──────────────┘",
            ])
        grid.drawBox(
            Rect(row: 0, column: 0, width: 10, height: 3), title: "A very long title",
            characters: .rounded)
        #expect(grid.textLines()[0] == "╭─ A v… ─╮ ────┐")
    }

    @Test func fillsRectanglesClippedToTheGrid() {
        var grid = CellGrid(width: 5, height: 3)
        grid.fill(Rect(row: 1, column: 3, width: 10, height: 10), with: "#")
        #expect(grid.textLines() == ["", "   ##", "   ##"])
        grid.fill(Rect(row: 0, column: 0, width: 5, height: 1), with: "漢")
        #expect(grid.textLines(trimming: false)[0] == "漢漢 ")
    }
}
