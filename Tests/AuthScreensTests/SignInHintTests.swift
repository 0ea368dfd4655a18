import AuthScreens
import CognitoAuth
import Testing

/// Issue 29, N13: the demo's password is shown on its Sign in screen, not only before the UI starts;
/// ux-3 item 8: it stays after a wrong password, the one time its reader needs it most.
@Suite struct SignInHintTests {
    static func demoOptions() -> AuthUIOptions {
        var options = AuthUIOptions()
        options.prefilledUsername = "demo"
        options.signInHint = "Demo user demo: the password is Latchkey-demo-1"
        return options
    }

    @Test func theFirstSignInScreenShowsTheHint() {
        let options = Self.demoOptions()
        let app = AppState(options: options)
        guard case .signIn(let signIn) = app.base else {
            Issue.record("the UI does not open on Sign in")
            return
        }
        #expect(signIn.hint == options.signInHint)
        #expect(signIn.username.text == "demo")
        // Without a hint the screen says nothing extra.
        guard case .signIn(let plain) = AppState(options: AuthUIOptions()).base else { return }
        #expect(plain.hint == nil)
        #expect(plain.notice == nil)
    }

    /// The demo walk (issue 40): Create account opened with "demo", a taken name, in Username and the
    /// focus on Password.
    @Test func createAccountDoesNotCarryThePrefilledUsername() {
        var app = AppState(options: Self.demoOptions())
        _ = app.reduce(.signIn(.createAccountPressed))
        guard case .signUp(let signUp) = app.base else {
            Issue.record("Create account did not open")
            return
        }
        #expect(signUp.username.text.isEmpty)
        #expect(signUp.focus == .username)
    }

    @Test func theHintStaysAfterAWrongPassword() {
        let options = Self.demoOptions()
        var app = AppState(options: options)
        _ = app.reduce(.signIn(.passwordChanged("wrongpass1")))
        _ = app.reduce(.signIn(.submitPressed))
        _ = app.reduce(.signIn(.signInFinished(.failure(.notAuthorized("Incorrect username or password.")))))
        guard case .signIn(let signIn) = app.base else {
            Issue.record("a wrong password left Sign in")
            return
        }
        #expect(signIn.banner != nil)
        #expect(signIn.hint == options.signInHint)
    }
}
