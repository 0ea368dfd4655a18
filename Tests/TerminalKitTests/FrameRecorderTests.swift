import TerminalKeys
import Testing

@testable import TerminalKit

/// A two-field form driven through a ``TerminalSurface``, as a screen would be.
@MainActor
struct TinyForm {
    var username = ""
    var password = ""
    var focus = 0
    var submitted = false

    mutating func handle(_ key: Key) {
        switch key {
        case .tab: focus = (focus + 1) % 2
        case .enter: submitted = true
        case .character(let character):
            if focus == 0 { username.append(character) } else { password.append(character) }
        case .paste(let text):
            if focus == 0 { username += text } else { password += text }
        case .backspace:
            if focus == 0 { _ = username.popLast() } else { _ = password.popLast() }
        default: break
        }
    }

    func render(size: TerminalSize) -> (CellGrid, Position?) {
        var grid = CellGrid(size: size)
        guard size.fits(TerminalSize(columns: 20, rows: 4)) else {
            grid.write(TextWidth.truncate("Terminal too small", toWidth: size.columns), row: 0, column: 0)
            return (grid, nil)
        }
        grid.write("User", row: 0, column: 0)
        let user = TextFieldView(text: username, placeholder: "name", isFocused: focus == 0)
        let userRect = Rect(row: 0, column: 6, width: size.columns - 6, height: 1)
        grid.draw(user, in: userRect)
        grid.write("Pass", row: 1, column: 0)
        let pass = TextFieldView(text: password, isMasked: true, isFocused: focus == 1)
        let passRect = Rect(row: 1, column: 6, width: size.columns - 6, height: 1)
        grid.draw(pass, in: passRect)
        grid.draw(
            KeyHintBar([KeyHint("Tab", "next"), KeyHint("Enter", "sign in")]),
            in: Rect(row: size.rows - 1, column: 0, width: size.columns, height: 1))
        if submitted { grid.write("✔ Signed in as \(username)", row: 2, column: 0) }
        return (
            grid, focus == 0 ? user.cursorPosition(in: userRect) : pass.cursorPosition(in: passRect)
        )
    }

    /// Runs until the keys run out: render, present, read a key.
    static func run(on surface: some TerminalSurface) async -> TinyForm {
        var form = TinyForm()
        while true {
            let (grid, cursor) = form.render(size: surface.size)
            surface.present(grid, cursor: cursor)
            guard let key = await surface.nextKey(timeout: .milliseconds(10)) else { break }
            form.handle(key)
        }
        surface.restore()
        return form
    }
}

@Suite struct FrameRecorderTests {
    @Test @MainActor func scriptedKeysProduceExactFrames() async {
        let keys: [Key] = [
            .character("b"), .character("o"), .character("b"), .tab, .paste("pw"), .enter,
        ]
        let recorder = FrameRecorder(size: TerminalSize(columns: 24, rows: 4), keys: keys)
        let form = await TinyForm.run(on: recorder)
        #expect(form.submitted)
        #expect(recorder.frames.count == 7)
        #expect(recorder.frames[0] == ["User  name", "Pass", "", "Tab next  Enter sign in"])
        #expect(recorder.frames[3] == ["User  bob", "Pass", "", "Tab next  Enter sign in"])
        #expect(
            recorder.lastFrame == [
                "User  bob", "Pass  ••", "✔ Signed in as bob", "Tab next  Enter sign in",
            ])
        #expect(recorder.cursors[3] == Position(row: 0, column: 9))
        #expect(recorder.cursors[5] == Position(row: 1, column: 8))
        #expect(recorder.isRestored)
    }

    @Test @MainActor func onlyChangedCellsAreCounted() async {
        let recorder = FrameRecorder(size: TerminalSize(columns: 24, rows: 4), keys: [.character("x")])
        _ = await TinyForm.run(on: recorder)
        #expect(recorder.changedCellCounts[0] == 24 * 4)
        // Typing one letter replaces the placeholder "name" with "x": four cells change.
        #expect(recorder.changedCellCounts[1] == 4)
    }

    @Test @MainActor func resizeRepaintsAndShowsTheSmallScreenMessage() async {
        let recorder = FrameRecorder(size: TerminalSize(columns: 24, rows: 4), keys: [.character("a")])
        recorder.enqueueResize(to: TerminalSize(columns: 12, rows: 3))
        recorder.enqueue(.character("b"))
        #expect(recorder.pendingCount == 3)
        let form = await TinyForm.run(on: recorder)
        #expect(form.username == "ab")
        #expect(recorder.frames[2] == ["Terminal to…", "", ""])
        #expect(recorder.changedCellCounts == [24 * 4, 4, 12 * 3, 0])
    }
}
