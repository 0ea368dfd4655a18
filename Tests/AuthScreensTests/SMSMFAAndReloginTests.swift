import AuthScreens
import AuthScreensTesting
import CognitoAuth
import Foundation
import TerminalKeys
import Testing

@Suite("SMS MFA on the Security row, MFA_SETUP's choice, resend after a password, the USER_AUTH re-login prompt")
struct SMSMFAAndReloginTests {
    func securityLoaded(_ settings: MFASettings) -> DashboardState {
        var state = DashboardState(now: t0, timeZone: utc)
        state.userState = .signedIn
        _ = state.reduce(.keyPressed(.character("m")))
        _ = state.reduce(.mfaSettingsLoaded(.success(settings)))
        return state
    }

    @Test("x turns SMS on and off and X prefers it, with a phone number; the row lists the keys")
    func smsWithPhoneNumber() {
        var state = securityLoaded(MFASettings(enabled: [], preferred: nil, phoneNumber: "+15555550123"))
        let row = state.securityRows.first?.value ?? ""
        #expect(row.hasPrefix("email off · totp off · sms off —"))
        #expect(row.contains("x sms on/off · X prefer sms"))
        #expect(state.reduce(.keyPressed(.character("x"))) == [.run(.dashboard(.setMFAPreference([.sms: .enabled])))])
        #expect(state.reduce(.mfaPreferenceFinished(.success(()))) == [.run(.dashboard(.mfaSettings))])
        _ = state.reduce(
            .mfaSettingsLoaded(.success(MFASettings(enabled: [.sms], preferred: nil, phoneNumber: "+15555550123"))))
        #expect(state.securityRows.first?.value.contains("sms on") == true)
        #expect(state.reduce(.keyPressed(.character("X"))) == [.run(.dashboard(.setMFAPreference([.sms: .preferred])))])
        _ = state.reduce(.mfaPreferenceFinished(.success(())))
        _ = state.reduce(
            .mfaSettingsLoaded(.success(MFASettings(enabled: [.sms], preferred: .sms, phoneNumber: "+15555550123"))))
        #expect(state.securityRows.first?.value.contains("sms on (preferred)") == true)
        expectXAsksThenTurnsSMSOff(&state)
    }

