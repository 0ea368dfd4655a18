import AuthScreens
import CognitoAuth
import Foundation
import LatchkeyText
import TerminalKeys
import Testing

@Suite("Sign-in screen: the hosted UI's Continue-with rows and the browser wait")
struct BrowserSignInTests {
    static func withRows() -> SignInState {
        var state = SignInState()
        state.webProviders = ["COGNITO", "Google"]
        return state
    }

    static let wait = HostedUIWait(
        provider: "Google", url: "https://d.auth.us-east-1.amazoncognito.com/oauth2/authorize?x=1",
        browserOpened: false, tunnelLine: "ssh -L 53682:127.0.0.1:53682 alice@box")

    @Test("One row per provider after the form, labelled in words; activating one starts that provider's sign-in")
    func rows() {
        var state = Self.withRows()
        #expect(state.focusOrder == [.username, .password, .signIn, .createAccount, .forgotPassword, .web(0), .web(1)])
        #expect(state.label(for: .web(0)) == "Continue in browser")
        #expect(state.label(for: .web(1)) == "Continue with Google")
        for _ in 0..<6 { _ = state.reduce(.keyPressed(.tab)) }
        #expect(state.focus == .web(1))
        #expect(state.reduce(.keyPressed(.enter)) == [.run(.startHostedUISignIn(provider: "Google"))])
        #expect(state.isInFlight)
        #expect(SignInState().focusOrder.contains(.web(0)) == false)
    }

    @Test("The URL arrives: only the paste field is focusable; a wrong paste keeps waiting with the reason")
    func waitingAndPasting() {
        var state = Self.withRows()
        state.focus = .web(1)
        _ = state.reduce(.keyPressed(.enter))
        _ = state.reduce(.hostedUIStarted(.success(Self.wait)))
        #expect(state.hostedUI == Self.wait)
        #expect(state.focusOrder == [.pasteRedirect, .cancel])
        #expect(state.focus == .pasteRedirect)
        #expect(state.activity == ScreenText.waitingForBrowser)
        // Enter on an empty field asks for the paste, without a request.
        #expect(state.reduce(.keyPressed(.enter)).isEmpty)
        #expect(state.pastedRedirect.error == ScreenText.pasteRequired)
        for character in "http://localhost:53682/callback?code=c&state=x" {
            _ = state.reduce(.keyPressed(.character(character)))
        }
        let effects = state.reduce(.keyPressed(.enter))
        #expect(effects == [.run(.completeHostedUISignIn(pasted: "http://localhost:53682/callback?code=c&state=x"))])
        _ = state.reduce(.signInFinished(.failure(.hostedUI(.stateMismatch))))
        #expect(state.hostedUI != nil)
        #expect(state.banner?.contains("does not belong to this sign-in") == true)
        #expect(state.pastedRedirect.isEmpty)
        // The right redirect (from the listener or a paste) signs in.
        #expect(state.reduce(.signInFinished(.success(.done))) == [.route(.signedIn)])
        #expect(state.hostedUI == nil)
    }

    @Test("Esc cancels the wait and closes the listener; a refused code ends it with the reason")
    func cancelAndRefusal() {
        var state = Self.withRows()
        state.focus = .web(0)
        _ = state.reduce(.keyPressed(.enter))
        _ = state.reduce(.hostedUIStarted(.success(Self.wait)))
        #expect(state.reduce(.keyPressed(.escape)) == [.run(.cancelHostedUISignIn)])
        #expect(state.hostedUI == nil)
        #expect(state.notice == ScreenText.browserSignInCancelled)
        #expect(state.focus == .web(0))

        _ = state.reduce(.keyPressed(.enter))
        _ = state.reduce(.hostedUIStarted(.success(Self.wait)))
        let effects = state.reduce(.signInFinished(.failure(.hostedUI(.codeRejected(description: nil)))))
        #expect(effects == [.run(.cancelHostedUISignIn)])
        #expect(state.hostedUI == nil)
        #expect(state.banner?.contains("refused") == true)
    }

    @Test("A configuration without OAuth names no rows; one with it names the pool's page and each provider")
    func options() {
        var options = AuthUIOptions()
        #expect(options.webProviders.isEmpty)
        options.apply(
            HostedUIConfiguration(
                webDomain: URL(string: "https://d.auth.us-east-1.amazoncognito.com")!,
                signInRedirectURIs: [URL(string: "http://localhost:53682/callback")!], identityProviders: ["Google"]))
        #expect(options.webProviders == ["COGNITO", "Google"])
    }

    @Test("Ctrl-Y copies the sign-in URL while the browser sign-in waits; the footer says so; elsewhere not")
    func copiesTheSignInURL() throws {
        var options = AuthUIOptions()
        options.apply(
            HostedUIConfiguration(
                webDomain: try #require(URL(string: "https://d.auth.us-east-1.amazoncognito.com")),
                signInRedirectURIs: [try #require(URL(string: "http://localhost:53682/callback"))],
                identityProviders: []))
        var app = AppState(options: options, now: t0, timeZone: utc)
        #expect(app.reduce(.keyPressed(.ctrl("y"))).isEmpty)
        #expect(!app.keyHints.contains(ScreenText.hintCopySignInURL))
        for _ in 0..<5 { _ = app.reduce(.keyPressed(.tab)) }
        _ = app.reduce(.keyPressed(.enter))
        _ = app.reduce(.signIn(.hostedUIStarted(.success(Self.wait))))
        #expect(app.hostedUIWaitShowing == Self.wait)
        #expect(app.statusLineActivity == ScreenText.waitingForBrowser)
        #expect(app.keyHints.contains(ScreenText.hintCopySignInURL))
        #expect(app.reduce(.keyPressed(.ctrl("y"))) == [.copy(SecretText(Self.wait.url), as: .signInURL)])
        _ = app.reduce(.tokenCopied(.signInURL, .success(CopyReceipt(characters: Self.wait.url.count))))
        let copied = "Copied the sign-in URL (\(Self.wait.url.count) characters) to the clipboard."
        #expect(app.statusMessage == copied)
        // The confirmation shows on the status line instead of the passive "Waiting for the browser".
        #expect(app.statusLineActivity == nil)
        #expect(app.statusLine == copied)
        // Ctrl-Y is not typed into the paste field.
        #expect(app.hostedUIWaitShowing != nil)
    }
}
