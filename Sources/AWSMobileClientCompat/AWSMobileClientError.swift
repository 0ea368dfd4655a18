import CognitoAuth
import Foundation

/// AWSMobileClient's error: the same 43 cases, each with the message the service (or this layer) gave.
///
/// Every failure the compatibility layer reports is one of these, mapped from the core's `AuthError`
/// as AWSMobileClient maps Cognito's exceptions (`NotAuthorizedException` → ``notAuthorized(message:)``,
/// `UserNotFoundException` → ``userNotFound(message:)``, …), so `error as? AWSMobileClientError` matches
/// where it matched with the SDK. What the SDK has no case for (a network failure, an unreadable
/// session store) is ``unknown(message:)`` with the core's description.
public enum AWSMobileClientError: Error, Sendable, Hashable, CustomStringConvertible, LocalizedError {
    /// `AliasExistsException`: the email or phone number belongs to another account.
    case aliasExists(message: String)
    /// `CodeDeliveryFailureException`: the code could not be sent.
    case codeDeliveryFailure(message: String)
    /// `CodeMismatchException`: the code is wrong.
    case codeMismatch(message: String)
    /// `ExpiredCodeException`: the code expired.
    case expiredCode(message: String)
    /// `GroupExistsException`.
    case groupExists(message: String)
    /// `InternalErrorException`: the service failed.
    case internalError(message: String)
    /// `InvalidLambdaResponseException`.
    case invalidLambdaResponse(message: String)
    /// `InvalidOAuthFlowException`.
    case invalidOAuthFlow(message: String)
    /// `InvalidParameterException`: a value was refused.
    case invalidParameter(message: String)
    /// `InvalidPasswordException` (and `PasswordHistoryPolicyViolationException`): the password breaks the policy.
    case invalidPassword(message: String)
    /// `InvalidUserPoolConfigurationException`.
    case invalidUserPoolConfiguration(message: String)
    /// `LimitExceededException`.
    case limitExceeded(message: String)
    /// `MFAMethodNotFoundException`.
    case mfaMethodNotFound(message: String)
    /// `NotAuthorizedException`: a wrong password, a disabled user, a revoked token.
    case notAuthorized(message: String)
    /// `PasswordResetRequiredException`.
    case passwordResetRequired(message: String)
    /// `ResourceNotFoundException`: no such pool, app client or device.
    case resourceNotFound(message: String)
    /// `ScopeDoesNotExistException`.
    case scopeDoesNotExist(message: String)
    /// `SoftwareTokenMFANotFoundException`.
    case softwareTokenMFANotFound(message: String)
    /// `TooManyFailedAttemptsException`.
    case tooManyFailedAttempts(message: String)
    /// `TooManyRequestsException`.
    case tooManyRequests(message: String)
    /// `UnexpectedLambdaException`.
    case unexpectedLambda(message: String)
    /// `UserLambdaValidationException`.
    case userLambdaValidation(message: String)
    /// `UserNotConfirmedException`: the account still needs its sign-up code.
    case userNotConfirmed(message: String)
    /// `UserNotFoundException`.
    case userNotFound(message: String)
    /// `UsernameExistsException`.
    case usernameExists(message: String)
    /// Anything else; the message names what happened.
    case unknown(message: String)
    /// The call needs a signed-in user and there is none.
    case notSignedIn(message: String)
    /// The identity pool gave no identity id.
    case identityIdUnavailable(message: String)
    /// The identity pool refuses guest (unauthenticated) identities.
    case guestAccessNotAllowed(message: String)
    /// A federated sign-in while a user-pool user is signed in.
    case federationProviderExists(message: String)
    /// No identity pool is configured.
    case cognitoIdentityPoolNotConfigured(message: String)
    /// A waiting call was released: `releaseSignInWait()`, a sign-out, or another user's sign-in.
    case unableToSignIn(message: String)
    /// The call does not fit the current state (such as `signIn` while a user is signed in).
    case invalidState(message: String)
    /// No user pool is configured.
    case userPoolNotConfigured(message: String)
    /// The user cancelled the drop-in or hosted UI.
    case userCancelledSignIn(message: String)
    /// The hosted UI's authorize request was refused.
    case badRequest(message: String)
    /// The refresh token expired: the user must sign in again.
    case expiredRefreshToken(message: String)
    /// The hosted UI's page could not be loaded.
    case errorLoadingPage(message: String)
    /// The hosted UI's redirect did not carry the `state` that was sent.
    case securityFailed(message: String)
    /// The service issued no id token.
    case idTokenNotIssued(message: String)
    /// The hosted UI issued neither an id token nor an access token (the SDK's spelling).
    case idTokenAndAcceessTokenNotIssued(message: String)
    /// The configuration is missing or wrong; the message names the key and the fix.
    case invalidConfiguration(message: String)
    /// The device has no key: never tracked, or forgotten.
    case deviceNotRemembered(message: String)

