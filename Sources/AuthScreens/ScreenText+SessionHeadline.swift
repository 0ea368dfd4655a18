import CognitoAuth
import Foundation
import LatchkeyText

/// The header's session headline, the exit line, and the shared hint and cooldown texts.
extension ScreenText {
    /// The header's words while signed in and online: "Signed in".
    public static var signedInHeadline: String { Localized.text(\.signedInHeadline) }
    /// The header's words while signed out: "Signed out".
    public static var signedOutHeadline: String { Localized.text(\.signedOutHeadline) }
    /// The header's words while signed in (or a guest) but the backend does not answer: "Offline".
    public static var offlineHeadline: String { Localized.text(\.offlineHeadline) }
    /// Header words before the store was read.
    public static var startingHeadline: String { Localized.text(\.startingHeadline) }

    /// Header words when a new sign-in is needed.
    public static func reloginHeadline(_ cause: ReloginCause) -> String {
        switch cause {
        case .revoked: return Localized.text(\.reloginHeadlineRevoked)
        case .federated: return Localized.text(\.reloginHeadlineFederated)
        case .disabled: return Localized.text(\.reloginHeadlineDisabled)
        case .accountGone: return Localized.text(\.reloginHeadlineAccountGone)
        case .passwordReset: return Localized.text(\.reloginHeadlinePasswordReset)
        case .expired, .reused: return Localized.text(\.reloginHeadlineExpired)
        // Not known (a relaunch reads no cause from the store): "ended", never a guess such as "expired"
        // for a session that was revoked (ux-3, item 11).
        case .unknown: return Localized.text(\.reloginHeadlineEnded)
        }
    }

    /// The dashboard's state row: the words and the API's name, "Signed in (signedIn)".
    public static func stateRow(_ state: UserState) -> String {
        let words: String
        switch state {
        case .signedIn: words = signedInHeadline
        case .signedOut: words = signedOutHeadline
        case .guest: words = guest
        case .unknown: words = startingHeadline
        case .signedOutUserPoolsTokenInvalid: words = Localized.text(\.stateRowSignedOutUserPoolsTokenInvalid)
        case .signedOutFederatedTokensInvalid: words = Localized.text(\.stateRowSignedOutFederatedTokensInvalid)
        }
        return Localized.format(\.stateRow, ["words": words, "state": state.rawValue])
    }

    /// Why the re-login prompt opened.
    public static func reloginReason(_ state: UserState, cause: ReloginCause) -> String {
        let effective: ReloginCause = state == .signedOutFederatedTokensInvalid ? .federated : cause
        switch effective {
        case .federated: return Localized.text(\.reloginReasonFederated)
        case .expired: return Localized.text(\.reloginReasonExpired)
        case .revoked: return Localized.text(\.reloginReasonRevoked)
        case .reused: return Localized.text(\.reloginReasonReused)
        case .accountGone: return Localized.text(\.reloginReasonAccountGone)
        case .disabled: return Localized.text(\.reloginReasonDisabled)
        case .passwordReset: return Localized.text(\.reloginReasonPasswordReset)
        case .unknown: return Localized.text(\.reloginReasonUnknown)
        }
    }

    /// The line printed when the UI ends: "latchkey: Signed in as alice"; a sign-in needed again names
    /// `signInCommand`, with the options the UI was started with (ux-3, item 27).
    public static func exitLine(
        _ state: UserState, username: String?, cause: ReloginCause = .unknown,
        signInCommand: String = "latchkey sign-in"
    ) -> String {
        let name = username.map { TerminalText.sanitized($0) }
        switch state {
        case .signedIn:
            return name.map { Localized.format(\.exitLineSignedInAs, ["username": $0]) }
                ?? Localized.text(\.exitLineSignedIn)
        case .signedOut: return Localized.text(\.exitLineSignedOut)
        case .guest: return Localized.text(\.exitLineGuest)
        case .unknown: return Localized.text(\.exitLineUnknown)
        case .signedOutUserPoolsTokenInvalid, .signedOutFederatedTokensInvalid:
            guard let name else {
                return Localized.format(
                    \.exitLineRelogin, ["headline": reloginHeadline(cause), "command": signInCommand])
            }
            return Localized.format(
                \.exitLineReloginAs, ["headline": reloginHeadline(cause), "username": name, "command": signInCommand])
        }
    }

    /// `O` pressed: the confirmation's title.
    public static var globalSignOutTitle: String { Localized.text(\.globalSignOutTitle) }
    /// `O` pressed: the question.
    public static var globalSignOutQuestion: String { ScreenText.namingKeys(\.globalSignOutQuestion) }
    /// `O` pressed: what it does.
    public static var globalSignOutExplanation: String { Localized.text(\.globalSignOutExplanation) }
    /// Hints while the question shows.
    public static var globalSignOutHints: [String] { DashboardQuestion.signOutEverywhere.hints.map(\.text) }
    /// The answer was not y.
    public static var globalSignOutDeclined: String { Localized.text(\.globalSignOutDeclined) }
    /// The sign-in screen's notice after a global sign-out.
    public static var signedOutEverywhereNotice: String { Localized.text(\.signedOutEverywhereNotice) }

    /// Resend code while cooling down: "Resend code (28 s)".
    public static func resendCodeCooldown(_ seconds: Int) -> String {
        Localized.format(\.resendCodeCooldown, ["button": resendCodeLink, "seconds": String(seconds)])
    }
    /// Resend chosen during the cooldown (the button counts down beside it).
    public static var resendCodeWait: String { Localized.text(\.resendCodeWait) }

    /// The "more keys" hint that replaces hints that do not fit.
    public static var hintF1More: String { AppKeys.helpHint(onForm: true, more: true).text }
    /// The "more keys" hint on screens without a text field.
    public static var hintHelpMore: String { AppKeys.helpHint(onForm: false, more: true).text }
    /// Key hint on screens without a text field.
    public static var hintHelp: String { AppKeys.helpHint(onForm: false, more: false).text }
}
