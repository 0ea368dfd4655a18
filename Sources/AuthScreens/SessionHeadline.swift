import CognitoAuth
import Foundation

/// Why the user has to sign in again, as the prompt and the header word it.
public enum ReloginCause: Hashable, Sendable {
    /// The refresh token expired (or nothing more specific is known).
    case expired
    /// The tokens were revoked: a global sign-out (another device, an administrator).
    case revoked
    /// The refresh token was already used by another copy of the session (rotation).
    case reused
    /// The account is gone (deleted) or cannot be found.
    case accountGone
    /// The account was disabled.
    case disabled
    /// The pool requires a password reset.
    case passwordReset
    /// The federated provider's token was rejected.
    case federated
    /// The session ended for a reason the service did not say.
    case unknown

    /// The cause for `state`, from the refresh failure that preceded it (nil when none was seen).
    public init(state: UserState, lastError: AuthError?) {
        if state == .signedOutFederatedTokensInvalid {
            self = .federated
            return
        }
        switch lastError {
        case .notAuthorized(let message)?:
            switch NotAuthorizedVariant(message) {
            case .revoked: self = .revoked
            case .userDisabled: self = .disabled
            case .expired: self = .expired
            default: self = .unknown
            }
        case .userNotFound?: self = .accountGone
        case .passwordResetRequired?: self = .passwordReset
        case .service(let type, _)? where type == "RefreshTokenReuseException": self = .reused
        case nil: self = .unknown
        default: self = .unknown
        }
    }
}

/// The top line's description of the session: a symbol, words and a tone for the colour.
///
/// The API's state name (`signedOutUserPoolsTokenInvalid`) stays on the dashboard's state row;
/// the header says what it means ("Session expired: sign in again").
public struct SessionHeadline: Hashable, Sendable {
    /// How the header is coloured.
    public enum Tone: Hashable, Sendable {
        /// Signed in and online (green).
        case good
        /// Signed out, guest, starting (neutral).
        case neutral
        /// Usable with a caveat: offline (yellow).
        case warning
        /// The user must act: sign in again (red).
        case error
    }

    /// The symbol before the words: ✔ ● ⚠ ✖.
    public var symbol: String
    /// The words: "Signed in", "Offline", "Session expired: sign in again".
    public var words: String
    /// The tone.
    public var tone: Tone

    /// The headline for a session.
    public init(state: UserState, isOnline: Bool, cause: ReloginCause) {
        switch state {
        case .signedIn where !isOnline, .guest where !isOnline:
            (symbol, words, tone) = ("⚠", ScreenText.offlineHeadline, .warning)
        case .signedIn: (symbol, words, tone) = ("✔", ScreenText.signedInHeadline, .good)
        case .guest: (symbol, words, tone) = ("●", ScreenText.guest, .neutral)
        case .signedOut: (symbol, words, tone) = ("○", ScreenText.signedOutHeadline, .neutral)
        case .unknown: (symbol, words, tone) = ("…", ScreenText.startingHeadline, .neutral)
        case .signedOutUserPoolsTokenInvalid, .signedOutFederatedTokensInvalid:
            (symbol, words, tone) = ("✖", ScreenText.reloginHeadline(cause), .error)
        }
    }

    /// "✔ Signed in".
    public var text: String { "\(symbol) \(words)" }
}

extension ScreenText {
    /// Header words.
    public static let signedInHeadline = "Signed in"
    /// Header words.
    public static let signedOutHeadline = "Signed out"
    /// Header words.
    public static let offlineHeadline = "Offline"
    /// Header words before the store was read.
    public static let startingHeadline = "Starting"

    /// Header words when a new sign-in is needed.
    public static func reloginHeadline(_ cause: ReloginCause) -> String {
        switch cause {
        case .revoked: return "Session revoked: sign in again"
        case .federated: return "Provider sign-in expired: sign in again"
        case .disabled: return "Account disabled"
        case .accountGone: return "Account not found"
        case .passwordReset: return "Password reset required"
        case .expired, .reused, .unknown: return "Session expired: sign in again"
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
        case .signedOutUserPoolsTokenInvalid: words = "Sign-in needed"
        case .signedOutFederatedTokensInvalid: words = "Provider sign-in needed"
        }
        return "\(words) (\(state.rawValue))"
    }

    /// Why the re-login prompt opened.
    public static func reloginReason(_ state: UserState, cause: ReloginCause) -> String {
        let effective: ReloginCause = state == .signedOutFederatedTokensInvalid ? .federated : cause
        switch effective {
        case .federated: return "Your sign-in with the identity provider expired. Sign in again to continue."
        case .expired: return "Your session expired. Sign in again to continue."
        case .revoked:
            return
                "Your session was revoked: signed out everywhere, from another device or by an administrator. Sign in again to continue."
        case .reused:
            return
                "Your session was used by another copy of it (the refresh token was already used). Sign in again to continue."
        case .accountGone:
            return "Your account could not be found (it may have been deleted). Sign in, or create an account."
        case .disabled: return "Your account was disabled. Ask the pool's administrator, then sign in again."
        case .passwordReset: return "Your account needs a password reset before you can sign in again."
        case .unknown: return "Your session ended and cannot be renewed. Sign in again to continue."
        }
    }

    /// The line printed when the UI ends: "latchkey: Signed in as alice".
    public static func exitLine(_ state: UserState, username: String?, cause: ReloginCause = .unknown) -> String {
        let name = username.map { TerminalText.sanitized($0) }
        switch state {
        case .signedIn: return "Signed in" + (name.map { " as \($0)" } ?? "") + "."
        case .signedOut: return "Signed out."
        case .guest: return "Guest (not signed in)."
        case .unknown: return "Not signed in."
        case .signedOutUserPoolsTokenInvalid, .signedOutFederatedTokensInvalid:
            return reloginHeadline(cause) + (name.map { " (\($0))" } ?? "") + ": latchkey sign-in."
        }
    }

    /// `O` pressed: the confirmation's title.
    public static let globalSignOutTitle = "Sign out everywhere"
    /// `O` pressed: the question.
    public static let globalSignOutQuestion = "Sign out of every device? y/N"
    /// `O` pressed: what it does.
    public static let globalSignOutExplanation =
        "Every device's refresh token is revoked, so no device can renew its session. Access tokens already issued stay valid until they expire (at most an hour)."
    /// Hints while the question shows.
    public static let globalSignOutHints = ["y sign out everywhere", "any other key cancel"]
    /// The answer was not y.
    public static let globalSignOutDeclined = "Sign out everywhere: cancelled"
    /// The sign-in screen's notice after a global sign-out.
    public static let signedOutEverywhereNotice =
        "Signed out everywhere. Other devices cannot renew their sessions; their access tokens stay valid until they expire (at most an hour)."

    /// Resend code while cooling down: "Resend code (28 s)".
    public static func resendCodeCooldown(_ seconds: Int) -> String { "\(resendCodeLink) (\(seconds) s)" }
    /// Resend chosen during the cooldown (the button counts down beside it).
    public static let resendCodeWait = "A code was just sent. Resend code works again when its countdown ends."

    /// The "more keys" hint that replaces hints that do not fit.
    public static let hintF1More = "F1 more"
    /// The "more keys" hint on screens without a text field.
    public static let hintHelpMore = "? more"
    /// Key hint on screens without a text field.
    public static let hintHelp = "? help"
}
