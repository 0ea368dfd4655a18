import AuthScreens
import CognitoAuth
import Foundation
import TerminalKeys
import Testing

@testable import TerminalKit
@testable import TerminalUI

/// ux-3 item 9: after a sign-out that switched account, the hosted UI's sign-out URL is on the dashboard whole, on
/// full-width rows of its own under its sentence, not only inside the event log's box.
@MainActor
@Suite("The sign-out URL from the run before, on the dashboard")
struct PendingSignOutURLLayoutTests {
    static let logoutURL =
        "http://127.0.0.1:42807/logout?client_id=0d7c9f6edb0e4a39a4a8ed5561&logout_uri=http%3A%2F%2Flocalhost%3A53682%2Fsigned-out"

    func dashboard(signOutURL: String?) -> AppState {
        var options = AuthUIOptions()
        options.hostedUISignOutURL = signOutURL
        var state = AppState(options: options, now: ScreenFixtures.t0, timeZone: ScreenFixtures.utc)
        _ = state.reduce(
            .sessionEvent(.stateChanged(.signedIn, username: "demo", provider: ScreenFixtures.poolProvider)))
        return state
    }

    @Test(arguments: [(80, 24), (60, 20), (120, 40), (200, 60)])
    func theURLIsWholeOnRowsOfItsOwn(_ size: (Int, Int)) throws {
        let state = dashboard(signOutURL: Self.logoutURL)
        #expect(state.isOnDashboard)
        let lines = ScreenFixtures.view.render(state, size: TerminalSize(columns: size.0, rows: size.1)).grid
            .textLines()
        let first = try #require(lines.firstIndex { $0.hasPrefix("http://127.0.0.1:42807/logout") }, "\(lines)")
        // The URL's rows start at the first column and hold nothing else: joined, they are the URL exactly.
        let rows = lines[first...].prefix { !$0.trimmingCharacters(in: .whitespaces).isEmpty && !$0.contains("│") }
        let joined = rows.map { $0.trimmingCharacters(in: .whitespaces) }.joined()
        #expect(joined.hasPrefix(Self.logoutURL), "\(size): \(rows)")
        #expect(!rows.contains { $0.contains("│") })
        // Its sentence, naming Ctrl-Y, is right above it, and the dashboard's boxes are still drawn above both.
        #expect(lines[first - 1].contains("Ctrl-Y") || lines[first - 1].contains("copies"), "\(lines[first - 1])")
        // At 60x20 the event log gives way (it has the URL too); from 80x24 up it stays.
        #expect(lines.prefix(first).contains { $0.contains("Session") }, "\(size): the session panel went")
        if size.0 >= 80 {
            #expect(lines.prefix(first).contains { $0.contains("Events") }, "\(size): the event log went")
        }
    }

    @Test func onceCopiedTheURLGivesItsRowsBack() {
        var state = dashboard(signOutURL: Self.logoutURL)
        #expect(state.reduce(.keyPressed(.ctrl("y"))) == [.copy(SecretText(Self.logoutURL), as: .signOutURL)])
        _ = state.reduce(.tokenCopied(.signOutURL, .failure(.internalError("no clipboard"))))
        #expect(state.pendingSignOutURL == Self.logoutURL, "a failed copy keeps it")
        _ = state.reduce(.tokenCopied(.signOutURL, .success(CopyReceipt(characters: Self.logoutURL.count))))
        #expect(state.pendingSignOutURL == nil)
        let lines = ScreenFixtures.view.render(state, size: TerminalSize(columns: 80, rows: 24)).grid.textLines()
        #expect(!lines.contains { $0.hasPrefix("http://127.0.0.1:42807/logout") })
        #expect(!state.keyHints.contains { $0.contains("sign-out URL") })
    }

    @Test func withoutAURLTheDashboardIsAsBefore() {
        let plain = ScreenFixtures.view.render(
            dashboard(signOutURL: nil), size: TerminalSize(columns: 80, rows: 24)
        ).grid.textLines()
        #expect(!plain.contains { $0.contains("logout") })
    }
}
