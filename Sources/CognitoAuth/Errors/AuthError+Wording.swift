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
    public var summary: String? { summary(.english) }

    /// ``summary`` in the words `lookup` gives (English when it has none for the key).
    public func summary(_ lookup: AuthTextLookup) -> String? {
        switch self {
        case .notAuthorized(let message): return NotAuthorizedVariant(message).summary(lookup)
        // The hosted UI's failures have their own wording, with sanitised server text in it.
        case .hostedUI(let failure): return failure.summary(lookup)
        default: return wordingName.flatMap { lookup.text("error.\($0).summary") }
        }
    }

    /// The error's name in the wording keys (`error.<name>.summary`); nil for errors without our wording.
    var wordingName: String? {
        switch self {
        case .notAuthorized: return "notAuthorized"
        case .userNotFound: return "userNotFound"
        case .userNotConfirmed: return "userNotConfirmed"
        case .usernameExists: return "usernameExists"
        case .aliasExists: return "aliasExists"
        case .codeMismatch: return "codeMismatch"
        case .expiredCode: return "expiredCode"
        case .invalidPassword: return "invalidPassword"
        case .passwordHistoryPolicyViolation: return "passwordHistoryPolicyViolation"
        case .passwordResetRequired: return "passwordResetRequired"
        case .tooManyRequests: return "tooManyRequests"
        case .limitExceeded: return "limitExceeded"
        case .tooManyFailedAttempts: return "tooManyFailedAttempts"
        case .codeDeliveryFailure: return "codeDeliveryFailure"
        default: return nil
        }
    }

    /// The next step for someone at a command line, one sentence; nil when ``summary`` is nil.
    public var nextStep: String? { nextStep(.english) }

    /// ``nextStep`` in the words `lookup` gives (English when it has none for the key).
    public func nextStep(_ lookup: AuthTextLookup) -> String? {
        switch self {
        case .notAuthorized(let message): return NotAuthorizedVariant(message).nextStep(lookup)
        case .hostedUI(let failure): return failure.nextStep(lookup)
        default: return wordingName.flatMap { lookup.text("error.\($0).nextStep") }
        }
    }

    /// Every wording key of the core with its English text: what a translation of the core's sentences
    /// covers (the Cognito errors, the hosted UI's failures, the transport errors, the store notices).
    public static let englishWording: [String: String] = cognitoWording.merging(
        HostedUIFailure.englishWording.merging(networkWording) { first, _ in first }
            .merging(SessionStoreSelection.englishWording) { first, _ in first }
            .merging(clientWording) { first, _ in first }

            .merging(["provider.cognitoUserPool": "Cognito user pool", "provider.developer": "Developer authenticated"])
        {
            first, _ in first
        }

    ) { first, _ in first }

    /// The transport errors' wording: what happened, then the whole sentence with the transport's
    /// own message as `{detail}`.
    static let networkWording: [String: String] = [
        "error.network.connectionRefused": "The connection was refused",
        "error.network.connectionReset": "The connection was reset",
        "error.network.timedOut": "The request timed out",
        "error.network.dnsFailure": "The host name could not be resolved",
        "error.network.tlsFailure": "The secure connection failed",
        "error.network.other": "The network request failed",
        "error.network.sentence":
            "{what} ({detail}). Check the network and the Endpoint in the configuration, then try again.",
        "error.network.sentenceWithoutDetail":
            "{what}. Check the network and the Endpoint in the configuration, then try again.",
        "error.network.tlsSentence":
            "{what} ({detail}). If a corporate proxy or a private CA signs the server's certificate, set AWS_CA_BUNDLE to a PEM file with that CA; otherwise check the Endpoint in the configuration.",
        "error.network.proxyFailure":
            "The proxy failed ({detail}). Check HTTPS_PROXY / HTTP_PROXY and NO_PROXY, and that the proxy is running, then try again.",
    ]

    /// The Cognito errors' wording.
    static let cognitoWording: [String: String] = [

        "error.userNotFound.summary": "There is no account with that username.",
        "error.userNotConfirmed.summary": "This account is not confirmed yet.",
        "error.usernameExists.summary": "That username is taken.",
        "error.aliasExists.summary": "Another account already uses that email address or phone number.",
        "error.codeMismatch.summary": "The code is wrong.",
        "error.expiredCode.summary": "The code has expired.",
        "error.invalidPassword.summary": "The password does not meet the pool's password policy.",
        "error.passwordHistoryPolicyViolation.summary": "That password was used before.",
        "error.passwordResetRequired.summary": "This account needs a password reset.",
        "error.tooManyRequests.summary": "Too many requests were made in a short time.",
        "error.limitExceeded.summary": "Too many attempts for now.",
        "error.tooManyFailedAttempts.summary": "Too many failed attempts.",
        "error.codeDeliveryFailure.summary": "The code could not be delivered.",
        "error.userNotFound.nextStep": "Check the username, or create an account (latchkey sign-up).",
        "error.userNotConfirmed.nextStep": "Confirm it with the code that was sent (latchkey confirm-sign-up).",
        "error.usernameExists.nextStep": "Choose another username, or sign in with it.",
        "error.aliasExists.nextStep": "Use another email address or phone number, or sign in to that account.",
        "error.codeMismatch.nextStep": "Check the code, or ask for a new one.",
        "error.expiredCode.nextStep": "Ask for a new code.",
        "error.invalidPassword.nextStep": "Choose a password that meets the policy.",
        "error.passwordHistoryPolicyViolation.nextStep": "Choose a password you have not used before.",
        "error.passwordResetRequired.nextStep": "Reset the password (latchkey forgot-password), then sign in.",
        "error.tooManyRequests.nextStep": "Wait a moment, then try again.",
        "error.limitExceeded.nextStep": "Wait a while, then try again.",
        "error.tooManyFailedAttempts.nextStep": "Wait before trying again.",
        "error.codeDeliveryFailure.nextStep": "Check the email address or phone number, then ask for a new code.",
        "error.notAuthorized.incorrectCredentials.summary": "The username or password is incorrect.",
        "error.notAuthorized.attemptsExceeded.summary": "Too many wrong passwords for now.",
        "error.notAuthorized.userDisabled.summary": "This account is disabled.",
        "error.notAuthorized.revoked.summary": "The session was revoked.",
        "error.notAuthorized.expired.summary": "The session expired.",
        "error.notAuthorized.invalidToken.summary": "The session is no longer valid.",
        "error.notAuthorized.guestNotAllowed.summary": "The identity pool does not allow guest access.",
        "error.notAuthorized.other.summary": "The request was not authorised.",
        "error.notAuthorized.incorrectCredentials.nextStep":
            "Check them and try again, or reset the password (latchkey forgot-password).",
        "error.notAuthorized.attemptsExceeded.nextStep":
            "Wait a few minutes, or reset the password (latchkey forgot-password).",
        "error.notAuthorized.userDisabled.nextStep": "Ask the pool's administrator to enable it.",
        "error.notAuthorized.revoked.nextStep": "Sign in again (latchkey sign-in).",
        "error.notAuthorized.expired.nextStep": "Sign in again (latchkey sign-in).",
        "error.notAuthorized.invalidToken.nextStep": "Sign in again (latchkey sign-in).",
        "error.notAuthorized.guestNotAllowed.nextStep": "Sign in first.",
        "error.notAuthorized.other.nextStep": "Check the credentials, then try again.",
        "error.details": "Details: {detail}",
        // Between the sentences of a worded error (Japanese joins them without a space).
        "error.separator": " ",
    ]

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
    public var worded: String? { worded(.english) }

    /// ``worded`` in the words `lookup` gives (English when it has none for a key).
    public func worded(_ lookup: AuthTextLookup) -> String? {
        guard let summary = summary(lookup) else { return nil }
        var parts = [summary]
        if let nextStep = nextStep(lookup) { parts.append(nextStep) }
        if let serverDetail {
            parts.append(
                lookup.text("error.details").replacingOccurrences(of: "{detail}", with: Self.sentence(serverDetail)))
        }
        return parts.joined(separator: lookup.text("error.separator"))
    }

    /// The whole message for a person, in the words `lookup` gives: ``worded(_:)`` where there is our
    /// wording (the Cognito errors, the hosted UI's failures), the transport errors' sentence, else
    /// ``description`` in English.
    public func description(_ lookup: AuthTextLookup) -> String {
        if let worded = worded(lookup) { return worded }
        if case .network(let kind, let message) = self {
            return Self.networkDescription(kind: kind, message: message, lookup)
        }
        return clientDescription(lookup) ?? description
    }

    /// The sentence for the errors the client itself raises about the session (nobody signed in,
    /// re-login required, another user's session…) and for an unexpected answer; nil for the others.
    func clientDescription(_ lookup: AuthTextLookup) -> String? {
        switch self {
        case .invalidResponse(let status, let detail):
            return lookup.format("error.client.invalidResponse", ["status": String(status), "detail": detail])
        case .reloginRequired(let state):
            return lookup.format("error.client.reloginRequired", ["state": state.rawValue])
        case .signInWaitCancelled: return lookup.text("error.client.signInWaitCancelled")
        case .signedOut: return lookup.text("error.client.signedOut")
        case .notSignedIn: return lookup.text("error.client.notSignedIn")
        case .anotherUserSignedIn(let signedIn, let attempted):
            return lookup.format(
                "error.client.anotherUserSignedIn",
                ["current": TerminalText.sanitized(signedIn), "attempted": TerminalText.sanitized(attempted)])
        case .sessionReplaced(let previous, let current):
            return lookup.format(
                "error.client.sessionReplaced",
                ["previous": TerminalText.sanitized(previous), "current": TerminalText.sanitized(current)])
        case .deadlineExceeded: return lookup.text("error.client.deadlineExceeded")
        case .sessionIssuerMismatch(let mismatch):
            return lookup.format(
                "error.client.sessionIssuerMismatch",
                [
                    "username": TerminalText.sanitized(mismatch.username ?? "?"),
                    "session": TerminalText.sanitized(mismatch.session.description),
                    "configured": TerminalText.sanitized(
                        mismatch.configured?.description ?? lookup.text("error.client.noUserPool")),
                ])
        case .guestAccessNotAllowed: return lookup.text("error.client.guestAccessNotAllowed")
        case .identityPoolNotConfigured: return lookup.text("error.client.identityPoolNotConfigured")
        default: return nil
        }
    }

    /// The wording of ``clientDescription(_:)``, in English.
    static let clientWording: [String: String] = [
        "error.client.invalidResponse":
            "The server sent an unexpected answer (HTTP {status}): {detail}. Check the Endpoint in the configuration.",
        // Words, not the API's state name (issue 29, N25); `status --json` and the debug log keep the name.
        "error.client.reloginRequired":
            "Sign-in needed again: the stored session can no longer be renewed. Sign in again: latchkey sign-in.",
        "error.client.signInWaitCancelled":
            "Sign-in was cancelled, so the call waiting for it failed. Sign in to try again.",
        "error.client.signedOut": "The user signed out while the call was waiting.",
        "error.client.notSignedIn": "Nobody is signed in. Sign in first: latchkey sign-in.",
        "error.client.anotherUserSignedIn":
            "{current}'s session is here (signed in, or waiting to sign in again), so signing in as {attempted} was refused: it would replace {current}'s session and fail {current}'s waiting calls. Sign {current} out first (latchkey sign-out), or sign in as {current}; in code, signIn(…, replacingSession: true) replaces the session deliberately.",
        "error.client.sessionReplaced":
            "{current} signed in in place of {previous}, so the call waiting for {previous}'s session failed. Try it again as {current}, or sign in as {previous}.",
        "error.client.deadlineExceeded": "The call waited past its deadline for a usable session.",
        "error.client.sessionIssuerMismatch":
            "The stored session of {username} was issued by {session}, but this configuration names {configured}; nothing of the session was sent. Use the configuration it was signed in with (`latchkey accounts` shows each account's pool; `--account NAME` picks one), or sign in with this configuration: latchkey sign-in.",
        "error.client.noUserPool": "no user pool",
        "error.client.guestAccessNotAllowed":
            "The identity pool does not allow guest access. Sign in first, or allow unauthenticated identities.",
        "error.client.identityPoolNotConfigured":
            "No identity pool is configured. Add CredentialsProvider.CognitoIdentity.Default to awsconfiguration.json.",
    ]

    /// A transport error's sentence: what happened, the transport's `message`, and what to check.
    static func networkDescription(kind: NetworkFailureKind, message: String, _ lookup: AuthTextLookup) -> String {
        if kind == .proxyFailure { return lookup.format("error.network.proxyFailure", ["detail": message]) }
        let what = lookup.text("error.network.\(kind.rawValue)")
        // The transport's words only when they add something: not "The connection was refused (connection
        // refused)" (issue 29, N25).
        func words(_ text: String) -> Set<Substring> {
            Set(text.lowercased().split(whereSeparator: { !$0.isLetter && !$0.isNumber }))
        }
        let detailWords = words(message)
        if kind != .tlsFailure, detailWords.isSubset(of: words(networkWording["error.network.\(kind.rawValue)"] ?? ""))
        {
            return lookup.format("error.network.sentenceWithoutDetail", ["what": what])
        }
        let sentence = kind == .tlsFailure ? "error.network.tlsSentence" : "error.network.sentence"
        return lookup.format(sentence, ["what": what, "detail": message])
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

    /// ``summary`` in the words `lookup` gives.
    package func summary(_ lookup: AuthTextLookup) -> String {
        lookup.text("error.notAuthorized.\(wordingName).summary")
    }

    /// The English sentence that tells the person what to do about this refusal.
    package var nextStep: String { nextStep(.english) }

    /// ``nextStep`` in the words `lookup` gives.
    package func nextStep(_ lookup: AuthTextLookup) -> String {
        lookup.text("error.notAuthorized.\(wordingName).nextStep")
    }

    /// The variant's name in the wording keys.
    var wordingName: String {
        switch self {
        case .incorrectCredentials: return "incorrectCredentials"
        case .attemptsExceeded: return "attemptsExceeded"
        case .userDisabled: return "userDisabled"
        case .revoked: return "revoked"
        case .expired: return "expired"
        case .invalidToken: return "invalidToken"
        case .guestNotAllowed: return "guestNotAllowed"
        case .other: return "other"
        }
    }
}

