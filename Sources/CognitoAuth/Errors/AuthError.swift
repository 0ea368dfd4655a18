import Foundation
import LatchkeyText

/// Why a network request failed before any answer arrived.
public enum NetworkFailureKind: String, Sendable, Hashable, Codable {
    /// The connection was refused: nothing listens at the endpoint.
    case connectionRefused
    /// The connection was reset or closed mid-request.
    case connectionReset
    /// No answer arrived before the deadline.
    case timedOut
    /// The host name could not be resolved.
    case dnsFailure
    /// The TLS handshake failed.
    case tlsFailure
    /// The HTTP proxy refused the connection or the tunnel, or cannot be reached.
    case proxyFailure
    /// Any other transport failure.
    case other
}

/// Every failure the auth core reports, each with a message that names the problem and the next step.
///
/// Service exceptions keep the server's message. Messages never contain passwords, tokens or secret keys.
public enum AuthError: Error, Sendable, Hashable {
    // MARK: Cognito exceptions (user pools and identity pools)
    /// NotAuthorizedException: wrong credentials, a revoked or expired token, or a disallowed flow.
    case notAuthorized(String)
    /// UserNotFoundException: no user in the pool has that username or alias.
    case userNotFound(String)
    /// UserNotConfirmedException: the account exists but its sign-up was not confirmed.
    case userNotConfirmed(String)
    /// UsernameExistsException: another user already has that username (or email/phone used as one).
    case usernameExists(String)
    /// AliasExistsException: the email or phone number is already an alias of another user.
    case aliasExists(String)
    /// CodeMismatchException: the confirmation or MFA code is wrong.
    case codeMismatch(String)
    /// ExpiredCodeException: the code has expired or was already used; a new one must be requested.
    case expiredCode(String)
    /// InvalidPasswordException: the password does not meet the pool's policy.
    case invalidPassword(String)
    /// PasswordHistoryPolicyViolationException: the new password repeats one of the user's recent ones.
    case passwordHistoryPolicyViolation(String)
    /// InvalidParameterException: Cognito rejected a parameter of the request; its message names which.
    case invalidParameter(String)
    /// PasswordResetRequiredException: the password was reset by an administrator and must be reset first.
    case passwordResetRequired(String)
    /// TooManyRequestsException: Cognito throttled the request; retrying after a pause may succeed.
    case tooManyRequests(String)
    /// LimitExceededException: a per-user or per-pool limit (such as code requests) was reached for now.
    case limitExceeded(String)
    /// TooManyFailedAttemptsException: too many wrong codes in a row; the user must wait before retrying.
    case tooManyFailedAttempts(String)
    /// ResourceNotFoundException: the pool or client id does not exist.
    case resourceNotFound(String)
    /// CodeDeliveryFailureException: Cognito could not send the code by email or SMS.
    case codeDeliveryFailure(String)
    /// MFAMethodNotFoundException: the user has no MFA method that this sign-in can use.
    case mfaMethodNotFound(String)
    /// SoftwareTokenMFANotFoundException: the user has no authenticator (TOTP) set up, or the pool forbids it.
    case softwareTokenMFANotFound(String)
    /// EnableSoftwareTokenMFAException: the code that should finish authenticator (TOTP) set-up was refused.
    case enableSoftwareTokenMFA(String)
    /// InvalidUserPoolConfigurationException: the pool or app client settings do not allow this request.
    case invalidUserPoolConfiguration(String)
    /// InvalidLambdaResponseException, UnexpectedLambdaException or UserLambdaValidationException.
    case lambdaFailure(type: String, message: String)
    /// UnsupportedOperationException, UnsupportedTokenTypeException or UnsupportedIdentityProviderException.
    case unsupported(type: String, message: String)
    /// ForbiddenException (blocked by AWS WAF) or UnauthorizedException.
    case forbidden(String)
    /// ConcurrentModificationException: another request changed the same resource at the same time.
    case concurrentModification(String)
    /// ResourceConflictException (identity pools): the change conflicts with an existing link or identity.
    case resourceConflict(String)
    /// ExternalServiceException (identity pools: the external provider failed).
    case externalService(String)
    /// InvalidIdentityPoolConfigurationException: the identity pool's roles or trust policy are unusable.
    case invalidIdentityPoolConfiguration(String)
    /// DeveloperUserAlreadyRegisteredException: the developer user id is linked to another identity.
    case developerUserAlreadyRegistered(String)
    /// InternalErrorException, or a 5xx answer carrying a JSON error.
    case internalError(String)
    /// An exception type this client does not know, kept verbatim.
    case service(type: String, message: String)

