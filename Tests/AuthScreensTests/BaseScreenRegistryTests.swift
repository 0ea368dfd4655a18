import CognitoAuth
import Foundation
import TerminalKeys
import Testing

@testable import AuthScreens

/// The base screens' registry (`AppState+Screen.swift`): a key reaches whichever base shows as that
/// screen's own action, its requests' answers come back nested (``ScreenAction``), and a screen opens
/// through ``Route/show(_:)`` with no route of its own.
@Suite("Base screens registered once")
struct BaseScreenRegistryTests {
    /// Sign in, Create account, the code, Forgot password, a challenge and the dashboard, each as the base.
    static func everyBase() -> [AppState] {
        let start = AppState(options: AuthUIOptions(), now: t0, timeZone: utc)
        var signUp = start
        _ = signUp.perform([.route(.signUp(username: "bob"))])
        var confirm = start
        _ = confirm.perform([
            .route(.confirmSignUp(username: "bob", delivery: nil, password: nil, sendNewCode: false))
        ])
        var forgot = start
        _ = forgot.perform([.route(.forgotPassword(username: "bob"))])
        var challenge = start
        _ = challenge.perform([.route(.challenge(.softwareTokenMFA, username: "bob"))])
        var dashboard = start
        dashboard.base = .dashboard
        return [start, signUp, confirm, forgot, challenge, dashboard]
    }

    @Test("A key reaches each base screen as that screen's own action")
    func keyReachesTheBase() {
        let actions = Self.everyBase().map { $0.baseModel.keyAction(.tab) }
        let reached = actions.map { action -> String in
            switch action {
            case .screen(.signIn(.keyPressed(.tab))): return "signIn"
            case .screen(.signUp(.keyPressed(.tab))): return "signUp"
            case .screen(.confirmSignUp(.keyPressed(.tab))): return "confirmSignUp"
            case .screen(.forgotPassword(.keyPressed(.tab))): return "forgotPassword"
            case .screen(.challenge(.keyPressed(.tab))): return "challenge"
            case .dashboard(.keyPressed(.tab)): return "dashboard"
            default: return "other"
            }
        }
        #expect(reached == ["signIn", "signUp", "confirmSignUp", "forgotPassword", "challenge", "dashboard"])
    }

    @Test("An answer for a screen that no longer shows is dropped, not given to the screen that shows")
    func answerForAnotherScreenIsDropped() {
        var app = Self.everyBase()[1]
        let before = app.base
        let effects = app.reduce(.screen(.forgotPassword(.forgotPasswordFinished(.failure(.notAuthorized("no"))))))
        #expect(effects.isEmpty)
        #expect(app.base == before)
    }

    @Test("A screen opens through Route.show: its state and its effects; nil leaves the base as it was")
    func showOpensTheScreen() {
        let opening = ScreenOpening("reset for alice") { app in
            ScreenOpening.Opened(
                screen: .forgotPassword(ForgotPasswordState(username: "alice", policy: app.options.passwordPolicy)),
                effects: [.route(.status("opened"))])
        }
        var app = AppState(options: AuthUIOptions(), now: t0, timeZone: utc)
        app.isHelpVisible = true
        #expect(app.perform([.route(.show(opening))]).isEmpty)
        guard case .forgotPassword(let reset) = app.base else { return #expect(Bool(false)) }
        #expect(reset.username.text == "alice")
        #expect(app.statusMessage == "opened")
        #expect(!app.isHelpVisible)

        let closed = ScreenOpening("never") { _ in nil }
        _ = app.perform([.route(.show(closed))])
        #expect(app.base == .forgotPassword(reset))
    }
}
