import CognitoAuth

/// A sign-up attribute the configuration asks for.
public enum SignUpAttribute: String, Hashable, Sendable, CaseIterable {
    /// The email address (`email`).
    case email
    /// The phone number in E.164 form (`phone_number`).
    case phoneNumber = "phone_number"

    /// The Cognito attribute name.
    public var attributeName: String { rawValue }
    /// The field label.
    public var label: String { ScreenText.attributeLabel(self) }
}

/// How the sign-in screens behave, like AWSAuthUI's configuration.
public struct AuthUIOptions: Hashable, Sendable {
    /// Whether the user may cancel the sign-in screen (Esc / Cancel), which ends the UI.
    public var canCancel: Bool
    /// Whether the Create account link is hidden.
    public var disableSignUp: Bool
    /// Whether the UI opens on Create account instead of Sign in.
    public var startOnSignUp: Bool
    /// Logo lines drawn above the forms.
    public var logo: [String]
    /// The theme the renderer should use.
    public var themeName: String
    /// The pool's password policy, checked inline on Create account, Forgot password and New password.
    public var passwordPolicy: PasswordPolicy
    /// The attributes Create account asks for.
    public var signUpAttributes: [SignUpAttribute]
    /// Whether to sign in automatically (with the remembered password) after the account is confirmed.
    public var signsInAfterSignUp: Bool
    /// How many entries the dashboard's event log keeps.
    public var logCapacity: Int
    /// The username the sign-in screen starts with (the demo fills in its user).
    public var prefilledUsername: String?

    /// Creates options.
    public init(
        canCancel: Bool = false, disableSignUp: Bool = false, startOnSignUp: Bool = false, logo: [String] = [],
        themeName: String = "default", passwordPolicy: PasswordPolicy = .cognitoDefault,
        signUpAttributes: [SignUpAttribute] = [.email], signsInAfterSignUp: Bool = true, logCapacity: Int = 500
    ) {
        self.canCancel = canCancel
        self.disableSignUp = disableSignUp
        self.startOnSignUp = startOnSignUp && !disableSignUp
        self.logo = logo
        self.themeName = themeName
        self.passwordPolicy = passwordPolicy
        self.signUpAttributes = signUpAttributes
        self.signsInAfterSignUp = signsInAfterSignUp
        self.logCapacity = max(1, logCapacity)
    }

    /// Reads options from the configuration's `Latchkey.UI` object; missing keys keep their defaults.
    ///
    /// Keys: `CanCancel`, `DisableSignUp`, `StartOnSignUp` (booleans), `Logo` (a string or an array
    /// of lines), `Theme`, `SignUpAttributes` (`["email", "phone_number"]`), `AutoSignIn`,
    /// `LogCapacity`, and `PasswordPolicy` in Cognito's shape (`MinimumLength`, `RequireUppercase`,
    /// `RequireLowercase`, `RequireNumbers`, `RequireSymbols`).
    public init(ui: JSONValue?) {
        self.init()
        guard let ui else { return }
        func flag(_ key: String) -> Bool? {
            switch ui[key] {
            case .bool(let value)?: return value
            case .string(let value)?: return ["true", "yes", "1"].contains(value.lowercased())
            default: return nil
            }
        }
        canCancel = flag("CanCancel") ?? canCancel
        disableSignUp = flag("DisableSignUp") ?? disableSignUp
        startOnSignUp = (flag("StartOnSignUp") ?? startOnSignUp) && !disableSignUp
        signsInAfterSignUp = flag("AutoSignIn") ?? signsInAfterSignUp
        if let lines = ui["Logo"]?.arrayValue {
            logo = lines.compactMap(\.stringValue)
        } else if let text = ui["Logo"]?.stringValue {
            logo = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        }
        themeName = ui["Theme"]?.stringValue ?? themeName
        if let names = ui["SignUpAttributes"]?.arrayValue {
            signUpAttributes = names.compactMap { $0.stringValue.flatMap(SignUpAttribute.init(rawValue:)) }
        }
        if let capacity = ui["LogCapacity"]?.intValue { logCapacity = max(1, capacity) }
        if let policy = ui["PasswordPolicy"] {
            func rule(_ key: String, _ current: Bool) -> Bool {
                if case .bool(let value)? = policy[key] { return value }
                return current
            }
            passwordPolicy = PasswordPolicy(
                minimumLength: policy["MinimumLength"]?.intValue ?? passwordPolicy.minimumLength,
                requiresUppercase: rule("RequireUppercase", passwordPolicy.requiresUppercase),
                requiresLowercase: rule("RequireLowercase", passwordPolicy.requiresLowercase),
                requiresNumber: rule("RequireNumbers", passwordPolicy.requiresNumber),
                requiresSymbol: rule("RequireSymbols", passwordPolicy.requiresSymbol))
        }
    }
}