/// The words of the core's error sentences, looked up by stable key (`error.codeMismatch.summary`):
/// the core writes English, and a UI in another language passes a lookup that returns its own
/// words (nil for a key it lacks, which then stays English). The core knows no language beyond this.
public struct AuthTextLookup: Sendable {
    private let lookup: @Sendable (_ key: String) -> String?

    /// A lookup that returns the text for a key, or nil to keep the English.
    public init(_ lookup: @escaping @Sendable (_ key: String) -> String?) {
        self.lookup = lookup
    }

    /// The core's own English.
    public static let english = AuthTextLookup { _ in nil }

    /// The text for `key`: the lookup's, else the English of ``AuthError/englishWording``.
    public func text(_ key: String) -> String {
        lookup(key) ?? AuthError.englishWording[key] ?? key
    }

    /// The text for `key` with each `{name}` replaced by its value in one pass (a value holding
    /// `{name}` is not expanded again; an unknown `{name}` stays as written).
    public func format(_ key: String, _ values: [String: String]) -> String {
        Self.fill(text(key)) { values[String($0)] }
    }

    /// `template` with each `{name}` replaced by `value(name)`, in one pass: a value that itself holds
    /// `{name}` is not expanded again, and a `{name}` without a value stays as written. The catalogs of
    /// the UI fill their templates with this too.
    public static func fill(_ template: String, _ value: (Substring) -> String?) -> String {
        guard template.contains("{") else { return template }
        var result = ""
        var rest = Substring(template)
        while let open = rest.firstIndex(of: "{") {
            result += rest[..<open]
            let after = rest[rest.index(after: open)...]
            if let close = after.firstIndex(of: "}"), let filled = value(after[..<close]) {
                result += filled
                rest = after[after.index(after: close)...]
            } else {
                result += "{"
                rest = after
            }
        }
        return result + rest
    }

}
