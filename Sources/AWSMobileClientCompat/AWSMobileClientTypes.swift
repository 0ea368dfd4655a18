import CognitoAuth
import Foundation

// AWSMobileClient's user states are the core's (the same six cases, names and raw values), re-exported
// alone so that `UserState` and its members (`rawValue`) need no `import CognitoAuth`, and a file that
// imports both modules sees one type.
@_exported import enum CognitoAuth.UserState

/// The callback `addUserStateListener` takes: the new state and the SDK's info (`username`, `provider`,
/// `token`). A plain closure, as the SDK declares it: it runs on the actor that registered it (see
/// ``AWSMobileClient/completionQueue``).
public typealias UserStateChangeCallback = (UserState, [String: String]) -> Void

/// The handler `getTokens` takes, as AWSMobileClient names it.
public typealias TokenCompletion = (Tokens?, (any Error)?) -> Void

/// A JWT and its claims, as AWSMobileClient's `SessionToken`.
public struct SessionToken: Sendable, Hashable {
    /// The JWT (or opaque refresh token) as text; nil when the session has no such token.
    public let tokenString: String?

    /// Every claim of the token, typed as AWSMobileClient types them (`claims?["email"] as? String`);
    /// nil when the token is not a JWT (a refresh token). Decoded from ``tokenString`` on each read.
    ///
    /// Numbers are `NSNumber` (`as? Int`, `as? Double` work), arrays and objects `NSArray` /
    /// `NSDictionary` (`claims?["cognito:groups"] as? [String]`). For typed reads use the core's
    /// `JWTClaimSet`.
    public var claims: [String: AnyObject]? {
        guard let tokenString else { return nil }
        let parts = tokenString.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3 else { return nil }
        var payload = parts[1].replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        payload += String(repeating: "=", count: (4 - payload.count % 4) % 4)
        guard let data = Data(base64Encoded: payload),
            let object = try? JSONSerialization.jsonObject(with: data),
            let dictionary = object as? [String: Any]
        else { return nil }
        return dictionary.mapValues { $0 as AnyObject }
    }