    /// `x` with SMS on asks first (N14); the yes turns SMS off.
    private func expectXAsksThenTurnsSMSOff(_ state: inout DashboardState) {
        #expect(
            state.reduce(.keyPressed(.character("x"))) == [
                .route(.present(.question(.turnFactorOff(.sms, isLast: true))))
            ])
        #expect(
            state.reduce(.questionAnswered(.turnFactorOff(.sms, isLast: true), confirmed: true)) == [
                .run(.dashboard(.setMFAPreference([.sms: .disabled])))
            ])
    }

    @Test("Without a phone number: x and X send nothing and the log says why; the row hides the keys")
    func smsWithoutPhoneNumber() {
        var state = securityLoaded(MFASettings(enabled: [], preferred: nil))
        let row = state.securityRows.first?.value ?? ""
        #expect(row.contains("sms off (no phone number)"))
        #expect(!row.contains("x sms on/off"))
        #expect(state.reduce(.keyPressed(.character("x"))).isEmpty)
        #expect(state.log.entries.last?.text == ScreenText.smsNeedsPhoneNumber)
        #expect(state.reduce(.keyPressed(.character("X"))).isEmpty)
        #expect(state.mfaRequest == nil)
        // SMS on without a number (set by an administrator) can still be turned off.
        state = securityLoaded(MFASettings(enabled: [.sms], preferred: nil))
        expectXAsksThenTurnsSMSOff(&state)
    }

    @Test("MFA_SETUP with several factors is a choice screen; SMS asks for the phone number next")
    func mfaSetupChoice() throws {
        var state = try #require(ChallengeState(step: .selectMFASetup([.totp, .sms, .email]), username: "alice"))
        guard case .selectMFAType(let choice) = state else {
            Issue.record("not the choice screen: \(state)")
            return
        }
        #expect(choice.isSetup)
        #expect(choice.prompt == ScreenText.mfaSetupPrompt)
        #expect(state.title == ScreenText.mfaSetupTitle)
        #expect(choice.choiceLabels == ["Authenticator app", "Text message (SMS)", "Email"].map { $0 })
        #expect(
            state.reduce(.selectMFAType(.mfaTypeChosen(.sms))) == [
                .run(.challenge(.confirmSignIn(answer: "SMS_MFA", attributes: [:])))
            ])
        let phone = try #require(ChallengeState(step: .smsMFASetup, username: "alice"))
        guard case .code(let code) = phone else {
            Issue.record("not a free-form entry: \(phone)")
            return
        }
        #expect(
            code.kind == .setUpDestination(label: ScreenText.phoneForCodesLabel, hint: ScreenText.phoneForCodesHint))
        #expect(code.label(for: .code) == ScreenText.phoneForCodesLabel)
        #expect(phone.title == ScreenText.mfaSetupTitle)
        #expect(code.expectedDigits == nil)
        // A phone number keeps its "+" (codes are digits only; this is not a code).
        #expect(!code.code.acceptsDigitsOnly)
    }

    @Test("Resend code after a password re-initiates the sign-in and stays on the code screen with the new code")
    func resendAfterPassword() throws {
        var state = try #require(ChallengeState(step: .emailOTP(emailDelivery), username: "alice"))
        #expect(state.reduce(.code(.resendPressed)) == [.run(.challenge(.restartSignIn))])
        #expect(state.isInFlight)
        #expect(state.reduce(.codeResent(.success(.emailOTP(emailDelivery)))).isEmpty)
        guard case .code(let code) = state else {
            Issue.record("left the code screen")
            return
        }
        #expect(!code.isInFlight)
        #expect(code.notice == ScreenText.newCodeSent(emailDelivery))
        // SMS MFA has Resend code too, and keeps its screen.
        var sms = try #require(ChallengeState(step: .smsMFA(smsDelivery), username: "alice"))
        #expect(sms.reduce(.code(.resendPressed)) == [.run(.challenge(.restartSignIn))])
        #expect(sms.reduce(.codeResent(.success(.smsMFA(smsDelivery)))).isEmpty)
        guard case .code(let smsCode) = sms else {
            Issue.record("left the SMS code screen")
            return
        }
        #expect(smsCode.notice == ScreenText.newCodeSent(smsDelivery))
    }

    @Test("CUSTOM_AUTH without SRP: the sign-in screen takes the username only, and the challenge follows")
    func customWithoutPassword() throws {
        var options = AuthUIOptions()
        options.asksForPassword = false
        var app = AppState(options: options, now: t0, timeZone: utc)
        guard case .signIn(let signIn) = app.base else {
            Issue.record("not on Sign in")
            return
        }
        #expect(!signIn.focusOrder.contains(.password))
        for key in "alice".keys { _ = app.reduce(.keyPressed(key)) }
        #expect(app.reduce(.keyPressed(.enter)) == [.signIn(.signIn(username: "alice", password: ""))])
        _ = app.reduce(
            .signIn(.signInFinished(.success(.customChallenge(["USERNAME": "alice", "question": "Colour?"])))))
        guard case .challenge(.code(let code)) = app.base, case .custom(let parameters) = code.kind else {
            Issue.record("no custom challenge screen")
            return
        }
        #expect(parameters["question"] == "Colour?")
        #expect(code.challengeLines == ["question: Colour?"])
        #expect(code.label(for: .code) == ScreenText.answerLabel)
        // A refused answer says so, with Cognito's words.
        for key in "red".keys { _ = app.reduce(.keyPressed(key)) }
        #expect(app.reduce(.keyPressed(.enter)) == [.challenge(.confirmSignIn(answer: "red", attributes: [:]))])
        _ = app.reduce(.challenge(.confirmSignInFinished(.failure(.notAuthorized("Incorrect username or password.")))))
        guard case .challenge(.code(let refused)) = app.base else {
            Issue.record("left the challenge screen")
            return
        }
        #expect(
            refused.banner
                == "The answer was not accepted (Incorrect username or password.). Press Esc to start over.")
        // Server text is sanitised before it reaches the terminal.
        let hostile = CodeChallengeState(username: "alice", kind: .custom(["q\u{1B}[2J": "a\u{1B}]0;x\u{07}b"]))
        #expect(hostile.challengeLines.allSatisfy { !$0.contains("\u{1B}") && !$0.contains("\u{07}") })
    }

    @Test("Re-login on a USER_AUTH pool: Continue asks for the methods, then an emailed code with Resend code")
    func reloginFollowsUserAuth() throws {
        var options = AuthUIOptions()
        options.choosesSignInMethod = true
        var app = signedInApp(options: options)
        _ = app.reduce(
            .sessionEvent(.stateChanged(.signedOutUserPoolsTokenInvalid, username: "alice", provider: poolProvider)))
        let prompt = try #require(app.relogin)
        #expect(prompt.signIn.choosesMethod)
        #expect(!prompt.signIn.focusOrder.contains(.password))
        #expect(prompt.signIn.focus == .signIn)
        #expect(app.reduce(.keyPressed(.enter)) == [.relogin(.signIn(.startUserAuth(username: "alice")))])
        _ = app.reduce(.relogin(.signIn(.signInFinished(.success(.selectChallenge([.password, .emailOTP, .smsOTP]))))))
        guard case .selectMethod? = app.relogin?.challenge else {
            Issue.record("no method choice in the prompt: \(String(describing: app.relogin?.challenge))")
            return
        }
        _ = app.reduce(.keyPressed(.down))
        #expect(
            app.reduce(.keyPressed(.enter)) == [.relogin(.challenge(.selectSignInMethod(.emailOTP, password: nil)))])
        _ = app.reduce(.relogin(.challenge(.confirmSignInFinished(.success(.emailOTP(emailDelivery))))))
        guard case .code(let code)? = app.relogin?.challenge else {
            Issue.record("no code screen in the prompt")
            return
        }
        #expect(code.resend == .method(.emailOTP))
        #expect(app.relogin != nil, "the prompt stays over the dashboard")
    }
}