    /// The underlying message, as the SDK's `message`.
    public var message: String {
        switch self {
        case .aliasExists(let message), .badRequest(let message), .codeDeliveryFailure(let message),
            .codeMismatch(let message), .cognitoIdentityPoolNotConfigured(let message),
            .deviceNotRemembered(let message), .errorLoadingPage(let message), .expiredCode(let message),
            .expiredRefreshToken(let message), .federationProviderExists(let message), .groupExists(let message),
            .guestAccessNotAllowed(let message), .idTokenAndAcceessTokenNotIssued(let message),
            .idTokenNotIssued(let message), .identityIdUnavailable(let message), .internalError(let message),
            .invalidConfiguration(let message), .invalidLambdaResponse(let message), .invalidOAuthFlow(let message),
            .invalidParameter(let message), .invalidPassword(let message), .invalidState(let message),
            .invalidUserPoolConfiguration(let message), .limitExceeded(let message),
            .mfaMethodNotFound(let message), .notAuthorized(let message), .notSignedIn(let message),
            .passwordResetRequired(let message), .resourceNotFound(let message), .scopeDoesNotExist(let message),
            .securityFailed(let message), .softwareTokenMFANotFound(let message),
            .tooManyFailedAttempts(let message), .tooManyRequests(let message), .unableToSignIn(let message),
            .unexpectedLambda(let message), .unknown(let message), .userCancelledSignIn(let message),
            .userLambdaValidation(let message), .userNotConfirmed(let message), .userNotFound(let message),
            .userPoolNotConfigured(let message), .usernameExists(let message):
            return message
        }
    }

    /// The message (what went wrong and, where known, how to fix it).
    public var description: String { message }

    /// The message, so that `error.localizedDescription` (which ported code prints) says it.
    public var errorDescription: String? { message }

    /// The SDK's message for a call that needs a signed-in user.
    static let notSignedInMessage = "User is not signed in, please sign in to use this API."

    /// The error for any failure: itself when it already is one, else the mapping of a core `AuthError`
    /// (see ``init(_:)``), else ``unknown(message:)`` with the failure's description.
    public static func makeMobileClientError(from error: any Error) -> AWSMobileClientError {
        if let error = error as? AWSMobileClientError { return error }
        if let error = error as? AuthError { return AWSMobileClientError(error) }
        if error is CancellationError { return .unknown(message: "The call was cancelled.") }
        return .unknown(message: String(describing: error))
    }

    /// The case AWSMobileClient gives for a service exception named `type` (the `__type` of the reply).
    static func mapping(type: String, message: String) -> AWSMobileClientError {
        switch type {
        case "AliasExistsException": return .aliasExists(message: message)
        case "CodeDeliveryFailureException": return .codeDeliveryFailure(message: message)
        case "CodeMismatchException": return .codeMismatch(message: message)
        case "ExpiredCodeException": return .expiredCode(message: message)
        case "GroupExistsException": return .groupExists(message: message)
        case "InternalErrorException": return .internalError(message: message)
        case "InvalidLambdaResponseException": return .invalidLambdaResponse(message: message)
        case "InvalidOAuthFlowException": return .invalidOAuthFlow(message: message)
        case "InvalidParameterException": return .invalidParameter(message: message)
        case "InvalidPasswordException": return .invalidPassword(message: message)
        case "InvalidUserPoolConfigurationException": return .invalidUserPoolConfiguration(message: message)
        case "LimitExceededException": return .limitExceeded(message: message)
        case "MFAMethodNotFoundException": return .mfaMethodNotFound(message: message)
        case "NotAuthorizedException": return .notAuthorized(message: message)
        case "PasswordResetRequiredException": return .passwordResetRequired(message: message)
        case "ResourceNotFoundException": return .resourceNotFound(message: message)
        case "ScopeDoesNotExistException": return .scopeDoesNotExist(message: message)
        case "SoftwareTokenMFANotFoundException": return .softwareTokenMFANotFound(message: message)
        case "TooManyFailedAttemptsException": return .tooManyFailedAttempts(message: message)
        case "TooManyRequestsException": return .tooManyRequests(message: message)
        case "UnexpectedLambdaException": return .unexpectedLambda(message: message)
        case "UserLambdaValidationException": return .userLambdaValidation(message: message)
        case "UserNotConfirmedException": return .userNotConfirmed(message: message)
        case "UserNotFoundException": return .userNotFound(message: message)
        case "UsernameExistsException": return .usernameExists(message: message)
        default: return .unknown(message: "\(type): \(message)")
        }
    }

