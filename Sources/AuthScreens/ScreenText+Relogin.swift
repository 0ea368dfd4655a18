import CognitoAuth
import Foundation
import LatchkeyText

/// The re-login prompt: the modal that opens over the dashboard when the session needs a sign-in
/// while calls wait for tokens.
extension ScreenText {
    /// The prompt's title: "Sign in again".
    public static var reloginTitle: String { Localized.text(\.reloginTitle) }

    /// Why the prompt opened, when nothing more than the user state is known.
    public static func reloginReason(_ state: UserState) -> String { reloginReason(state, cause: .unknown) }

    /// The reset form's line when it was opened from the prompt and `count` calls wait: "1 call is
    /// waiting: it resumes when you sign in with the new password."
    public static func resetWaitingCalls(_ count: Int) -> String {
        count == 1
            ? Localized.text(\.resetWaitingCallsOne)
            : Localized.format(\.resetWaitingCallsOther, ["count": String(count)])
    }

    /// The prompt's line on the calls that wait for its sign-in: "No calls are waiting.", "1 call is
    /// waiting for you to sign in.", "{count} calls are waiting for you to sign in.".
    public static func waitingCalls(_ count: Int) -> String {
        switch count {
        case 0: return Localized.text(\.waitingCallsNone)
        case 1: return Localized.text(\.waitingCallsOne)
        default: return Localized.format(\.waitingCallsOther, ["count": String(count)])
        }
    }

    /// The status line after Esc closed the prompt: press `s` to sign in again.
    public static var reloginCancelledStatus: String { ScreenText.namingKeys(\.reloginCancelledStatus) }
    /// The dashboard's key hint while the session is expired and the prompt is closed: "s sign in again".
    public static var hintSignInAgain: String { dashboardHint(.signInAgain) ?? "" }
}
