import CognitoAuth
import Foundation

/// AWSMobileClient's user states: the core's, which has the same six cases by the same names.
public typealias UserState = CognitoAuth.UserState

/// The callback `addUserStateListener` takes: the new state and `username` / `provider` info.
public typealias UserStateChangeCallback = @Sendable (UserState, [String: String]) -> Void

/// A JWT with its claims, as AWSMobileClient's `SessionToken`.
public struct SessionToken: Sendable, Hashable {
    /// The JWT (or opaque refresh token) as text; nil when the session has no such token.
    public let tokenString: String?
    /// Every claim of the token, as JSON values (see `JWTClaimSet` for typed reads).
    public let claims: [String: JSONValue]?

    /// A token and its claims, read from `tokenString`; the claims are nil when it is not a JWT
    /// (such as a refresh token).
    public init(tokenString: String?) {
        self.tokenString = tokenString
        self.claims = tokenString.flatMap { try? JWTClaimSet(token: $0).all }
    }

    /// A token with the given claims.
    public init(tokenString: String?, claims: [String: JSONValue]?) {
        self.tokenString = tokenString
        self.claims = claims
    }
}

/// The user-pool tokens, as AWSMobileClient's `Tokens`.
public struct Tokens: Sendable, Hashable {
    /// The id token: who the user is, with the user's attributes as claims.
    public let idToken: SessionToken?
    /// The access token: what the user may do, sent to the user-pool APIs.
    public let accessToken: SessionToken?
    /// The refresh token (no claims: it is opaque).
    public let refreshToken: SessionToken?
    /// When the earlier of the id and access tokens expires.
    public let expiration: Date?

    /// The compat tokens for the core's.
    public init(_ tokens: CognitoTokens) {
        idToken = SessionToken(tokenString: tokens.idToken)
        accessToken = SessionToken(tokenString: tokens.accessToken)
        refreshToken = tokens.refreshToken.map { SessionToken(tokenString: $0, claims: nil) }
        expiration = tokens.expiration
    }
}

/// Where a code was sent, as AWSMobileClient's `UserCodeDeliveryMedium`.
public enum UserCodeDeliveryMedium: Sendable, Hashable {
    /// The code went by text message (`SMS`).
    case sms
    /// The code went by email (`EMAIL`).
    case email
    /// Something else, or not said.
    case unknown
}

/// Where a code was sent, as AWSMobileClient's `UserCodeDeliveryDetails`.
public struct UserCodeDeliveryDetails: Sendable, Hashable {
    /// How the code was sent; ``UserCodeDeliveryMedium/unknown`` when Cognito did not say.
    public let deliveryMedium: UserCodeDeliveryMedium
    /// The masked address or number the code went to, such as `a***@e***.com`.
    public let destination: String?
    /// The attribute the code verifies.
    public let attributeName: String?

    init(_ details: CodeDeliveryDetails?) {
        switch details?.deliveryMedium?.uppercased() {
        case "SMS"?: deliveryMedium = .sms
        case "EMAIL"?: deliveryMedium = .email
        default: deliveryMedium = .unknown
        }
        destination = details?.destination
        attributeName = details?.attributeName
    }
}

/// How far a sign-in got, as AWSMobileClient's `SignInState`, plus the challenges Cognito added since.
public enum SignInState: String, Sendable, Hashable {
    /// A step this layer does not know (a newer core step); the app should treat it as not signed in.
    case unknown
    /// Enter the code sent by text message (SMS_MFA).
    case smsMFA
    /// Enter the authenticator app's code (SOFTWARE_TOKEN_MFA).
    case softwareTokenMFA
    /// Choose an MFA type (SELECT_MFA_TYPE); the choices are in `parameters["MFAS_CAN_CHOOSE"]`.
    case selectMFAType
    /// Set up MFA (MFA_SETUP).
    case setupMFA
    /// Enter the code sent by email (EMAIL_OTP).
    case emailOTP
    /// Enter the code sent by text message for a passwordless sign-in (SMS_OTP).
    case smsOTP
    /// Choose how to sign in (USER_AUTH's SELECT_CHALLENGE).
    case selectChallenge
    /// Answer the custom challenge described by `parameters`.
    case customChallenge
    /// Choose a new password (NEW_PASSWORD_REQUIRED).
    case newPasswordRequired
    /// The sign-in finished: tokens are held and the user state is signed in.
    case signedIn
}

/// The outcome of `signIn` / `confirmSignIn`, as AWSMobileClient's `SignInResult`.
public struct SignInResult: Sendable, Hashable {
    /// How far the sign-in got.
    public let signInState: SignInState
    /// The challenge's parameters (custom challenges; the choices of a selection).
    public let parameters: [String: String]
    /// Where a code was sent.
    public let codeDetails: UserCodeDeliveryDetails?

