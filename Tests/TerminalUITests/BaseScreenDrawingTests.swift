import AuthScreens
import Testing

@testable import TerminalUI

/// Every base screen draws itself: its drawing file conforms its view model to `DrawnScreen`, so
/// `AppView` lists no screen, and a screen left without a drawing is found here rather than drawn blank.
@Suite("Base screens draw themselves")
struct BaseScreenDrawingTests {
    @Test("Sign in, its browser wait, Create account, the code, Forgot password, a challenge and the dashboard")
    func everyBaseIsDrawn() {
        let states: [AppState] = [
            ScreenFixtures.signInEmpty, ScreenFixtures.browserSignInNoBrowser, ScreenFixtures.signUpWithPolicy,
            ScreenFixtures.confirmCode, ScreenFixtures.forgotReset, ScreenFixtures.totpCode,
            ScreenFixtures.totpSetup, ScreenFixtures.dashboard,
        ]
        for state in states {
            #expect(state.baseContent is any DrawnScreen, "\(state.title)")
        }
    }
}
