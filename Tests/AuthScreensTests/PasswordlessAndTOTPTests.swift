import AuthScreens
import AuthScreensTesting
import CognitoAuth
import Foundation
import TerminalKeys
import Testing

@Suite("USER_AUTH method choice, resending sign-in codes, and TOTP enrolment from the dashboard")
struct PasswordlessAndTOTPTests {
    func userAuthApp() -> AppState {
        var options = AuthUIOptions()
        options.choosesSignInMethod = true
        return AppState(options: options, now: t0, timeZone: utc)
    }

    func type(_ text: String, into app: inout AppState) {
        for key in text.keys { #expect(app.reduce(.keyPressed(key)).isEmpty) }
    }

    func methodChoice(_ app: AppState) -> SelectSignInMethodState? {
        if case .challenge(.selectMethod(let state)) = app.base { return state }
        return nil
    }

    func codeScreen(_ app: AppState) -> CodeChallengeState? {
        if case .challenge(.code(let state)) = app.base { return state }
        return nil
    }

    @Test("USER_AUTH: the username alone, then the pool's methods; the passkey is listed but not focusable")
    func usernameThenMethods() throws {
        var app = userAuthApp()
        guard case .signIn(let signIn) = app.base else {
            Issue.record("not on Sign in")
            return
        }
        #expect(signIn.focusOrder.contains(.password) == false)
        #expect(signIn.label(for: .signIn) == "Continue")
        type("alice", into: &app)
        #expect(app.reduce(.keyPressed(.enter)) == [.signIn(.startUserAuth(username: "alice"))])
        #expect(app.activity == ScreenText.signingIn)
        #expect(
            app.reduce(
                .signIn(.signInFinished(.success(.selectChallenge([.password, .passwordSRP, .emailOTP, .webAuthn]))))
            )
            .isEmpty)
        let choice = try #require(methodChoice(app))
        #expect(choice.choices == [.passwordSRP, .emailOTP, .webAuthn])
        #expect(
            choice.choices.map(ScreenText.signInMethodLabel) == [
                "Password", "Code by email", "Passkey — not available in a terminal",
            ])
        #expect(choice.focusOrder == [.choice(0), .choice(1), .cancel])
        #expect(!app.hasTextField)
        #expect(app.title == "Choose how to sign in")
    }

    @Test("A failed start keeps the username and shows the error")
    func startFails() {
        var app = userAuthApp()
        type("alice", into: &app)
        _ = app.reduce(.keyPressed(.enter))
        _ = app.reduce(.signIn(.signInFinished(.failure(.userNotFound("User does not exist.")))))
        guard case .signIn(let state) = app.base else {
            Issue.record("left Sign in")
            return
        }
        #expect(state.username.text == "alice")
        #expect(state.banner != nil)
        #expect(state.focus == .username)
    }

    @Test("Code by email: selectSignInMethod(EMAIL_OTP), then the code screen with Resend code; the code signs in")
    func emailCode() throws {
        var app = userAuthApp()
        type("alice", into: &app)
        _ = app.reduce(.keyPressed(.enter))
        _ = app.reduce(.signIn(.signInFinished(.success(.selectChallenge([.password, .emailOTP, .smsOTP])))))
        #expect(app.reduce(.keyPressed(.down)).isEmpty)
        #expect(app.reduce(.keyPressed(.enter)) == [.challenge(.selectSignInMethod(.emailOTP, password: nil))])
        #expect(app.activity == ScreenText.sendingCode)
        _ = app.reduce(.challenge(.confirmSignInFinished(.success(.emailOTP(emailDelivery)))))
        let code = try #require(codeScreen(app))
        #expect(code.resend == .method(.emailOTP))
        #expect(code.focusOrder == [.code, .submit, .cancel, .resend])
        #expect(app.title == "Enter the emailed code")
        type("123456", into: &app)
        #expect(app.reduce(.keyPressed(.enter)) == [.challenge(.confirmSignIn(answer: "123456", attributes: [:]))])
        _ = app.reduce(.challenge(.confirmSignInFinished(.success(.done))))
        #expect(app.isOnDashboard)
    }

    @Test("Code by text message goes to the text-message code screen")
    func smsCode() throws {
        var choice = SelectSignInMethodState(username: "alice", methods: [.smsOTP, .password])
        #expect(choice.choices == [.password, .smsOTP])
        #expect(choice.reduce(.keyPressed(.down)).isEmpty)
        #expect(
            choice.reduce(.keyPressed(.character(" "))) == [
                .run(.challenge(.selectSignInMethod(.smsOTP, password: nil)))
            ])
        #expect(
            choice.reduce(.confirmSignInFinished(.success(.smsOTP(smsDelivery))))
                == [.route(.signInCode(.smsOTP(smsDelivery), username: "alice", method: .smsOTP))])
    }

    @Test("Password: asks for the password on the same screen, sends it with the method, wipes it; Esc goes back")
    func password() throws {
        var choice = SelectSignInMethodState(username: "alice", methods: [.password, .passwordSRP, .emailOTP])
        #expect(choice.reduce(.keyPressed(.enter)).isEmpty)
        #expect(choice.passwordMethod == .passwordSRP)
        #expect(choice.focus == .password)
        #expect(ChallengeState.selectMethod(choice).hasTextField)
        // Empty: refused inline.
        #expect(choice.reduce(.keyPressed(.enter)).isEmpty)
        #expect(choice.password.error == ScreenText.passwordRequired)
        for key in "Passw0rd!".keys { _ = choice.reduce(.keyPressed(key)) }
        #expect(
            choice.reduce(.keyPressed(.enter)) == [
                .run(.challenge(.selectSignInMethod(.passwordSRP, password: "Passw0rd!")))
            ])
        #expect(choice.password.isEmpty)
        #expect(!dumped(choice).contains("Passw0rd!"))
        #expect(
            choice.reduce(.confirmSignInFinished(.failure(.notAuthorized("Incorrect username or password."))))
                .isEmpty)
        #expect(choice.banner?.contains("The username or password is incorrect.") == true)
        #expect(choice.focus == .password)
        // Esc: back to the list, on Password; Esc again: back to Sign in.
        #expect(choice.reduce(.keyPressed(.escape)).isEmpty)
        #expect(choice.passwordMethod == nil)
        #expect(choice.focus == .choice(0))
        #expect(choice.reduce(.keyPressed(.escape)) == [.route(.signIn(username: "alice", notice: nil))])
    }

    @Test("Only a passkey: said plainly, never a dead end (Cancel and Esc lead back)")
    func passkeyOnly() {
        var choice = SelectSignInMethodState(username: "alice", methods: [.webAuthn])
        #expect(choice.banner == ScreenText.noSignInMethod)
        #expect(choice.focusOrder == [.cancel])
        #expect(choice.reduce(.submitPressed).isEmpty)
        #expect(choice.reduce(.keyPressed(.enter)) == [.route(.signIn(username: "alice", notice: nil))])
    }

    @Test("Resend code starts USER_AUTH again and says where the new code went; a wrong code keeps the screen")
    func resendAndWrongCode() throws {
        var app = userAuthApp()
        app.base = .challenge(
            .code(CodeChallengeState(username: "alice", kind: .email(emailDelivery), resend: .method(.emailOTP))))
        // Resend code waits 30 s after a code was sent (CodeResendCooldownTests).
        _ = app.reduce(.tick(now: t0))
        _ = app.reduce(.tick(now: t0.addingTimeInterval(30)))
        for _ in 0..<3 { _ = app.reduce(.keyPressed(.tab)) }
        #expect(codeScreen(app)?.focus == .resend)
        #expect(
            app.reduce(.keyPressed(.enter)) == [.challenge(.resendSignInCode(username: "alice", method: .emailOTP))])
        #expect(app.activity == ScreenText.sendingNewCode)
        let newDelivery = CodeDeliveryDetails(destination: "a***@x***", deliveryMedium: "EMAIL")
        #expect(app.reduce(.challenge(.codeResent(.success(.emailOTP(newDelivery))))).isEmpty)
        var code = try #require(codeScreen(app))
        #expect(code.notice == "A new code was sent in an email to a***@x***.")
        #expect(code.focus == .code)
        #expect(!code.isInFlight)
        // A wrong code: our sentence, not the server's (ux-3, item 25); the screen stays.
        type("000000", into: &app)
        #expect(app.reduce(.keyPressed(.enter)) == [.challenge(.confirmSignIn(answer: "000000", attributes: [:]))])
        _ = app.reduce(.challenge(.confirmSignInFinished(.failure(.codeMismatch("Invalid code\u{1B}[2J provided.")))))
        code = try #require(codeScreen(app))
        #expect(code.banner?.contains("The code is wrong.") == true)
        #expect(code.banner?.contains("Invalid code") == false)
        #expect(code.banner?.contains("\u{1B}") == false)
        #expect(code.code.isEmpty)
        #expect(code.focus == .code)
        // A failed resend shows why and keeps the screen.
        _ = app.reduce(.tick(now: t0.addingTimeInterval(60)))
        for _ in 0..<3 { _ = app.reduce(.keyPressed(.tab)) }
        _ = app.reduce(.keyPressed(.enter))
        _ = app.reduce(.challenge(.codeResent(.failure(.limitExceeded("Attempt limit exceeded")))))
        #expect(codeScreen(app)?.banner?.contains("Too many attempts for now. Wait a while, then try again.") == true)
    }

    @Test("Email MFA after the password: Resend code starts the sign-in again (restartSignIn) on the same screen")
    func mfaResend() throws {
        var state = try #require(ChallengeState(step: .emailOTP(emailDelivery), username: "alice"))
        guard case .code(let code) = state else {
            Issue.record("not a code screen")
            return
        }
        #expect(code.resend == .signInAgain)
        #expect(state.reduce(.code(.resendPressed)) == [.run(.challenge(.restartSignIn))])
        // Codes that cannot be sent again (TOTP) have no Resend code.
        let totp = CodeChallengeState(username: "alice", kind: .totp)
        #expect(!totp.focusOrder.contains(.resend))
    }

    @Test("t on the Security row enrols an authenticator app: secret, code, then TOTP on and the settings reloaded")
    func totpEnrolment() throws {
        var app = signedInApp()
        #expect(app.reduce(.keyPressed(.character("t"))) == [.totpEnrolment(.setUpTOTP)])
        #expect(app.dashboard.mfaRequest == .enrol)
        let details = TOTPSetupDetails(secret: "JBSWY3DPEHPK3PXP", accountName: "alice")
        #expect(app.reduce(.totpEnrolment(.started(.success(details)))).isEmpty)
        guard case .challenge(.totpSetup(let setup)) = app.base else {
            Issue.record("no enrolment")
            return
        }
        #expect(setup.isEnrolment)
        #expect(setup.uri.hasPrefix("otpauth://totp/"))
        #expect(app.hasTextField)
        type("12345", into: &app)
        #expect(app.reduce(.keyPressed(.enter)).isEmpty)  // 5 digits: refused inline
        type("6", into: &app)
        #expect(app.reduce(.keyPressed(.enter)) == [.totpEnrolment(.verifyTOTPSetup(code: "123456"))])
        #expect(app.activity == ScreenText.verifying)
        // A wrong code keeps the screen with our sentence (not the server's "Code mismatch": ux-3, item 25).
        _ = app.reduce(.totpEnrolment(.verified(.failure(.codeMismatch("Code mismatch")))))
        guard case .challenge(.totpSetup(let retry)) = app.base else {
            Issue.record("left enrolment")
            return
        }
        #expect(retry.banner?.contains("The code is wrong.") == true)
        #expect(retry.banner?.contains("Code mismatch") == false)
        type("654321", into: &app)
        _ = app.reduce(.keyPressed(.enter))
        #expect(app.reduce(.totpEnrolment(.verified(.success(())))) == [.dashboard(.mfaSettings)])
        #expect(app.isOnDashboard)
        #expect(app.dashboard.log.entries.contains { $0.text == ScreenText.totpEnrolled })
        #expect(!app.dashboard.log.entries.contains { $0.text.contains("JBSWY3DP") || $0.text.contains("654321") })
    }

    @Test("Enrolment: Esc and Cancel go back to the dashboard; a failure to start is logged")
    func totpEnrolmentCancelAndFailure() {
        var app = signedInApp()
        _ = app.reduce(.keyPressed(.character("t")))
        _ = app.reduce(.totpEnrolment(.started(.failure(.notAuthorized("Access Token has been revoked")))))
        #expect(app.isOnDashboard)
        #expect(app.dashboard.mfaRequest == nil)
        #expect(app.dashboard.log.entries.last?.text.contains("MFA: failed") == true)
        _ = app.reduce(.keyPressed(.character("t")))
        let details = TOTPSetupDetails(secret: "JBSWY3DPEHPK3PXP", accountName: "alice")
        _ = app.reduce(.totpEnrolment(.started(.success(details))))
        #expect(!app.isOnDashboard)
        #expect(app.reduce(.keyPressed(.escape)).isEmpty)
        #expect(app.isOnDashboard)
        _ = app.reduce(.keyPressed(.character("t")))
        _ = app.reduce(.totpEnrolment(.started(.success(details))))
        _ = app.reduce(.keyPressed(.tab))
        _ = app.reduce(.keyPressed(.tab))
        #expect(app.reduce(.keyPressed(.enter)).isEmpty)
        #expect(app.isOnDashboard)
        // Signed out: t does nothing.
        var signedOut = AppState(now: t0, timeZone: utc)
        signedOut.base = .dashboard
        #expect(signedOut.reduce(.keyPressed(.character("t"))).isEmpty)
    }

    @Test("The dashboard's help lists the Security keys")
    func help() {
        let app = signedInApp()
        #expect(app.helpLines.contains { $0.hasPrefix("t ") && $0.contains("authenticator app") })
        #expect(app.helpLines.contains { $0.hasPrefix("m ") && $0.contains("MFA") })
    }
}
