import AuthScreens
import Foundation
import Testing

@testable import TerminalKit
@testable import TerminalUI

/// ux-3, item 13: the Security row's keys were cut at 100 and 120 columns (`x` / `X` never readable);
/// the row now goes on over more rows, broken between its parts.
@MainActor
@Suite struct SecurityRowFitTests {
    @Test(arguments: [(80, 24), (100, 30), (120, 40), (200, 60)])
    func everyPartOfTheSecurityRowShowsWhole(_ size: (columns: Int, rows: Int)) throws {
        let state = ScreenFixtures.securityWithPhone
        let value = try #require(state.dashboard.securityRows.first?.value)
        let lines = ScreenFixtures.view.render(state, size: TerminalSize(columns: size.columns, rows: size.rows))
            .grid.textLines()
        let parts = value.components(separatedBy: " · ").flatMap { $0.components(separatedBy: " — ") }
        #expect(parts.count > 4)
        for part in parts {
            #expect(lines.contains { $0.contains(part) }, "\(size.columns)x\(size.rows): \"\(part)\" is cut or missing")
        }
    }

    @Test func brokenAtSeparatorsKeepsWholePartsAndDropsTheSeparatorAtABreak() {
        let lines = AppView.brokenAtSeparators("a on · b off — e one · E two", width: 14)
        #expect(lines == ["a on · b off", "e one · E two"])
        #expect(AppView.brokenAtSeparators("short", width: 14) == ["short"])
        #expect(AppView.brokenAtSeparators("no-separator-but-long", width: 5) == ["no-separator-but-long"])
    }
}

/// ux-3, item 14: the copy status line was cut at 80 columns exactly at the tmux instruction.
@MainActor
@Suite struct StatusLineFitTests {
    @Test func theTmuxInstructionShowsWholeAt80x24() {
        let lines = ScreenFixtures.view.render(
            ScreenFixtures.totpSetupCopiedToTmux, size: TerminalSize(columns: 80, rows: 24)
        )
        .grid.textLines()
        // The QR code fills the row above: the message keeps one row, its instruction first and whole.
        let joined = lines.suffix(4).joined(separator: " ")
        #expect(joined.contains("(for the clipboard: tmux set -g set-clipboard on)"), "\(lines.suffix(4))")
    }
}

/// ux-3, item 16: Profile's footer said `? help · ? more` at 100 columns and dropped `Esc back` at 80.
@MainActor
@Suite struct ProfileFooterTests {
    @Test(arguments: [(80, 24), (100, 30), (120, 40)])
    func theFooterNamesEscOnceAndTheHelpKeyOnce(_ size: (columns: Int, rows: Int)) throws {
        let lines = ScreenFixtures.view.render(
            ProfileFixtures.profile, size: TerminalSize(columns: size.columns, rows: size.rows)
        )
        .grid.textLines()
        let footer = try #require(lines.last)
        #expect(footer.contains("Esc back"), "\(size): \(footer)")
        #expect(footer.components(separatedBy: "? ").count == 2, "\(size): \(footer)")
    }
}