    init(_ step: SignInStep) {
        var parameters: [String: String] = [:]
        var details: CodeDeliveryDetails?
        let state: SignInState
        switch step {
        case .done: state = .signedIn
        case .newPasswordRequired(let required):
            state = .newPasswordRequired
            if !required.isEmpty { parameters["requiredAttributes"] = required.joined(separator: ",") }
        case .smsMFA(let delivery):
            state = .smsMFA
            details = delivery
        case .softwareTokenMFA: state = .softwareTokenMFA
        case .mfaSetup(let setup):
            state = .setupMFA
            parameters["secretCode"] = setup.secret
        case .selectMFAType(let types):
            state = .selectMFAType
            parameters["MFAS_CAN_CHOOSE"] = types.map(\.rawValue).joined(separator: ",")
        case .selectMFASetup(let types):
            state = .setupMFA
            parameters["MFAS_CAN_SETUP"] = types.map(\.rawValue).joined(separator: ",")
        case .emailMFASetup, .smsMFASetup: state = .setupMFA
        case .customChallenge(let challenge):
            state = .customChallenge
            parameters = challenge
        case .emailOTP(let delivery):
            state = .emailOTP
            details = delivery
        case .smsOTP(let delivery):
            state = .smsOTP
            details = delivery
        case .selectChallenge(let methods):
            state = .selectChallenge
            parameters["AvailableChallenges"] = methods.map { String(describing: $0) }.joined(separator: ",")
        @unknown default: state = .unknown
        }
        signInState = state
        self.parameters = parameters
        codeDetails = details.map(UserCodeDeliveryDetails.init)
    }
}

/// Whether a new account still needs its code, as AWSMobileClient's `SignUpConfirmationState`.
public enum SignUpConfirmationState: Sendable, Hashable {
    /// The account is confirmed.
    case confirmed
    /// A confirmation code was sent.
    case unconfirmed
    /// A sign-up step this layer does not know (from a newer core), so the state is not known.
    case unknown
}

/// The outcome of `signUp` / `confirmSignUp`, as AWSMobileClient's `SignUpResult`.
public struct SignUpResult: Sendable, Hashable {
    /// Whether a code is still needed.
    public let signUpConfirmationState: SignUpConfirmationState
    /// Where the code went.
    public let codeDeliveryDetails: UserCodeDeliveryDetails?
    /// The new user's id (`UserSub`); set by `signUp` only, nil for `confirmSignUp` and `resendSignUpCode`.
    public let userSub: String?

    init(_ outcome: SignUpOutcome) {
        self.init(outcome.step, userSub: outcome.userSub)
    }

    init(_ step: SignUpStep, userSub: String? = nil) {
        self.userSub = userSub
        switch step {
        case .done:
            signUpConfirmationState = .confirmed
            codeDeliveryDetails = nil
        case .confirmSignUp(let delivery):
            signUpConfirmationState = .unconfirmed
            codeDeliveryDetails = UserCodeDeliveryDetails(delivery)
        @unknown default:
            signUpConfirmationState = .unknown
            codeDeliveryDetails = nil
        }
    }

    init(delivery: CodeDeliveryDetails) {
        userSub = nil
        signUpConfirmationState = .unconfirmed
        codeDeliveryDetails = UserCodeDeliveryDetails(delivery)
    }
}

/// Whether a reset code went out, as AWSMobileClient's `ForgotPasswordState`.
public enum ForgotPasswordState: Sendable, Hashable {
    /// The new password is set.
    case done
    /// A code was sent.
    case confirmationCodeSent
}

/// The outcome of `forgotPassword` / `confirmForgotPassword`, as AWSMobileClient's `ForgotPasswordResult`.
public struct ForgotPasswordResult: Sendable, Hashable {
    /// Where the reset stands.
    public let forgotPasswordState: ForgotPasswordState
    /// Where the code went.
    public let codeDeliveryDetails: UserCodeDeliveryDetails?
}

/// How to sign out, as AWSMobileClient's `SignOutOptions`.
public struct SignOutOptions: Sendable, Hashable {
    /// Also sign out every device (GlobalSignOut).
    public let signOutGlobally: Bool
    /// Revoke the refresh token at the service (Latchkey always does; kept for source compatibility).
    public let invalidateTokens: Bool

    /// Options for a sign-out.
    public init(signOutGlobally: Bool = false, invalidateTokens: Bool = true) {
        self.signOutGlobally = signOutGlobally
        self.invalidateTokens = invalidateTokens
    }
}

/// Options for `federatedSignIn`, as AWSMobileClient's `FederatedSignInOptions`.
public struct FederatedSignInOptions: Sendable, Hashable {
    /// The identity id, for developer-authenticated identities.
    public let cognitoIdentityId: String?
    /// The IAM role to assume, for this sign-in only.
    public let customRoleARN: String?

    /// Options for a federated sign-in.
    public init(cognitoIdentityId: String? = nil, customRoleARN: String? = nil) {
        self.cognitoIdentityId = cognitoIdentityId
        self.customRoleARN = customRoleARN
    }
}

/// Errors only the compatibility layer raises; everything else is the core's `AuthError`.
public enum AWSMobileClientError: Error, Sendable, Hashable, CustomStringConvertible {
    /// `default()` found no usable configuration; the message says what to fix.
    case invalidConfiguration(message: String)
    /// A call came before `initialize(_:)`.
    case notInitialized
    /// The call does not fit the current state, as AWSMobileClient's `invalidState`: `signIn` as
    /// another user while a user is signed in (the message names both and the fix).
    case invalidState(message: String)

    /// The error's message: what went wrong and how to fix it.
    public var description: String {
        switch self {
        case .invalidConfiguration(let message): return message
        case .invalidState(let message): return message
        case .notInitialized: return "Call initialize(_:) before other AWSMobileClient methods."
        }
    }
}

extension AWSCredentials {
    /// The access key id, by AWSCore's `AWSCredentials` name.
    public var accessKey: String { accessKeyId }
    /// The secret access key, by AWSCore's name.
    public var secretKey: String { secretAccessKey }
    /// The session token, by AWSCore's name.
    public var sessionKey: String { sessionToken }
}
