import AuthScreens
import CognitoAuth
import Foundation
import TerminalKeys
import Testing

/// Issue 14's wording and state-presentation items: the refresh history per session, the header's
/// words, the re-login reason, probing while offline, times, the credentials bar, `O`'s
/// confirmation, stale errors, the resend cooldown and the store notice.
@Suite struct SessionWordingTests {
    // MARK: B2

    @Test func refreshHistoryResetsOnSignOutSignInAndReLogin() {
        var app = signedInApp()
        _ = app.reduce(.sessionEvent(.refreshFailed(.notAuthorized("Refresh Token has been revoked"))))
        #expect(app.dashboard.refresh != .idle)
        // The re-login needed, then a successful re-login: the old failure is gone.
        _ = app.reduce(.sessionEvent(.stateChanged(.signedOutUserPoolsTokenInvalid, username: "alice", provider: nil)))
        #expect(app.dashboard.reloginCause == .revoked)
        _ = app.reduce(.sessionEvent(.stateChanged(.signedIn, username: "alice", provider: poolProvider)))
        #expect(app.dashboard.refresh == .idle)
        #expect(app.dashboard.lastRefreshError == nil)
        // Another refresh, then sign-out and another user's sign-in: nothing of alice's shows.
        _ = app.reduce(.sessionEvent(.tokensRefreshed(expiration: t0.addingTimeInterval(3600))))
        #expect(app.dashboard.refresh == .refreshed(at: t0))
        _ = app.reduce(.sessionLoaded(SessionSummary(username: "alice", hasRefreshToken: true, authenticatedAt: t0)))
        #expect(app.dashboard.refreshTokenText == "stored since 22:13:20; Cognito sends no expiry")
        _ = app.reduce(.sessionEvent(.stateChanged(.signedOut, username: nil, provider: nil)))
        #expect(app.dashboard.refresh == .idle)
        _ = app.reduce(.sessionEvent(.refreshFailed(.network(kind: .timedOut, message: "no answer"))))
        _ = app.reduce(.sessionEvent(.stateChanged(.signedIn, username: "bob", provider: poolProvider)))
        #expect(app.dashboard.refresh == .idle)
        _ = app.reduce(.sessionLoaded(SessionSummary(username: "bob", hasRefreshToken: true)))
        #expect(app.dashboard.refreshTokenText == "stored; Cognito sends no expiry")
    }

    // MARK: C2

