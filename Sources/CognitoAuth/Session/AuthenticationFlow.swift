import Foundation

/// The InitiateAuth flow a password or passwordless sign-in starts with.
public enum AuthenticationFlow: String, Sendable, Hashable, CaseIterable {
    /// USER_SRP_AUTH: the password is proven with SRP and never sent (the default).
    case userSRP
    /// USER_PASSWORD_AUTH: the password is sent over TLS (needed for user migration Lambdas).
    case userPassword
    /// CUSTOM_AUTH straight to the Lambda-defined CUSTOM_CHALLENGE.
    case customWithoutSRP
    /// CUSTOM_AUTH that proves the password with SRP first, then CUSTOM_CHALLENGE.
    case customWithSRP
    /// USER_AUTH: the choice-based flow (password, SRP, EMAIL_OTP, SMS_OTP or WEB_AUTHN first factor).
    case userAuth

    /// The `AuthFlow` value on the wire.
    public var wireName: String {
        switch self {
        case .userSRP: return "USER_SRP_AUTH"
        case .userPassword: return "USER_PASSWORD_AUTH"
        case .customWithoutSRP, .customWithSRP: return "CUSTOM_AUTH"
        case .userAuth: return "USER_AUTH"
        }
    }

    /// Reads `Auth.Default.authenticationFlowType`: `USER_SRP_AUTH`, `USER_PASSWORD_AUTH`, `CUSTOM_AUTH`
    /// (custom without SRP, as AWSMobileClient), `CUSTOM_AUTH_WITH_SRP`, `CUSTOM_AUTH_WITHOUT_SRP` or `USER_AUTH`.
    public init?(configurationValue value: String) {
        switch value.trimmingCharacters(in: .whitespaces).uppercased() {
        case "USER_SRP_AUTH": self = .userSRP
        case "USER_PASSWORD_AUTH": self = .userPassword
        case "CUSTOM_AUTH", "CUSTOM_AUTH_WITHOUT_SRP": self = .customWithoutSRP
        case "CUSTOM_AUTH_WITH_SRP": self = .customWithSRP
        case "USER_AUTH": self = .userAuth
        default: return nil
        }
    }

    /// The configuration values Latchkey understands, for error messages.
    public static let configurationValues =
        "USER_SRP_AUTH, USER_PASSWORD_AUTH, CUSTOM_AUTH, CUSTOM_AUTH_WITH_SRP, CUSTOM_AUTH_WITHOUT_SRP, USER_AUTH"
}

/// A first factor of the USER_AUTH flow (a name in `AvailableChallenges`).
public enum SignInMethod: String, Sendable, Hashable, CaseIterable {
    /// The password, sent over TLS (`PASSWORD`).
    case password = "PASSWORD"
    /// The password, proven with SRP (`PASSWORD_SRP`).
    case passwordSRP = "PASSWORD_SRP"
    /// A one-time code sent by email (`EMAIL_OTP`).
    case emailOTP = "EMAIL_OTP"
    /// A one-time code sent by text message (`SMS_OTP`).
    case smsOTP = "SMS_OTP"
    /// A passkey (`WEB_AUTHN`): needs a passkey authenticator (``AuthClientOptions/passkeys``).
    case webAuthn = "WEB_AUTHN"

    /// Whether the method needs the password.
    public var needsPassword: Bool { self == .password || self == .passwordSRP }

    /// A short description for menus.
    public var label: String {
        switch self {
        case .password: return "password"
        case .passwordSRP: return "password (SRP)"
        case .emailOTP: return "code by email"
        case .smsOTP: return "code by text message"
        case .webAuthn: return "passkey"
        }
    }
}
