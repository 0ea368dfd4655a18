import AuthScreens
import CognitoAuth
import Foundation
import LatchkeyText
import TerminalKeys
import Testing

@testable import TerminalKit
@testable import TerminalUI

/// One frozen render: a screen from ``ScreenFixtures`` at a size; the text expected is the file
/// `Snapshots/SCREEN_COLUMNSxROWS.txt` beside this file.
struct SnapshotCase: Sendable, CustomTestStringConvertible {
    var screen: String
    var columns: Int
    var rows: Int
    /// The language the screen is rendered in; other than English, its code follows the name in
    /// the file's name (`signInEmpty-ja_80x24.txt`).
    var language: Language

    init(_ screen: String, _ columns: Int, _ rows: Int, language: Language = .english) {
        self.screen = screen
        self.columns = columns
        self.rows = rows
        self.language = language
    }

    /// The file holding the expected text.
    var path: String {
        let name = language == .english ? screen : "\(screen)-\(language.rawValue)"
        return Self.directory + "/\(name)_\(columns)x\(rows).txt"
    }

    /// `Snapshots/` in the source tree (the tests read and, when recording, write it there).
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Snapshots").path

    var testDescription: String {
        "\(screen) \(columns)x\(rows)" + (language == .english ? "" : " \(language.rawValue)")
    }
}

@MainActor
@Suite("Screen snapshots")
struct ScreenSnapshotTests {
    @Test(arguments: snapshotCases)
    func matchesSnapshot(_ snapshot: SnapshotCase) throws {
        try Self.expectMatch(snapshot, in: ScreenFixtures.all)
    }

    @Test func everyScreenHasBothSizes() {
        Self.expectBothSizes(ScreenFixtures.all, snapshotCases)
    }

    @Test func everySnapshotFileBelongsToACase() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: SnapshotCase.directory).filter {
            $0.hasSuffix(".txt")
        }
        let cases =
            (snapshotCases + deviceSnapshotCases + profileSnapshotCases + japaneseSnapshotCases + sessionSnapshotCases
            + awsRowSnapshotCases + stepUpSnapshotCases + passkeySnapshotCases)
            .map {
                URL(fileURLWithPath: $0.path).lastPathComponent
            }
        #expect(Set(files) == Set(cases), "orphaned: \(Set(files).subtracting(cases).sorted())")
        #expect(cases.count == Set(cases).count, "a case is listed twice")
    }

    /// Renders `snapshot`'s screen from `fixtures` and compares it with the expected text, row by row.
    static func expectMatch(
        _ snapshot: SnapshotCase, in fixtures: [(String, AppState)], sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let state = try #require(fixtures.first { $0.0 == snapshot.screen }?.1, sourceLocation: sourceLocation)
        let actual = ScreenFixtures.text(state, snapshot.columns, snapshot.rows)
        // LATCHKEY_SNAPSHOT_RECORD=1 writes every render to its file, to review as a diff.
        if ProcessInfo.processInfo.environment["LATCHKEY_SNAPSHOT_RECORD"] == "1" {
            try (actual + "\n").write(toFile: snapshot.path, atomically: true, encoding: .utf8)
            Issue.record(
                "recorded \(snapshot.path); run again without LATCHKEY_SNAPSHOT_RECORD", sourceLocation: sourceLocation)
            return
        }
        guard let stored = try? String(contentsOfFile: snapshot.path, encoding: .utf8) else {
            Issue.record(
                "no snapshot at \(snapshot.path): record it with LATCHKEY_SNAPSHOT_RECORD=1 swift test --filter Snapshot",
                sourceLocation: sourceLocation)
            return
        }
        let expected = stored.hasSuffix("\n") ? String(stored.dropLast()) : stored
        let actualLines = actual.split(separator: "\n", omittingEmptySubsequences: false)
        let expectedLines = expected.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(actualLines.count == snapshot.rows, sourceLocation: sourceLocation)
        for (index, (got, want)) in zip(actualLines, expectedLines).enumerated() where got != want {
            Issue.record("row \(index):\n  got:  \(got)\n  want: \(want)", sourceLocation: sourceLocation)
        }
        #expect(actualLines.count == expectedLines.count, sourceLocation: sourceLocation)
    }

    /// Every screen in `fixtures` has an 80x24 and a 120x40 case.
    static func expectBothSizes(_ fixtures: [(String, AppState)], _ cases: [SnapshotCase]) {
        for (name, _) in fixtures {
            let sizes = cases.filter { $0.screen == name }.map { "\($0.columns)x\($0.rows)" }
            #expect(sizes.contains("80x24") && sizes.contains("120x40"), "\(name)")
        }
    }
}

