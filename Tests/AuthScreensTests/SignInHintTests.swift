import AuthScreens
import Testing

/// Issue 29, N13: the demo's password is shown on its Sign in screen, not only before the UI starts.
@Suite struct SignInHintTests {
    @Test func theFirstSignInScreenShowsTheHintUntilSubmitted() {
        var options = AuthUIOptions()
        options.prefilledUsername = "demo"
        options.signInHint = "Demo user demo: the password is Latchkey-demo-1"
        let app = AppState(options: options)
        guard case .signIn(let signIn) = app.base else {
            Issue.record("the UI does not open on Sign in")
            return
        }
        #expect(signIn.notice == options.signInHint)
        #expect(signIn.username.text == "demo")
        // Without a hint the screen says nothing extra.
        guard case .signIn(let plain) = AppState(options: AuthUIOptions()).base else { return }
        #expect(plain.notice == nil)
    }
}