    /// The SDK's case for a core failure.
    public init(_ error: AuthError) {
        switch error {
        case .notAuthorized(let message): self = .notAuthorized(message: message)
        case .userNotFound(let message): self = .userNotFound(message: message)
        case .userNotConfirmed(let message): self = .userNotConfirmed(message: message)
        case .usernameExists(let message): self = .usernameExists(message: message)
        case .aliasExists(let message): self = .aliasExists(message: message)
        case .codeMismatch(let message): self = .codeMismatch(message: message)
        case .expiredCode(let message): self = .expiredCode(message: message)
        case .invalidPassword(let message), .passwordHistoryPolicyViolation(let message):
            self = .invalidPassword(message: message)
        case .invalidParameter(let message): self = .invalidParameter(message: message)
        case .passwordResetRequired(let message): self = .passwordResetRequired(message: message)
        case .tooManyRequests(let message): self = .tooManyRequests(message: message)
        case .limitExceeded(let message): self = .limitExceeded(message: message)
        case .tooManyFailedAttempts(let message): self = .tooManyFailedAttempts(message: message)
        case .resourceNotFound(let message): self = .resourceNotFound(message: message)
        case .codeDeliveryFailure(let message): self = .codeDeliveryFailure(message: message)
        case .mfaMethodNotFound(let message): self = .mfaMethodNotFound(message: message)
        case .softwareTokenMFANotFound(let message): self = .softwareTokenMFANotFound(message: message)
        case .invalidUserPoolConfiguration(let message): self = .invalidUserPoolConfiguration(message: message)
        case .internalError(let message): self = .internalError(message: message)
        case .lambdaFailure(let type, let message), .unsupported(let type, let message),
            .service(let type, let message):
            self = Self.mapping(type: type, message: message)
        case .enableSoftwareTokenMFA(let message):
            self = .unknown(message: "EnableSoftwareTokenMFAException: \(message)")
        case .guestAccessNotAllowed: self = .guestAccessNotAllowed(message: error.description)
        case .identityPoolNotConfigured: self = .cognitoIdentityPoolNotConfigured(message: error.description)
        case .notSignedIn: self = .notSignedIn(message: Self.notSignedInMessage)
        case .reloginRequired: self = .notSignedIn(message: error.description)
        // The SDK's released waits, and waits ended by a sign-out, fail with `unableToSignIn`.
        case .signInWaitCancelled, .signedOut, .sessionReplaced:
            self = .unableToSignIn(message: error.description)
        case .anotherUserSignedIn, .invalidState:
            self = .invalidState(message: error.description)
        case .configuration: self = .invalidConfiguration(message: error.description)
        case .hostedUI(let failure):
            switch failure {
            case .cancelled: self = .userCancelledSignIn(message: "The user cancelled the sign in operation.")
            case .stateMismatch, .missingState: self = .securityFailed(message: error.description)
            case .authorizationDenied, .codeRejected, .tokenRequestRefused:
                self = .badRequest(message: error.description)
            case .listenerUnavailable, .noCode, .timedOut: self = .errorLoadingPage(message: error.description)
            }
        default: self = .unknown(message: error.description)
        }
    }
}
