import AuthScreens
import AuthScreensTesting
import CognitoAuth
import Foundation
import LatchkeyText
import TerminalKeys
import Testing

@Suite struct SignUpTests {
    @Test func defaultPolicyIsCognitosAndIsCheckedInline() {
        var store = signUpStore(SignUpState(attributes: []))
        store.press(.tab) { $0.focus = .password }
        store.type("abc")
        #expect(store.state.passwordChecks.map(\.isMet) == [false, false, true, false, false])
        #expect(
            store.state.passwordChecks.map(\.line) == [
                "✗ At least 8 characters", "✗ An uppercase letter", "✓ A lowercase letter", "✗ A number",
                "✗ A symbol, such as ! @ # $",
            ])
        store.type("DEF12!")
        #expect(store.state.passwordChecks.allSatisfy { $0.isMet })
    }

    @Test func configuredPolicyChangesTheRules() {
        let policy = PasswordPolicy(minimumLength: 12, requiresUppercase: false, requiresSymbol: false)
        #expect(policy.rules == [.minimumLength(12), .lowercase, .number])
        #expect(policy.validationError(for: "abcdefghijk1") == nil)
        #expect(policy.validationError(for: "abc1") == "The password needs at least 12 characters.")
        #expect(PasswordPolicy.cognitoDefault.validationError(for: "Abcdefg1") == "The password needs a symbol.")
        #expect(PasswordPolicy.cognitoDefault.validationError(for: "") == "Enter a password.")
    }

    @Test func passwordIsValidatedOnBlurAgainstThePolicyAndTheErrorClearsOnEdit() {
        var store = signUpStore(SignUpState(username: "alice", attributes: []))
        store.type("Abc1!")
        store.press(.tab) {
            $0.focus = .confirmPassword
            $0.password.error = "The password needs at least 8 characters."
        }
        store.press(.backTab) { $0.focus = .password }
        store.press(.character("x")) {
            $0.password.insert("x")
            $0.password.error = nil
        }
    }

    @Test func attributesAreAskedForAndValidated() {
        var store = signUpStore(SignUpState(username: "alice", attributes: [.email, .phoneNumber]))
        #expect(
            store.state.focusOrder == [
                .username, .password, .confirmPassword, .attribute(0), .attribute(1), .createAccount, .signIn,
            ])
        #expect(store.state.attributes.map(\.label) == ["Email", "Phone number"])
        store.type("Abcdef1!")
        store.press(.enter) { $0.focus = .confirmPassword }
        store.type("Abcdef1!")
        store.press(.enter) { $0.focus = .attribute(0) }
        store.type("alice-at-example")
        store.press(.enter) {
            $0.focus = .attribute(1)
            $0.attributes[0].field.error = "Enter an email address such as name@example.com."
        }
        store.type("555")
        store.press(.tab) {
            $0.focus = .createAccount
            $0.attributes[1].field.error = ScreenText.invalidPhone
        }
        store.send(.attributeChanged(index: 0, text: "alice@example.com")) {
            $0.attributes[0].field.setText("alice@example.com")
        }
        store.send(.attributeChanged(index: 1, text: "+14155550100")) {
            $0.attributes[1].field.setText("+14155550100")
        }
        let effects = store.state.reduce(.submitPressed)
        #expect(
            effects == [
                .run(
                    .signUp(
                        .signUp(
                            username: "alice", password: "Abcdef1!",
                            attributes: ["email": "alice@example.com", "phone_number": "+14155550100"])))
            ])
        // Kept while in flight: a taken username is no reason to type it again (issue 14, C12).
        #expect(store.state.password.text == "Abcdef1!")
        #expect(store.state.rememberedPassword == "Abcdef1!")
        #expect(store.state.isInFlight)
        #expect(!dumped(store.state).contains("Abcdef1!"))
        #expect(!String(describing: store.state).contains("Abcdef1!"))
    }

    @Test func usernameWithSpacesIsRejected() {
        var store = signUpStore(SignUpState(attributes: []))
        store.type("al ice")
        store.press(.tab) {
            $0.focus = .password
            $0.username.error = "A username cannot contain spaces."
        }
    }

    @Test func confirmationStepRoutesWithTheRememberedPassword() {
        var state = SignUpState(username: "alice", attributes: [])
        _ = state.reduce(.passwordChanged("Abcdef1!"))
        _ = state.reduce(.confirmPasswordChanged("Abcdef1!"))
        #expect(
            state.reduce(.submitPressed) == [
                .run(.signUp(.signUp(username: "alice", password: "Abcdef1!", attributes: [:])))
            ])
        var store = signUpStore(state)
        store.send(
            .signUpFinished(.success(.confirmSignUp(emailDelivery))),
            [
                .route(
                    .confirmSignUp(username: "alice", delivery: emailDelivery, password: "Abcdef1!", sendNewCode: false)
                )
            ]
        ) {
            $0.request = nil
            $0.rememberedPassword = nil
        }
    }

    @Test func serverErrorsShowABannerAndFocusTheField() {
        var state = SignUpState(username: "alice", attributes: [])
        _ = state.reduce(.passwordChanged("Abcdef1!"))
        _ = state.reduce(.confirmPasswordChanged("Abcdef1!"))
        _ = state.reduce(.submitPressed)
        var store = signUpStore(state)
        store.send(.signUpFinished(.failure(.usernameExists("User already exists")))) {
            $0.request = nil
            $0.rememberedPassword = nil
            $0.banner = "That username is taken. Choose another username, or press Esc to sign in."
            $0.focus = .username
        }
        store.press(.escape, [.route(.signIn(username: "alice", notice: nil))])
    }
}