    // MARK: Transport and protocol
    /// The backend could not be reached: refused, reset, timed out, DNS.
    case network(kind: NetworkFailureKind, message: String)
    /// The answer was not the JSON the operation expects (an HTML error page, a truncated body, a missing field).
    case invalidResponse(status: Int, detail: String)

    // MARK: Client-side conditions
    /// The session needs the user to sign in again and the caller asked not to wait.
    case reloginRequired(UserState)
    /// A call waiting for sign-in was released by `releaseSignInWait()`.
    case signInWaitCancelled
    /// The tokens carry a lower authentication level (`acr`), or an older authentication, than the
    /// call asks for, and the caller asked not to wait: step up first (CLI exit code 4).
    case stepUpRequired(acr: [String])
    /// A call waiting for a step-up was released by `releaseStepUpWait()` (CLI exit code 4).
    case stepUpCancelled
    /// A call waiting for sign-in failed because the user signed out.
    case signedOut
    /// The operation needs a signed-in user and there is none.
    case notSignedIn
    /// A sign-in as `attempted` was refused because `signedIn` is signed in (or must sign in again)
    /// here; sign out first, or sign in with `replacingSession: true`.
    case anotherUserSignedIn(signedIn: String, attempted: String)
    /// A call waiting for `previous`'s tokens failed because `current` replaced the session.
    case sessionReplaced(previous: String, current: String)
    /// A waiting call passed its deadline.
    case deadlineExceeded
    /// The stored session was issued by another user pool, app client or endpoint than the
    /// configuration names: nothing of it was sent (CLI exit code 2). Use the configuration it was
    /// signed in with, or sign in with this one.
    case sessionIssuerMismatch(SessionIssuerMismatch)
    /// The stored identity id and AWS credentials came from another identity pool or endpoint than
    /// the configuration names: nothing was sent to it, and no cached credentials were served (CLI
    /// exit code 2). Use the configuration the identity was bound with, or sign out and sign in again.
    case identityIssuerMismatch(IdentityIssuerMismatch)
    /// The operation does not fit the current step, such as `confirmSignIn` with no challenge pending.
    case invalidState(String)
    /// The SRP exchange could not be computed (for example the server sent B ≡ 0 mod N).
    case srpFailure(String)
    /// A token could not be decoded or failed verification.
    case invalidToken(String)
    /// The session store could not be read or written (CLI exit code 5).
    case storage(String)
    /// The session store is not safe to use: another user owns it or can write to it (CLI exit code 2).
    case unsafeStore(String)
    /// The configuration is missing or wrong.
    case configuration(ConfigurationError)
    /// The identity pool does not allow guests and nobody is signed in.
    case guestAccessNotAllowed
    /// The client has no identity pool configured.
    case identityPoolNotConfigured
    /// A sign-in through the hosted UI (OAuth 2.0 with PKCE) failed; see ``HostedUIFailure``.
    case hostedUI(HostedUIFailure)
    /// A passkey ceremony failed: one of Cognito's WebAuthn exceptions, or Latchkey's own refusal; see ``PasskeyFailure``.
    case passkey(PasskeyFailure)
}

