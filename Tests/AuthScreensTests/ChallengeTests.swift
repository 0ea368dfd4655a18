import AuthScreens
import AuthScreensTesting
import CognitoAuth
import TerminalKeys
import Testing

@Suite struct ChallengeTests {
    @Test func eachStepMapsToItsScreen() {
        #expect(ChallengeState(step: .done, username: "alice") == nil)
        #expect(
            ChallengeState(step: .newPasswordRequired(requiredAttributes: ["email"]), username: "alice")
                == .newPassword(NewPasswordState(username: "alice", requiredAttributes: ["email"])))
        #expect(
            ChallengeState(step: .smsMFA(smsDelivery), username: "alice")
                == .code(CodeChallengeState(username: "alice", kind: .sms(smsDelivery), resend: .signInAgain)))
        #expect(
            ChallengeState(step: .softwareTokenMFA, username: "alice")
                == .code(CodeChallengeState(username: "alice", kind: .totp)))
        let details = TOTPSetupDetails(secret: "JBSWY3DPEHPK3PXP", accountName: "alice")
        #expect(
            ChallengeState(step: .mfaSetup(details), username: "alice")
                == .totpSetup(TOTPSetupState(username: "alice", details: details)))
        #expect(
            ChallengeState(step: .selectMFAType([.sms, .totp]), username: "alice")
                == .selectMFAType(SelectMFATypeState(username: "alice", choices: [.sms, .totp])))
    }

    @Test func newPasswordRequiredChecksThePolicyTheRepeatAndTheAttributes() {
        var store = challengeStore(NewPasswordState(username: "alice", requiredAttributes: ["email"])) {
            $0.reduce($1)
        }
        #expect(store.state.focusOrder == [.newPassword, .confirmPassword, .attribute(0), .submit, .cancel])
        store.type("NewPass1!")
        #expect(store.state.passwordChecks.allSatisfy { $0.isMet })
        store.press(.enter) { $0.focus = .confirmPassword }
        store.type("NewPass2!")
        store.press(.enter) {
            $0.focus = .attribute(0)
            $0.confirmPassword.error = "The passwords do not match."
        }
        store.type("alice@example.com")
        store.press(.enter) {
            $0.focus = .confirmPassword
            $0.attributes[0].field.error = nil
        }
        store.press(.backspace) {
            $0.confirmPassword.backspace()
            $0.confirmPassword.error = nil
        }
        store.press(.backspace) { $0.confirmPassword.backspace() }
        store.type("1!")
        store.press(.tab) { $0.focus = .attribute(0) }
        store.press(
            .enter, [.run(.challenge(.confirmSignIn(answer: "NewPass1!", attributes: ["email": "alice@example.com"])))]
        ) {
            $0.newPassword.clear()
            $0.confirmPassword.clear()
            $0.request = .setPassword
        }
        #expect(!dumped(store.state).contains("NewPass1!"))
        store.send(.confirmSignInFinished(.success(.done)), [.route(.signedIn)]) { $0.request = nil }
    }

    @Test func smsCodeNamesTheDestinationAndChecksTheShape() {
        var store = challengeStore(CodeChallengeState(username: "alice", kind: .sms(smsDelivery))) { $0.reduce($1) }
        #expect(store.state.title == "Enter the text-message code")
        #expect(store.state.prompt == "Enter the 6-digit code we sent in a text message to +*******0100.")
        store.type("12a")
        store.press(.enter) { $0.code.error = "The code has 6 digits." }
        store.send(.answerChanged("123456")) { $0.code.setText("123456") }
        store.press(.enter, [.run(.challenge(.confirmSignIn(answer: "123456", attributes: [:])))]) {
            $0.code.clear()
            $0.request = .verify
        }
        store.send(.confirmSignInFinished(.failure(.codeMismatch("Invalid code received for user")))) {
            $0.request = nil
            $0.banner = "The code is wrong. Enter the current code."
        }
        store.press(.escape, [.route(.signIn(username: "alice", notice: nil))])
    }

    @Test func totpCodeLeadsToTheNextStep() {
        var store = challengeStore(CodeChallengeState(username: "alice", kind: .totp)) { $0.reduce($1) }
        #expect(store.state.prompt == "Enter the 6-digit code from your authenticator app.")
        store.type("654321")
        store.press(.tab) { $0.focus = .submit }
        store.press(.enter, [.run(.challenge(.confirmSignIn(answer: "654321", attributes: [:])))]) {
            $0.code.clear()
            $0.request = .verify
        }
        store.send(
            .confirmSignInFinished(.success(.newPasswordRequired(requiredAttributes: []))),
            [.route(.challenge(.newPasswordRequired(requiredAttributes: []), username: "alice"))]
        ) { $0.request = nil }
    }

    @Test func totpEnrolmentShowsTheSecretAndTheURI() {
        let details = TOTPSetupDetails(secret: "JBSWY3DPEHPK3PXP", accountName: "alice")
        var store = challengeStore(TOTPSetupState(username: "alice", details: details)) { $0.reduce($1) }
        #expect(store.state.secret == "JBSWY3DPEHPK3PXP")
        #expect(store.state.groupedSecret == "JBSW Y3DP EHPK 3PXP")
        #expect(store.state.uri == "otpauth://totp/Latchkey:alice?secret=JBSWY3DPEHPK3PXP&issuer=Latchkey")
        store.type("000111")
        store.press(.enter, [.run(.challenge(.confirmSignIn(answer: "000111", attributes: [:])))]) {
            $0.code.clear()
            $0.request = .verify
        }
        store.send(.confirmSignInFinished(.success(.done)), [.route(.signedIn)]) { $0.request = nil }
    }

    @Test func mfaSelectionChoosesWithArrowsAndEnter() {
        var store = challengeStore(SelectMFATypeState(username: "alice", choices: [.sms, .totp])) { $0.reduce($1) }
        #expect(store.state.choiceLabels == ["Text message (SMS)", "Authenticator app"])
        store.press(.down) { $0.focus = .choice(1) }
        store.press(.enter, [.run(.challenge(.confirmSignIn(answer: "SOFTWARE_TOKEN_MFA", attributes: [:])))]) {
            $0.request = .totp
        }
        store.press(.enter)
        store.send(
            .confirmSignInFinished(.success(.softwareTokenMFA)),
            [.route(.challenge(.softwareTokenMFA, username: "alice"))]
        ) { $0.request = nil }
        store.send(.mfaTypeChosen(.sms), [.run(.challenge(.confirmSignIn(answer: "SMS_MFA", attributes: [:])))]) {
            $0.request = .sms
        }
    }
}
