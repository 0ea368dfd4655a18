import CognitoAuth
import Foundation
import LatchkeyText
import TerminalKeys
import Testing

@testable import AuthScreens

/// The dashboard's keys are one list of bindings: dispatch, hints and help are made from it.
@Suite("Dashboard: key bindings are values")
struct DashboardKeyBindingTests {
    let bindings = DashboardState.keyBindings

    func signedIn() -> DashboardState {
        var state = DashboardState(now: Date(timeIntervalSince1970: 1_700_000_000), timeZone: .gmt)
        state.userState = .signedIn
        return state
    }

    /// Every key a test presses: the printable ASCII characters and the named keys.
    static var everyKey: [Key] {
        let characters = (32...126).compactMap(UnicodeScalar.init).map { Key.character(Character($0)) }
        let named: [Key] = [
            .up, .down, .left, .right, .pageUp, .pageDown, .home, .end, .enter, .escape, .tab, .backTab,
            .backspace, .delete, .function(1), .function(2), .ctrl("a"), .ctrl("e"), .ctrl("y"),
        ]
        return characters + named
    }

    @Test("each command has exactly one binding, each key one command, and each binding a label")
    func oneBindingPerCommand() {
        for command in DashboardCommand.allCases {
            #expect(bindings.filter { $0.command == command }.count == 1, "\(command)")
        }
        let keys = bindings.flatMap(\.keys)
        #expect(Set(keys).count == keys.count, "a key is bound twice: \(keys)")
        #expect(bindings.allSatisfy { !$0.label.isEmpty && !$0.keys.isEmpty })
        // The hint bar's order names exactly the bindings with a hint.
        #expect(Set(DashboardState.hintOrder) == Set(bindings.filter { $0.hint != .hidden }.map(\.command)))
        #expect(Set(DashboardState.hintOrder).count == DashboardState.hintOrder.count)
    }

    @Test("a key without a binding does nothing; a bound key does what its command does")
    func dispatchIsTheList() {
        var base = signedIn()
        base.canSwitchAccounts = true
        for key in Self.everyKey {
            var pressed = base
            let effects = pressed.reduce(.keyPressed(key))
            if let binding = bindings.first(where: { $0.matches(key) }) {
                var performed = base
                #expect(effects == performed.perform(binding.command), "\(key)")
                #expect(pressed == performed, "\(key)")
            } else {
                #expect(effects.isEmpty && pressed == base, "\(key) is handled but has no binding")
            }
        }
    }

    @Test("every binding's key is dispatched: on a dashboard where it applies, it changes something")
    func everyBindingIsDispatched() {
        var base = signedIn()
        base.canSwitchAccounts = true
        base.mfa = MFASettings(enabled: [.email, .sms, .totp], preferred: nil, phoneNumber: "+15555550100")
        for index in 0..<30 { base.append("line \(index)") }
        base.log.scrollUp(5)
        var expired = base
        expired.userState = .signedOutUserPoolsTokenInvalid
        for binding in bindings where binding.command != .help && binding.command != .quit {
            var state = binding.command == .signInAgain ? expired : base
            let before = state
            let effects = state.reduce(.keyPressed(binding.keys[0]))
            #expect(!effects.isEmpty || state != before, "\(binding.command) has no dispatch")
        }
    }

