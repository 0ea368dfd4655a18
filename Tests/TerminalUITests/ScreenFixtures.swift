import AuthScreens
import CognitoAuth
import Foundation
import LatchkeyText
import TerminalKeys

@testable import TerminalKit
@testable import TerminalUI

/// Fixed states of every screen for the snapshot tests, at a fixed time in UTC.
enum ScreenFixtures {
    /// 2023-11-14 22:13:20 UTC.
    static let t0 = Date(timeIntervalSince1970: 1_700_000_000)
    /// Snapshots show times in UTC.
    static let utc = TimeZone(identifier: "UTC")!
    /// The user pool's logins key.
    static let poolProvider = "cognito-idp.us-east-1.amazonaws.com/us-east-1_TestPool1"
    /// The renderer, with a backend in the badge.
    static let view = AppView(backend: "local")

    /// A fresh app state at ``t0``.
    static func base() -> AppState {
        AppState(options: AuthUIOptions(), now: t0, timeZone: utc)
    }

    /// Applies keys to a state.
    static func press(_ state: inout AppState, _ keys: [Key]) {
        for key in keys { _ = state.reduce(.keyPressed(key)) }
    }

    /// Types text into the focused field.
    static func type(_ state: inout AppState, _ text: String) {
        press(&state, text.map { .character($0) })
    }

    static var signInEmpty: AppState { base() }

    /// Sign in with the plain-text store warning: whole, wrapped above the form (issue 29, N19).
    static var signInStoreWarning: AppState {
        var options = AuthUIOptions()
        options.storeNotice = Localized.format(
            \.storePlainTextNoKeyring, ["path": "/home/alice/.local/share/latchkey/accounts/4f2a/session.json"])
        return AppState(options: options, now: t0, timeZone: utc)
    }

    static var signInWithError: AppState {
        var state = base()
        type(&state, "alice")
        press(&state, [.tab])
        type(&state, "wrong-password")
        press(&state, [.enter])
        _ = state.reduce(.signIn(.signInFinished(.failure(.notAuthorized("Incorrect username or password.")))))
        return state
    }

    /// A pool with a hosted UI that names Google: the browser rows under the form.
    static var signInWithBrowserRows: AppState {
        var options = AuthUIOptions()
        options.webProviders = ["COGNITO", "Google"]
        return AppState(options: options, now: t0, timeZone: utc)
    }

    /// "Continue in browser" pressed where no browser can open: URL, QR code (when it fits), ssh -L
    /// line and the paste field, after a paste whose state did not match.
    static var browserSignInNoBrowser: AppState {
        var state = signInWithBrowserRows
        press(&state, [.tab, .tab, .tab, .tab, .tab, .enter])
        _ = state.reduce(
            .signIn(
                .hostedUIStarted(
                    .success(
                        HostedUIWait(
                            provider: "COGNITO",
                            url:
                                "http://127.0.0.1:40123/oauth2/authorize?response_type=code&client_id=4k2f8e0exampleclient"
                                + "&redirect_uri=http%3A%2F%2Flocalhost%3A53682%2Fcallback&state=Zm9vYmFyYmF6&scope=openid"
                                + "&code_challenge=E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM&code_challenge_method=S256"
                                + "&identity_provider=COGNITO",
                            browserOpened: false, tunnelLine: "ssh -L 53682:127.0.0.1:53682 alice@build-box")))))
        _ = state.reduce(.signIn(.signInFinished(.failure(.hostedUI(.stateMismatch)))))
        return state
    }

    static var signInInFlight: AppState {
        var state = base()
        type(&state, "alice")
        press(&state, [.tab])
        type(&state, "Secret#123")
        press(&state, [.enter])
        return state
    }

    static var signUpWithPolicy: AppState {
        var state = AppState(options: AuthUIOptions(startOnSignUp: true), now: t0, timeZone: utc)
        type(&state, "bob")
        press(&state, [.tab])
        type(&state, "secret1")
        return state
    }

    /// A pool like issue 11's: email as username, no symbol, name and birthdate required, codes by email.
    static let poolSettings = PoolSettings(
        passwordPolicy: PoolPasswordPolicy(requiresSymbols: false), usernameAttributes: ["email"],
        signUpAttributes: ["email", "name", "birthdate"], verificationMechanisms: ["email"],
        mfaConfiguration: "OPTIONAL", mfaMethods: ["TOTP", "SMS"], ignoredKeys: ["auth.oauth"])