@Suite struct ConfirmSignUpTests {
    @Test func namesWhereTheCodeWasSent() {
        #expect(
            ConfirmSignUpState(username: "alice", delivery: emailDelivery).destinationText
                == "We sent a confirmation code in an email to a***@e***. Enter it below.")
        #expect(
            ConfirmSignUpState(username: "alice").destinationText == "Enter the confirmation code that was sent to you."
        )
    }

    @Test func resendProducesTheEffectAndUpdatesTheDestination() {
        var store = confirmStore(ConfirmSignUpState(username: "alice", delivery: emailDelivery))
        store.press(.tab) { $0.focus = .confirm }
        store.press(.tab) { $0.focus = .resend }
        store.press(.enter, [.run(.confirmSignUp(.resendSignUpCode(username: "alice")))]) { $0.request = .resend }
        #expect(store.state.activity == "Sending code…")
        store.send(.resendCodeFinished(.success(smsDelivery))) {
            $0.request = nil
            $0.delivery = smsDelivery
            $0.codeWasResent = true
            $0.resendAvailableAt = $0.now.addingTimeInterval(30)
            $0.focus = .code
        }
        // Said once, in the first line (issue 29, N22).
        #expect(store.state.destinationText == "A new code was sent in a text message to +*******0100. Enter it below.")
        #expect(store.state.notice == nil)
        // A code was just sent: Resend waits (issue 14, Missing 12).
        store.send(.resendPressed) {
            $0.notice = "A code was just sent. Resend code works again when its countdown ends."
        }
        store.state.now = store.state.now.addingTimeInterval(30)
        store.send(.resendPressed, [.run(.confirmSignUp(.resendSignUpCode(username: "alice")))]) {
            $0.request = .resend
            $0.notice = nil
        }
    }

    @Test func confirmingSignsInAutomaticallyWithTheRememberedPassword() {
        var store = confirmStore(ConfirmSignUpState(username: "alice", rememberedPassword: "Abcdef1!"))
        #expect(!dumped(store.state).contains("Abcdef1!"))
        store.type("123456")
        store.press(.enter, [.run(.confirmSignUp(.confirmSignUp(username: "alice", code: "123456")))]) {
            $0.request = .confirm
        }
        store.send(
            .confirmSignUpFinished(.success(.done)), [.route(.autoSignIn(username: "alice", password: "Abcdef1!"))]
        ) {
            $0.request = nil
            $0.rememberedPassword = nil
        }
    }

    @Test func withoutARememberedPasswordConfirmingGoesBackToSignIn() {
        var store = confirmStore(ConfirmSignUpState(username: "alice"))
        store.send(.codeChanged("123456")) { $0.code.setText("123456") }
        store.send(.submitPressed, [.run(.confirmSignUp(.confirmSignUp(username: "alice", code: "123456")))]) {
            $0.request = .confirm
        }
        store.send(
            .confirmSignUpFinished(.success(.done)),
            [.route(.signIn(username: "alice", notice: "Account confirmed. Sign in with your password."))]
        ) { $0.request = nil }
    }

    @Test func wrongCodeShowsTheBannerAndClearsTheCode() {
        var store = confirmStore(ConfirmSignUpState(username: "alice"))
        store.press(.enter) { $0.code.error = "Enter the code." }
        store.type("999999")
        store.press(.enter, [.run(.confirmSignUp(.confirmSignUp(username: "alice", code: "999999")))]) {
            $0.code.error = nil
            $0.request = .confirm
        }
        store.send(
            .confirmSignUpFinished(.failure(.codeMismatch("Invalid verification code provided, please try again.")))
        ) {
            $0.request = nil
            $0.code.clear()
            $0.banner =
                "The code is wrong. Check the code, or choose Resend code below."
        }
    }
}

