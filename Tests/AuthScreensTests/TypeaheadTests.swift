import AuthScreens
import AuthScreensTesting
import CognitoAuth
import TerminalKeys
import Testing

/// Issue 35 item 7: a modal that opens unasked (the re-login prompt, "Remember this device?") never
/// takes keys typed before it was drawn.
@Suite struct TypeaheadTests {
    let expired = SessionEvent.stateChanged(.signedOutUserPoolsTokenInvalid, username: "alice", provider: poolProvider)

    @Test("a key typed while the dashboard showed does not reach the re-login prompt's password")
    func keyTypedBeforeThePromptIsDropped() {
        var app = signedInApp()
        let shown = app.unaskedOpenings
        _ = app.reduce(.sessionEvent(expired))
        #expect(app.relogin?.signIn.focus == .password)
        #expect(app.unaskedOpenings == shown + 1)
        // `c` for the dashboard, read after the prompt opened but typed while the dashboard showed.
        #expect(app.reduce(.keyTyped(.character("c"), seenOpenings: shown)).isEmpty)
        #expect(app.relogin?.signIn.password.text == "")
        // Once the prompt is on screen, keys reach it.
        _ = app.reduce(.keyTyped(.character("p"), seenOpenings: app.unaskedOpenings))
        #expect(app.relogin?.signIn.password.text == "p")
    }

    @Test("opening the prompt with `s` (asked for) sets no barrier: the keys that follow reach it")
    func askedPromptTakesKeys() {
        var app = signedInApp()
        _ = app.reduce(.sessionEvent(expired))
        _ = app.reduce(.keyPressed(.escape))
        #expect(app.relogin == nil)
        let shown = app.unaskedOpenings
        _ = app.reduce(.keyTyped(.character("s"), seenOpenings: shown))
        #expect(app.relogin != nil)
        #expect(app.unaskedOpenings == shown)
        _ = app.reduce(.keyTyped(.character("x"), seenOpenings: shown))
        #expect(app.relogin?.signIn.password.text == "x")
    }

    @Test("\\\"Remember this device?\\\" opening unasked does not take a `y` typed before it showed")
    func rememberPromptDropsTypeahead() {
        var app = signedInApp()
        let shown = app.unaskedOpenings
        var summary = SessionSummary(username: "alice")
        summary.deviceKey = "device-1"
        summary.deviceAwaitsRememberChoice = true
        _ = app.reduce(.sessionLoaded(summary))
        #expect(app.rememberDevicePrompt != nil)
        #expect(app.reduce(.keyTyped(.character("y"), seenOpenings: shown)).isEmpty)
        #expect(app.rememberDevicePrompt != nil)
        #expect(
            app.reduce(.keyTyped(.character("y"), seenOpenings: app.unaskedOpenings)) == [
                .devices(.change(.remember(deviceKey: nil, remembered: true)))
            ])
    }
}
