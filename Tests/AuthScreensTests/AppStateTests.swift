import AuthScreens
import AuthScreensTesting
import CognitoAuth
import Foundation
import TerminalKeys
import Testing

@Suite struct AppStateTests {
    @Test func startsOnSignInOrCreateAccount() {
        let app = AppState(now: t0, timeZone: utc)
        #expect(app.base == .signIn(SignInState()))
        let signUp = AppState(options: AuthUIOptions(startOnSignUp: true), now: t0)
        #expect(signUp.base == .signUp(SignUpState()))
        let noSignUp = AppState(options: AuthUIOptions(disableSignUp: true, startOnSignUp: true), now: t0)
        #expect(noSignUp.base == .signIn(SignInState(showsCreateAccount: false)))
        let cancellable = AppState(options: AuthUIOptions(canCancel: true), now: t0)
        #expect(cancellable.base == .signIn(SignInState(canCancel: true)))
    }

    @Test func qQuitsOnlyWithoutATextFieldAndCtrlCQuitsEverywhere() {
        var app = AppState(now: t0, timeZone: utc)
        #expect(app.reduce(.keyPressed(.character("q"))).isEmpty)
        #expect(app.reduce(.keyPressed(.character("?"))).isEmpty)
        guard case .signIn(let signIn) = app.base else { return #expect(Bool(false)) }
        #expect(signIn.username.text == "q?")
        #expect(!app.isHelpVisible)
        #expect(app.reduce(.keyPressed(.ctrl("c"))) == [.quit])
        var dashboard = signedInApp()
        #expect(dashboard.reduce(.keyPressed(.character("q"))) == [.quit])
        #expect(dashboard.reduce(.keyPressed(.ctrl("C"))) == [.quit])
    }

    @Test func helpTogglesAndSwallowsKeys() {
        var store = appStore(signedInApp())
        store.press(.character("?")) { $0.isHelpVisible = true }
        #expect(store.state.helpLines == ScreenText.dashboardHelp)
        #expect(store.state.keyHints == ["Esc or ? close help"])
        store.press(.character("c"))  // swallowed while help shows
        store.press(.escape) { $0.isHelpVisible = false }
        store.press(.function(1)) { $0.isHelpVisible = true }
        store.press(.character("?")) { $0.isHelpVisible = false }
        var form = appStore(AppState(now: t0, timeZone: utc))
        form.press(.function(1)) { $0.isHelpVisible = true }
        #expect(form.state.helpLines == ScreenText.formHelp)
        form.press(.character("x"))
        form.press(.function(1)) { $0.isHelpVisible = false }
    }

    @Test func terminalTooSmallTakesNoInput() {
        var store = appStore(AppState(now: t0, timeZone: utc))
        store.send(.terminalSizeChanged(tooSmall: true)) { $0.isTerminalTooSmall = true }
        store.press(.character("a"))
        store.press(.tab)
        // A form is focused: q is a letter there, not a way out (Ctrl-C is).
        #expect(store.state.keyHints == ["Ctrl-C quit"])
        store.press(.character("q"))
        store.send(.terminalSizeChanged(tooSmall: false)) { $0.isTerminalTooSmall = false }
    }

    @Test func statusLineAndKeyHintsFollowTheFocus() {
        var app = AppState(now: t0, timeZone: utc)
        // No "Esc back" on Sign in, where Esc does nothing (issue 14, C10); F1 help comes last.
        #expect(app.keyHintLine == "Tab next · Enter continue · Ctrl-C quit · F1 help")
        _ = app.reduce(.keyPressed(.tab))
        #expect(app.revealHint == "Ctrl-T show password")
        #expect(app.keyHints.contains("Ctrl-T show password"))
        _ = app.reduce(.keyPressed(.ctrl("t")))
        #expect(app.revealHint == "Ctrl-T hide password")
        _ = app.reduce(.keyPressed(.tab))
        #expect(app.revealHint == nil)
        #expect(app.statusLine == "")
        _ = app.reduce(.keyPressed(.backTab))
        _ = app.reduce(.keyPressed(.paste("pw")))
        _ = app.reduce(.keyPressed(.backTab))
        _ = app.reduce(.keyPressed(.paste("alice")))
        #expect(app.reduce(.keyPressed(.tab)).isEmpty)
        #expect(app.reduce(.keyPressed(.enter)) == [.signIn(.signIn(username: "alice", password: "pw"))])
        #expect(app.isInFlight)
        #expect(app.statusLine == "Signing in…")
        #expect(app.keyHints == ["Esc cancel request", "Ctrl-C quit"])
        #expect(app.badge == "… Starting")
    }

    @Test func signInLeadsToTheDashboardAndSignOutBack() {
        var app = AppState(now: t0, timeZone: utc)
        _ = app.reduce(.keyPressed(.paste("alice")))
        _ = app.reduce(.keyPressed(.enter))
        _ = app.reduce(.keyPressed(.paste("pw")))
        #expect(app.reduce(.keyPressed(.enter)) == [.signIn(.signIn(username: "alice", password: "pw"))])
        #expect(app.reduce(.signIn(.signInFinished(.success(.done)))) == [.session(.loadSession)])
        #expect(app.base == .dashboard)
        _ = app.reduce(.sessionEvent(.stateChanged(.signedIn, username: "alice", provider: poolProvider)))
        #expect(app.badge == "✔ Signed in · alice")
        #expect(app.reduce(.keyPressed(.character("o"))) == [.dashboard(.signOut(.local))])
        #expect(app.statusLine == "Signing out…")
        _ = app.reduce(.sessionEvent(.stateChanged(.signedOut, username: nil, provider: nil)))
        _ = app.reduce(.dashboard(.signOutFinished(global: false, result: .success(SignOutResult(scope: .local)))))
        #expect(app.base == .signIn(SignInState(username: "alice", notice: "Signed out.")))
        #expect(app.dashboard.log.texts.suffix(3) == ["Signing out…", "State: signedOut", "Signed out"])
    }

    @Test("a sign-out from another terminal or process says so; one made here, in either order, does not")
    func signOutFromElsewhereIsNamed() {
        let elsewhere = "Signed out from another terminal or process."
        var app = signedInApp()
        _ = app.reduce(.sessionEvent(.stateChanged(.signedOut, username: nil, provider: nil)))
        #expect(app.base == .signIn(SignInState(username: "alice", notice: elsewhere)))
        #expect(app.dashboard.log.texts.contains(elsewhere))
        // From the re-login state too.
        var relogin = signedInApp()
        _ = relogin.reduce(
            .sessionEvent(.stateChanged(.signedOutUserPoolsTokenInvalid, username: "alice", provider: nil)))
        _ = relogin.reduce(.sessionEvent(.stateChanged(.signedOut, username: nil, provider: nil)))
        #expect(relogin.signInNotice == elsewhere)
        // `o` here, its result before the state event: the plain notice, no "another terminal".
        var own = signedInApp()
        _ = own.reduce(.keyPressed(.character("o")))
        _ = own.reduce(.dashboard(.signOutFinished(global: false, result: .success(SignOutResult(scope: .local)))))
        _ = own.reduce(.sessionEvent(.stateChanged(.signedOut, username: nil, provider: nil)))
        #expect(own.signInNotice == "Signed out.")
        #expect(!own.dashboard.log.texts.contains(elsewhere))
        // ... and the next sign-out, not made here, is named again.
        _ = own.reduce(.sessionEvent(.stateChanged(.signedIn, username: "alice", provider: poolProvider)))
        _ = own.reduce(.sessionEvent(.stateChanged(.signedOut, username: nil, provider: nil)))
        #expect(own.signInNotice == elsewhere)
        // A deletion made here whose state event comes before its result.
        var deleting = signedInApp()
        _ = deleting.reduce(.keyPressed(.character("p")))
        _ = deleting.reduce(.profile(.loaded(.success(UserAttributes(username: "alice", all: [:])))))
        _ = deleting.reduce(.keyPressed(.character("D")))
        _ = deleting.reduce(.keyPressed(.paste("alice")))
        #expect(deleting.reduce(.keyPressed(.enter)) == [.profile(.deleteAccount(username: "alice"))])
        _ = deleting.reduce(.sessionEvent(.stateChanged(.signedOut, username: nil, provider: nil)))
        #expect(!deleting.dashboard.log.texts.contains(elsewhere))
        // Nobody was signed in at the start: nothing to name.
        var fresh = AppState(now: t0, timeZone: utc)
        _ = fresh.reduce(.sessionEvent(.stateChanged(.signedOut, username: nil, provider: nil)))
        #expect(!fresh.dashboard.log.texts.contains(elsewhere))
    }

    @Test func restoredExpiredSessionShowsTheDashboardWithThePrompt() {
        var app = AppState(now: t0, timeZone: utc)
        _ = app.reduce(
            .sessionEvent(.stateChanged(.signedOutUserPoolsTokenInvalid, username: "alice", provider: poolProvider)))
        #expect(app.base == .dashboard)
        #expect(app.relogin?.signIn.username.text == "alice")
    }

    @Test func challengeAfterSignInShowsItsScreen() {
        var app = AppState(now: t0, timeZone: utc)
        _ = app.reduce(.keyPressed(.paste("alice")))
        _ = app.reduce(.keyPressed(.enter))
        _ = app.reduce(.keyPressed(.paste("pw")))
        _ = app.reduce(.keyPressed(.enter))
        _ = app.reduce(.signIn(.signInFinished(.success(.selectMFAType([.sms, .totp])))))
        #expect(
            app.base == .challenge(.selectMFAType(SelectMFATypeState(username: "alice", choices: [.sms, .totp]))))
        #expect(!app.hasTextField)
        #expect(app.keyHints == ScreenText.choiceHints)
        #expect(
            app.reduce(.keyPressed(.character(" "))) == [.challenge(.confirmSignIn(answer: "SMS_MFA", attributes: [:]))]
        )
        _ = app.reduce(.challenge(.confirmSignInFinished(.success(.smsMFA(smsDelivery)))))
        // The texted code was just sent: the screen runs on the app's clock for the resend cooldown.
        var sms = CodeChallengeState(username: "alice", kind: .sms(smsDelivery), resend: .signInAgain)
        sms.setClock(app.now)
        #expect(app.base == .challenge(.code(sms)))
        _ = app.reduce(.keyPressed(.escape))
        #expect(app.base == .signIn(SignInState(username: "alice")))
    }

    @Test func signUpJourneyConfirmsAndSignsInAutomaticallyThenWipesThePassword() {
        var app = AppState(options: AuthUIOptions(signUpAttributes: [.email]), now: t0, timeZone: utc)
        for key: Key in [.tab, .tab, .tab] { _ = app.reduce(.keyPressed(key)) }
        _ = app.reduce(.keyPressed(.enter))
        #expect(app.base == .signUp(SignUpState(attributes: [.email])))
        for key in "bob".keys { _ = app.reduce(.keyPressed(key)) }
        _ = app.reduce(.keyPressed(.tab))
        _ = app.reduce(.keyPressed(.paste("Sup3r-secret")))
        _ = app.reduce(.keyPressed(.tab))
        _ = app.reduce(.keyPressed(.paste("Sup3r-secret")))
        _ = app.reduce(.keyPressed(.tab))
        _ = app.reduce(.keyPressed(.paste("bob@example.com")))
        #expect(
            app.reduce(.keyPressed(.enter)) == [
                .signUp(.signUp(username: "bob", password: "Sup3r-secret", attributes: ["email": "bob@example.com"]))
            ])
        #expect(app.statusLine == "Creating account…")
        _ = app.reduce(.signUp(.signUpFinished(.success(.confirmSignUp(emailDelivery)))))
        guard case .confirmSignUp(let confirm) = app.base else { return #expect(Bool(false)) }
        #expect(confirm.destinationText == "We sent a confirmation code in an email to a***@e***. Enter it below.")
        #expect(confirm.rememberedPassword == "Sup3r-secret")
        #expect(!dumped(app).contains("Sup3r-secret"))
        _ = app.reduce(.keyPressed(.paste("123456")))
        #expect(app.reduce(.keyPressed(.enter)) == [.confirmSignUp(.confirmSignUp(username: "bob", code: "123456"))])
        #expect(
            app.reduce(.confirmSignUp(.confirmSignUpFinished(.success(.done)))) == [
                .signIn(.signIn(username: "bob", password: "Sup3r-secret"))
            ])
        guard case .signIn(let signIn) = app.base else { return #expect(Bool(false)) }
        #expect(signIn.isInFlight)
        #expect(signIn.username.text == "bob")
        #expect(signIn.notice == "Account confirmed. Signing in…")
        #expect(!dumped(app).contains("Sup3r-secret"))
        #expect(!String(describing: app).contains("Sup3r-secret"))
        _ = app.reduce(.signIn(.signInFinished(.success(.done))))
        #expect(app.base == .dashboard)
    }

    @Test func unconfirmedAccountAtSignInAsksForANewCode() {
        var app = AppState(now: t0, timeZone: utc)
        _ = app.reduce(.keyPressed(.paste("bob")))
        _ = app.reduce(.keyPressed(.enter))
        _ = app.reduce(.keyPressed(.paste("pw")))
        _ = app.reduce(.keyPressed(.enter))
        #expect(
            app.reduce(.signIn(.signInFinished(.failure(.userNotConfirmed("User is not confirmed."))))) == [
                .confirmSignUp(.resendSignUpCode(username: "bob"))
            ])
        guard case .confirmSignUp(let confirm) = app.base else { return #expect(Bool(false)) }
        #expect(confirm.request == .resend)
        #expect(confirm.notice == "Your account is not confirmed yet. We are sending a new code.")
        _ = app.reduce(.confirmSignUp(.resendCodeFinished(.success(emailDelivery))))
        guard case .confirmSignUp(let sent) = app.base else { return #expect(Bool(false)) }
        // Where the code went is said once (issue 29, N22): the first line, not the notice again.
        #expect(sent.destinationText == "A new code was sent in an email to a***@e***. Enter it below.")
        #expect(sent.notice == "Your account is not confirmed yet.")
        #expect([sent.destinationText, sent.notice ?? ""].joined().components(separatedBy: "a***@e***").count == 2)
    }

    @Test func forgotPasswordJourneyEndsAtSignInWithTheUsernameFilledIn() {
        var app = AppState(now: t0, timeZone: utc)
        _ = app.reduce(.keyPressed(.paste("alice")))
        for key: Key in [.tab, .tab, .tab, .tab] { _ = app.reduce(.keyPressed(key)) }
        guard case .signIn(let signIn) = app.base else { return #expect(Bool(false)) }
        #expect(signIn.focus == .forgotPassword)
        _ = app.reduce(.keyPressed(.enter))
        var expected = ForgotPasswordState(username: "alice")
        expected.now = t0
        #expect(app.base == .forgotPassword(expected))
        #expect(app.reduce(.keyPressed(.enter)) == [.forgotPassword(.forgotPassword(username: "alice"))])
        #expect(app.statusLine == "Sending code…")
        _ = app.reduce(.forgotPassword(.forgotPasswordFinished(.success(emailDelivery))))
        _ = app.reduce(.keyPressed(.paste("123456")))
        _ = app.reduce(.keyPressed(.enter))
        _ = app.reduce(.keyPressed(.paste("NewPass1!")))
        _ = app.reduce(.keyPressed(.tab))
        _ = app.reduce(.keyPressed(.paste("NewPass1!")))
        #expect(
            app.reduce(.keyPressed(.enter)) == [
                .forgotPassword(.confirmForgotPassword(username: "alice", newPassword: "NewPass1!", code: "123456"))
            ])
        #expect(app.statusLine == "Resetting password…")
        _ = app.reduce(.forgotPassword(.confirmForgotPasswordFinished(.success(()))))
        #expect(
            app.base
                == .signIn(SignInState(username: "alice", notice: "Password changed. Sign in with the new password.")))
        guard case .signIn(let back) = app.base else { return #expect(Bool(false)) }
        #expect(back.focus == .password)
    }

    @Test func cancelEndsTheUIOnlyWhenAllowed() {
        var app = AppState(options: AuthUIOptions(canCancel: true), now: t0, timeZone: utc)
        #expect(app.reduce(.keyPressed(.escape)) == [.dismiss])
        var strict = AppState(now: t0, timeZone: utc)
        #expect(strict.reduce(.keyPressed(.escape)).isEmpty)
    }

    @Test func resultsForAScreenThatIsNoLongerShownAreIgnored() {
        var app = signedInApp()
        let before = app
        #expect(app.reduce(.signUp(.signUpFinished(.success(.done)))).isEmpty)
        #expect(app.reduce(.forgotPassword(.forgotPasswordFinished(.success(emailDelivery)))).isEmpty)
        // A sign-in that finished reads the session again (for the device it may have registered), wherever it came from.
        #expect(app.reduce(.signIn(.signInFinished(.success(.done)))) == [.session(.loadSession)])
        #expect(app == before)
    }

    @Test func optionsReadFromTheConfiguration() {
        let json: JSONValue = [
            "CanCancel": true, "DisableSignUp": false, "StartOnSignUp": true, "Logo": ["LATCH", "KEY"],
            "Theme": "mono", "SignUpAttributes": ["email", "phone_number"], "AutoSignIn": false,
            "PasswordPolicy": ["MinimumLength": 10, "RequireSymbols": false],
        ]
        let options = AuthUIOptions(ui: json)
        #expect(
            options
                == AuthUIOptions(
                    canCancel: true, startOnSignUp: true, logo: ["LATCH", "KEY"], themeName: "mono",
                    passwordPolicy: PasswordPolicy(minimumLength: 10, requiresSymbol: false),
                    signUpAttributes: [.email, .phoneNumber], signsInAfterSignUp: false))
        #expect(AuthUIOptions(ui: nil) == AuthUIOptions())
    }

    @Test("The header names the active account and counts the others signed in here")
    func headerCountsOtherAccounts() {
        var options = AuthUIOptions()
        options.accounts = [AccountChoice(id: "account-2", username: "bob")]
        var state = AppState(options: options)
        _ = state.reduce(.sessionLoaded(SessionSummary(username: "alice")))
        #expect(state.badge.hasSuffix("alice (+1 account)"))
        state.options.accounts.append(AccountChoice(id: "account-3", username: "carol"))
        #expect(state.badge.hasSuffix("alice (+2 accounts)"))
        state.options.accounts = [AccountChoice(id: "default", username: "alice", isCurrent: true)]
        #expect(state.badge.hasSuffix("· alice"))
    }

    @Test("a opens the Accounts chooser when the host can switch; Enter switches, the last row adds, Esc closes")
    func accountPicker() {
        var options = AuthUIOptions()
        options.accounts = [AccountChoice(id: "account-2", username: "bob")]
        var plain = AppState(options: options)
        _ = plain.reduce(.sessionLoaded(SessionSummary(username: "alice")))
        plain.base = .dashboard
        _ = plain.reduce(.keyPressed(.character("a")))
        #expect(plain.accountPicker == nil, "no switching without a host that can")

        options.canSwitchAccounts = true
        var state = AppState(options: options)
        _ = state.reduce(.sessionLoaded(SessionSummary(username: "alice")))
        state.base = .dashboard
        #expect(state.keyHints.contains(ScreenText.hintAccounts))
        #expect(state.reduce(.keyPressed(.character("a"))).isEmpty)
        #expect(state.accountPicker?.rows == ["alice (this account)", "bob", ScreenText.addAccountRow])
        #expect(state.keyHints == ScreenText.accountPickerHints)
        #expect(state.reduce(.keyPressed(.enter)) == [.switchAccount("account-2")])
        #expect(state.accountPicker == nil)
        _ = state.reduce(.keyPressed(.character("a")))
        _ = state.reduce(.keyPressed(.down))
        _ = state.reduce(.keyPressed(.down))
        _ = state.reduce(.keyPressed(.down))
        #expect(state.accountPicker?.selected == 2)
        #expect(state.reduce(.keyPressed(.enter)) == [.switchAccount(nil)])
        _ = state.reduce(.keyPressed(.character("a")))
        #expect(state.reduce(.keyPressed(.escape)).isEmpty)
        #expect(state.accountPicker == nil)
    }

    @Test("A failed sign-in is written to the event log as well as shown on the form")
    func failedSignInIsLogged() {
        var state = AppState()
        _ = state.reduce(.signIn(.signInFinished(.failure(.notAuthorized("Incorrect username or password.")))))
        #expect(state.dashboard.log.texts.last?.hasPrefix("Sign-in failed: ") == true, "\(state.dashboard.log.texts)")
    }
}

extension AppState {
    /// The Sign in screen's notice, when Sign in shows.
    fileprivate var signInNotice: String? {
        if case .signIn(let state) = base { state.notice } else { nil }
    }
}