@Suite struct ForgotPasswordTests {
    @Test func codeThenNewPasswordWithThePolicyCheckedInline() {
        var store = forgotStore(ForgotPasswordState(username: "alice"))
        #expect(store.state.focusOrder == [.username, .sendCode, .back])
        store.press(.enter, [.run(.forgotPassword(.forgotPassword(username: "alice")))]) { $0.request = .sendCode }
        store.send(.forgotPasswordFinished(.success(emailDelivery))) {
            $0.request = nil
            $0.delivery = emailDelivery
            $0.step = .resetPassword
            $0.focus = .code
            $0.notice = "We sent a reset code in an email to a***@e***. Enter it with a new password."
            $0.resendAvailableAt = $0.now.addingTimeInterval(30)
        }
        #expect(
            store.state.focusOrder == [.code, .newPassword, .confirmPassword, .resetPassword, .resendCode, .back])
        store.type("123456")
        store.press(.enter) { $0.focus = .newPassword }
        store.type("short")
        #expect(store.state.passwordChecks.filter(\.isMet).count == 1)
        store.send(.submitPressed) {
            $0.newPassword.error = "The password needs at least 8 characters."
            $0.confirmPassword.error = "Repeat the new password."
        }
        store.send(.newPasswordChanged("NewPass1!")) { $0.newPassword.setText("NewPass1!") }
        // The new password asked twice (ux-3, item 21): a different repetition sends nothing.
        store.send(.confirmPasswordChanged("NewPass2!")) { $0.confirmPassword.setText("NewPass2!") }
        store.send(.submitPressed) {
            $0.confirmPassword.error = "The passwords do not match."
            $0.focus = .confirmPassword
        }
        store.send(.confirmPasswordChanged("NewPass1!")) { $0.confirmPassword.setText("NewPass1!") }
        store.press(
            .enter,
            [.run(.forgotPassword(.confirmForgotPassword(username: "alice", newPassword: "NewPass1!", code: "123456")))]
        ) {
            $0.newPassword.clear()
            $0.confirmPassword.clear()
            $0.notice = nil
            $0.request = .reset
        }
        #expect(!dumped(store.state).contains("NewPass1!"))
        store.send(
            .confirmForgotPasswordFinished(.success(())),
            [.route(.signIn(username: "alice", notice: "Password changed. Sign in with the new password."))]
        ) { $0.request = nil }
    }

    @Test func resendAndBackOnTheSecondStep() {
        var state = ForgotPasswordState(username: "alice")
        _ = state.reduce(.submitPressed)
        _ = state.reduce(.forgotPasswordFinished(.success(emailDelivery)))
        state.now = state.now.addingTimeInterval(30)  // past the resend cooldown
        var store = forgotStore(state)
        store.send(.resendCodePressed, [.run(.forgotPassword(.forgotPassword(username: "alice")))]) {
            $0.request = .sendCode
            $0.notice = nil
        }
        store.send(.forgotPasswordFinished(.success(smsDelivery))) {
            $0.request = nil
            $0.delivery = smsDelivery
            $0.notice = "A new code was sent in a text message to +*******0100."
            $0.resendAvailableAt = $0.now.addingTimeInterval(30)
        }
        store.press(.escape) {
            $0.step = .requestCode
            $0.notice = nil
            $0.focus = .username
        }
        store.press(.escape, [.route(.signIn(username: "alice", notice: nil))])
    }

    @Test func wrongCodeClearsTheCodeAndFocusesIt() {
        var state = ForgotPasswordState(username: "alice")
        _ = state.reduce(.submitPressed)
        _ = state.reduce(.forgotPasswordFinished(.success(emailDelivery)))
        _ = state.reduce(.codeChanged("111111"))
        _ = state.reduce(.newPasswordChanged("NewPass1!"))
        _ = state.reduce(.confirmPasswordChanged("NewPass1!"))
        _ = state.reduce(.submitPressed)
        var store = forgotStore(state)
        store.send(.confirmForgotPasswordFinished(.failure(.codeMismatch("")))) {
            $0.request = nil
            $0.code.clear()
            $0.focus = .code
            $0.banner = "The code is wrong. Check the code, or choose Resend code below."
        }
    }
}

