import AuthScreens
import CognitoAuth
import Foundation
import Testing

@testable import TerminalKit
@testable import TerminalUI

/// The top line's colour per state and the footer's fitting at 80 columns (issue 14, C2 and C10).
@MainActor
@Suite struct HeaderAndHintTests {
    static let size = TerminalSize(columns: 80, rows: 24)

    func badgeRole(_ state: AppState) -> ThemeRole {
        ScreenFixtures.view.render(state, size: Self.size).grid[0, 1].style.role
    }

    @Test func theHeaderIsColouredByState() {
        #expect(badgeRole(ScreenFixtures.dashboard) == .badge)
        #expect(badgeRole(ScreenFixtures.dashboardOffline) == .badgeWarning)
        #expect(badgeRole(ScreenFixtures.relogin) == .badgeError)
        var signedOut = ScreenFixtures.base()
        _ = signedOut.reduce(.sessionEvent(.stateChanged(.signedOut, username: nil, provider: nil)))
        #expect(badgeRole(signedOut) == .badgeNeutral)
        // Each tone has its own colours, and the error tone is not green.
        let theme = Theme.standard
        #expect(theme.style(for: .badgeError) != theme.style(for: .badge))
        #expect(theme.style(for: .badgeWarning) != theme.style(for: .badge))
        let top = ScreenFixtures.view.render(ScreenFixtures.relogin, size: Self.size).grid.textLines()[0]
        #expect(top.contains("✖ Session ended: sign in again · alice"))
        #expect(!top.contains("signedOutUserPoolsTokenInvalid"))
    }

    @Test func theFooterFitsAt80ColumnsAndEndsWithMore() {
        let dashboard = ScreenFixtures.dashboard
        let fitted = AppView.fittedHints(
            dashboard.keyHints, help: dashboard.helpHint, more: dashboard.moreHint, width: 78)
        #expect(fitted.last == "? more")
        #expect(fitted.contains("q quit"))
        let line = ScreenFixtures.view.render(dashboard, size: Self.size).grid.textLines()[23]
        #expect(line.contains("q quit"))
        #expect(line.hasSuffix("? more"))
        #expect(!line.contains("…"))
        // Wide enough for everything: the help hint instead of "more".
        let wide = AppView.fittedHints(
            dashboard.keyHints, help: dashboard.helpHint, more: dashboard.moreHint, width: 200)
        #expect(wide == dashboard.keyHints + ["? help"])
        // Forms: "F1 more" when cut, and Ctrl-C quit is kept before the less important hints.
        var form = ScreenFixtures.base()
        form.isTerminalTooSmall = false
        let formHints = AppView.fittedHints(
            form.keyHints + ["Ctrl-T show password"], help: form.helpHint, more: form.moreHint, width: 50)
        #expect(formHints.last == "F1 more")
        #expect(formHints.contains("Ctrl-C quit"))
    }
}
