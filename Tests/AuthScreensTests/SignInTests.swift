import AuthScreens
import AuthScreensTesting
import CognitoAuth
import TerminalKeys
import Testing

@Suite struct SignInTests {
    @Test func focusStartsOnPasswordWhenTheUsernameIsFilledIn() {
        #expect(SignInState().focus == .username)
        #expect(SignInState(username: "alice").focus == .password)
        #expect(SignInState().focusOrder == [.username, .password, .signIn, .createAccount, .forgotPassword])
        #expect(
            SignInState(showsCreateAccount: false, showsForgotPassword: false, canCancel: true).focusOrder == [
                .username, .password, .signIn, .cancel,
            ])
    }

    @Test func tabShiftTabAndArrowsMoveFocusAndWrap() {
        var store = signInStore(SignInState(canCancel: true))
        store.press(.tab) { $0.focus = .password }
        store.press(.down) { $0.focus = .signIn }
        store.press(.tab) { $0.focus = .createAccount }
        store.press(.tab) { $0.focus = .forgotPassword }
        store.press(.tab) { $0.focus = .cancel }
        store.press(.tab) { $0.focus = .username }
        store.press(.backTab) { $0.focus = .cancel }
        store.press(.up) { $0.focus = .forgotPassword }
        store.send(.focusChanged(.username)) { $0.focus = .username }
    }

    @Test func enterMovesToTheNextFieldAndSubmitsOnTheLast() {
        var store = signInStore()
        store.type("alice")
        store.press(.enter) { $0.focus = .password }
        store.type("Secret1!")
        store.press(.enter, [.run(.signIn(.signIn(username: "alice", password: "Secret1!")))]) {
            $0.password.clear()
            $0.request = .signIn
        }
        #expect(store.state.username.text == "alice")
        #expect(store.state.password.text.isEmpty)
        #expect(store.state.activity == "Signing in…")
    }

    @Test func enterOnTheSignInButtonSubmits() {
        var store = signInStore(SignInState(username: "alice"))
        store.type("pw")
        store.press(.tab) { $0.focus = .signIn }
        store.press(.enter, [.run(.signIn(.signIn(username: "alice", password: "pw")))]) {
            $0.password.clear()
            $0.request = .signIn
        }
    }

    @Test func fieldIsValidatedWhenFocusLeavesItAndTheErrorClearsOnEdit() {
        var store = signInStore()
        store.press(.tab) { $0.focus = .password }  // untouched and empty: no error yet
        store.press(.backTab) { $0.focus = .username }
        store.press(.character("a")) { $0.username.insert("a") }
        store.press(.backspace) { $0.username.backspace() }
        // Emptied again: leaving it is not an error until Sign in is pressed (issue 14, C12).
        store.press(.tab) { $0.focus = .password }
        store.press(.backTab) { $0.focus = .username }
        store.press(.character("b")) {
            $0.username.insert("b")
            $0.username.error = nil
        }
    }

    @Test func submitValidatesEveryFieldAndFocusesTheFirstInvalid() {
        var store = signInStore(SignInState(username: "alice"))
        store.send(.focusChanged(.signIn)) { $0.focus = .signIn }
        store.press(.enter) {
            $0.password.error = ScreenText.passwordRequired
            $0.focus = .password
        }
        store.press(.character("x")) {
            $0.password.insert("x")
            $0.password.error = nil
        }
        var empty = signInStore()
        empty.send(.submitPressed) {
            $0.username.error = "Enter a username."
            $0.password.error = "Enter a password."
        }
    }

    @Test func inFlightDisablesSubmitAndEditingAndEscCancels() {
        var store = signInStore(SignInState(username: "alice"))
        store.type("pw")
        store.send(.submitPressed, [.run(.signIn(.signIn(username: "alice", password: "pw")))]) {
            $0.password.clear()
            $0.request = .signIn
        }
        #expect(!store.state.canSubmit)
        store.send(.submitPressed)
        store.press(.enter)
        store.press(.character("x"))
        store.press(.tab)
        store.send(.createAccountPressed)
        store.press(.escape, [.run(.cancelRequest)]) {
            $0.request = nil
            $0.notice = ScreenText.requestCancelled
        }
        // A late result of the cancelled request is ignored.
        store.send(.signInFinished(.success(.done)))
    }

    @Test func failedSignInShowsTheBannerClearsThePasswordKeepsTheUsernameAndFocusesThePassword() {
        var store = signInStore()
        store.type("alice")
        store.press(.tab) { $0.focus = .password }
        store.type("wrong-password")
        store.press(.tab) { $0.focus = .signIn }
        store.press(.enter, [.run(.signIn(.signIn(username: "alice", password: "wrong-password")))]) {
            $0.password.clear()
            $0.request = .signIn
        }
        store.send(.signInFinished(.failure(.notAuthorized("Incorrect username or password.")))) {
            $0.request = nil
            $0.banner = "The username or password is incorrect. Try again, or choose Forgot password below."
            $0.focus = .password
        }
        #expect(store.state.username.text == "alice")
        #expect(store.state.password.text.isEmpty)
        store.type("right")
        store.press(.enter, [.run(.signIn(.signIn(username: "alice", password: "right")))]) {
            $0.password.clear()
            $0.request = .signIn
            $0.banner = nil
        }
    }

    @Test func bannersNameTheNextStep() {
        #expect(
            ScreenText.signInBanner(for: .userNotFound("User does not exist."))
                == "There is no account with that username. Check the username, or choose Create account below.")
        #expect(
            ScreenText.signInBanner(for: .notAuthorized(""), showsForgotPassword: false)
                == "The username or password is incorrect. Check the password and try again.")
        let network = AuthError.network(kind: .connectionRefused, message: "connect failed")
        #expect(ScreenText.signInBanner(for: network) == network.description)
        #expect(ScreenText.signInBanner(for: network).contains("Check the network"))
    }

    @Test func ctrlTRevealsOnlyTheFocusedPasswordField() {
        var store = signInStore()
        store.press(.ctrl("t"))  // username focused: nothing to reveal
        store.press(.tab) { $0.focus = .password }
        #expect(store.state.showsRevealHint)
        store.type("abc")
        #expect(store.state.password.displayText == "•••")
        store.press(.ctrl("t")) { $0.password.isRevealed = true }
        #expect(store.state.password.displayText == "abc")
        store.press(.ctrl("T")) { $0.password.isRevealed = false }
        store.press(.ctrl("t")) { $0.password.isRevealed = true }
        store.press(.tab) {
            $0.focus = .signIn
            $0.password.isRevealed = false
        }
        #expect(!store.state.showsRevealHint)
        store.press(.ctrl("t"))
    }

    @Test func passwordIsWipedAfterSubmitAndNeverDescribed() {
        var store = signInStore(SignInState(username: "alice"))
        store.type("Hunter2!secret")
        for text in [String(describing: store.state), String(reflecting: store.state), dumped(store.state)] {
            #expect(!text.contains("Hunter2"))
        }
        #expect(String(describing: store.state).contains("alice"))
        let effects = store.state.reduce(.submitPressed)
        #expect(effects == [.run(.signIn(.signIn(username: "alice", password: "Hunter2!secret")))])
        #expect(store.state.password.text.isEmpty)
        #expect(!dumped(store.state).contains("Hunter2"))
        #expect(!String(describing: effects).contains("Hunter2"))
        #expect(!dumped(effects).contains("Hunter2"))
    }

    @Test func linksRouteWithTheUsernameAndEscCancelsOnlyWhenAllowed() {
        var store = signInStore(SignInState(username: "alice"))
        store.press(.tab) { $0.focus = .signIn }
        store.press(.tab) { $0.focus = .createAccount }
        store.press(.enter, [.route(.signUp(username: "alice"))])
        store.press(.tab) { $0.focus = .forgotPassword }
        store.press(.character(" "), [.route(.forgotPassword(username: "alice"))])
        store.press(.escape)
        var cancellable = signInStore(SignInState(canCancel: true))
        cancellable.press(.escape, [.route(.cancelled)])
        cancellable.send(.cancelPressed, [.route(.cancelled)])
    }

    @Test func challengeAndUnconfirmedResultsRoute() {
        var store = signInStore(SignInState(username: "alice"))
        store.type("pw")
        store.send(.submitPressed, [.run(.signIn(.signIn(username: "alice", password: "pw")))]) {
            $0.password.clear()
            $0.request = .signIn
        }
        var challenge = store
        challenge.send(
            .signInFinished(.success(.smsMFA(smsDelivery))),
            [
                .route(.challenge(.smsMFA(smsDelivery), username: "alice"))
            ]
        ) { $0.request = nil }
        store.send(
            .signInFinished(.failure(.userNotConfirmed("User is not confirmed."))),
            [.route(.confirmSignUp(username: "alice", delivery: nil, password: nil, sendNewCode: true))]
        ) { $0.request = nil }
    }
}