/// ux-3, item 21: every form that sets a new password asks for it twice, as the command line does.
@Suite struct NewPasswordTwiceTests {
    @Test func createAccountRefusesADifferentRepetitionAndSendsNothing() {
        var state = SignUpState(username: "alice", attributes: [])
        _ = state.reduce(.passwordChanged("Abcdef1!"))
        #expect(state.reduce(.submitPressed).isEmpty)
        #expect(state.confirmPassword.error == "Repeat the new password.")
        #expect(state.focus == .confirmPassword)
        _ = state.reduce(.confirmPasswordChanged("Abcdef2!"))
        #expect(state.reduce(.submitPressed).isEmpty)
        #expect(state.confirmPassword.error == "The passwords do not match.")
        #expect(!state.isInFlight)
        _ = state.reduce(.confirmPasswordChanged("Abcdef1!"))
        #expect(
            state.reduce(.submitPressed) == [
                .run(.signUp(.signUp(username: "alice", password: "Abcdef1!", attributes: [:])))
            ])
    }

    @Test func theResetFormRefusesADifferentRepetitionAndSendsNothing() {
        var state = ForgotPasswordState(username: "alice")
        _ = state.reduce(.submitPressed)
        _ = state.reduce(.forgotPasswordFinished(.success(emailDelivery)))
        _ = state.reduce(.codeChanged("123456"))
        _ = state.reduce(.newPasswordChanged("NewPass1!"))
        _ = state.reduce(.confirmPasswordChanged("NewPass1?"))
        #expect(state.reduce(.submitPressed).isEmpty)
        #expect(state.confirmPassword.error == "The passwords do not match.")
        #expect(state.focus == .confirmPassword)
        #expect(state.label(for: .confirmPassword) == "Confirm password")
    }

    @Test func theMismatchIsSaidInJapaneseToo() {
        let japanese = TextCatalog.japanese
        #expect(japanese.passwordsDoNotMatch == "パスワードが一致しません。")
        #expect(japanese.confirmPasswordLabel == "パスワード (確認)")
        #expect(japanese.confirmPasswordRequired != TextCatalog.english.confirmPasswordRequired)
    }
}
