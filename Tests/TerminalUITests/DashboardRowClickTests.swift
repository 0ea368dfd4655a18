import AuthScreens
import CognitoAuth
import Foundation
import TerminalKeys
import Testing

@testable import TerminalKit
@testable import TerminalUI

/// Dashboard rows that act: each row's hint is drawn at its right end and a click on it presses its
/// keys; on a wide terminal the dashboard takes two columns above an event log as wide as the terminal.
@MainActor
@Suite("Dashboard: clickable rows and the two-column layout")
struct DashboardRowClickTests {
    /// Where `text` starts on the first line that contains `line` (and `text`).
    func position(of text: String, onLineWith line: String, in grid: CellGrid) -> Position? {
        for (row, content) in grid.textLines().enumerated() where content.contains(line) {
            if let range = content.range(of: text) {
                return Position(row: row, column: content.distance(from: content.startIndex, to: range.lowerBound))
            }
        }
        return nil
    }

    /// Clicks at `position` of `state` rendered at `size` and returns the effects of the keys it pressed.
    func click(_ state: inout AppState, at position: Position, size: TerminalSize) -> [AuthEffect] {
        let map = ScreenFixtures.view.render(state, size: size).grid.mouseMap
        guard let target = map.target(at: position) else { return [] }
        return map.keys(for: target).flatMap { state.reduce(.keyPressed($0)) }
    }

    @Test("the view model gives each row its key: profile, copy each token, refresh, and the MFA read")
    func rowActionsFollowTheState() {
        let signedIn = ScreenFixtures.dashboard.dashboard
        #expect(signedIn.rowAction(for: ScreenText.usernameLabel)?.keys == [.character("p")])
        #expect(signedIn.rowAction(for: ScreenText.idTokenLabel)?.keys == [.character("y"), .character("i")])
        #expect(signedIn.rowAction(for: ScreenText.accessTokenLabel)?.keys == [.character("y"), .character("a")])
        #expect(signedIn.rowAction(for: ScreenText.refreshTokenLabel)?.keys == [.character("r")])
        #expect(signedIn.rowAction(for: ScreenText.stateLabel) == nil)
        #expect(signedIn.rowAction(for: ScreenText.connectivityLabel) == nil)
        let offline = ScreenFixtures.dashboardOffline.dashboard
        #expect(offline.rowAction(for: ScreenText.connectivityLabel)?.keys == [.character("c")])
        // A session that needs a sign-in offers it on the state row, and nothing that needs tokens.
        let expired = ScreenFixtures.dashboardPending.dashboard
        #expect(expired.rowAction(for: ScreenText.stateLabel)?.keys == [.character("s")])
        #expect(expired.rowAction(for: ScreenText.accessTokenLabel) == nil)
        #expect(
            ScreenFixtures.dashboardWithPool.dashboard.rowAction(for: ScreenText.poolLabel)?.keys == [.character("m")])
    }

    @Test(
        "a click on a row's hint does what its key does, at 80x24, 120x40 and 200x60",
        arguments: [(80, 24), (120, 40), (200, 60)])
    func clickingARowHint(columns: Int, rows: Int) throws {
        let size = TerminalSize(columns: columns, rows: rows)
        var state = ScreenFixtures.dashboard
        let grid = ScreenFixtures.view.render(state, size: size).grid
        let refresh = try #require(position(of: "r refresh", onLineWith: "Refresh token", in: grid), "\(grid.text())")
        #expect(grid.mouseMap.target(at: refresh) == .keys([.character("r")]))
        #expect(click(&state, at: refresh, size: size) == [.dashboard(.forceRefresh)])
        let copy = try #require(position(of: "y copy", onLineWith: "Access token", in: grid))
        #expect(
            click(&state, at: Position(row: copy.row, column: copy.column + 3), size: size) == [
                .session(.getTokens(.access))
            ])
        let profile = try #require(position(of: "p profile", onLineWith: "Username", in: grid))
        #expect(click(&state, at: profile, size: size) == [.profile(.load)])
        #expect(state.profile != nil)
        // The label and value are not targets (a click to select text does nothing).
        let label = try #require(position(of: "Refresh token", onLineWith: "Refresh token", in: grid))
        #expect(grid.mouseMap.target(at: label) == nil)
    }

    @Test("the hint never covers the value or the bar at 80 columns")
    func hintsLeaveTheBars() {
        let text = ScreenFixtures.text(ScreenFixtures.dashboard, 80, 24)
        let access = text.split(separator: "\n").first { $0.contains("Access token") } ?? ""
        #expect(access.contains("[") && access.contains("]") && access.contains("%") && access.hasSuffix("y copy │"))
    }

    @Test("at 140 columns and more the dashboard takes two columns; at 120 it keeps one")
    func twoColumns() throws {
        let wide = ScreenFixtures.view.render(ScreenFixtures.dashboard, size: TerminalSize(columns: 200, rows: 60)).grid
        let lines = wide.textLines()
        let top = lines[1]
        #expect(top.contains("Session") && top.contains(ScreenText.wideCredentialsTitle))
        #expect(lines.contains { $0.contains("─ " + ScreenText.wideCallsTitle + " ") })
        // U5: no Keys box repeating the footer; the boxes are as tall as their content, and the
        // event log takes the rest, across the whole width.
        #expect(!lines.contains { $0.contains("one GetUser call") })
        let sessionBottom = try #require(lines.firstIndex { $0.hasPrefix("└") })
        #expect(sessionBottom == 1 + 7 + 1, "\(lines.joined(separator: "\n"))")
        let logTitleRow = try #require(lines.firstIndex { $0.contains("─ " + ScreenText.eventLogTitle + " ") })
        #expect(logTitleRow == sessionBottom + 1)
        #expect(lines[logTitleRow].hasPrefix("┌") && lines[logTitleRow].hasSuffix("┐"))
        #expect(lines[logTitleRow].count == 200)
        #expect(60 - 3 - logTitleRow >= 45)
        let narrow = ScreenFixtures.text(ScreenFixtures.dashboard, 120, 40)
        #expect(!narrow.contains(ScreenText.wideCredentialsTitle))
        #expect(!ScreenFixtures.text(ScreenFixtures.dashboard, 139, 40).contains(ScreenText.wideCredentialsTitle))
        #expect(ScreenFixtures.text(ScreenFixtures.dashboard, 140, 40).contains(ScreenText.wideCredentialsTitle))
    }
}

extension DashboardRowClickTests {
    @Test("under a question (sign out everywhere?) the covered rows take no clicks")
    func modalsCoverTheRows() throws {
        let grid = ScreenFixtures.view.render(
            ScreenFixtures.globalSignOutConfirm, size: TerminalSize(columns: 80, rows: 24)
        )
        .grid
        #expect(!grid.mouseMap.regions.contains { $0.target.isDashboardRow })
    }
}

extension DashboardRowClickTests {
    @Test("the pool's MFA row offers m until the settings are read; then the Security row keeps its room for its keys")
    func mfaRow() {
        var state = ScreenFixtures.dashboardWithPool
        #expect(state.dashboard.rowAction(for: ScreenText.poolLabel)?.keys == [.character("m")])
        _ = state.reduce(.keyPressed(.character("m")))
        #expect(state.dashboard.rowAction(for: ScreenText.poolLabel) == nil)
        _ = state.reduce(.dashboard(.mfaSettingsLoaded(.success(MFASettings(enabled: [], preferred: nil)))))
        #expect(state.dashboard.rowAction(for: ScreenText.poolLabel) == nil)
        #expect(state.dashboard.rowAction(for: ScreenText.mfaLabel) == nil)
    }
}