    /// Create account on that pool: the email typed, Abcdefg1 meeting every rule, a bad birth date.
    static var signUpFromPool: AppState {
        var options = AuthUIOptions(ui: nil, poolSettings: poolSettings)
        options.startOnSignUp = true
        var state = AppState(options: options, now: t0, timeZone: utc)
        type(&state, "erin@example.com")
        press(&state, [.tab])
        type(&state, "Abcdefg1")
        press(&state, [.tab])
        type(&state, "Abcdefg1")
        press(&state, [.tab])
        type(&state, "Erin Example")
        press(&state, [.tab])
        type(&state, "1990-02-30")
        press(&state, [.tab])
        return state
    }

    /// The dashboard on that pool: its MFA setting and the keys not used yet, once.
    static var dashboardWithPool: AppState {
        var state = dashboard
        state.options = AuthUIOptions(ui: nil, poolSettings: poolSettings)
        state.dashboard.poolRows = DashboardState.poolRows(state.options)
        return state
    }

    static var confirmCode: AppState {
        var state = AppState(options: AuthUIOptions(startOnSignUp: true), now: t0, timeZone: utc)
        type(&state, "bob")
        press(&state, [.tab])
        type(&state, "Secret#123")
        press(&state, [.tab])
        type(&state, "Secret#123")
        press(&state, [.tab])
        type(&state, "bob@example.com")
        press(&state, [.enter])
        let delivery = CodeDeliveryDetails(destination: "b***@e***", deliveryMedium: "EMAIL", attributeName: "email")
        _ = state.reduce(.signUp(.signUpFinished(.success(.confirmSignUp(delivery)))))
        type(&state, "1234")
        return state
    }

    static var forgotRequest: AppState {
        var state = base()
        type(&state, "alice")
        press(&state, [.tab, .tab, .tab, .tab, .enter])
        return state
    }

    static var forgotReset: AppState {
        var state = forgotRequest
        press(&state, [.enter])
        let delivery = CodeDeliveryDetails(destination: "a***@e***", deliveryMedium: "EMAIL", attributeName: "email")
        _ = state.reduce(.forgotPassword(.forgotPasswordFinished(.success(delivery))))
        type(&state, "123456")
        press(&state, [.tab])
        type(&state, "NewSecret1")
        return state
    }

    static func challenge(_ step: SignInStep) -> AppState {
        var state = base()
        type(&state, "alice")
        press(&state, [.tab])
        type(&state, "Secret#123")
        press(&state, [.enter])
        _ = state.reduce(.signIn(.signInFinished(.success(step))))
        return state
    }

    static var newPassword: AppState {
        var state = challenge(.newPasswordRequired(requiredAttributes: []))
        type(&state, "Temp")
        return state
    }

    static var totpCode: AppState { challenge(.softwareTokenMFA) }

    static let totpDetails = TOTPSetupDetails(secret: "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP", accountName: "alice")

    static var totpSetup: AppState { challenge(.mfaSetup(totpDetails)) }

    static var selectMFA: AppState { challenge(.selectMFAType([.sms, .totp])) }

    /// TOTP set-up after Ctrl-Y in a tmux that keeps the copy in its paste buffer: the status line is
    /// longer than 80 columns and goes on the free row above, the tmux setting whole (ux-3, item 14).
    static var totpSetupCopiedToTmux: AppState {
        var state = totpSetup
        _ = state.reduce(.tokenCopied(.totpURI, .success(CopyReceipt(characters: 68, destination: .tmuxBufferOnly))))
        return state
    }

    /// A signed-in session with tokens issued 17 minutes ago that last an hour.
    static var signedInSession: SessionSummary {
        SessionSummary(
            username: "alice", provider: poolProvider, activeProviders: [poolProvider],
            identityId: "us-east-1:7d3c9f2a-1b2c-4d5e-8f90-123456789abc",
            idTokenExpiration: t0.addingTimeInterval(43 * 60), accessTokenExpiration: t0.addingTimeInterval(43 * 60),
            tokensIssuedAt: t0.addingTimeInterval(-17 * 60), hasRefreshToken: true,
            awsCredentialsExpiration: t0.addingTimeInterval(52 * 60), updatedAt: t0.addingTimeInterval(-17 * 60),
            authenticatedAt: t0.addingTimeInterval(-17 * 60))
    }