    /// A token, as the SDK builds one from a token string.
    public init(tokenString: String?) {
        self.tokenString = tokenString
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
        refreshToken = tokens.refreshToken.map { SessionToken(tokenString: $0) }
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

/// How far a sign-in got: AWSMobileClient's `SignInState`, exactly the SDK's nine cases and raw values
/// (so an exhaustive `switch` written for the SDK compiles without `default`).
///
/// `passwordVerifier`, `deviceSRPAuth`, `devicePasswordVerifier` and `adminNoSRPAuth` exist for source
/// compatibility; as with the SDK, a sign-in never stops at them (the device steps are answered inside
/// the core). The challenges Cognito added since (an authenticator code, MFA selection and setup,
/// email and SMS one-time codes, USER_AUTH's choice) are ``unknown`` here, with the challenge's name in
/// ``SignInResult/parameters``` ["challengeName"]` and the core's whole step in ``SignInResult/step``;
/// `confirmSignIn(challengeResponse:)` answers them as usual.
public enum SignInState: String, Sendable, Hashable, CaseIterable {
    /// A step the SDK does not name (see the type's documentation); not signed in yet.
    case unknown = "UNKNOWN"
    /// Enter the code sent by text message (SMS_MFA).
    case smsMFA = "CONFIRMATION_CODE"
    /// The SRP password step (answered inside the sign-in).
    case passwordVerifier = "PASSWORD_VERIFIER"
    /// Answer the custom challenge described by `parameters`.
    case customChallenge = "CUSTOM_CHALLENGE"
    /// The device SRP step (answered inside the sign-in).
    case deviceSRPAuth = "DEVICE_SRP_AUTH"
    /// The device password step (answered inside the sign-in).
    case devicePasswordVerifier = "DEVICE_PASSWORD_VERIFIER"
    /// The admin flow (not used by a client).
    case adminNoSRPAuth = "ADMIN_NO_SRP_AUTH"
    /// Choose a new password (NEW_PASSWORD_REQUIRED).
    case newPasswordRequired = "NEW_PASSWORD_REQUIRED"
    /// The sign-in finished: tokens are held and the user state is signed in.
    case signedIn = "SIGN_IN_COMPLETE"
}

/// The outcome of `signIn` / `confirmSignIn`, as AWSMobileClient's `SignInResult`.
public struct SignInResult: Sendable, Hashable {
    /// How far the sign-in got.
    public let signInState: SignInState
    /// The challenge's parameters (custom challenges; the choices of a selection; `challengeName`
    /// for a challenge ``SignInState`` does not name).
    public let parameters: [String: String]
    /// Where a code was sent.
    public let codeDetails: UserCodeDeliveryDetails?
    /// The core's step, with every challenge Cognito has (Latchkey's addition to the SDK's result).
    public let step: SignInStep

    init(_ step: SignInStep) {
        self.step = step
        var parameters: [String: String] = [:]
        var details: CodeDeliveryDetails?
        var state = SignInState.unknown
        switch step {
        case .done: state = .signedIn
        case .newPasswordRequired(let required):
            state = .newPasswordRequired
            if !required.isEmpty { parameters["requiredAttributes"] = required.joined(separator: ",") }
        case .smsMFA(let delivery):
            state = .smsMFA
            details = delivery
        case .customChallenge(let challenge):
            state = .customChallenge
            parameters = challenge
        case .softwareTokenMFA: parameters["challengeName"] = "SOFTWARE_TOKEN_MFA"
        case .mfaSetup(let setup):
            parameters["challengeName"] = "MFA_SETUP"
            parameters["secretCode"] = setup.secret
        case .selectMFAType(let types):
            parameters["challengeName"] = "SELECT_MFA_TYPE"
            parameters["MFAS_CAN_CHOOSE"] = types.map(\.rawValue).joined(separator: ",")
        case .selectMFASetup(let types):
            parameters["challengeName"] = "MFA_SETUP"
            parameters["MFAS_CAN_SETUP"] = types.map(\.rawValue).joined(separator: ",")
        case .emailMFASetup, .smsMFASetup: parameters["challengeName"] = "MFA_SETUP"
        case .emailOTP(let delivery):
            parameters["challengeName"] = "EMAIL_OTP"
            details = delivery
        case .smsOTP(let delivery):
            parameters["challengeName"] = "SMS_OTP"
            details = delivery
        case .selectChallenge(let methods):
            parameters["challengeName"] = "SELECT_CHALLENGE"
            parameters["AvailableChallenges"] = methods.map { String(describing: $0) }.joined(separator: ",")
        @unknown default: break
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
    /// Revoke the refresh token at the service (RevokeToken) before signing out here; with false
    /// nothing is sent and the tokens stay valid at the service until they expire.
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

/// AWS credentials, as AWSCore's `AWSCredentials`: what `getAWSCredentials` and `credentials()` give.
public final class AWSCredentials: Sendable, Hashable, CustomStringConvertible {
    /// The access key id.
    public let accessKey: String
    /// The secret access key.
    public let secretKey: String
    /// The session token that must accompany the key pair.
    public let sessionKey: String?
    /// When the credentials stop working.
    public let expiration: Date?

    /// Credentials from their parts, as AWSCore's initializer.
    public init(accessKey: String, secretKey: String, sessionKey: String?, expiration: Date?) {
        self.accessKey = accessKey
        self.secretKey = secretKey
        self.sessionKey = sessionKey
        self.expiration = expiration
    }

    /// The compat credentials for the core's.
    public convenience init(_ credentials: CognitoAuth.AWSCredentials) {
        self.init(
            accessKey: credentials.accessKeyId, secretKey: credentials.secretAccessKey,
            sessionKey: credentials.sessionToken, expiration: credentials.expiration)
    }

    /// The core's credentials (what `SigV4Signer` and the core take), when there is a session key.
    public var cognitoCredentials: CognitoAuth.AWSCredentials? {
        guard let sessionKey, let expiration else { return nil }
        return CognitoAuth.AWSCredentials(
            accessKeyId: accessKey, secretAccessKey: secretKey, sessionToken: sessionKey, expiration: expiration)
    }

    /// The access key id and the expiry; the secrets are never printed.
    public var description: String {
        "AWSCredentials(accessKey: \(accessKey), expiration: \(expiration.map { "\($0)" } ?? "-"))"
    }

    public static func == (lhs: AWSCredentials, rhs: AWSCredentials) -> Bool {
        lhs.accessKey == rhs.accessKey && lhs.secretKey == rhs.secretKey && lhs.sessionKey == rhs.sessionKey
            && lhs.expiration == rhs.expiration
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(accessKey)
        hasher.combine(sessionKey)
    }
}