extension AuthError {
    /// Maps a Cognito exception type (with any `namespace#` prefix already removed) to its case.
    package static func fromService(type: String, message: String) -> AuthError {
        if let failure = PasskeyFailure.fromService(type: type, message: TerminalText.sanitized(message)) {
            return .passkey(failure)
        }
        switch type {
        case "NotAuthorizedException": return .notAuthorized(message)
        case "UserNotFoundException": return .userNotFound(message)
        case "UserNotConfirmedException": return .userNotConfirmed(message)
        case "UsernameExistsException": return .usernameExists(message)
        case "AliasExistsException": return .aliasExists(message)
        case "CodeMismatchException": return .codeMismatch(message)
        case "ExpiredCodeException": return .expiredCode(message)
        case "InvalidPasswordException": return .invalidPassword(message)
        case "PasswordHistoryPolicyViolationException": return .passwordHistoryPolicyViolation(message)
        case "InvalidParameterException", "InvalidParameterCombinationException", "ValidationException":
            return .invalidParameter(message)
        case "PasswordResetRequiredException": return .passwordResetRequired(message)
        case "TooManyRequestsException", "ThrottlingException", "Throttling": return .tooManyRequests(message)
        case "LimitExceededException": return .limitExceeded(message)
        case "TooManyFailedAttemptsException": return .tooManyFailedAttempts(message)
        case "ResourceNotFoundException": return .resourceNotFound(message)
        case "CodeDeliveryFailureException": return .codeDeliveryFailure(message)
        case "MFAMethodNotFoundException": return .mfaMethodNotFound(message)
        case "SoftwareTokenMFANotFoundException": return .softwareTokenMFANotFound(message)
        case "EnableSoftwareTokenMFAException": return .enableSoftwareTokenMFA(message)
        case "InvalidUserPoolConfigurationException", "InvalidSmsRoleAccessPolicyException",
            "InvalidSmsRoleTrustRelationshipException", "InvalidEmailRoleAccessPolicyException",
            "InvalidOAuthFlowException", "UserPoolAddOnNotEnabledException":
            return .invalidUserPoolConfiguration(message)
        case "InvalidLambdaResponseException", "UnexpectedLambdaException", "UserLambdaValidationException":
            return .lambdaFailure(type: type, message: message)
        case "UnsupportedOperationException", "UnsupportedTokenTypeException",
            "UnsupportedIdentityProviderException", "UnsupportedUserStateException":
            return .unsupported(type: type, message: message)
        case "ForbiddenException", "UnauthorizedException", "AccessDeniedException": return .forbidden(message)
        case "ConcurrentModificationException": return .concurrentModification(message)
        case "ResourceConflictException": return .resourceConflict(message)
        case "ExternalServiceException": return .externalService(message)
        case "InvalidIdentityPoolConfigurationException": return .invalidIdentityPoolConfiguration(message)
        case "DeveloperUserAlreadyRegisteredException": return .developerUserAlreadyRegistered(message)
        case "InternalErrorException", "InternalFailure", "InternalServerError", "ServiceUnavailable":
            return .internalError(message)
        default: return .service(type: type, message: message)
        }
    }

    /// Whether retrying the same request later may succeed: network failures, throttling and server errors.
    public var isTransient: Bool {
        switch self {
        case .network, .tooManyRequests, .limitExceeded, .internalError: return true
        case .invalidResponse(let status, _): return status >= 500 || status == 0 || status == 429
        default: return false
        }
    }

    /// Whether the backend could not be reached at all.
    public var isNetworkFailure: Bool {
        if case .network = self { return true }
        return false
    }

    /// The error a failed session-store read or write surfaces as.
    public init(storeError: SessionStoreError) {
        if case .unsafe = storeError {
            self = .unsafeStore(storeError.description)
        } else {
            self = .storage(storeError.description)
        }
    }

    /// What kind of failure this is, for callers that act on the kind (a CLI's exit code, a retry).
    public var failureKind: AuthFailureKind {
        switch self {
        case .network: return .network
        // The service is there but overloaded or failing: a server-side failure, like a 5xx.
        case .tooManyRequests, .internalError: return .network
        case .invalidResponse(let status, _) where status == 0 || status >= 500: return .network
        case .reloginRequired, .signInWaitCancelled, .sessionReplaced, .stepUpRequired, .stepUpCancelled:
            return .reloginRequired
        case .configuration, .unsafeStore, .sessionIssuerMismatch, .identityIssuerMismatch: return .configuration
        case .passkey(let failure) where failure.isConfigurationProblem: return .configuration
        case .storage: return .storage
        default: return .authentication
        }
    }
}

