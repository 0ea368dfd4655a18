import CognitoAuth
import Foundation

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
    /// The store directory whose `exec` / `serve-credentials` registry the dashboard reads (nil: none).
    public var credentialsRegistryDirectory: String?
    /// How many entries the dashboard's event log keeps.
    public var logCapacity: Int
    /// The authentication levels the dashboard's sample calls (`c`, `C`) ask for (`SampleCallACR`,
    /// such as `"urn:cognito:loa:2"`): a weaker session's calls then wait behind the step-up prompt.
    public var sampleCallACR: [String] = []
    /// How long Resend code waits after a code was sent, in seconds (`ResendCooldownSeconds`; 30 by default).
    public var resendCooldown: TimeInterval = ConfirmSignUpState.resendCooldown
    /// The username the sign-in screen starts with (the demo fills in its user).
    public var prefilledUsername: String?
    /// A line shown on the first Sign in screen until the first submit (the demo names its user's password).
    public var signInHint: String?
    /// The local backend's mailbox (only under `latchkey demo`): each code it "sends" is said in the
    /// status line and the event log, marked as the demo's mailbox. Never set for a real pool.
    public var demoMailbox: DemoMailbox?
    /// What the username field holds: a username, or the email or phone number the pool signs in with.
    public var usernameKind: UsernameKind = .username
    /// Where the pool sends the code that verifies a new account (`email`, `phone_number`).
    public var verificationMechanisms: [String] = []
    /// The pool's MFA setting (`OFF`, `ON`, `OPTIONAL`), when stated.
    public var mfaConfiguration: String?
    /// The MFA methods the pool offers (`SMS`, `TOTP`, `EMAIL`).
    public var mfaMethods: [String] = []
    /// Configuration keys Latchkey read but does not act on yet, named once on the dashboard.
    public var ignoredKeys: [String] = []
    /// The sign-in screen's browser rows: `COGNITO` ("Continue in browser") and each identity provider
    /// ("Continue with Google"); empty without a hosted UI in the configuration.
    public var webProviders: [String] = []
    /// A notice about the session store (the plain-text warning), shown once inside the UI.
    public var storeNotice: String?
    /// The accounts signed in under the same store root (`latchkey accounts`), in its order, and the
    /// one this UI runs on (``AccountChoice/isCurrent``) whether or not anyone is in it: the header
    /// counts the others, the Accounts chooser lists them all.
    public var accounts: [AccountChoice] = []
    /// The account a cancelled sign-in goes back to (Esc, Cancel): set when this run is "Sign in as
    /// someone else", so that the way in is also a way out.
    public var returnAccount: AccountChoice?
    /// A line about the accounts for the status line and the event log when the UI starts: what the
    /// host's account rules did on the way here ("Switched to alice, who is still signed in here.").
    public var accountNotice: String?
    /// The hosted UI's sign-out URL that the run before could not open in a browser, when its sign-out
    /// handed the UI over to another account: this run shows it whole (on Sign in) or in the event log,
    /// and Ctrl-Y copies it.
    public var hostedUISignOutURL: String?
    /// Whether the host can start the UI again on another account (`a` opens the Accounts chooser).
    public var canSwitchAccounts: Bool = false
    /// The store root the accounts share. With it (and ``canSwitchAccounts``), the UI follows the
    /// active account when another process changes it (`latchkey switch`, a sign-in, a sign-out):
    /// the run ends with ``AuthScreensRuntime/Exit/followActiveAccount(_:)``.
    public var accountsRoot: String?
    /// Whether sign-in uses the USER_AUTH flow: the username first, then a choice of the methods the
    /// pool offers (password, a code by email or text message).
    public var choosesSignInMethod: Bool = false
    /// Whether the sign-in screen asks for a password; false for CUSTOM_AUTH without SRP, whose
    /// Lambda-defined challenge comes straight after the username.
    public var asksForPassword: Bool = true
    /// Whether a passkey authenticator is set up here (`LATCHKEY_PASSKEY_PROVIDER`, or a security key): Sign in
    /// and the re-login prompt offer "Use a passkey", and the method choice lets the passkey be chosen when the
    /// pool lists it. The pool's own settings are unknown before the username is sent, so an app client that
    /// does not allow USER_AUTH or a user without a passkey hears so from Cognito, with the next step.
    public var offersPasskey: Bool = false

    /// Creates options; every parameter defaults to AWSAuthUI's default.
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

    /// Options that follow the pool's settings, then the `Latchkey.UI` overrides.
    ///
    /// The pool's settings (from the configuration file) set the password policy, the username
    /// field, the sign-up attributes, the verification and MFA lines; every `Latchkey.UI` key that
    /// is present overrides them (see ``init(ui:)`` for the keys).
    public init(ui: JSONValue?, poolSettings: PoolSettings) {
        self.init()
        apply(poolSettings)
        applyOverrides(ui)
    }

    /// Reads options from the configuration's `Latchkey.UI` object; missing keys keep their defaults.
    ///
    /// Keys: `CanCancel`, `DisableSignUp`, `StartOnSignUp` (booleans), `Logo` (a string or an array
    /// of lines), `Theme`, `SignUpAttributes` (Cognito's standard names: `["email", "name",
    /// "birthdate"]`), `AutoSignIn`, `LogCapacity`, and `PasswordPolicy` in Cognito's shape
    /// (`MinimumLength`, `RequireUppercase`, `RequireLowercase`, `RequireNumbers`, `RequireSymbols`).
    /// The pool's other settings can be stated here too: `UsernameAttributes` (`["email"]`),
    /// `VerificationMechanisms` (`["email"]`), `MFAConfiguration` (`"OPTIONAL"`), `MFAMethods`
    /// (`["TOTP", "SMS"]`). `ResendCooldownSeconds` (0 to 600) is how long Resend code waits.
    public init(ui: JSONValue?) {
        self.init()
        applyOverrides(ui)
    }

    /// Takes every setting the pool states.
    public mutating func apply(_ pool: PoolSettings) {
        if let policy = pool.passwordPolicy { passwordPolicy = PasswordPolicy(pool: policy) }
        usernameKind = UsernameKind(usernameAttributes: pool.usernameAttributes)
        if !pool.signUpAttributes.isEmpty {
            signUpAttributes = Self.attributes(named: pool.signUpAttributes)
        } else if usernameKind != .username {
            // The pool states no attributes but signs in with email / phone: that field is enough.
            signUpAttributes = []
        }
        verificationMechanisms = pool.verificationMechanisms
        mfaConfiguration = pool.mfaConfiguration
        mfaMethods = pool.mfaMethods
        ignoredKeys = pool.ignoredKeys
    }

    /// Takes the hosted UI's sign-in choices: the pool's own page, then each named provider.
    public mutating func apply(_ hostedUI: HostedUIConfiguration?) {
        guard let hostedUI else {
            webProviders = []
            return
        }
        webProviders = [HostedUIConfiguration.cognitoProvider] + hostedUI.identityProviders
    }

    /// The standard attributes among `names`, in order, without repeats (custom attributes are left out:
    /// Cognito cannot require them).
    static func attributes(named names: [String]) -> [SignUpAttribute] {
        var seen = Set<SignUpAttribute>()
        return names.compactMap { SignUpAttribute(rawValue: $0.lowercased()) }.filter { seen.insert($0).inserted }
    }

    /// Applies the `Latchkey.UI` keys that are present.
    mutating func applyOverrides(_ ui: JSONValue?) {
        guard let ui else { return }
        func flag(_ key: String) -> Bool? {
            switch ui[key] {
            case .bool(let value)?: return value
            case .string(let value)?: return ["true", "yes", "1"].contains(value.lowercased())
            default: return nil
            }
        }
        func names(_ key: String) -> [String]? {
            if let text = ui[key]?.stringValue { return [text] }
            return ui[key]?.arrayValue?.compactMap(\.stringValue)
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
        if let attributes = names("UsernameAttributes") {
            usernameKind = UsernameKind(usernameAttributes: attributes)
        }
        if let attributes = names("SignUpAttributes") { signUpAttributes = Self.attributes(named: attributes) }
        if let mechanisms = names("VerificationMechanisms") { verificationMechanisms = mechanisms }
        if let setting = ui["MFAConfiguration"]?.stringValue { mfaConfiguration = setting }
        if let methods = names("MFAMethods") { mfaMethods = methods }
        if let capacity = ui["LogCapacity"]?.intValue { logCapacity = max(1, capacity) }
        if let level = ui["SampleCallACR"]?.stringValue, !level.isEmpty { sampleCallACR = [level] }
        if let seconds = ui["ResendCooldownSeconds"]?.intValue {
            resendCooldown = TimeInterval(min(max(0, seconds), 600))
        }
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

    /// The dashboard's line about the pool's MFA, such as "MFA: optional (TOTP, SMS)"; nil when not stated.
    public var mfaSummary: String? { ScreenText.mfaSummary(configuration: mfaConfiguration, methods: mfaMethods) }

    /// The names of the accounts other than this UI's, as the header counts them.
    public var otherAccounts: [String] { accounts.filter { !$0.isCurrent }.map(\.name) }
}
