import AuthScreens
import CognitoAuth
import Foundation
import TerminalKeys
import Testing

/// The resend cooldown of the sign-in code screens (USER_AUTH's email and SMS codes, the SMS_MFA and
/// EMAIL_OTP MFA codes), the same ``ResendCodeCooldown`` the sign-up confirmation and Forgot password use.
@Suite("Resend code cooldown on the sign-in code screens")
struct CodeResendCooldownTests {
    func codeScreen(_ app: AppState) -> CodeChallengeState? {
        if case .challenge(.code(let state)) = app.base { return state }
        return nil
    }

    /// Signs in as alice with a password and gets `step` back.
    func app(after step: SignInStep) -> AppState {
        var app = AppState(options: AuthUIOptions(), now: t0, timeZone: utc)
        _ = app.reduce(.keyPressed(.paste("alice")))
        _ = app.reduce(.keyPressed(.enter))
        _ = app.reduce(.keyPressed(.paste("pw")))
        _ = app.reduce(.keyPressed(.enter))
        _ = app.reduce(.signIn(.signInFinished(.success(step))))
        return app
    }

    /// Tabs to Resend code (code → Verify → Cancel → Resend code).
    func focusResend(_ app: inout AppState) {
        for _ in 0..<3 { _ = app.reduce(.keyPressed(.tab)) }
    }

    @Test(
        "SMS_MFA and EMAIL_OTP after the password: the link counts down from 30 s, refuses until 0, then restarts the sign-in",
        arguments: [SignInStep.smsMFA(smsDelivery), .emailOTP(emailDelivery)])
    func mfaCodeCooldown(step: SignInStep) throws {
        var app = app(after: step)
        var code = try #require(codeScreen(app))
        #expect(code.resendCooldownSeconds == 30)
        #expect(code.label(for: .resend) == "Resend code (30 s)")
        _ = app.reduce(.tick(now: t0.addingTimeInterval(12)))
        code = try #require(codeScreen(app))
        #expect(code.label(for: .resend) == "Resend code (18 s)")
        focusResend(&app)
        #expect(codeScreen(app)?.focus == .resend)
        #expect(app.reduce(.keyPressed(.enter)).isEmpty)
        #expect(codeScreen(app)?.notice == ScreenText.resendCodeWait)
        #expect(codeScreen(app)?.isInFlight == false)
        _ = app.reduce(.tick(now: t0.addingTimeInterval(30)))
        #expect(codeScreen(app)?.label(for: .resend) == "Resend code")
        #expect(app.reduce(.keyPressed(.enter)) == [.challenge(.restartSignIn)])
        // The new code starts the countdown again.
        _ = app.reduce(.challenge(.codeResent(.success(step))))
        #expect(codeScreen(app)?.resendCooldownSeconds == 30)
    }

