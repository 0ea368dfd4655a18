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
    /// The colour role the header draws the headline in (good, warning, error or neutral).
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

    /// The symbol and the words as one string: "✔ Signed in".
    public var text: String { "\(symbol) \(words)" }
}