@MainActor
@Suite("AppView behaviour")
struct AppViewTests {
    let view = ScreenFixtures.view
    let standard = TerminalSize(columns: 80, rows: 24)

    /// The styles of the cells on a row whose text contains `text`, at the text's columns.
    func styles(of text: String, in grid: CellGrid) -> [CellStyle]? {
        for row in 0..<grid.height {
            let line = (0..<grid.width).map { grid[row, $0] }
            let characters = line.map { $0.isContinuation ? "" : String($0.character) }
            let joined = characters.joined()
            guard let range = joined.range(of: text) else { continue }
            let start = joined.distance(from: joined.startIndex, to: range.lowerBound)
            var column = 0
            var seen = 0
            while seen < start {
                if !line[column].isContinuation { seen += 1 }
                column += 1
            }
            return Array(line[column..<(column + text.count)].map(\.style))
        }
        return nil
    }

    @Test func cursorSitsInTheFocusedFieldAfterItsText() throws {
        let frame = view.render(ScreenFixtures.signUpWithPolicy, size: standard)
        let cursor = try #require(frame.cursor)
        let line = frame.grid.textLines()[cursor.row]
        #expect(line.contains("› Password") && line.contains("•••••••"))
        let mask = try #require(line.range(of: "•"))
        #expect(cursor.column == line.distance(from: line.startIndex, to: mask.lowerBound) + 7)
    }

    @Test func passwordsAreMaskedAndTheRevealHintOnlyShowsWithFocus() {
        let text = ScreenFixtures.text(ScreenFixtures.signUpWithPolicy, 80, 24)
        #expect(!text.contains("secret1"))
        #expect(text.contains("Ctrl-T show password"))
        var state = ScreenFixtures.signUpWithPolicy
        ScreenFixtures.press(&state, [.ctrl("t")])
        let revealed = ScreenFixtures.text(state, 80, 24)
        #expect(revealed.contains("Password          secret1"))
        #expect(revealed.contains("Ctrl-T hide password"))
        // Past the password and its repetition (which has its own Ctrl-T), the hint goes.
        ScreenFixtures.press(&state, [.tab])
        #expect(ScreenFixtures.text(state, 80, 24).contains("Ctrl-T show password"))
        ScreenFixtures.press(&state, [.tab])
        #expect(!ScreenFixtures.text(state, 80, 24).contains("Ctrl-T"))
    }

    @Test func fieldErrorsHaveAGlyphAndTheErrorRole() throws {
        var state = ScreenFixtures.base()
        ScreenFixtures.press(&state, [.enter, .enter])
        let frame = view.render(state, size: standard)
        #expect(frame.grid.text().contains("✖ Enter a username."))
        let errorStyles = try #require(styles(of: "✖ Enter a username.", in: frame.grid))
        #expect(errorStyles.allSatisfy { $0.role == .error })
    }

    @Test func focusedButtonUsesTheFocusStyleWhichIsReverseWithoutColour() throws {
        var state = ScreenFixtures.base()
        ScreenFixtures.press(&state, [.tab, .tab])
        let frame = view.render(state, size: standard)
        let button = try #require(styles(of: "[ Sign in ]", in: frame.grid))
        #expect(button.allSatisfy { $0.role == .focus })
        #expect(Theme.noColor.attributes(for: button[0]).contains(.reverse))
        let link = try #require(styles(of: "Create account", in: frame.grid))
        #expect(link.allSatisfy { $0.role == .accent && $0.isUnderline })
        #expect(frame.cursor == nil)
    }

    @Test func inFlightDisablesTheButtonsAndShowsTheSpinner() throws {
        let frame = view.render(ScreenFixtures.signInInFlight, size: standard, spinnerTick: 3)
        let button = try #require(styles(of: "[ Sign in ]", in: frame.grid))
        #expect(button.allSatisfy { $0.role == .dim })
        #expect(frame.grid.textLines()[22] == " ⠸ Signing in…")
    }

    @Test func tooSmallShowsOnlyTheNoticeWithoutACursor() {
        for size in [TerminalSize(columns: 59, rows: 20), TerminalSize(columns: 60, rows: 19)] {
            let frame = view.render(ScreenFixtures.signInEmpty, size: size)
            let text = frame.grid.text()
            #expect(text.contains("Terminal too small: need 60x20, have \(size.columns)x\(size.rows)"))
            // A form is focused: q is a letter there, so the notice names Ctrl-C.
            #expect(text.contains("press Ctrl-C to quit"))
            #expect(!text.contains("Username"))
            #expect(frame.cursor == nil)
        }
        var state = ScreenFixtures.signInEmpty
        _ = state.reduce(.terminalSizeChanged(tooSmall: true))
        #expect(view.render(state, size: standard).grid.text().contains("Terminal too small"))
    }

