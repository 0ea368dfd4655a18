import Foundation
import LatchkeyText

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
    public var summary: String? { summary(.english) }

    /// ``summary`` in `language` (English where it has no translation).
    public func summary(_ language: Language) -> String? {
        switch self {
        case .notAuthorized(let message): return NotAuthorizedVariant(message).summary(language)
        // The hosted UI's failures have their own wording, with sanitised server text in it.
        case .hostedUI(let failure): return failure.summary(language)
        case .passkey(let failure): return failure.summary(language)
        default: return wordingKeys.map { Localized.text($0.summary, in: language) }
        }
    }

    /// The texts of this Cognito error's summary and next step; nil for errors without our wording
    /// (and for `notAuthorized`, worded by ``NotAuthorizedVariant``).
    var wordingKeys: (summary: TextKey, nextStep: TextKey)? {
        switch self {
        case .userNotFound: return (\.errorUserNotFoundSummary, \.errorUserNotFoundNextStep)
        case .userNotConfirmed: return (\.errorUserNotConfirmedSummary, \.errorUserNotConfirmedNextStep)
        case .usernameExists: return (\.errorUsernameExistsSummary, \.errorUsernameExistsNextStep)
        case .aliasExists: return (\.errorAliasExistsSummary, \.errorAliasExistsNextStep)
        case .codeMismatch: return (\.errorCodeMismatchSummary, \.errorCodeMismatchNextStep)
        case .expiredCode: return (\.errorExpiredCodeSummary, \.errorExpiredCodeNextStep)
        case .invalidPassword: return (\.errorInvalidPasswordSummary, \.errorInvalidPasswordNextStep)
        case .passwordHistoryPolicyViolation:
            return (\.errorPasswordHistoryPolicyViolationSummary, \.errorPasswordHistoryPolicyViolationNextStep)
        case .passwordResetRequired: return (\.errorPasswordResetRequiredSummary, \.errorPasswordResetRequiredNextStep)
        case .tooManyRequests: return (\.errorTooManyRequestsSummary, \.errorTooManyRequestsNextStep)
        case .limitExceeded: return (\.errorLimitExceededSummary, \.errorLimitExceededNextStep)
        case .tooManyFailedAttempts: return (\.errorTooManyFailedAttemptsSummary, \.errorTooManyFailedAttemptsNextStep)
        case .codeDeliveryFailure: return (\.errorCodeDeliveryFailureSummary, \.errorCodeDeliveryFailureNextStep)
        default: return nil
        }
    }

    /// The next step for someone at a command line, one sentence; nil when ``summary`` is nil.
    public var nextStep: String? { nextStep(.english) }

    /// ``nextStep`` in `language` (English where it has no translation).
    public func nextStep(_ language: Language) -> String? {
        switch self {
        case .notAuthorized(let message): return NotAuthorizedVariant(message).nextStep(language)
        case .hostedUI(let failure): return failure.nextStep(language)
        case .passkey(let failure): return failure.nextStep(language)
        default: return wordingKeys.map { Localized.text($0.nextStep, in: language) }
        }
    }

    /// The server's message, sanitised, when it adds to ``summary``: nil when it is empty, a bare
    /// word (moto's `UsernameExistsException` carries only the username) or a phrasing we map. A wrong
    /// code never has one: "The code is wrong" says all any backend's phrasing can ("Code mismatch",
    /// "Invalid code received for user"; ux-3, item 25).
    public var serverDetail: String? {
        guard summary != nil, let message = serviceMessage else { return nil }
        if case .codeMismatch = self { return nil }
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
    public var worded: String? { worded(.english) }

    /// ``worded`` in `language` (English where it has no translation).
    public func worded(_ language: Language) -> String? {
        guard let summary = summary(language) else { return nil }
        var parts = [summary]
        if let nextStep = nextStep(language) { parts.append(nextStep) }
        if let serverDetail {
            parts.append(
                Localized.text(\.errorDetails, in: language).replacingOccurrences(
                    of: "{detail}", with: Self.sentence(serverDetail)))
        }
        return parts.joined(separator: Localized.text(\.errorSeparator, in: language))
    }

    /// The whole message for a person, in `language`: ``worded(_:)`` where there is our
    /// wording (the Cognito errors, the hosted UI's failures), the transport errors' sentence, else
    /// ``description`` in English.
    public func description(_ language: Language) -> String {
        if let worded = worded(language) { return worded }
        if case .network(let kind, let message) = self {
            return Self.networkDescription(kind: kind, message: message, language)
        }
        return clientDescription(language) ?? description
    }

    /// The sentence for the errors the client itself raises about the session (nobody signed in,
    /// re-login required, another user's session…) and for an unexpected answer; nil for the others.
    func clientDescription(_ language: Language) -> String? {
        func text(_ key: TextKey) -> String { Localized.text(key, in: language) }
        func format(_ key: TextKey, _ values: KeyValuePairs<String, String>) -> String {
            Localized.format(key, values, in: language)
        }
        switch self {
        case .invalidResponse(let status, let detail):
            return format(\.errorClientInvalidResponse, ["status": String(status), "detail": detail])
        case .reloginRequired(let state):
            return format(\.errorClientReloginRequired, ["state": state.rawValue])
        case .signInWaitCancelled: return text(\.errorClientSignInWaitCancelled)
        case .stepUpRequired(let acr):
            let level = acr.first.map { TerminalText.sanitized($0) } ?? "LEVEL"
            return format(\.errorClientStepUpRequired, ["acr": level])
        case .stepUpCancelled: return text(\.errorClientStepUpCancelled)
        case .signedOut: return text(\.errorClientSignedOut)
        case .notSignedIn: return text(\.errorClientNotSignedIn)
        case .anotherUserSignedIn(let signedIn, let attempted):
            return format(
                \.errorClientAnotherUserSignedIn,
                ["current": TerminalText.sanitized(signedIn), "attempted": TerminalText.sanitized(attempted)])
        case .sessionReplaced(let previous, let current):
            return format(
                \.errorClientSessionReplaced,
                ["previous": TerminalText.sanitized(previous), "current": TerminalText.sanitized(current)])
        case .deadlineExceeded: return text(\.errorClientDeadlineExceeded)
        case .sessionIssuerMismatch(let mismatch):
            return format(
                \.errorClientSessionIssuerMismatch,
                [
                    "username": TerminalText.sanitized(mismatch.username ?? "?"),
                    "session": TerminalText.sanitized(mismatch.session.description),
                    "configured": TerminalText.sanitized(
                        mismatch.configured?.description ?? text(\.errorClientNoUserPool)),
                ])
        case .identityIssuerMismatch(let mismatch):
            return format(
                \.errorClientIdentityIssuerMismatch,
                [
                    "username": TerminalText.sanitized(mismatch.username ?? text(\.errorClientGuestIdentity)),
                    "session": TerminalText.sanitized(mismatch.session.description),
                    "configured": TerminalText.sanitized(
                        mismatch.configured?.description ?? text(\.errorClientNoIdentityPool)),
                ])
        case .guestAccessNotAllowed: return text(\.errorClientGuestAccessNotAllowed)
        case .identityPoolNotConfigured: return text(\.errorClientIdentityPoolNotConfigured)
        default: return nil
        }
    }

    /// A transport error's sentence: what happened, the transport's `message`, and what to check.
    static func networkDescription(kind: NetworkFailureKind, message: String, _ language: Language) -> String {
        if kind == .proxyFailure {
            return Localized.format(\.errorNetworkProxyFailure, ["detail": message], in: language)
        }
        let what = Localized.text(networkKey(kind), in: language)
        // The transport's words only when they add something: not "The connection was refused (connection
        // refused)" (issue 29, N25).
        func words(_ text: String) -> Set<Substring> {
            Set(text.lowercased().split(whereSeparator: { !$0.isLetter && !$0.isNumber }))
        }
        let detailWords = words(message)
        if kind != .tlsFailure, detailWords.isSubset(of: words(Localized.text(networkKey(kind), in: .english))) {
            return Localized.format(\.errorNetworkSentenceWithoutDetail, ["what": what], in: language)
        }
        let sentence: TextKey = kind == .tlsFailure ? \.errorNetworkTlsSentence : \.errorNetworkSentence
        return Localized.format(sentence, ["what": what, "detail": message], in: language)
    }

    /// What happened, for a transport error of `kind`: "The connection was refused".
    static func networkKey(_ kind: NetworkFailureKind) -> TextKey {
        switch kind {
        case .connectionRefused: return \.errorNetworkConnectionRefused
        case .connectionReset: return \.errorNetworkConnectionReset
        case .timedOut: return \.errorNetworkTimedOut
        case .dnsFailure: return \.errorNetworkDnsFailure
        case .tlsFailure: return \.errorNetworkTlsFailure
        case .proxyFailure: return \.errorNetworkProxyFailure
        case .other: return \.errorNetworkOther
        }
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
package enum NotAuthorizedVariant: Hashable, Sendable {
    /// "Incorrect username or password."
    case incorrectCredentials
    /// Cognito's "Password attempts exceeded": too many wrong passwords, so sign-in is refused for a while.
    case attemptsExceeded
    /// Cognito's "User is disabled.": an administrator disabled the account.
    case userDisabled
    /// "Refresh Token has been revoked" / "Access Token has been revoked".
    case revoked
    /// "Refresh Token has expired" / "Access Token has expired" / "Invalid session for the user".
    case expired
    /// "Invalid Refresh Token" / "Invalid Access Token".
    case invalidToken
    /// "Unauthenticated access is not supported for this identity pool."
    case guestNotAllowed
    /// Any other `NotAuthorizedException` message, worded as a generic refusal.
    case other

    /// Classifies a `NotAuthorizedException` message by its wording, ignoring case; unknown text is ``other``.
    package init(_ message: String) {
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

    /// The English one-line summary of this refusal, for the person signing in.
    package var summary: String { summary(.english) }

    /// ``summary`` in `language`.
    package func summary(_ language: Language) -> String {
        Localized.text(wordingKeys.summary, in: language)
    }

    /// The English sentence that tells the person what to do about this refusal.
    package var nextStep: String { nextStep(.english) }

    /// ``nextStep`` in `language`.
    package func nextStep(_ language: Language) -> String {
        Localized.text(wordingKeys.nextStep, in: language)
    }

    /// The texts of this refusal's summary and next step.
    var wordingKeys: (summary: TextKey, nextStep: TextKey) {
        switch self {
        case .incorrectCredentials:
            return (\.errorNotAuthorizedIncorrectCredentialsSummary, \.errorNotAuthorizedIncorrectCredentialsNextStep)
        case .attemptsExceeded:
            return (\.errorNotAuthorizedAttemptsExceededSummary, \.errorNotAuthorizedAttemptsExceededNextStep)
        case .userDisabled: return (\.errorNotAuthorizedUserDisabledSummary, \.errorNotAuthorizedUserDisabledNextStep)
        case .revoked: return (\.errorNotAuthorizedRevokedSummary, \.errorNotAuthorizedRevokedNextStep)
        case .expired: return (\.errorNotAuthorizedExpiredSummary, \.errorNotAuthorizedExpiredNextStep)
        case .invalidToken: return (\.errorNotAuthorizedInvalidTokenSummary, \.errorNotAuthorizedInvalidTokenNextStep)
        case .guestNotAllowed:
            return (\.errorNotAuthorizedGuestNotAllowedSummary, \.errorNotAuthorizedGuestNotAllowedNextStep)
        case .other: return (\.errorNotAuthorizedOtherSummary, \.errorNotAuthorizedOtherNextStep)
        }
    }
}
