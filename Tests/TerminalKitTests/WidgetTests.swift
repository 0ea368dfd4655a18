import Testing

@testable import TerminalKit

/// Draws a widget into a fresh grid and returns its text lines (trailing spaces trimmed).
func render(_ widget: some Widget, width: Int, height: Int = 1) -> [String] {
    var grid = CellGrid(width: width, height: height)
    grid.draw(widget, in: grid.bounds)
    return grid.textLines()
}

@Suite struct ProgressBarTests {
    @Test func drawsLabelBarAndPercent() {
        #expect(
            render(ProgressBar(ratio: 0.42, label: "Session"), width: 30) == [
                "Session ███████░░░░░░░░░░  42%"
            ])
        #expect(render(ProgressBar(ratio: 1, label: nil), width: 10) == ["█████ 100%"])
        #expect(render(ProgressBar(ratio: 0.05), width: 10) == ["░░░░░   5%"])
    }

    @Test func clampsOddRatios() {
        #expect(ProgressBar(ratio: .nan).percent == 0)
        #expect(ProgressBar(ratio: -3).percent == 0)
        #expect(ProgressBar(ratio: 7).percent == 100)
        #expect(ProgressBar(ratio: 0.999).percent == 99)
        #expect(ProgressBar(ratio: 0.5).filledCount(width: 7) == 3)
    }

    @Test func dropsTheLabelBeforeTheBar() {
        #expect(render(ProgressBar(ratio: 0.5, label: "Session"), width: 12) == ["███░░░░  50%"])
        #expect(render(ProgressBar(ratio: 0.5), width: 3) == ["50%"])
    }

    @Test func filledAndEmptyCellsHaveTheirRoles() {
        var grid = CellGrid(width: 9, height: 1)
        grid.draw(ProgressBar(ratio: 0.5), in: grid.bounds)
        #expect(grid[0, 0].style.role == .barFilled)
        #expect(grid[0, 3].style.role == .barEmpty)
    }
}

@Suite struct SpinnerTests {
    @Test func cyclesThroughItsFrames() {
        #expect(render(Spinner(message: "Signing in…"), width: 20) == ["⠋ Signing in…"])
        #expect(Spinner(message: "", tick: 11).frame == "⠙")
        #expect(Spinner(message: "", tick: -1).frame == "⠏")
        #expect(Spinner(message: "x", frames: Spinner.asciiFrames).advanced().frame == "/")
        #expect(render(Spinner(message: "Signing in to the backend"), width: 12) == ["⠋ Signing i…"])
    }
}

@Suite struct BannerTests {
    static let message = "Incorrect username or password. Press Tab to reach Forgot password."

    @Test func wrapsUnderItsGlyph() {
        #expect(
            render(Banner(.error, Self.message), width: 30, height: 4) == [
                "✖ Incorrect username or",
                "  password. Press Tab to reach",
                "  Forgot password.",
                "",
            ])
        #expect(Banner(.error, Self.message).height(width: 30) == 3)
    }

    @Test func cutsTheLastVisibleLineWithAnEllipsis() {
        #expect(
            render(Banner(.error, Self.message), width: 30, height: 2) == [
                "✖ Incorrect username or",
                "  password. Press Tab to reac…",
            ])
    }

    @Test func eachKindHasItsGlyphAndRole() {
        #expect(render(Banner(.info, "Code sent."), width: 20) == ["ℹ Code sent."])
        #expect(render(Banner(.success, "Signed in."), width: 20) == ["✔ Signed in."])
        #expect(render(Banner(.warning, "Plain-text store."), width: 20) == ["⚠ Plain-text store."])
        var grid = CellGrid(width: 10, height: 1)
        grid.draw(Banner(.error, "No"), in: grid.bounds)
        #expect(grid[0, 0].style == CellStyle(.error, .bold))
        #expect(grid[0, 2].style == CellStyle(.error))
    }
}

@Suite struct KeyHintBarTests {
    static let bar = KeyHintBar([
        KeyHint("Tab", "next"), KeyHint("⇧Tab", "previous"), KeyHint("Enter", "submit"),
        KeyHint("Esc", "back"),
        KeyHint("^C", "quit"),
    ])

