import Foundation

/// An MFA method Cognito can ask for.
public enum MFAType: String, Sendable, Hashable, Codable, CaseIterable {
    /// A code sent by text message.
    case sms = "SMS_MFA"
    /// A code from an authenticator app.
    case totp = "SOFTWARE_TOKEN_MFA"
    /// A code sent by email (Cognito's `EMAIL_OTP`; the API prose says "EMAIL_MFA").
    case email = "EMAIL_OTP"

    /// Reads a factor the way people type it: `totp`, `sms`, `email` or the Cognito name.
    public init?(userInput: String) {
        switch userInput.trimmingCharacters(in: .whitespaces).lowercased() {
        case "totp", "software_token_mfa", "app", "authenticator": self = .totp
        case "sms", "sms_mfa", "text": self = .sms
        case "email", "email_otp", "email_mfa": self = .email
        default: return nil
        }
    }

    /// A short name for menus and the CLI: `sms`, `totp` or `email`.
    public var shortName: String {
        switch self {
        case .sms: return "sms"
        case .totp: return "totp"
        case .email: return "email"
        }
    }
}

/// The user's MFA settings, from GetUser.
public struct MFASettings: Sendable, Hashable {
    /// The factors turned on (`UserMFASettingList`).
    public var enabled: [MFAType]
    /// The preferred factor (`PreferredMfaSetting`), if any.
    public var preferred: MFAType?
    /// Factor names Latchkey does not know (shown as they are).
    public var unknown: [String]
    /// The account's `phone_number`, if it has one: SMS MFA can be turned on only then.
    public var phoneNumber: String?

    /// Creates settings from the factors turned on, the preferred one and the account's phone number.
    public init(enabled: [MFAType], preferred: MFAType?, unknown: [String] = [], phoneNumber: String? = nil) {
        self.enabled = enabled
        self.preferred = preferred
        self.unknown = unknown
        self.phoneNumber = phoneNumber
    }

    /// Whether SMS MFA can be turned on: the account has a phone number.
    public var canUseSMS: Bool { phoneNumber != nil }
}

/// A change to one MFA factor with SetUserMFAPreference.
public enum MFAPreference: Sendable, Hashable {
    /// Turn the factor off.
    case disabled
    /// Turn it on, not preferred.
    case enabled
    /// Turn it on and make it the preferred factor.
    case preferred
}

/// What an authenticator app needs to enrol: the secret and the `otpauth://` URI (for a QR code).
public struct TOTPSetupDetails: Sendable, Hashable {
    /// The base32 shared secret.
    public var secret: String
    /// The account name shown in the authenticator app.
    public var accountName: String
    /// The issuer shown in the authenticator app.
    public var issuer: String

    /// Creates enrolment details for `secret` (base32) as shown under `issuer` and `accountName`.
    public init(secret: String, accountName: String, issuer: String = "Latchkey") {
        self.secret = secret
        self.accountName = accountName
        self.issuer = issuer
    }

    /// The `otpauth://totp/...` URI authenticator apps scan.
    ///
    /// The label (issuer and account name), the secret and the issuer parameter are each
    /// percent-encoded, so no value can end its part early or add a parameter (`&issuer=…`).
    public var uri: String {
        let allowed = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~@")
        func encode(_ text: String) -> String { text.addingPercentEncoding(withAllowedCharacters: allowed) ?? "" }
        return
            "otpauth://totp/\(encode(issuer)):\(encode(accountName))?secret=\(encode(secret))&issuer=\(encode(issuer))"
    }

    /// Whether `text` is a base32 secret (RFC 4648, either case, `=` padding only at the end), 8 to 1024 characters.
    ///
    /// Cognito sends 32 upper-case characters; the local backend 12 lower-case ones.
    public static func isBase32Secret(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        let body = bytes.prefix { $0 != UInt8(ascii: "=") }
        guard (8...1024).contains(bytes.count), bytes[body.count...].allSatisfy({ $0 == UInt8(ascii: "=") }) else {
            return false
        }
        return body.allSatisfy { byte in
            (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
                || (UInt8(ascii: "2")...UInt8(ascii: "7")).contains(byte)
        }
    }
}

/// The next step after `signIn` or `confirmSignIn`.
public enum SignInStep: Sendable, Hashable {
    /// The sign-in is complete: tokens are stored and the user state is signed in.
    case done
    /// An administrator created the account; a new password must be chosen (and these attributes given).
    case newPasswordRequired(requiredAttributes: [String])
    /// Enter the code sent by text message.
    case smsMFA(CodeDeliveryDetails)
    /// Enter the code from the authenticator app.
    case softwareTokenMFA
    /// Enrol an authenticator app, then enter its code.
    case mfaSetup(TOTPSetupDetails)
    /// Choose an MFA method.
    case selectMFAType([MFAType])
    /// A custom challenge with these parameters.
    case customChallenge([String: String])
    /// Enter the one-time code sent by email (EMAIL_OTP: passwordless sign-in or email MFA).
    case emailOTP(CodeDeliveryDetails)
    /// Enter the one-time code sent by text message (SMS_OTP, passwordless sign-in).
    case smsOTP(CodeDeliveryDetails)
    /// USER_AUTH: choose how to sign in; answer with ``AuthClient/selectSignInMethod(_:password:)``.
    case selectChallenge([SignInMethod])
    /// MFA_SETUP offering several factors: choose one (`SOFTWARE_TOKEN_MFA`, `EMAIL_OTP` or `SMS_MFA`).
    case selectMFASetup([MFAType])
    /// MFA_SETUP for email: enter the email address the codes go to.
    case emailMFASetup
    /// MFA_SETUP for SMS: enter the phone number (E.164, `+15555550123`) the codes go to.
    case smsMFASetup

