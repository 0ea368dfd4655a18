import CognitoAuth
import Foundation

/// Work the runtime does for the view models, as data: each feature's service calls, and what only
/// the runtime can do (the browser, the clipboard, the redirect listener, ending the UI).
///
/// A feature's request comes back as that feature's action (``AuthEffect/screen(_:)`` as
/// `AppAction.screen`, ``AuthEffect/modal(_:)`` as `AppAction.modal`, …): the feature's request enum says
/// which call it makes, in its own `perform(on:)`. Secrets travel as ``SecretText`` so that printing an
/// effect never shows them.
public enum AuthEffect: Hashable, Sendable {
    /// A base screen's request (``ScreenRequest``); its answer comes back to that screen as `AppAction.screen`.
    case screen(ScreenRequest)
    /// The dashboard's request; its answer (if any) comes back as `AppAction.dashboard`.
    case dashboard(DashboardRequest)
    /// The authenticator enrolment's request; its answer comes back as `AppAction.totpEnrolment`.
    case totpEnrolment(TOTPEnrolmentRequest)
    /// A modal's request (``ModalRequest``); its answer comes back to that modal as `AppAction.modal`.
    case modal(ModalRequest)
    /// The app's own request about the session; its answer (if any) comes back as a root action.
    case session(SessionRequest)
    /// Begins a browser sign-in through the hosted UI with `provider` (`COGNITO`, `Google`...): the
    /// URL, a browser opened where there is one, the loopback listener; `hostedUIStarted`, then
    /// `signInFinished` when the redirect arrives.
    case startHostedUISignIn(provider: String)
    /// Completes the waiting browser sign-in with a pasted redirect URL or code; `signInFinished`.
    case completeHostedUISignIn(pasted: SecretText)
    /// Ends the waiting browser sign-in (the listener closes).
    case cancelHostedUISignIn
    /// Opens the hosted UI's `/logout` page after a hosted session signed out; `hostedUISignedOut`.
    case openHostedUILogout(URL)
    /// Cancels the form request in flight; its result is dropped.
    case cancelRequest
    /// Cancel the running passkey ceremony (Esc on its screen): the bridge cancels the authenticator's task.
    case cancelPasskeyCeremony
    /// Give the PIN typed on the ceremony screen to the authenticator waiting for it.
    case answerPasskeyPIN(SecretText)
    /// Hands `text` to the terminal's clipboard (OSC 52), never to the screen or a log; `tokenCopied`.
    case copy(SecretText, as: CopiedToken)
    /// The user quit (Ctrl-C, `q`).
    case quit
    /// The user chose another account, by ``AccountChoice/id`` (nil: sign in as someone else); the UI
    /// ends so the host can start it again on that account's store.
    case switchAccount(String?)
    /// The account rules apply: this account was signed out while another is signed in here, or a
    /// sign-in here is of a user another account holds. The UI ends so the host can apply them
    /// (the command line's, in the core's account directory) and start it again.
    case handOver
    /// The user cancelled the sign-in UI (only when ``AuthUIOptions/canCancel``).
    case dismiss
}

/// The app's own requests about the session (not one screen's): reading the store, releasing the
/// calls that wait for sign-in, and reading a token to copy.
public enum SessionRequest: Hashable, Sendable {
    /// Reads the stored session again; answered by `AppAction.sessionLoaded` (after a sign-in, for the
    /// device it registered).
    case loadSession
    /// `releaseSignInWait()`: the calls waiting for re-login fail (the re-login prompt's Cancel).
    case releaseSignInWait
    /// `getTokens` for the token to copy (`y`, then `i` or `a`); answered by `AppAction.tokenRead`.
    case getTokens(CopiedToken)

    /// Calls `service` for this request and returns the root action its answer comes back as.
    func perform(on service: some AuthClientService) async -> AppAction? {
        switch self {
        case .loadSession:
            return .sessionLoaded(await service.session.map(SessionSummary.init))
        case .releaseSignInWait:
            await service.releaseSignInWait()
            return nil
        case .getTokens(let token):
            return await AuthEffect.outcome { try await service.getTokens(.default) }.map { result in
                .tokenRead(token, result.map { SecretText(token == .id ? $0.idToken : $0.accessToken) })
            }
        }
    }
}

/// Where a screen asks the app to go next.
package enum Route: Equatable, Sendable {
    /// Sign in, with the username filled in and an optional notice ("Password changed. …").
    case signIn(username: String, notice: String?)
    /// Create account, with the username carried over.
    case signUp(username: String)
    /// Enter the sign-up confirmation code; `password` is remembered for automatic sign-in;
    /// `sendNewCode` asks for a fresh code first (the account was found unconfirmed at sign-in).
    case confirmSignUp(username: String, delivery: CodeDeliveryDetails?, password: SecretText?, sendNewCode: Bool)
    /// Forgot password, with the username carried over.
    case forgotPassword(username: String)
    /// A reset started at the re-login prompt ended (or was left): back to the prompt over the dashboard,
    /// the username filled in, with an optional notice; the waiting calls still wait for its sign-in.
    case backToRelogin(username: String, notice: String?)
    /// Answer a sign-in challenge.
    case challenge(SignInStep, username: String)
    /// Enter a first-factor code (USER_AUTH EMAIL_OTP / SMS_OTP) that `method` can send again.
    case signInCode(SignInStep, username: String, method: SignInMethod)
    /// Sign in now with the remembered password (after confirming a new account).
    case autoSignIn(username: String, password: SecretText)
    /// The sign-in completed: show the dashboard.
    case signedIn
    /// The user cancelled this sign-in.
    case cancelled
    /// Back to the dashboard (the authenticator enrolment ended).
    case dashboard
    /// Show a base screen (see ``ScreenOpening``): how a new screen opens, with no route of its own.
    case show(ScreenOpening)
    /// Show a modal over the dashboard: the one way to open one (see ``ModalOpening``).
    case present(ModalOpening)
    /// Close the modal over the dashboard.
    case closeModal
    /// A question was answered (`y` confirms): the dashboard does what it asked, or logs the no.
    case answered(DashboardQuestion, confirmed: Bool)
    /// Show `message` on the status line.
    case status(String)
}

/// What a screen's reducer returns: effects for the runtime, and routes for the app.
package enum ScreenEffect: Equatable, Sendable {
    /// An effect to run.
    case run(AuthEffect)
    /// A navigation request for ``AppState`` to carry out.
    case route(Route)
}