    @Test func showsEverythingThatFits() {
        #expect(
            render(Self.bar, width: 80) == ["Tab next  ⇧Tab previous  Enter submit  Esc back  ^C quit"])
    }

    @Test func truncatesWholeHintsWithAnEllipsis() {
        #expect(render(Self.bar, width: 30) == ["Tab next  ⇧Tab previous  …"])
        #expect(Self.bar.text(width: 30) == "Tab next  ⇧Tab previous  …")
        #expect(render(Self.bar, width: 12) == ["Tab next  …"])
        #expect(render(Self.bar, width: 5) == ["Tab …"])
        #expect(TextWidth.width(of: Self.bar.text(width: 30)) <= 30)
    }

    @Test func keysAndActionsHaveTheirRoles() {
        var grid = CellGrid(width: 80, height: 1)
        grid.draw(Self.bar, in: grid.bounds)
        #expect(grid[0, 0].style.role == .hintKey)
        #expect(grid[0, 4].style.role == .hint)
    }
}

@Suite struct LabelBoxButtonTests {
    @Test func labelsAlignAndTruncate() {
        #expect(render(Label("Sign in", alignment: .center), width: 11) == ["  Sign in"])
        #expect(render(Label("Sign in", alignment: .trailing), width: 11) == ["    Sign in"])
        #expect(render(Label("Sign in to Latchkey"), width: 10) == ["Sign in t…"])
        #expect(
            render(Label("one two three", wraps: true), width: 8, height: 3) == ["one two", "three", ""])
        #expect(render(Label("a\nb"), width: 3, height: 3) == ["a", "b", ""])
    }

    @Test func boxesFrameTheirContent() {
        let box = Box(title: "Token")
        #expect(
            box.contentRect(for: Rect(row: 0, column: 0, width: 10, height: 4))
                == Rect(row: 1, column: 1, width: 8, height: 2))
        #expect(render(box, width: 12, height: 3) == ["┌─ Token ──┐", "│          │", "└──────────┘"])
    }

    @Test func buttonsShowFocusAndState() {
        #expect(render(Button("Sign in"), width: 20) == ["[ Sign in ]"])
        #expect(Button("Sign in").width == 11)
        #expect(Button("OK", isFocused: true).style == CellStyle(.focus, .bold))
        #expect(Button("OK", isFocused: true, isEnabled: false).style == CellStyle(.dim))
    }
}

@Suite struct TextFieldViewTests {
    @Test func showsThePlaceholderWhenEmpty() {
        let field = TextFieldView(text: "", placeholder: "username")
        var grid = CellGrid(width: 12, height: 1)
        grid.draw(field, in: grid.bounds)
        #expect(grid.text() == "username")
        #expect(grid[0, 0].style.role == .placeholder)
        #expect(grid[0, 11].style.role == .field)
    }

    @Test func masksSecrets() {
        let field = TextFieldView(text: "s3cr3t", isMasked: true, isFocused: true)
        #expect(render(field, width: 10) == ["••••••"])
        #expect(
            field.cursorPosition(in: Rect(row: 2, column: 5, width: 10, height: 1))
                == Position(row: 2, column: 11))
    }

    @Test func focusChangesTheStyleAndShowsTheCursor() {
        var grid = CellGrid(width: 6, height: 1)
        grid.draw(TextFieldView(text: "bob", cursor: 1, isFocused: true), in: grid.bounds)
        #expect(grid[0, 0].style.role == .focus)
        #expect(grid[0, 5].style.role == .focus)
        #expect(TextFieldView(text: "bob", cursor: 1).cursorPosition(in: grid.bounds) == nil)
        #expect(
            TextFieldView(text: "bob", cursor: 1, isFocused: true).cursorPosition(in: grid.bounds)
                == Position(row: 0, column: 1))
    }

    @Test func scrollsToKeepTheCursorVisible() {
        let end = TextFieldView(text: "abcdefghij", isFocused: true)
        #expect(
            end.layout(width: 5) == .init(visibleText: "ghij", firstVisibleIndex: 6, cursorColumn: 4))
        // Scrolled: "…" over the first visible cell says the text goes on to the left.
        #expect(render(end, width: 5) == ["…hij"])
        #expect(
            TextFieldView(text: "abcdefghij", cursor: 0).layout(width: 5)
                == .init(visibleText: "abcde", firstVisibleIndex: 0, cursorColumn: 0))
    }

    @Test func scrollsByDisplayWidth() {
        #expect(
            TextFieldView(text: "漢字漢字").layout(width: 5)
                == .init(visibleText: "漢字", firstVisibleIndex: 2, cursorColumn: 4))
        #expect(
            TextFieldView(text: "漢字漢字", cursor: 2).layout(width: 5)
                == .init(visibleText: "字漢", firstVisibleIndex: 1, cursorColumn: 2))
        #expect(
            TextFieldView(text: "漢字漢字", cursor: 0).layout(width: 5)
                == .init(visibleText: "漢字", firstVisibleIndex: 0, cursorColumn: 0))
    }
}

@Suite struct LogViewTests {
    static let lines = ["one", "two", "three", "four", "five"]