/// The kinds of ``AuthError``, coarse enough for a caller to branch on.
public enum AuthFailureKind: Sendable, Equatable {
    /// Cognito refused the request: credentials, codes, policies, limits, bad parameters.
    case authentication
    /// The configuration is wrong, or the session store is unsafe to use.
    case configuration
    /// The service could not be reached, or answered with a server-side failure.
    case network
    /// The call needs a sign-in first: re-login required, the wait was released, or the session replaced.
    case reloginRequired
    /// The session could not be written to or removed from local storage.
    case storage
}

extension AuthError: LocalizedError, CustomStringConvertible {
    /// A one-paragraph explanation with the next step.
    public var description: String { errorDescription ?? "Authentication failed." }

    /// The message for `LocalizedError`: our wording where there is one, else a sentence for the case.
    public var errorDescription: String? {
        if let worded { return worded }
        switch self {
        case .notAuthorized, .userNotFound, .userNotConfirmed, .usernameExists, .aliasExists, .codeMismatch,
            .expiredCode, .invalidPassword, .passwordHistoryPolicyViolation,
            .passwordResetRequired, .tooManyRequests, .limitExceeded, .tooManyFailedAttempts, .codeDeliveryFailure:
            return worded
        case .invalidParameter(let message):
            // Often our own sentence (an empty username, a flow the client does not allow), else Cognito's.
            return "Invalid request: \(Self.sentence(TerminalText.sanitized(message)))"
        case .resourceNotFound(let message):
            return "\(message) Check PoolId and AppClientId in the configuration."
        case .mfaMethodNotFound(let message): return "No MFA method is set up: \(message)"
        case .softwareTokenMFANotFound(let message): return "No authenticator app is set up: \(message)"
        case .enableSoftwareTokenMFA(let message):
            return "The authenticator code was not accepted: \(message) Try the current code."
        case .invalidUserPoolConfiguration(let message): return "The user pool is misconfigured: \(message)"
        case .lambdaFailure(let type, let message): return "A user pool trigger failed (\(type)): \(message)"
        case .unsupported(let type, let message): return "Not supported (\(type)): \(message)"
        case .forbidden(let message): return "Forbidden: \(message)"
        case .concurrentModification(let message): return "Concurrent modification: \(message) Try again."
        case .resourceConflict(let message): return "Conflict: \(message)"
        case .externalService(let message): return "The identity provider failed: \(message)"
        case .invalidIdentityPoolConfiguration(let message): return "The identity pool is misconfigured: \(message)"
        case .developerUserAlreadyRegistered(let message): return "Developer user already registered: \(message)"
        case .internalError(let message): return "The service had an internal error: \(message) Try again later."
        case .service(let type, let message): return "\(type): \(message)"
        case .network(let kind, let message):
            return Self.networkDescription(kind: kind, message: message, .english)

        case .invalidResponse, .reloginRequired, .signInWaitCancelled, .stepUpRequired, .stepUpCancelled, .signedOut,
            .notSignedIn,
            .anotherUserSignedIn, .sessionReplaced, .deadlineExceeded, .sessionIssuerMismatch, .identityIssuerMismatch,
            .guestAccessNotAllowed, .identityPoolNotConfigured:
            return clientDescription(.english)
        case .invalidState(let message): return message
        case .srpFailure(let message): return "The secure password exchange failed: \(message)"
        case .invalidToken(let message): return "A token was rejected: \(message)"
        case .storage(let message): return message
        case .unsafeStore(let message): return message
        case .configuration(let error): return error.description
        case .hostedUI(let failure): return failure.summary + " " + failure.nextStep
        case .passkey(let failure): return failure.summary + " " + failure.nextStep
        }
    }
}

extension AuthError {
    /// Whether this is Cognito's RefreshTokenReuseException (a refresh token retired by rotation).
    var isRefreshTokenReuse: Bool {
        if case .service(let type, _) = self { return type == "RefreshTokenReuseException" }
        return false
    }

    /// Whether the endpoint does not know the operation: AWS's `UnknownOperationException`, or a
    /// 500/501 answer that is not JSON (how moto answers an operation it does not implement).
    var isUnknownOperation: Bool {
        switch self {
        case .service(let type, _): return type == "UnknownOperationException" || type == "InvalidAction"
        case .internalError(let message): return message.hasPrefix("UnknownOperationException")
        case .invalidResponse(let status, _): return status == 500 || status == 501
        default: return false
        }
    }
}
