import CognitoAuth
import Foundation
import TerminalKeys

/// Everything that can happen to the app, nested as the view models are: what belongs to one view
/// (its keys' effects, its requests' results) travels inside that view's own action.
///
/// Only what concerns the whole app sits at the root: keys before they are routed, auth events,
/// the stored session, ticks, resizes, the clipboard and the hosted UI's sign-out.
public enum AppAction: Sendable {
    /// A key was pressed (``AppState`` routes it to the view that has focus).
    case keyPressed(Key)
    /// A key the terminal read while its screen showed a frame of a state with `seenOpenings`
    /// ``AppState/unaskedOpenings``: when a modal opened unasked since (the re-login prompt, "Remember this
    /// device?"), the key was typed before the user could see it, and is dropped (typeahead, as `sudo`
    /// and `ssh` discard it); otherwise it is ``keyPressed(_:)``.
    case keyTyped(Key, seenOpenings: Int)
    /// The auth client published an event (see ``authEvent(_:)`` to pass an `AuthEvent`).
    case sessionEvent(SessionEvent)
    /// The runtime read the stored session (secrets left out).
    case sessionLoaded(SessionSummary?)
    /// The one-second tick: drives clocks, expiry gauges, cooldowns and the offline probe.
    case tick(now: Date)
    /// The renderer found the terminal too small (or big enough again).
    case terminalSizeChanged(tooSmall: Bool)
    /// For a base screen (Sign in, Create account, the codes, Forgot password, a challenge), nested by screen
    /// (``ScreenAction``): its requests' answers come back to the screen that asked.
    case screen(ScreenAction)
    /// An action for the dashboard (also while another screen shows over it).
    case dashboard(DashboardAction)
    /// For a modal over the dashboard, nested by modal (``ModalAction``): its requests' answers come back
    /// to the modal that asked, never to whatever shows when they arrive.
    case modal(ModalAction)
    /// For the authenticator enrolment the dashboard's `t` starts.
    case totpEnrolment(TOTPEnrolmentAction)
    /// A hosted session signed out: the hosted UI's `/logout` URL was opened, or is to be opened.
    case hostedUISignedOut(logoutURL: String, browserOpened: Bool)
    /// The token to copy was read (`getTokens`), or could not be.
    case tokenRead(CopiedToken, Result<SecretText, AuthError>)
    /// A token or URI went to the clipboard (its length in characters), or could not.
    case tokenCopied(CopiedToken, Result<CopyReceipt, AuthError>)
    /// What the passkey ceremony's bridge said (it started, a prompt, a PIN request, it ended).
    case passkeyCeremony(PasskeyCeremonyEvent)

    /// The auth client's event, translated.
    public static func authEvent(_ event: AuthEvent) -> AppAction { .sessionEvent(SessionEvent(event)) }
}

/// What happens to the authenticator enrolment the dashboard's `t` starts (outside a sign-in).
public enum TOTPEnrolmentAction: Sendable {
    /// `setUpTOTP` finished: the secret to show, or why not.
    case started(Result<TOTPSetupDetails, AuthError>)
    /// `verifyTOTPSetup` finished: the app is enrolled, or why not.
    case verified(Result<Void, AuthError>)
}
