import Foundation

/// The user pool's settings as a configuration file describes them, for the UI to follow.
///
/// Amplify Gen 2 (`amplify_outputs.json`: `auth.password_policy`, `auth.username_attributes`, ...) and
/// Gen 1 (`amplifyconfiguration.json`: `passwordProtectionSettings`, `usernameAttributes`,
/// `signupAttributes`, ...) files carry them; `awsconfiguration.json` usually does not, and then every
/// field keeps its "not stated" value. The server stays the judge: the UI checks what is stated here
/// as the pool would, and still shows the server's answer when it disagrees.
public struct PoolSettings: Sendable, Hashable {
    /// The password policy as the pool enforces it; nil when the file does not state one.
    public var passwordPolicy: PoolPasswordPolicy?
    /// What users sign in with besides a username: `email`, `phone_number` (Cognito's names). Empty: a username.
    public var usernameAttributes: [String]
    /// The standard attributes sign-up requires, in Cognito's names (`email`, `name`, `birthdate`, ...).
    public var signUpAttributes: [String]
    /// How new accounts are verified: `email`, `phone_number`.
    public var verificationMechanisms: [String]
    /// The pool's MFA setting: `OFF`, `ON` or `OPTIONAL`; nil when not stated.
    public var mfaConfiguration: String?
    /// The MFA methods the pool offers: `SMS`, `TOTP`, `EMAIL`.
    public var mfaMethods: [String]
    /// Whether the identity pool gives credentials to guests (Gen 2 `unauthenticated_identities_enabled`,
    /// aws-amplify 6 `allowGuestAccess`); nil when not stated.
    public var allowsGuestAccess: Bool?
    /// Keys the file holds that Latchkey reads but does not act on yet (such as `auth.oauth`), named once.
    public var ignoredKeys: [String]

    /// Creates settings; every field defaults to "not stated".
    public init(
        passwordPolicy: PoolPasswordPolicy? = nil, usernameAttributes: [String] = [], signUpAttributes: [String] = [],
        verificationMechanisms: [String] = [], mfaConfiguration: String? = nil, mfaMethods: [String] = [],
        ignoredKeys: [String] = []
    ) {
        self.passwordPolicy = passwordPolicy
        self.usernameAttributes = usernameAttributes
        self.signUpAttributes = signUpAttributes
        self.verificationMechanisms = verificationMechanisms
        self.mfaConfiguration = mfaConfiguration
        self.mfaMethods = mfaMethods
        self.ignoredKeys = ignoredKeys
    }
}

/// A user pool's password policy in Cognito's terms.
public struct PoolPasswordPolicy: Sendable, Hashable {
    /// The shortest allowed password (Cognito: 6 to 99; default 8).
    public var minimumLength: Int
    /// Whether a lowercase letter is required.
    public var requiresLowercase: Bool
    /// Whether an uppercase letter is required.
    public var requiresUppercase: Bool
    /// Whether a digit is required.
    public var requiresNumbers: Bool
    /// Whether a symbol is required.
    public var requiresSymbols: Bool

    /// Creates a policy; the defaults are Cognito's default policy.
    public init(
        minimumLength: Int = 8, requiresLowercase: Bool = true, requiresUppercase: Bool = true,
        requiresNumbers: Bool = true, requiresSymbols: Bool = true
    ) {
        self.minimumLength = minimumLength
        self.requiresLowercase = requiresLowercase
        self.requiresUppercase = requiresUppercase
        self.requiresNumbers = requiresNumbers
        self.requiresSymbols = requiresSymbols
    }
}
