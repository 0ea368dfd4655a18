import AuthScreens
import CognitoAuth
import Foundation
import LatchkeyText
import Testing

@testable import TerminalKit
@testable import TerminalUI

// Every screen rendered in Japanese at 80x24 and 60x20, a few at 200x60 (double-width text: wrapping, label
// alignment, truncation, the cursor after Japanese input), frozen as Snapshots/NAME-ja_COLSxROWS.txt.
// Record with LATCHKEY_SNAPSHOT_RECORD=1 swift test --filter Snapshot, as the English ones.

/// The Japanese renders: every screen of every fixture list at both sizes, and the two-column
/// dashboard and the set-up with its QR code inside the form at 200x60.
let japaneseSnapshotCases: [SnapshotCase] =
    (JapaneseScreens.names).flatMap { name in
        [SnapshotCase(name, 80, 24, language: .japanese), SnapshotCase(name, 60, 20, language: .japanese)]
    } + ["dashboardWithPool", "dashboardOffline", "totpSetup"].map { SnapshotCase($0, 200, 60, language: .japanese) }

/// The fixtures of every screen, built while the language is Japanese (their texts are looked up
/// when they are built).
enum JapaneseScreens {
    /// The screens, each with one Japanese input where a screen takes text.
    @MainActor static var all: [(String, AppState)] {
        ScreenFixtures.all + DeviceFixtures.all + ProfileFixtures.all + [("signInJapaneseInput", japaneseInput)]
    }

    /// The names of ``all`` (the same in every language).
    static let names: [String] =
        [
            "signInEmpty", "signInWithError", "signInInFlight", "signUpWithPolicy", "signUpFromPool",
            "dashboardWithPool", "confirmCode", "forgotRequest", "forgotReset", "newPassword", "totpCode", "totpSetup",
            "selectMFA", "dashboard", "dashboardOffline", "dashboardPending", "relogin", "help", "signInUserAuth",
            "selectSignInMethod", "emailCodeResent", "totpEnrolment", "globalSignOutConfirm",
            "signInWithBrowserRows", "browserSignInNoBrowser", "signInSomeoneElse", "accountPicker", "mfaOffConfirm",
            "securityWithPhone", "totpSetupCopiedToTmux",
            "signInAfterHostedSignOut", "dashboardBusy", "signInStoreWarning",
        ] + ["devices", "devicesConfirmForget", "devicesEmpty", "rememberPrompt"] + [
            "profile", "profileEdit", "profileVerify", "profilePassword", "profileDelete", "profileRemovable",
            "profileRemove",
        ] + ["signInJapaneseInput"]

    /// Sign in with a Japanese username typed, the cursor after it.
    @MainActor static var japaneseInput: AppState {
        var state = ScreenFixtures.base()
        ScreenFixtures.type(&state, "山田太郎")
        return state
    }
}

@MainActor
@Suite("Screen snapshots in Japanese")
struct JapaneseSnapshotTests {
    @Test(arguments: japaneseSnapshotCases)
    func matchesSnapshot(_ snapshot: SnapshotCase) throws {
        try Language.$override.withValue(.japanese) {
            try ScreenSnapshotTests.expectMatch(snapshot, in: JapaneseScreens.all)
        }
    }

    @Test func everyScreenIsListed() {
        let names = Language.$override.withValue(.japanese) { JapaneseScreens.all.map(\.0) }
        #expect(names == JapaneseScreens.names)
    }

    /// No row of any Japanese render is wider than the terminal, and no double-width character is
    /// cut in half (its continuation cell follows it on the same row).
    @Test(arguments: [(80, 24), (60, 20), (120, 40)])
    func noRowOverflowsOrSplitsACharacter(_ columns: Int, _ rows: Int) {
        Language.$override.withValue(.japanese) {
            for (name, state) in JapaneseScreens.all {
                let grid = ScreenFixtures.view.render(state, size: TerminalSize(columns: columns, rows: rows)).grid
                for row in 0..<grid.height {
                    for column in 0..<grid.width {
                        let cell = grid[row, column]
                        if cell.isContinuation {
                            #expect(
                                column > 0 && TextWidth.width(of: grid[row, column - 1].character) == 2,
                                "\(name) \(columns)x\(rows): a lone continuation at row \(row), column \(column)")
                        } else if TextWidth.width(of: cell.character) == 2 {
                            #expect(
                                column + 1 < grid.width && grid[row, column + 1].isContinuation,
                                "\(name) \(columns)x\(rows): \(cell.character) cut at row \(row), column \(column)")
                        }
                    }
                }
            }
        }
    }

    @Test func theCursorFollowsJapaneseInputByDisplayWidth() throws {
        try Language.$override.withValue(.japanese) {
            let frame = ScreenFixtures.view.render(
                JapaneseScreens.japaneseInput, size: TerminalSize(columns: 80, rows: 24))
            let cursor = try #require(frame.cursor)
            let line = frame.grid.textLines()[cursor.row]
            let start = try #require(line.range(of: "山田太郎"))
            let column = TextWidth.width(of: line[..<start.lowerBound])
            #expect(cursor.column == column + 8)
        }
    }
}