    static var dashboard: AppState {
        var state = challenge(.done)
        state.now = t0.addingTimeInterval(-60)
        _ = state.reduce(.sessionEvent(.stateChanged(.signedIn, username: "alice", provider: poolProvider)))
        _ = state.reduce(.sessionLoaded(signedInSession))
        _ = state.reduce(.tick(now: t0.addingTimeInterval(-30)))
        press(&state, [.character("c")])
        _ = state.reduce(.dashboard(.sampleCallFinished(number: 1, result: .success(()))))
        _ = state.reduce(.tick(now: t0))
        return state
    }

    static var dashboardOffline: AppState {
        var state = dashboard
        let error = AuthError.network(kind: .connectionRefused, message: "localhost:9229")
        _ = state.reduce(
            .sessionEvent(.connectivityChanged(.offline(since: t0.addingTimeInterval(-190), lastError: error))))
        return state
    }

    /// Work in flight (N27): a GetUser call and a token refresh (`c`, then `r`), four seconds on.
    static var dashboardBusy: AppState {
        var state = dashboard
        press(&state, [.character("c"), .character("r")])
        _ = state.reduce(.tick(now: t0.addingTimeInterval(4)))
        return state
    }

    static var dashboardPending: AppState {
        var state = dashboard
        _ = state.reduce(
            .sessionEvent(.stateChanged(.signedOutUserPoolsTokenInvalid, username: "alice", provider: poolProvider)))
        state.relogin = nil
        let calls = [
            WaitingCall(id: 3, label: "GetUser #3", since: t0.addingTimeInterval(-12), reason: .signIn),
            WaitingCall(id: 4, label: "GetUser #4", since: t0.addingTimeInterval(-5), reason: .signIn),
        ]
        state.dashboard.pendingCalls = calls
        return state
    }

    static var relogin: AppState {
        var state = dashboard
        _ = state.reduce(
            .sessionEvent(.stateChanged(.signedOutUserPoolsTokenInvalid, username: "alice", provider: poolProvider)))
        let calls = [
            WaitingCall(id: 3, label: "GetUser #3", since: t0.addingTimeInterval(-12), reason: .signIn),
            WaitingCall(id: 4, label: "GetUser #4", since: t0.addingTimeInterval(-5), reason: .signIn),
        ]
        _ = state.reduce(.sessionEvent(.pendingCallsChanged(calls)))
        return state
    }

    static var help: AppState {
        var state = dashboard
        press(&state, [.character("?")])
        return state
    }

    /// Sign in on a USER_AUTH pool: the username only.
    static var signInUserAuth: AppState {
        var options = AuthUIOptions()
        options.choosesSignInMethod = true
        var state = AppState(options: options, now: t0, timeZone: utc)
        type(&state, "alice")
        return state
    }

    /// USER_AUTH's SELECT_CHALLENGE: every method, the passkey greyed out.
    static var selectSignInMethod: AppState {
        var state = signInUserAuth
        press(&state, [.enter])
        _ = state.reduce(
            .signIn(.signInFinished(.success(.selectChallenge([.passwordSRP, .emailOTP, .smsOTP, .webAuthn])))))
        press(&state, [.down])
        return state
    }

    /// The emailed first-factor code after Resend code.
    static var emailCodeResent: AppState {
        var state = selectSignInMethod
        press(&state, [.enter])
        let delivery = CodeDeliveryDetails(destination: "a***@e***", deliveryMedium: "EMAIL", attributeName: "email")
        _ = state.reduce(.challenge(.confirmSignInFinished(.success(.emailOTP(delivery)))))
        // Resend code works 30 s after a code was sent; the new code starts the countdown again.
        _ = state.reduce(.tick(now: t0.addingTimeInterval(30)))
        press(&state, [.tab, .tab, .tab, .enter])
        _ = state.reduce(.challenge(.codeResent(.success(.emailOTP(delivery)))))
        _ = state.reduce(.tick(now: t0.addingTimeInterval(34)))
        return state
    }

    /// The dashboard's `t`: the authenticator app enrolment.
    static var totpEnrolment: AppState {
        var state = dashboard
        press(&state, [.character("t")])
        _ = state.reduce(.totpEnrolment(.started(.success(totpDetails))))
        return state
    }

    /// `O` on the dashboard: "Sign out of every device? y/N".
    static var globalSignOutConfirm: AppState {
        var state = dashboard
        press(&state, [.character("O")])
        return state
    }

    /// `T` on the dashboard with only the authenticator app on: "Turn off the authenticator app? y/N",
    /// saying that the password alone would be left (issue 29, N14).
    static var mfaOffConfirm: AppState {
        var state = dashboard
        press(&state, [.character("m")])
        _ = state.reduce(.dashboard(.mfaSettingsLoaded(.success(MFASettings(enabled: [.totp], preferred: .totp)))))
        press(&state, [.character("T")])
        return state
    }