    @Test("the app's keys are bound once; the views' ? and q are the app's")
    func appKeysOnce() {
        let keys = AppKeys.keyBindings.flatMap(\.keys)
        #expect(Set(keys).count == keys.count)
        #expect(bindings.binding(.help)?.keys == AppKeys.help && bindings.binding(.quit)?.keys == AppKeys.quit)
        #expect(
            DevicesState.keyBindings.binding(.help)?.keys == AppKeys.help
                && DevicesState.keyBindings.binding(.quit)?.keys == AppKeys.quit)
    }

    @Test("? and q are the app's: on the dashboard they open the help and quit")
    func helpAndQuitAreTheApps() throws {
        let help = try #require(bindings.binding(.help)?.keys.first)
        let quit = try #require(bindings.binding(.quit)?.keys.first)
        var app = signedInApp()
        _ = app.reduce(.keyPressed(help))
        #expect(app.isHelpVisible)
        _ = app.reduce(.keyPressed(.escape))
        #expect(app.reduce(.keyPressed(quit)) == [.quit])
    }

    @Test("the hints and the help read as before, in English and Japanese")
    func textsUnchanged() {
        Language.$override.withValue(.english) {
            #expect(
                ScreenText.dashboardHints == [
                    "c call", "r refresh", "o sign out", "q quit", "p profile", "v devices", "y copy token",
                    "O sign out everywhere", "C 5 calls", "S sessions",
                ])
            #expect(ScreenText.hintSignInAgain == "s sign in again" && ScreenText.hintAccounts == "a accounts")
            #expect([ScreenText.hintHelp, ScreenText.hintHelpMore] == ["? help", "? more"])
            #expect([ScreenText.hintF1Help, ScreenText.hintF1More] == ["F1 help", "F1 more"])
            #expect(
                ScreenText.dashboardHelp == [
                    "c / C   one GetUser call / five at once", "r   refresh the tokens now",
                    "o   sign out on this device",
                    "O   sign out everywhere: every device's refresh token (asks first)",
                    "s   sign in again (when the session expired)", "m   Security: read the MFA settings · k passkeys",
                    "e   Security: email MFA on/off (E: prefer email)",
                    "t   Security: set up an authenticator app (TOTP)", "T   Security: authenticator app (TOTP) off",
                    "x   Security: SMS MFA on/off (X: prefer SMS)", "v / S   devices: list, forget, remember / sessions: revoke",
                    "p / y   profile / copy a token to the clipboard (then i: ID, a: access)",
                    "a   accounts: switch, or sign in as someone else",
                    "↑ ↓ PgUp PgDn Home End   scroll the event log", "? / q   this help / quit",
                ])
        }
        Language.$override.withValue(.japanese) {
            #expect(ScreenText.dashboardHints.first == "c 呼び出し" && ScreenText.dashboardHints.last == "S セッション")
            #expect(ScreenText.dashboardHelp.contains("e   セキュリティ: メール MFA のオン/オフ (E: メールを優先)"))
            #expect(ScreenText.dashboardHelp.contains("x   セキュリティ: SMS MFA のオン/オフ (X: SMS を優先)"))
            #expect(ScreenText.dashboardHelp.last == "? / q   このヘルプ / 終了")
            #expect([ScreenText.hintHelp, ScreenText.hintF1More] == ["? ヘルプ", "F1 その他"])
        }
    }

    @Test("the catalogs hold what a key does, not the key")
    func catalogsCarryNoKeys() {
        for language in Language.allCases {
            for binding in bindings {
                guard case .line(let hint) = binding.hint else { continue }
                let text = Localized.text(hint, in: language)
                #expect(!text.hasPrefix(binding.label + " "), "\(language) \(text)")
            }
        }
    }

    @Test("y's token choice: i and a are written once, named in the status line and the help in both languages")
    func tokenChoice() {
        var choice = TokenCopyChoice()
        #expect(choice.reduce(.character("i")) == [.route(.closeModal), .run(.session(.getTokens(.id)))])
        #expect(choice.reduce(.character("a")) == [.route(.closeModal), .run(.session(.getTokens(.access)))])
        #expect(
            choice.reduce(.character("x")) == [.route(.closeModal), .route(.status(ScreenText.copyTokenCancelled))])
        Language.$override.withValue(.english) {
            #expect(
                ScreenText.copyTokenChoice == "Copy which token? i ID token · a access token · any other key: cancel")
        }
        Language.$override.withValue(.japanese) {
            #expect(ScreenText.copyTokenChoice == "コピーするトークン: i ID トークン · a アクセストークン · その他のキー: 中止")
            #expect(ScreenText.dashboardHelp.contains("p / y   プロフィール / トークンをコピー (続けて i: ID、a: アクセス)"))
        }
    }
}

/// The dashboard rows' click hints are made from the same bindings.
@Suite("Dashboard rows: hints and keys from the bindings")
struct DashboardRowBindingTests {
    @Test("each row's hint is its binding's label and the row's text; its keys are the binding's")
    func rowHints() {
        Language.$override.withValue(.english) {
            #expect(
                [
                    ScreenText.rowHintSignIn, ScreenText.rowHintProfile, ScreenText.rowHintCopy,
                    ScreenText.rowHintRefresh, ScreenText.rowHintTryNow, ScreenText.rowHintReadMFA,
                ] == ["s sign in", "p profile", "y copy", "r refresh", "c try now", "m your MFA"])
        }
        Language.$override.withValue(.japanese) {
            #expect(ScreenText.rowHintCopy == "y コピー" && ScreenText.rowHintReadMFA == "m MFA 確認")
        }
        let access = DashboardState.rowAction(ScreenText.accessTokenLabel, .copyToken, then: .accessToken)
        #expect(access.keys == [.character("y"), .character("a")])
        #expect(DashboardState.rowAction(ScreenText.poolLabel, .readMFA).keys == [.character("m")])
    }
}