    @Test func qrCodeShowsOnlyWhenItFits() {
        // 80x24 fits the code beside the form (TOTPSetupLayoutTests reads it back); 60x20 does not.
        let small = ScreenFixtures.text(ScreenFixtures.totpSetup, 60, 20)
        #expect(small.contains("The QR code needs 41×21 cells"))
        #expect(!small.contains("████"))
        for (columns, rows) in [(80, 24), (120, 40)] {
            let text = ScreenFixtures.text(ScreenFixtures.totpSetup, columns, rows)
            #expect(!text.contains("The QR code needs"))
            #expect(text.contains("████"))
        }
    }

    @Test func keyHintsThatDoNotFitEndWithMore() {
        let lines = view.render(ScreenFixtures.dashboard, size: standard).grid.textLines()
        #expect(lines[23].hasSuffix("? more"))
        #expect(lines[23].contains("q quit"))
        #expect(TextWidth.width(of: lines[23]) <= 80)
    }

    @Test func everyScreenFitsAtTheMinimumWithoutLosingItsActions() {
        for (name, state) in ScreenFixtures.all {
            for (columns, rows) in [(80, 24), (60, 20)] {
                let text = ScreenFixtures.text(state, columns, rows)
                #expect(text.contains("Latchkey"), "\(name) \(columns)x\(rows)")
                #expect(!text.contains("Terminal too small"), "\(name) \(columns)x\(rows)")
                if case .dashboard = state.base { continue }
                #expect(text.contains("[ "), "\(name) \(columns)x\(rows) shows its buttons")
            }
        }
    }

    @Test func theCompactLayoutKeepsTheFocusedFieldAndItsCursorOnScreenAt60x20() throws {
        let compact = TerminalSize(columns: 60, rows: 20)
        for state in [ScreenFixtures.signInEmpty, ScreenFixtures.signUpWithPolicy] {
            let frame = view.render(state, size: compact)
            let cursor = try #require(frame.cursor)
            #expect(cursor.row < 20 && cursor.column < 60)
            #expect(frame.grid.textLines()[cursor.row].contains("›"))
        }
    }

    @Test func aLongSignUpFormScrollsWithTheFocusAt80x24() {
        // A pool that requires every standard attribute: 17 fields do not fit in 24 rows.
        var state = AppState(
            options: AuthUIOptions(
                startOnSignUp: true, signUpAttributes: SignUpAttribute.allCases), now: ScreenFixtures.t0,
            timeZone: ScreenFixtures.utc)
        let top = ScreenFixtures.text(state, 80, 24)
        #expect(top.contains("Username") && !top.contains("Updated at"), "\(top)")
        // Tab to the last attribute: it shows, focused, with the screen scrolled.
        ScreenFixtures.press(&state, Array(repeating: .tab, count: 19))
        guard case .signUp(let screen) = state.base else {
            Issue.record("not on Create account")
            return
        }
        #expect(screen.focus == .attribute(16))
        let bottom = ScreenFixtures.text(state, 80, 24)
        let line = bottom.split(separator: "\n").first { $0.contains("Updated at") }
        #expect(line?.contains("›") == true, "\(bottom)")
        #expect(!bottom.contains("Username"), "\(bottom)")
        // The cursor is on a visible row of the focused field.
        let frame = view.render(state, size: standard)
        #expect(frame.cursor.map { $0.row < 24 } == true)
        // Tab to Create account: the button shows.
        ScreenFixtures.press(&state, [.tab])
        #expect(ScreenFixtures.text(state, 80, 24).contains("[ Create account ]"))
    }

    @Test func keyHintTakesTheBindingsLabelAndKey() {
        let entry = HintEntry(label: "Tab", action: "next", clickKey: .tab)
        #expect(AppView.keyHint(entry) == KeyHint("Tab", "next", clickKey: .tab))
    }

    @Test func ctrlChordsCompareWithoutCase() {
        #expect(Key.ctrl("T").isCtrl("t"))
        #expect(Key.ctrl("t").isCtrl("T"))
        #expect(!Key.ctrl("t").isCtrl("y"))
        #expect(!Key.character("t").isCtrl("t"))
        #expect(Key.character("q").isCharacter("q"))
        #expect(!Key.character("Q").isCharacter("q"))
    }
}