    /// The dashboard after `m`, with a verified phone number: the Security row and every key of it,
    /// `x` / `X` included, on the rows it needs (ux-3, item 13: they were cut at 100 and 120 columns).
    static var securityWithPhone: AppState {
        var state = dashboard
        press(&state, [.character("m")])
        _ = state.reduce(
            .dashboard(
                .mfaSettingsLoaded(
                    .success(MFASettings(enabled: [.email, .totp], preferred: .totp, phoneNumber: "+14155550100")))))
        return state
    }

    /// Sign in after signing out of a hosted-UI session with no browser here: the /logout URL on whole
    /// rows below the notice, and Ctrl-Y in the footer (issue 29, N20).
    static var signInAfterHostedSignOut: AppState {
        var state = dashboard
        _ = state.reduce(.sessionEvent(.stateChanged(.signedOut, username: nil, provider: nil)))
        _ = state.reduce(
            .hostedUISignedOut(
                logoutURL:
                    "http://127.0.0.1:45121/logout?client_id=81f3b4b7499df7c5947ae99fd8&logout_uri=http%3A%2F%2Flocalhost%3A53682%2Fsigned-out",
                browserOpened: false))
        return state
    }

    /// "Sign in as someone else" from alice's dashboard: Sign in on a new account, with the way back
    /// to alice (issue 29, N4).
    static var signInSomeoneElse: AppState {
        var options = AuthUIOptions()
        options.canSwitchAccounts = true
        let alice = AccountChoice(id: "default", username: "alice", detail: "us-east-1_TestPool1")
        options.accounts = [alice, AccountChoice(id: "account-3", username: nil, isCurrent: true)]
        options.returnAccount = alice
        var state = AppState(options: options, now: t0, timeZone: utc)
        _ = state.reduce(.sessionEvent(.stateChanged(.signedOut, username: nil, provider: nil)))
        return state
    }

    /// `a` on the dashboard with two more accounts, one user twice (from an older version): every
    /// account, this one marked, the two of one name told apart (issue 29, N6).
    static var accountPicker: AppState {
        var state = dashboard
        state.options.canSwitchAccounts = true
        state.dashboard.canSwitchAccounts = true
        state.options.accounts = [
            AccountChoice(id: "default", username: "alice", isCurrent: true),
            AccountChoice(id: "account-2", username: "demo", detail: "us-east-1_TestPool1"),
            AccountChoice(id: "account-3", username: "demo", detail: "pool not recorded"),
        ]
        press(&state, [.character("a")])
        return state
    }

    /// Every screen by name.
    static var all: [(String, AppState)] {
        [
            ("signInEmpty", signInEmpty), ("signInWithError", signInWithError), ("signInInFlight", signInInFlight),
            ("signUpWithPolicy", signUpWithPolicy), ("signUpFromPool", signUpFromPool),
            ("dashboardWithPool", dashboardWithPool), ("confirmCode", confirmCode), ("forgotRequest", forgotRequest),
            ("forgotReset", forgotReset), ("newPassword", newPassword), ("totpCode", totpCode),
            ("totpSetup", totpSetup), ("selectMFA", selectMFA), ("dashboard", dashboard),
            ("dashboardOffline", dashboardOffline), ("dashboardPending", dashboardPending), ("relogin", relogin),
            ("help", help), ("signInUserAuth", signInUserAuth), ("selectSignInMethod", selectSignInMethod),
            ("emailCodeResent", emailCodeResent), ("totpEnrolment", totpEnrolment),
            ("globalSignOutConfirm", globalSignOutConfirm), ("signInWithBrowserRows", signInWithBrowserRows),
            ("browserSignInNoBrowser", browserSignInNoBrowser), ("signInSomeoneElse", signInSomeoneElse),
            ("accountPicker", accountPicker), ("mfaOffConfirm", mfaOffConfirm),
            ("securityWithPhone", securityWithPhone), ("totpSetupCopiedToTmux", totpSetupCopiedToTmux),
            ("signInAfterHostedSignOut", signInAfterHostedSignOut), ("dashboardBusy", dashboardBusy),
            ("signInStoreWarning", signInStoreWarning),
        ]
    }

    /// The text of a render, each line padded with "|" at the right edge so trailing spaces show.
    static func text(_ state: AppState, _ columns: Int, _ rows: Int) -> String {
        view.render(state, size: TerminalSize(columns: columns, rows: rows)).grid.text()
    }
}