    @Test func followsTheNewestLines() {
        #expect(render(LogView(lines: Self.lines), width: 10, height: 3) == ["three", "four", "five"])
    }

    /// ux-3, item 19: at 60x20 the event log began with the end of an entry ("  incorrect").
    @Test func wrappedEntriesShowWholeOrNotAtAll() {
        let log = LogView(
            entries: [LogView.Entry("12:00 the password is incorrect"), LogView.Entry("12:01 signed in")],
            wrapsLongLines: true)
        #expect(render(log, width: 16, height: 2) == ["12:01 signed in", ""])
        #expect(render(log, width: 16, height: 4).first == "12:00 the")
        // An entry taller than the view alone keeps its last rows.
        #expect(
            render(LogView(entries: [LogView.Entry("a b c d e f")], wrapsLongLines: true), width: 3, height: 2).count
                == 2)
    }

    @Test func scrollsBackAndClamps() {
        #expect(
            render(LogView(lines: Self.lines, scrollOffset: 1), width: 10, height: 3) == [
                "two", "three", "four",
            ])
        #expect(
            render(LogView(lines: Self.lines, scrollOffset: 99), width: 10, height: 3) == [
                "one", "two", "three",
            ])
        #expect(LogView(lines: Self.lines).maximumScrollOffset(height: 3) == 2)
        #expect(render(LogView(lines: ["a very long line"]), width: 8, height: 2) == ["a very …", ""])
    }
}

@Suite struct ModalTests {
    @Test func isCentredOverExistingContent() {
        var grid = CellGrid(width: 30, height: 9)
        grid.fill(grid.bounds, with: "·")
        grid.draw(
            Modal(title: "Help", message: "Press Esc to go back.", footer: "Esc close"), in: grid.bounds)
        let dots = String(repeating: "·", count: 30)
        #expect(
            grid.textLines() == [
                dots,
                dots,
                "··┌─ Help ────────────────┐···",
                "··│ Press Esc to go back. │···",
                "··│                       │···",
                "··│             Esc close │···",
                "··└───────────────────────┘···",
                dots,
                dots,
            ])
    }
}

@Suite struct QRCodeViewTests {
    static let uri =
        "otpauth://totp/Latchkey:alice?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP&issuer=Latchkey"

    @Test func halfBlocksRoundTripToTheModules() throws {
        let code = try QRCode(text: Self.uri, errorCorrection: .low)
        let view = QRCodeView(code: code)
        #expect(view.size == TerminalSize(columns: 45, rows: 23))
        let lines = view.lines()
        #expect(lines.count == 23)
        #expect(lines.allSatisfy { $0.count == 45 })
        #expect(lines[0] == String(repeating: "█", count: 45))
        for (textRow, line) in lines.enumerated() {
            for (column, character) in line.enumerated() {
                let (top, bottom): (Bool, Bool)
                switch character {
                case "█": (top, bottom) = (true, true)
                case "▀": (top, bottom) = (true, false)
                case "▄": (top, bottom) = (false, true)
                default: (top, bottom) = (false, false)
                }
                for (row, inked) in [(textRow * 2, top), (textRow * 2 + 1, bottom)] where row < 45 {
                    // Ink marks light modules; the quiet zone is light.
                    let dark = code[row - 4, column - 4]
                    #expect(inked == !dark, "row \(row) column \(column)")
                }
            }
        }
    }

    @Test func invertedRenderingInksTheDarkModules() throws {
        let code = try QRCode(text: "HELLO", errorCorrection: .low, version: 1, mask: 0)
        let view = QRCodeView(code: code, quietZone: 2, lightModulesInked: false)
        #expect(view.size == TerminalSize(columns: 25, rows: 13))
        #expect(view.lines()[0] == String(repeating: " ", count: 25))
        #expect(view.lines()[1].hasPrefix("  █▀▀▀▀▀█"))
    }

    @Test func refusesToDrawAPartialCode() throws {
        let code = try QRCode(text: Self.uri, errorCorrection: .low)
        var grid = CellGrid(width: 40, height: 10)
        grid.draw(QRCodeView(code: code), in: grid.bounds)
        #expect(grid.textLines()[0] == "Enlarge the terminal to 45×23 to show")
        #expect(!grid.text().contains("█"))
    }

    @Test func drawsCentredInTheQRRole() throws {
        let code = try QRCode(text: "HI", errorCorrection: .low, version: 1)
        var grid = CellGrid(width: 31, height: 16)
        grid.draw(QRCodeView(code: code), in: grid.bounds)
        #expect(grid[0, 0].character == " ")
        #expect(grid[0, 1].character == "█")
        #expect(grid[0, 1].style.role == .qrCode)
    }
}