    @Test("USER_AUTH's email code: the same cooldown; a failed resend does not start it")
    func userAuthCodeCooldown() throws {
        var options = AuthUIOptions()
        options.choosesSignInMethod = true
        var app = AppState(options: options, now: t0, timeZone: utc)
        app.base = .challenge(
            .code(CodeChallengeState(username: "alice", kind: .email(emailDelivery), resend: .method(.emailOTP))))
        _ = app.reduce(.tick(now: t0))
        #expect(codeScreen(app)?.resendCooldownSeconds == 30)
        focusResend(&app)
        #expect(app.reduce(.keyPressed(.enter)).isEmpty)
        _ = app.reduce(.tick(now: t0.addingTimeInterval(31)))
        #expect(
            app.reduce(.keyPressed(.enter)) == [.challenge(.resendSignInCode(username: "alice", method: .emailOTP))])
        _ = app.reduce(.challenge(.codeResent(.failure(.limitExceeded("Attempt limit exceeded")))))
        #expect(codeScreen(app)?.resendCooldownSeconds == 0)
    }

    @Test("Latchkey.UI's ResendCooldownSeconds sets the wait on every code screen (clamped to 0...600)")
    func configuredCooldown() {
        let options = AuthUIOptions(ui: .object(["ResendCooldownSeconds": 3]))
        #expect(options.resendCooldown == 3)
        #expect(AuthUIOptions(ui: .object(["ResendCooldownSeconds": 9000])).resendCooldown == 600)
        #expect(AuthUIOptions(ui: .object(["ResendCooldownSeconds": -4])).resendCooldown == 0)
        var app = AppState(options: options, now: t0, timeZone: utc)
        _ = app.reduce(.keyPressed(.paste("alice")))
        _ = app.reduce(.keyPressed(.enter))
        _ = app.reduce(.keyPressed(.paste("pw")))
        _ = app.reduce(.keyPressed(.enter))
        _ = app.reduce(.signIn(.signInFinished(.success(.smsMFA(smsDelivery)))))
        #expect(codeScreen(app)?.label(for: .resend) == "Resend code (3 s)")
        _ = app.reduce(.tick(now: t0.addingTimeInterval(3)))
        #expect(codeScreen(app)?.label(for: .resend) == "Resend code")
        // The sign-up confirmation and Forgot password wait as long.
        let screens: [AppState.Screen] = [
            .confirmSignUp(ConfirmSignUpState(username: "alice")),
            .forgotPassword(ForgotPasswordState(username: "alice")),
        ]
        for screen in screens {
            app.base = screen
            _ = app.reduce(.tick(now: t0))
            switch app.base {
            case .confirmSignUp(let state): #expect(state.resendCooldownLength == 3)
            case .forgotPassword(let state): #expect(state.resendCooldownLength == 3)
            default: Issue.record("left \(screen)")
            }
        }
    }

    @Test("codes that are not sent (TOTP, custom) have no Resend code and no cooldown")
    func noCooldownWithoutResend() throws {
        let app = app(after: .softwareTokenMFA)
        let code = try #require(codeScreen(app))
        #expect(code.resendCooldownSeconds == 0)
        #expect(!code.focusOrder.contains(.resend))
    }

    @Test("the re-login prompt's MFA code counts down too")
    func reloginCodeCooldown() throws {
        var app = signedInApp()
        _ = app.reduce(.sessionEvent(.stateChanged(.signedOutUserPoolsTokenInvalid, username: "alice", provider: nil)))
        #expect(app.relogin != nil)
        _ = app.reduce(.keyPressed(.paste("pw")))
        _ = app.reduce(.keyPressed(.enter))
        _ = app.reduce(.relogin(.signIn(.signInFinished(.success(.smsMFA(smsDelivery))))))
        guard case .code(let code)? = app.relogin?.challenge else {
            Issue.record("no code screen in the prompt: \(String(describing: app.relogin))")
            return
        }
        #expect(code.resendCooldownSeconds == 30)
        _ = app.reduce(.tick(now: t0.addingTimeInterval(10)))
        guard case .code(let later)? = app.relogin?.challenge else { return }
        #expect(later.resendCooldownSeconds == 20)
    }

    @Test("one cooldown for every code screen: the confirmation and the reset code count down the same way")
    func sharedWithConfirmAndForgot() {
        var confirm = ConfirmSignUpState(username: "bob", delivery: emailDelivery)
        confirm.now = t0
        confirm.resendAvailableAt = t0.addingTimeInterval(ConfirmSignUpState.resendCooldown)
        var code = CodeChallengeState(username: "bob", kind: .email(emailDelivery), resend: .signInAgain)
        code.setClock(t0)
        #expect(confirm.resendCooldownSeconds == code.resendCooldownSeconds)
        #expect(confirm.resendLinkLabel == code.resendLinkLabel)
    }
}

@Suite("Ctrl-Y on the authenticator set-up screen copies the otpauth:// URI")
struct TOTPURICopyTests {
    @Test("Ctrl-Y asks for the copy; the footer says so; the result is on the status line and in the log")
    func copiesTheURI() throws {
        var app = AppState(options: AuthUIOptions(), now: t0, timeZone: utc)
        _ = app.reduce(.keyPressed(.paste("alice")))
        _ = app.reduce(.keyPressed(.enter))
        _ = app.reduce(.keyPressed(.paste("pw")))
        _ = app.reduce(.keyPressed(.enter))
        let details = TOTPSetupDetails(secret: "JBSWY3DPEHPK3PXP", accountName: "alice")
        _ = app.reduce(.signIn(.signInFinished(.success(.mfaSetup(details)))))
        #expect(app.keyHints.contains(ScreenText.hintCopyTOTPURI))
        #expect(app.reduce(.keyPressed(.ctrl("y"))) == [.copy(SecretText(details.uri), as: .totpURI)])
        _ = app.reduce(.tokenCopied(.totpURI, .success(CopyReceipt(characters: details.uri.count))))
        #expect(app.statusMessage == "Copied the otpauth:// URI (\(details.uri.count) characters) to the clipboard.")
        #expect(app.statusMessage?.contains("JBSW") == false)
        // Elsewhere Ctrl-Y does nothing of the kind.
        var signIn = AppState(options: AuthUIOptions(), now: t0, timeZone: utc)
        #expect(signIn.reduce(.keyPressed(.ctrl("y"))).isEmpty)
        #expect(!signIn.keyHints.contains(ScreenText.hintCopyTOTPURI))
    }
}