    /// The Cognito challenge name, or `DONE`.
    public var name: String {
        switch self {
        case .done: return "DONE"
        case .newPasswordRequired: return "NEW_PASSWORD_REQUIRED"
        case .smsMFA: return "SMS_MFA"
        case .softwareTokenMFA: return "SOFTWARE_TOKEN_MFA"
        case .mfaSetup: return "MFA_SETUP"
        case .selectMFAType: return "SELECT_MFA_TYPE"
        case .customChallenge: return "CUSTOM_CHALLENGE"
        case .emailOTP: return "EMAIL_OTP"
        case .smsOTP: return "SMS_OTP"
        case .selectChallenge: return "SELECT_CHALLENGE"
        case .selectMFASetup, .emailMFASetup, .smsMFASetup: return "MFA_SETUP"
        }
    }
}

/// The outcome of `signUp` or `confirmSignUp`.
public enum SignUpStep: Sendable, Hashable {
    /// Enter the confirmation code sent as described.
    case confirmSignUp(CodeDeliveryDetails?)
    /// The account is confirmed; sign in.
    case done
}

/// The full outcome of ``AuthClient/register(username:password:attributes:validationData:)``.
public struct SignUpOutcome: Sendable, Hashable {
    /// What comes next: a confirmation code, or nothing (the account is confirmed).
    public var step: SignUpStep
    /// The new user's id (Cognito's `UserSub`, the `sub` claim of the user's tokens); nil only when
    /// the backend did not send it.
    public var userSub: String?

    /// Where the confirmation code went, when one was sent.
    public var delivery: CodeDeliveryDetails? {
        if case .confirmSignUp(let delivery) = step { return delivery }
        return nil
    }

    /// Whether the account is confirmed already (no code is needed).
    public var isConfirmed: Bool { step == .done }

    /// Creates an outcome from the next step and Cognito's `UserSub`.
    public init(step: SignUpStep, userSub: String?) {
        self.step = step
        self.userSub = userSub
    }
}

/// The outcome of `forgotPassword`.
public struct ForgotPasswordResult: Sendable, Hashable {
    /// Where the code went.
    public var delivery: CodeDeliveryDetails

    /// Creates a result for a reset code sent to `delivery`.
    public init(delivery: CodeDeliveryDetails) {
        self.delivery = delivery
    }
}

/// Whether to sign out this device only or everywhere.
public enum SignOutScope: Sendable, Hashable {
    /// Forget the session here; tokens stay valid until they expire.
    case local
    /// GlobalSignOut and RevokeToken: every device's tokens are invalidated.
    case global
}

/// Something the dashboard and logs care about.
public enum AuthEvent: Sendable, Hashable {
    /// The user state changed (after persistence).
    case stateChanged(UserStateChange)
    /// The list of waiting calls changed.
    case pendingCallsChanged([PendingCall])
    /// The backend became reachable or unreachable; never a change of user state.
    case connectivityChanged(Connectivity)
    /// Tokens were refreshed; the new expiry.
    case tokensRefreshed(expiration: Date)
    /// A refresh attempt failed (it may be retried).
    case refreshFailed(AuthError)
    /// Waiting calls were released by `releaseSignInWait`.
    case signInWaitReleased(count: Int)
    /// Calls wait behind a step-up (the level, how many, how the tokens fall short): published when
    /// the first call starts waiting and whenever what they ask for changes; the app completes it with
    /// `stepUp(acr:maxAge:)` or releases it with `releaseStepUpWait()`.
    case stepUpRequired(StepUpRequirement)
    /// The identity id changed (old, new).
    case identityIdChanged(old: String?, new: String)
    /// AWS credentials were fetched; their expiry.
    case credentialsRefreshed(expiration: Date)
    /// The store reported a problem that did not stop the client.
    case storeWarning(String)
}

/// What a sign-out achieved at the service (the local sign-out itself either happened or threw).
public struct SignOutResult: Sendable, Hashable {
    /// The scope asked for.
    public var scope: SignOutScope
    /// GlobalSignOut succeeded: every device's tokens for this user are revoked.
    public var signedOutEverywhere = false
    /// This session's refresh token is revoked at the service (or was already invalid there).
    public var refreshTokenRevoked = false
    /// The service refused GlobalSignOut because this session's tokens were already revoked, so other
    /// devices may still be signed in.
    public var globalSignOutImpossible = false
    /// Why the service could not be reached; the revocation is kept and retried by the next sign-out
    /// or sign-in. Nil when nothing is owed.
    public var revocationPending: AuthError?
    /// Whether anyone was signed in (or a revocation was owed) before this call.
    public var hadSession = false
    /// The hosted UI's `/logout` URL to open (or print), when the session came from the hosted UI:
    /// it clears the hosted UI's own browser cookie, which revoking the tokens does not.
    public var hostedUILogoutURL: URL?

    /// Creates a result for `scope` with nothing achieved yet (every flag false, no URL).
    public init(scope: SignOutScope) { self.scope = scope }
}
