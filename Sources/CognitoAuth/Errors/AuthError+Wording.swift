import Foundation

/// Our own words for the Cognito errors, in one place: what went wrong, the next step, and the
/// server's text kept only as a detail.
///
/// Cognito's (and moto's) messages are written for developers and vary: `UsernameExistsException`
/// may carry just the username, `NotAuthorizedException` covers a wrong password, a revoked token
/// and a disabled user. The summary is chosen from the error code (and, for the few codes whose
/// variants matter, from the message); the message itself is shown only when it says more.
extension AuthError {
    /// What went wrong, in one sentence of our own (ends with a full stop).
    ///
    /// Nil for the client-side and transport errors, whose descriptions are already ours.
    public var summary: String? {
        switch self {
        case .notAuthorized(let message): return NotAuthorizedVariant(message).summary
        case .userNotFound: return "There is no account with that username."
        case .userNotConfirmed: return "This account is not confirmed yet."
        case .usernameExists: return "That username is taken."
        case .aliasExists: return "Another account already uses that email address or phone number."
        case .codeMismatch: return "The code is wrong."
        case .expiredCode: return "The code has expired."
        case .invalidPassword: return "The password does not meet the pool's password policy."
        case .passwordHistoryPolicyViolation: return "That password was used before."
        case .passwordResetRequired: return "This account needs a password reset."
        case .tooManyRequests: return "Too many requests were made in a short time."
        case .limitExceeded: return "Too many attempts for now."
        case .tooManyFailedAttempts: return "Too many failed attempts."
        case .codeDeliveryFailure: return "The code could not be delivered."
        default: return nil
        }
    }

    /// The next step for someone at a command line, one sentence; nil when ``summary`` is nil.
    public var nextStep: String? {
        switch self {
        case .notAuthorized(let message): return NotAuthorizedVariant(message).nextStep
        case .userNotFound: return "Check the username, or create an account (latchkey sign-up)."
        case .userNotConfirmed:
            return "Confirm it with the code that was sent (latchkey confirm-sign-up)."
        case .usernameExists: return "Choose another username, or sign in with it."
        case .aliasExists: return "Use another email address or phone number, or sign in to that account."
        case .codeMismatch: return "Check the code, or ask for a new one."
        case .expiredCode: return "Ask for a new code."
        case .invalidPassword: return "Choose a password that meets the policy."
        case .passwordHistoryPolicyViolation: return "Choose a password you have not used before."
        case .passwordResetRequired: return "Reset the password (latchkey forgot-password), then sign in."
        case .tooManyRequests: return "Wait a moment, then try again."
        case .limitExceeded: return "Wait a while, then try again."
        case .tooManyFailedAttempts: return "Wait before trying again."
        case .codeDeliveryFailure: return "Check the email address or phone number, then ask for a new code."
        default: return nil
        }
    }

    /// The server's message, sanitised, when it adds to ``summary``: nil when it is empty, a bare
    /// word (moto's `UsernameExistsException` carries only the username) or a phrasing we map.
    public var serverDetail: String? {
        guard summary != nil, let message = serviceMessage else { return nil }
        let text = TerminalText.sanitized(message).trimmingCharacters(in: .whitespacesAndNewlines)
        guard text.contains(" ") else { return nil }
        if case .notAuthorized = self, NotAuthorizedVariant(message) != .other { return nil }
        let known = [
            "user does not exist", "user already exists", "invalid verification code provided",
            "invalid code provided", "invalid code received", "user is not confirmed", "password reset required",
            "attempt limit exceeded", "username/client id combination not found",
        ]
        let lowered = text.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: ". "))
        if known.contains(where: { lowered.hasPrefix($0) }) { return nil }
        return text
    }

    /// The summary, the next step and the detail joined as sentences: "That username is taken.
    /// Choose another username, or sign in with it."; nil when ``summary`` is nil.
    public var worded: String? {
        guard let summary else { return nil }
        var parts = [summary]
        if let nextStep { parts.append(nextStep) }
        if let serverDetail { parts.append("Details: \(Self.sentence(serverDetail))") }
        return parts.joined(separator: " ")
    }

    /// The message the server sent, for the Cognito exceptions.
    var serviceMessage: String? {
        switch self {
        case .notAuthorized(let message), .userNotFound(let message), .userNotConfirmed(let message),
            .usernameExists(let message), .aliasExists(let message), .codeMismatch(let message),
            .expiredCode(let message), .invalidPassword(let message), .passwordHistoryPolicyViolation(let message),
            .invalidParameter(let message), .passwordResetRequired(let message), .tooManyRequests(let message),
            .limitExceeded(let message), .tooManyFailedAttempts(let message), .codeDeliveryFailure(let message):
            return message
        default: return nil
        }
    }

    /// `text` ending with a full stop (or the ! or ? it already has).
    static func sentence(_ text: String) -> String {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard let last = trimmed.last else { return trimmed }
        return ".!?".contains(last) ? trimmed : trimmed + "."
    }
}

/// The kinds of `NotAuthorizedException`, told apart by Cognito's message.
public enum NotAuthorizedVariant: Hashable, Sendable {
    /// "Incorrect username or password."
    case incorrectCredentials
    /// "Password attempts exceeded".
    case attemptsExceeded
    /// "User is disabled."
    case userDisabled
    /// "Refresh Token has been revoked" / "Access Token has been revoked".
    case revoked
    /// "Refresh Token has expired" / "Access Token has expired" / "Invalid session for the user".
    case expired
    /// "Invalid Refresh Token" / "Invalid Access Token".
    case invalidToken
    /// "Unauthenticated access is not supported for this identity pool."
    case guestNotAllowed
    /// Anything else.
    case other

    /// Classifies Cognito's message.
    public init(_ message: String) {
        let lowered = message.lowercased()
        if lowered.contains("incorrect username or password") {
            self = .incorrectCredentials
        } else if lowered.contains("attempts exceeded") {
            self = .attemptsExceeded
        } else if lowered.contains("disabled") {
            self = .userDisabled
        } else if lowered.contains("revoked") {
            self = .revoked
        } else if lowered.contains("expired") || lowered.contains("invalid session") {
            self = .expired
        } else if lowered.contains("invalid refresh token") || lowered.contains("invalid access token") {
            self = .invalidToken
        } else if lowered.contains("unauthenticated access") {
            self = .guestNotAllowed
        } else {
            self = .other
        }
    }

    /// What went wrong.
    public var summary: String {
        switch self {
        case .incorrectCredentials: return "The username or password is incorrect."
        case .attemptsExceeded: return "Too many wrong passwords for now."
        case .userDisabled: return "This account is disabled."
        case .revoked: return "The session was revoked."
        case .expired: return "The session expired."
        case .invalidToken: return "The session is no longer valid."
        case .guestNotAllowed: return "The identity pool does not allow guest access."
        case .other: return "The request was not authorised."
        }
    }

    /// The next step.
    public var nextStep: String {
        switch self {
        case .incorrectCredentials: return "Check them and try again, or reset the password (latchkey forgot-password)."
        case .attemptsExceeded: return "Wait a few minutes, or reset the password (latchkey forgot-password)."
        case .userDisabled: return "Ask the pool's administrator to enable it."
        case .revoked, .expired, .invalidToken: return "Sign in again (latchkey sign-in)."
        case .guestNotAllowed: return "Sign in first."
        case .other: return "Check the credentials, then try again."
        }
    }
}
