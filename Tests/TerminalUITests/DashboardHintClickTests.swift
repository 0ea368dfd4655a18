import AuthScreens
import Foundation
import LatchkeyText
import TerminalKeys
import Testing

@testable import AuthScreens
@testable import TerminalKit
@testable import TerminalUI

/// A click on a dashboard hint presses its binding's key: the hint carries the key, nothing parses
/// the (translated) hint text.
@MainActor
@Suite("Dashboard hints: a click presses the binding's key")
struct DashboardHintClickTests {
    /// A dashboard that shows every hint: the session needs a sign-in (s) and other accounts exist (a).
    static var everyHint: AppState {
        var state = ScreenFixtures.dashboardPending
        state.options.canSwitchAccounts = true
        state.dashboard.canSwitchAccounts = true
        return state
    }

    @Test("every hint of the dashboard, clicked, yields its binding's key", arguments: Language.allCases)
    func everyHintClicks(language: Language) throws {
        try Language.$override.withValue(language) {
            let state = Self.everyHint
            let size = TerminalSize(columns: 250, rows: 30)
            let grid = ScreenFixtures.view.render(state, size: size).grid
            let hinted = DashboardState.keyBindings.filter { $0.hint != nil }
            #expect(state.hintEntries.count == hinted.count, "\(state.keyHints)")
            let row = size.rows - 1
            let separator = TextWidth.width(of: ScreenText.hintSeparator)
            var column = 1
            for entry in state.hintEntries {
                let binding = try #require(hinted.first { $0.hintEntry == entry }, "\(entry)")
                // The bar's hint carries the key itself.
                #expect(AppView.keyHint(entry).clickKey == binding.keys[0])
                // Its first and last cells press that key.
                let width = TextWidth.width(of: entry.text)
                for cell in [column, column + width - 1] {
                    let target = try #require(grid.mouseMap.target(at: Position(row: row, column: cell)), "\(entry)")
                    #expect(grid.mouseMap.keys(for: target) == [binding.keys[0]], "\(language) \(entry.text)")
                }
                column += width + separator
            }
        }
    }

    @Test("the clicked key does what the binding says: p opens the Profile in Japanese too")
    func clickOpensProfile() throws {
        try Language.$override.withValue(.japanese) {
            let size = TerminalSize(columns: 250, rows: 30)
            let grid = ScreenFixtures.view.render(ScreenFixtures.dashboard, size: size).grid
            let bottom = grid.textLines()[size.rows - 1]
            let range = try #require(bottom.range(of: "p プロフィール"))
            let start = TextWidth.width(of: String(bottom[..<range.lowerBound]))
            let target = try #require(grid.mouseMap.target(at: Position(row: size.rows - 1, column: start + 3)))
            var app = ScreenFixtures.dashboard
            for key in grid.mouseMap.keys(for: target) { _ = app.reduce(.keyPressed(key)) }
            #expect(app.profile != nil)
        }
    }
}
