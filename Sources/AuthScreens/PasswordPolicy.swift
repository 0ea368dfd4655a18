import CognitoAuth
import LatchkeyText

/// A user pool's password policy, checked inline as the user types.
///
/// The default is Cognito's default policy: at least 8 characters with an uppercase letter, a
/// lowercase letter, a number and a symbol.
public struct PasswordPolicy: Hashable, Sendable {
    /// The shortest allowed password.
    public var minimumLength: Int
    /// Whether an uppercase letter is required.
    public var requiresUppercase: Bool
    /// Whether a lowercase letter is required.
    public var requiresLowercase: Bool
    /// Whether a digit is required.
    public var requiresNumber: Bool
    /// Whether a symbol is required.
    public var requiresSymbol: Bool

    /// Creates a policy; the defaults are Cognito's.
    public init(
        minimumLength: Int = 8, requiresUppercase: Bool = true, requiresLowercase: Bool = true,
        requiresNumber: Bool = true, requiresSymbol: Bool = true
    ) {
        self.minimumLength = minimumLength
        self.requiresUppercase = requiresUppercase
        self.requiresLowercase = requiresLowercase
        self.requiresNumber = requiresNumber
        self.requiresSymbol = requiresSymbol
    }

    /// Cognito's default policy: at least 8 characters with an uppercase letter, a lowercase letter, a
    /// digit and a symbol.
    public static let cognitoDefault = PasswordPolicy()

    /// The policy a pool states, as the pool checks it; the minimum length is kept within
    /// Cognito's 6 to 99.
    public init(pool: PoolPasswordPolicy) {
        self.init(
            minimumLength: min(99, max(6, pool.minimumLength)), requiresUppercase: pool.requiresUppercase,
            requiresLowercase: pool.requiresLowercase, requiresNumber: pool.requiresNumbers,
            requiresSymbol: pool.requiresSymbols)
    }

    /// The policy the forms apply for `configuration`: the pool's stated policy, then `Latchkey.UI.PasswordPolicy`,
    /// else Cognito's default. The CLI's pre-checks use it too, so both judge a password the same way.
    public init(configuration: AuthConfiguration) {
        self = AuthUIOptions(ui: configuration.latchkey.ui, poolSettings: configuration.poolSettings).passwordPolicy
    }

    /// The CLI's sentence for a password this policy refuses ("The password needs a symbol. The password
    /// needs: …"), or nil when `password` meets it; the same rules as the forms' checklist.
    public func refusal(of password: String) -> String? {
        guard let problem = validationError(for: password) else { return nil }
        let rules = rules.map(\.text).joined(separator: Localized.text(\.policyListSeparator))
        return Localized.format(\.cliPasswordRefused, ["problem": problem, "rules": rules])
    }

    /// One requirement of a policy.
    public enum Rule: Hashable, Sendable {
        /// At least this many characters.
        case minimumLength(Int)
        /// At least one uppercase letter (`RequireUppercase`).
        case uppercase
        /// At least one lowercase letter (`RequireLowercase`).
        case lowercase
        /// At least one digit (`RequireNumbers`).
        case number
        /// A symbol from ``PasswordPolicy/symbols``.
        case symbol

        /// The requirement as shown beside the password field.
        public var text: String { ScreenText.policyRule(self) }

        /// Whether `password` meets this requirement.
        public func isMet(by password: String) -> Bool {
            switch self {
            case .minimumLength(let length): return password.count >= length
            // Cognito counts the basic Latin letters only: "É" is not an uppercase letter to the pool.
            case .uppercase: return password.unicodeScalars.contains { ("A"..."Z").contains($0) }
            case .lowercase: return password.unicodeScalars.contains { ("a"..."z").contains($0) }
            case .number: return password.contains { $0.isASCII && $0.isNumber }
            case .symbol: return password.contains { PasswordPolicy.symbols.contains($0) }
            }
        }
    }

    /// The characters Cognito counts as symbols: `^ $ * . [ ] { } ( ) ? " ! @ # % & / \ , > < ' : ; | _ ~` and the backquote, `= + -`
    /// and the space.
    public static let symbols: Set<Character> = Set("^$*.[]{}()?-\"!@#%&/\\,><':;|_~`+= ")

    /// The rules this policy enforces, in display order.
    public var rules: [Rule] {
        var rules: [Rule] = [.minimumLength(minimumLength)]
        if requiresUppercase { rules.append(.uppercase) }
        if requiresLowercase { rules.append(.lowercase) }
        if requiresNumber { rules.append(.number) }
        if requiresSymbol { rules.append(.symbol) }
        return rules
    }

    /// Every rule with whether `password` meets it, for the inline checklist.
    public func checks(for password: String) -> [PasswordCheck] {
        rules.map { PasswordCheck(rule: $0, isMet: $0.isMet(by: password)) }
    }

    /// The first rule `password` does not meet, or nil when it meets them all.
    public func firstUnmetRule(in password: String) -> Rule? {
        rules.first { !$0.isMet(by: password) }
    }

    /// The validation error for `password`, or nil when it meets the policy.
    public func validationError(for password: String) -> String? {
        if password.isEmpty { return ScreenText.passwordRequired }
        return firstUnmetRule(in: password).map(ScreenText.passwordNeeds)
    }
}

/// One line of the inline password checklist.
public struct PasswordCheck: Hashable, Sendable {
    /// The policy rule this checklist line is about.
    public var rule: PasswordPolicy.Rule
    /// Whether the current password meets it.
    public var isMet: Bool
    /// The rule's text without a glyph: "At least 8 characters".
    public var text: String { rule.text }
    /// The text with a glyph, so the state is not shown by colour alone: "✓ At least 8 characters".
    public var line: String { "\(isMet ? ScreenText.checkMet : ScreenText.checkUnmet) \(rule.text)" }
}