    @Test func headerSaysTheStateInWordsWithAToneEach() {
        var app = AppState(now: t0, timeZone: utc)
        _ = app.reduce(.sessionEvent(.stateChanged(.signedOut, username: nil, provider: nil)))
        #expect(app.badge == "○ Signed out")
        #expect(app.headline.tone == .neutral)
        app = signedInApp()
        #expect(app.badge == "✔ Signed in · alice")
        #expect(app.headline.tone == .good)
        _ = app.reduce(
            .sessionEvent(.connectivityChanged(.offline(since: t0, lastError: .network(kind: .timedOut, message: "x"))))
        )
        #expect(app.badge == "⚠ Offline · alice")
        #expect(app.headline.tone == .warning)
        _ = app.reduce(.sessionEvent(.stateChanged(.signedOutUserPoolsTokenInvalid, username: "alice", provider: nil)))
        // No cause seen (the last error was the network's): "ended", not a guess (ux-3, item 11).
        #expect(app.badge == "✖ Session ended: sign in again · alice")
        #expect(app.headline.tone == .error)
        // The API's name stays on the dashboard's state row.
        #expect(app.dashboard.rows[0].value == "Sign-in needed (signedOutUserPoolsTokenInvalid)")
        #expect(!app.badge.contains("signedOut"))
        #expect(ScreenText.exitLine(.signedIn, username: "alice") == "Signed in as alice.")
        #expect(ScreenText.exitLine(.signedOut, username: nil) == "Not signed in.")
        #expect(
            ScreenText.exitLine(.signedOutUserPoolsTokenInvalid, username: "José", cause: .revoked)
                == "Session revoked: sign in again (José). Run latchkey sign-in.")
        // ux-3, item 27: the options the UI was started with go into the command, and one colon.
        #expect(
            ScreenText.exitLine(
                .signedOutUserPoolsTokenInvalid, username: "demo", cause: .expired,
                signInCommand: "latchkey sign-in --config /c.json --store /s")
                == "Session expired: sign in again (demo). Run latchkey sign-in --config /c.json --store /s.")
    }

    // MARK: C4

    /// ux-3, item 11: after a relaunch a revoked session was called "expired" (the cause is not stored).
    @Test func aReloginWithNoKnownCauseIsEndedNotExpired() {
        let relaunched = ReloginCause(state: .signedOutUserPoolsTokenInvalid, lastError: nil)
        #expect(ScreenText.reloginHeadline(relaunched) == "Session ended: sign in again")
        let revoked = ReloginCause(
            state: .signedOutUserPoolsTokenInvalid, lastError: .notAuthorized("Refresh Token has been revoked"))
        #expect(ScreenText.reloginHeadline(revoked) == "Session revoked: sign in again")
        let expired = ReloginCause(
            state: .signedOutUserPoolsTokenInvalid, lastError: .notAuthorized("Refresh Token has expired"))
        #expect(ScreenText.reloginHeadline(expired) == "Session expired: sign in again")
    }

    @Test func reloginPromptSaysWhy() {
        func prompt(after error: AuthError?) -> String? {
            var app = signedInApp()
            if let error { _ = app.reduce(.sessionEvent(.refreshFailed(error))) }
            _ = app.reduce(
                .sessionEvent(.stateChanged(.signedOutUserPoolsTokenInvalid, username: "alice", provider: nil)))
            return app.relogin?.message
        }
        #expect(prompt(after: .notAuthorized("Refresh Token has been revoked"))?.contains("revoked") == true)
        #expect(prompt(after: .notAuthorized("Refresh Token has expired"))?.hasPrefix("Your session expired.") == true)
        #expect(prompt(after: .notAuthorized("User is disabled."))?.contains("disabled") == true)
        #expect(prompt(after: .userNotFound("User does not exist."))?.contains("could not be found") == true)
        #expect(
            prompt(after: .service(type: "RefreshTokenReuseException", message: "reused"))?.contains("another copy")
                == true)
        #expect(prompt(after: nil)?.contains("ended") == true)
        #expect(
            ScreenText.reloginReason(.signedOutFederatedTokensInvalid, cause: .revoked).contains("identity provider"))
    }

    // MARK: C5, C6, C7

    @Test func offlineDashboardProbesWithBackoffUntilOnline() {
        var dashboard = DashboardState(now: t0, timeZone: utc)
        let offline = Connectivity.offline(since: t0, lastError: .network(kind: .connectionRefused, message: "x"))
        _ = dashboard.reduce(.sessionEvent(.connectivityChanged(offline)))
        var probes: [TimeInterval] = []
        for second in 1...70 {
            let effects = dashboard.reduce(.tick(now: t0.addingTimeInterval(TimeInterval(second))))
            if effects == [.run(.dashboard(.probeConnectivity))] { probes.append(TimeInterval(second)) }
        }
        // 2 s, then the wait doubles: 4, 8, 16, 32 (capped at 60).
        #expect(probes == [2, 6, 14, 30, 62])
        _ = dashboard.reduce(.sessionEvent(.connectivityChanged(.online)))
        #expect(dashboard.connectivityText == "online")
        #expect(dashboard.reduce(.tick(now: t0.addingTimeInterval(200))).isEmpty)
        #expect(dashboard.probeAt == nil)
    }

    @Test func relativeTimesShowSecondsUnderTwoMinutes() {
        #expect(TimeFormatting.duration(119) == "119 s")
        #expect(TimeFormatting.duration(60) == "60 s")
        #expect(TimeFormatting.duration(120) == "2 min")
        #expect(TimeFormatting.relative(t0.addingTimeInterval(90), now: t0) == "in 90 s")
    }

    @Test func awsCredentialsBarUsesTheRealLifetime() {
        var dashboard = DashboardState(now: t0, timeZone: utc)
        _ = dashboard.reduce(.sessionEvent(.stateChanged(.signedIn, username: "alice", provider: poolProvider)))
        _ = dashboard.reduce(.sessionLoaded(SessionSummary(username: "alice", hasRefreshToken: true)))
        _ = dashboard.reduce(.sessionEvent(.credentialsRefreshed(expiration: t0.addingTimeInterval(90))))
        _ = dashboard.reduce(.tick(now: t0.addingTimeInterval(1)))
        let fraction = dashboard.awsCredentials?.remainingFraction ?? 0
        // 89 of 90 seconds left: about 99 %, not the 2 % a one-hour lifetime gave.
        #expect(fraction > 0.98 && fraction < 1)
        _ = dashboard.reduce(.tick(now: t0.addingTimeInterval(45)))
        #expect(abs((dashboard.awsCredentials?.remainingFraction ?? 0) - 0.5) < 0.001)
    }

    // MARK: C11

    @Test func signOutEverywhereAsksFirstAndSaysWhatItDid() {
        var app = signedInApp()
        #expect(app.reduce(.keyPressed(.character("O"))).isEmpty)
        #expect(app.modal == .question(.signOutEverywhere))
        #expect(app.keyHints == ScreenText.globalSignOutHints)
        // Any key but y cancels (q too: it does not quit while the question shows).
        #expect(app.reduce(.keyPressed(.character("q"))).isEmpty)
        #expect(app.modal == nil)
        #expect(app.dashboard.log.entries.last?.text == ScreenText.globalSignOutDeclined)
        _ = app.reduce(.keyPressed(.character("O")))
        #expect(app.reduce(.keyPressed(.character("y"))) == [.dashboard(.signOut(.global))])
        _ = app.reduce(.sessionEvent(.stateChanged(.signedOut, username: nil, provider: nil)))
        _ = app.reduce(.dashboard(.signOutFinished(global: true, result: .success(SignOutResult(scope: .global)))))
        guard case .signIn(let signIn) = app.base else { return #expect(Bool(false)) }
        #expect(signIn.notice == ScreenText.signedOutEverywhereNotice)
        #expect(signIn.notice?.contains("access tokens stay valid until they expire") == true)
        // The result arriving before the state change is kept for the sign-in screen.
        var early = signedInApp()
        _ = early.reduce(.keyPressed(.character("O")))
        _ = early.reduce(.keyPressed(.character("Y")))
        _ = early.reduce(.dashboard(.signOutFinished(global: true, result: .success(SignOutResult(scope: .global)))))
        _ = early.reduce(.sessionEvent(.stateChanged(.signedOut, username: nil, provider: nil)))
        guard case .signIn(let later) = early.base else { return #expect(Bool(false)) }
        #expect(later.notice == ScreenText.signedOutEverywhereNotice)
    }

    // MARK: N20

    @Test func hostedSignOutURLIsOnRowsOfItsOwnAndCtrlYCopiesIt() {
        let url = "http://127.0.0.1:45121/logout?client_id=81f3b4b7499df7c5947ae99fd8&logout_uri=http%3A%2F%2Flocalhost"
        var app = signedInApp()
        _ = app.reduce(.sessionEvent(.stateChanged(.signedOut, username: nil, provider: nil)))
        _ = app.reduce(.hostedUISignedOut(logoutURL: url, browserOpened: false))
        guard case .signIn(let signIn) = app.base else { return #expect(Bool(false)) }
        #expect(signIn.signOutURL == url)
        // The notice points below instead of holding the URL, which a box would wrap.
        #expect(signIn.notice == ScreenText.hostedUILogoutOpenBelow)
        #expect(signIn.notice?.contains("http") == false)
        #expect(app.keyHints.contains("Ctrl-Y copy sign-out URL"))
        #expect(app.reduce(.keyPressed(.ctrl("y"))) == [.copy(SecretText(url), as: .signOutURL)])
        // The event log keeps the whole sentence with the URL.
        #expect(app.dashboard.log.entries.last?.text == ScreenText.hostedUILogoutToOpen(url))
        // A browser opened here: nothing to copy.
        var opened = signedInApp()
        _ = opened.reduce(.sessionEvent(.stateChanged(.signedOut, username: nil, provider: nil)))
        _ = opened.reduce(.hostedUISignedOut(logoutURL: url, browserOpened: true))
        guard case .signIn(let openedSignIn) = opened.base else { return #expect(Bool(false)) }
        #expect(openedSignIn.signOutURL == nil)
        #expect(opened.reduce(.keyPressed(.ctrl("y"))).isEmpty)
    }

    // MARK: N14

    @Test func turningTheLastFactorOffAsksFirstAndOnlyYTurnsItOff() {
        var app = signedInApp()
        _ = app.reduce(.keyPressed(.character("m")))
        _ = app.reduce(.dashboard(.mfaSettingsLoaded(.success(MFASettings(enabled: [.totp], preferred: .totp)))))
        // T does not turn it off: it asks, over the dashboard, and says what is lost.
        #expect(app.reduce(.keyPressed(.character("T"))).isEmpty)
        #expect(app.modal == .question(.turnFactorOff(.totp, isLast: true)))
        #expect(app.keyHints == ["y turn off", "any other key keep it on"])
        #expect(DashboardQuestion.turnFactorOff(.totp, isLast: true).explanation.contains("password alone"))
        // q keeps it on (it does not quit under the question); the log says so.
        #expect(app.reduce(.keyPressed(.character("q"))).isEmpty)
        #expect(app.modal == nil)
        #expect(app.dashboard.log.entries.last?.text == "MFA: kept the authenticator app on")
        // y turns it off.
        _ = app.reduce(.keyPressed(.character("T")))
        #expect(app.reduce(.keyPressed(.character("y"))) == [.dashboard(.setMFAPreference([.totp: .disabled]))])
        #expect(app.modal == nil)
    }

    // MARK: C12

    @Test func staleErrorsClearAndEmptyFieldsAreNotFlaggedOnBlur() {
        var app = AppState(now: t0, timeZone: utc)
        for character in "ghost" { _ = app.reduce(.keyPressed(.character(character))) }
        _ = app.reduce(.keyPressed(.tab))
        for character in "pw" { _ = app.reduce(.keyPressed(.character(character))) }
        _ = app.reduce(.keyPressed(.enter))
        _ = app.reduce(.signIn(.signInFinished(.failure(.userNotFound("User does not exist.")))))
        guard case .signIn(let failed) = app.base else { return #expect(Bool(false)) }
        #expect(
            failed.banner
                == "There is no account with that username. Check the username, or choose Create account below.")
        // Shift-Tab from the empty password back to the username does not flag the password.
        _ = app.reduce(.keyPressed(.backTab))
        guard case .signIn(let moved) = app.base else { return #expect(Bool(false)) }
        #expect(moved.password.error == nil)
        // Typing a new username removes the stale banner.
        _ = app.reduce(.keyPressed(.character("x")))
        guard case .signIn(let edited) = app.base else { return #expect(Bool(false)) }
        #expect(edited.banner == nil)
    }

    @Test func aTakenUsernameKeepsThePassword() {
        var signUp = SignUpState(username: "demo", policy: PasswordPolicy(requiresSymbol: false), attributes: [])
        _ = signUp.reduce(.passwordChanged("Abcdefg1"))
        _ = signUp.reduce(.confirmPasswordChanged("Abcdefg1"))
        let effects = signUp.reduce(.submitPressed)
        #expect(effects.count == 1)
        _ = signUp.reduce(.signUpFinished(.failure(.usernameExists("demo"))))
        #expect(signUp.password.text == "Abcdefg1")
        #expect(signUp.focus == .username)
        #expect(signUp.banner == "That username is taken. Choose another username, or press Esc to sign in.")
        _ = signUp.reduce(.submitPressed)
        _ = signUp.reduce(.signUpFinished(.failure(.invalidPassword("Password did not conform with policy"))))
        #expect(signUp.password.isEmpty)
        #expect(signUp.confirmPassword.isEmpty)
    }

    // MARK: Missing 9 and 12

    @Test func confirmingFromSignInSignsInAutomatically() {
        var app = AppState(now: t0, timeZone: utc)
        for character in "carol" { _ = app.reduce(.keyPressed(.character(character))) }
        _ = app.reduce(.keyPressed(.tab))
        for character in "Secret-1" { _ = app.reduce(.keyPressed(.character(character))) }
        _ = app.reduce(.keyPressed(.enter))
        let resend = app.reduce(.signIn(.signInFinished(.failure(.userNotConfirmed("User is not confirmed.")))))
        #expect(resend == [.confirmSignUp(.resendSignUpCode(username: "carol"))])
        guard case .confirmSignUp(let confirm) = app.base else { return #expect(Bool(false)) }
        #expect(confirm.rememberedPassword == SecretText("Secret-1"))
        _ = app.reduce(
            .confirmSignUp(
                .resendCodeFinished(.success(CodeDeliveryDetails(destination: "c***", deliveryMedium: "EMAIL")))))
        for character in "123456" { _ = app.reduce(.keyPressed(.character(character))) }
        _ = app.reduce(.keyPressed(.enter))
        let signIn = app.reduce(.confirmSignUp(.confirmSignUpFinished(.success(.done))))
        #expect(signIn == [.signIn(.signIn(username: "carol", password: SecretText("Secret-1")))])
    }

    @Test func resendCodeCoolsDownWithACountdown() {
        var signUp = AppState(options: AuthUIOptions(startOnSignUp: true), now: t0, timeZone: utc)
        guard case .signUp(var form) = signUp.base else { return #expect(Bool(false)) }
        form.request = .signUp
        signUp.base = .signUp(form)
        _ = signUp.reduce(
            .signUp(
                .signUpFinished(
                    .success(.confirmSignUp(CodeDeliveryDetails(destination: "a***", deliveryMedium: "EMAIL")))))
        )
        guard case .confirmSignUp(let confirm) = signUp.base else { return #expect(Bool(false)) }
        #expect(confirm.label(for: .resend) == "Resend code (30 s)")
        _ = signUp.reduce(.tick(now: t0.addingTimeInterval(2)))
        guard case .confirmSignUp(var cooling) = signUp.base else { return #expect(Bool(false)) }
        #expect(cooling.label(for: .resend) == "Resend code (28 s)")
        #expect(cooling.reduce(.resendPressed).isEmpty)
        #expect(cooling.notice == ScreenText.resendCodeWait)
        _ = signUp.reduce(.tick(now: t0.addingTimeInterval(30)))
        guard case .confirmSignUp(var ready) = signUp.base else { return #expect(Bool(false)) }
        #expect(ready.label(for: .resend) == "Resend code")
        #expect(ready.reduce(.resendPressed) == [.run(.confirmSignUp(.resendSignUpCode(username: "")))])
    }

    @Test func forgotPasswordResendCoolsDownToo() {
        var state = ForgotPasswordState(username: "alice")
        state.now = t0
        _ = state.reduce(.submitPressed)
        _ = state.reduce(
            .forgotPasswordFinished(.success(CodeDeliveryDetails(destination: "a***", deliveryMedium: "EMAIL"))))
        #expect(state.label(for: .resendCode) == "Resend code (30 s)")
        #expect(state.reduce(.resendCodePressed).isEmpty)
        #expect(state.notice == ScreenText.resendCodeWait)
        state.now = t0.addingTimeInterval(31)
        #expect(state.label(for: .resendCode) == "Resend code")
        #expect(state.reduce(.resendCodePressed) == [.run(.forgotPassword(.forgotPassword(username: "alice")))])
    }

    // MARK: C3, C10, C13

    @Test func keyHintsAreTrueAndHelpIsF1OnForms() {
        let app = AppState(now: t0, timeZone: utc)
        #expect(!app.keyHints.contains(ScreenText.hintEscBack))  // Esc does nothing on Sign in
        #expect(app.helpHint == "F1 help")
        #expect(app.moreHint == "F1 more")
        let cancellable = AppState(options: AuthUIOptions(canCancel: true), now: t0, timeZone: utc)
        #expect(cancellable.keyHints.contains(ScreenText.hintEscBack))
        let dashboard = signedInApp()
        #expect(dashboard.helpHint == "? help")
        #expect(dashboard.keyHints.prefix(4) == ["c call", "r refresh", "o sign out", "q quit"])
        for error: AuthError in [
            .notAuthorized("Incorrect username or password."), .userNotFound(""), .codeMismatch(""),
            .expiredCode(""),
        ] {
            #expect(!ScreenText.signInBanner(for: error).contains("Press Tab"))
            #expect(!ScreenText.codeBanner(for: error).contains("Press Tab"))
        }
    }

    @Test func theStoreWarningIsShownInsideTheUI() {
        var options = AuthUIOptions()
        options.storeNotice = "storing the session in plain text at /tmp/s/session.json (mode 0600)."
        var app = AppState(options: options, now: t0, timeZone: utc)
        // Whole on Sign in (the renderer wraps it), not cut in the one-row status line (issue 29, N19).
        guard case .signIn(let signIn) = app.base else { return #expect(Bool(false)) }
        #expect(signIn.storeWarning == "Storing the session in plain text at /tmp/s/session.json (mode 0600).")
        #expect(app.statusLine.isEmpty)
        #expect(app.dashboard.log.entries.last?.text.contains("plain text") == true)
        // It does not stay: a sign-in that starts takes its place (the log keeps it).
        _ = app.reduce(.keyPressed(.paste("alice")))
        _ = app.reduce(.keyPressed(.enter))
        _ = app.reduce(.keyPressed(.paste("pw")))
        _ = app.reduce(.keyPressed(.enter))
        guard case .signIn(let submitted) = app.base else { return #expect(Bool(false)) }
        #expect(submitted.storeWarning == nil && app.statusLine != options.storeNotice)
        // Starting on Create account: the status line still carries it.
        options.startOnSignUp = true
        #expect(AppState(options: options, now: t0, timeZone: utc).statusLine.contains("plain text"))
    }
}
