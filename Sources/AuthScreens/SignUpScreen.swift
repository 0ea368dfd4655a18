import CognitoAuth
import Foundation
import TerminalKeys

/// An attribute field of a form: which attribute, and its text field.
public struct AttributeField: Equatable, Sendable {
    /// The Cognito attribute name, such as `email`.
    public var name: String
    /// The label shown beside the field.
    public var label: String
    /// The attribute's value as typed, with its inline error.
    public var field: FieldState

    /// Creates an attribute field.
    public init(name: String, label: String, text: String = "") {
        self.name = name
        self.label = label
        self.field = FieldState(text: text)
    }

    /// The input the attribute takes (free text for a name Cognito does not define).
    public var input: SignUpAttribute.Input { SignUpAttribute(rawValue: name)?.input ?? .text }

    /// An example value for the empty field.
    public var placeholder: String { SignUpAttribute(rawValue: name)?.placeholder ?? "" }

    /// The validation error for the current text: required, then the format of its input
    /// (email, E.164 phone number, `YYYY-MM-DD` date, URL, seconds; Cognito's 2048-character limit).
    public var validationError: String? {
        let value = field.text.trimmingCharacters(in: .whitespaces)
        if value.isEmpty { return ScreenText.attributeRequired(label) }
        if value.count > Validation.maximumAttributeLength { return ScreenText.attributeTooLong(label) }
        switch input {
        case .email: return Validation.isEmail(value) ? nil : ScreenText.invalidEmail
        case .phoneNumber: return Validation.isPhone(value) ? nil : ScreenText.invalidPhone
        case .date: return Validation.isDate(value) ? nil : ScreenText.invalidDate(label)
        case .url: return Validation.isURL(value) ? nil : ScreenText.invalidURL(label)
        case .seconds: return Validation.isSeconds(value) ? nil : ScreenText.invalidSeconds(label)
        case .text: return nil
        }
    }

    /// Whether typing `character` into this field makes sense (a date takes digits and `-`, a
    /// phone number `+` and digits, seconds digits); other keys are ignored, not typed.
    public func accepts(_ character: Character) -> Bool {
        switch input {
        case .date: return (character.isASCII && character.isNumber) || character == "-"
        case .phoneNumber: return (character.isASCII && character.isNumber) || character == "+"
        case .seconds: return character.isASCII && character.isNumber
        case .email, .url, .text: return true
        }
    }

    /// Whether this field refuses `key`: a typed character its input does not take, or a paste with
    /// one (a letter in a date, say). Other keys are for the field to handle.
    public func refuses(_ key: Key) -> Bool {
        switch key {
        case .character(let character): return !accepts(character)
        case .paste(let text): return !text.trimmingCharacters(in: .whitespaces).allSatisfy(accepts)
        default: return false
        }
    }
}

/// Shared checks for usernames, emails, phone numbers and codes.
enum Validation {
    static func isEmail(_ value: String) -> Bool {
        let parts = value.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, !value.contains(where: \.isWhitespace) else { return false }
        let domain = parts[1]
        return domain.contains(".") && !domain.hasPrefix(".") && !domain.hasSuffix(".")
    }

    static func isPhone(_ value: String) -> Bool { UserAttributes.isE164PhoneNumber(value) }

    /// Cognito's limit for a string attribute.
    static let maximumAttributeLength = 2048

    /// `YYYY-MM-DD`, a real calendar date (OpenID Connect's `birthdate` format).
    static func isDate(_ value: String) -> Bool {
        let parts = value.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
            parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
            let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]),
            year >= 1, (1...12).contains(month), day >= 1
        else { return false }
        let leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
        let days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        return day <= days[month - 1]
    }

    /// An `http://` or `https://` URL with a host and no spaces.
    static func isURL(_ value: String) -> Bool {
        guard !value.contains(where: \.isWhitespace), let url = URL(string: value),
            let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
            let host = url.host, !host.isEmpty
        else { return false }
        return true
    }

    /// A whole, non-negative number of seconds.
    static func isSeconds(_ value: String) -> Bool {
        !value.isEmpty && value.count <= 12 && value.allSatisfy { $0.isASCII && $0.isNumber }
    }

    static func usernameError(_ value: String, forNewAccount: Bool) -> String? {
        if value.trimmingCharacters(in: .whitespaces).isEmpty { return ScreenText.usernameRequired }
        if forNewAccount && value.contains(where: \.isWhitespace) { return ScreenText.usernameHasSpaces }
        return nil
    }

    static func codeError(_ value: String, digits: Int?) -> String? {
        let code = value.trimmingCharacters(in: .whitespaces)
        if code.isEmpty { return ScreenText.codeRequired }
        if let digits, code.count != digits || !code.allSatisfy({ $0.isASCII && $0.isNumber }) {
            return ScreenText.codeMustBeDigits(digits)
        }
        return nil
    }
}

/// The Create account screen: username, password typed twice (policy checked inline) and the configured attributes.
public struct SignUpState: Equatable, Sendable {
    /// The one request the form sends.
    public enum Request: Hashable, Sendable {
        /// `signUp` with the username, password and attributes.
        case signUp
    }

    /// The focusable items in Tab order.
    public enum Focus: Hashable, Sendable {
        /// The username (or email / phone number) field, first in Tab order.
        case username
        /// The password field, checked against the policy as it is typed.
        case password
        /// The password again: nothing is sent until both match.
        case confirmPassword
        /// The attribute field at this index of ``SignUpState/attributes``.
        case attribute(Int)
        /// The Create account button.
        case createAccount
        /// The "Back to sign in" link.
        case signIn
    }

    /// The username as typed, with its inline error.
    public var username: FieldState
    /// What the username field holds (a username, or the email / phone number the pool signs in with).
    public var usernameKind: UsernameKind
    /// Where the pool sends the verification code (`email`, `phone_number`), for the line under the form.
    public var verificationMechanisms: [String]
    /// The password field (secure).
    public var password: FieldState
    /// The password typed again (secure).
    public var confirmPassword: FieldState
    /// The attributes the configuration asks for.
    public var attributes: [AttributeField]
    /// The pool's password policy.
    public var policy: PasswordPolicy
    /// The item Tab / Shift-Tab / ↑ / ↓ move between.
    public var focus: Focus
    /// The `signUp` request running, or nil.
    public var request: Request?
    /// The server error with the next step.
    public var banner: String?
    /// The submitted password, kept only for automatic sign-in after confirmation.
    public var rememberedPassword: SecretText?
    /// Whether to sign in automatically once the account is confirmed.
    public var signsInAfterSignUp: Bool

    /// Creates the screen with the pool's password policy and the attributes it asks for.
    public init(
        username: String = "", policy: PasswordPolicy = .cognitoDefault, attributes: [SignUpAttribute] = [.email],
        signsInAfterSignUp: Bool = true, usernameKind: UsernameKind = .username, verificationMechanisms: [String] = []
    ) {
        self.username = FieldState(text: username)
        self.usernameKind = usernameKind
        self.verificationMechanisms = verificationMechanisms
        self.password = FieldState(isSecure: true)
        self.confirmPassword = FieldState(isSecure: true)
        // The username already is the email / phone number on such pools: never ask for it twice.
        let covered = usernameKind.coveredAttributes
        self.attributes = attributes.filter { !covered.contains($0.attributeName) }
            .map { AttributeField(name: $0.attributeName, label: $0.label) }
        self.policy = policy
        self.focus = username.isEmpty ? .username : .password
        self.request = nil
        self.banner = nil
        self.rememberedPassword = nil
        self.signsInAfterSignUp = signsInAfterSignUp
    }

    /// The focusable items in Tab order.
    public var focusOrder: [Focus] {
        [.username, .password, .confirmPassword] + attributes.indices.map { .attribute($0) } + [
            .createAccount, .signIn,
        ]
    }

    /// The inline policy checklist for the password as typed.
    public var passwordChecks: [PasswordCheck] { policy.checks(for: password.text) }

    /// Whether Create account can be pressed.
    public var canSubmit: Bool { !isInFlight }

    /// The status-line verb while in flight.
    public var activity: String? { isInFlight ? ScreenText.creatingAccount : nil }

    /// Where the verification code will go ("We will send a verification code to your email."), when the pool says.
    public var verificationNotice: String? { ScreenText.verificationNotice(verificationMechanisms) }

    /// The attributes as sent to `signUp`.
    var attributeValues: [String: String] {
        Dictionary(
            attributes.map { ($0.name, $0.field.text.trimmingCharacters(in: .whitespaces)) },
            uniquingKeysWith: { first, _ in first })
    }
}

/// What happened on the Create account screen.
public enum SignUpAction: Sendable {
    /// A key was pressed.
    case keyPressed(Key)
    /// The username was set in one piece.
    case usernameChanged(String)
    /// The password was set in one piece.
    case passwordChanged(String)
    /// The repeated password was set in one piece.
    case confirmPasswordChanged(String)
    /// An attribute was set in one piece.
    case attributeChanged(index: Int, text: String)
    /// Create account was pressed.
    case submitPressed
    /// Back to sign in was pressed.
    case backPressed
    /// The sign-up request finished.
    case signUpFinished(Result<SignUpStep, AuthError>)
}

/// Create account's service call, named after the core's; answered by `SignUpAction.signUpFinished`.
public enum SignUpRequest: Hashable, Sendable {
    /// `signUp(username:password:attributes:)`.
    case signUp(username: String, password: SecretText, attributes: [String: String])

    /// Calls `service` and returns the action the answer comes back as (nil when cancelled).
    func perform(on service: some AuthClientService) async -> SignUpAction? {
        switch self {
        case .signUp(let username, let password, let attributes):
            return await AuthEffect.outcome {
                try await service.signUp(username: username, password: password.value, attributes: attributes)
            }.map { .signUpFinished($0) }
        }
    }
}

extension SignUpState: FormScreen {
    static var requestCancelledMessage: WritableKeyPath<SignUpState, String?> { \.banner }

    /// The key path of the username, password or attribute field at `focus`; nil for the buttons and links.
    public func fieldPath(_ focus: Focus) -> WritableKeyPath<SignUpState, FieldState>? {
        switch focus {
        case .username: return \.username
        case .password: return \.password
        case .confirmPassword: return \.confirmPassword
        case .attribute(let index): return attributes.indices.contains(index) ? \.attributes[index].field : nil
        case .createAccount, .signIn: return nil
        }
    }

    func validationError(for focus: Focus) -> String? {
        switch focus {
        case .username: return usernameKind.validationError(username.text, forNewAccount: true)
        case .password: return policy.validationError(for: password.text)
        case .confirmPassword:
            if confirmPassword.isEmpty { return ScreenText.confirmPasswordRequired }
            return confirmPassword.text == password.text ? nil : ScreenText.passwordsDoNotMatch
        case .attribute(let index): return attributes.indices.contains(index) ? attributes[index].validationError : nil
        case .createAccount, .signIn: return nil
        }
    }

    /// Whether the focused field refuses `key` (a letter typed into a date, say).
    func refuses(_ key: Key) -> Bool {
        guard !isInFlight, case .attribute(let index) = focus, attributes.indices.contains(index) else { return false }
        return attributes[index].refuses(key)
    }

    /// Applies an action and returns the effects to run.
    package mutating func reduce(_ action: SignUpAction) -> [ScreenEffect] {
        switch action {
        case .keyPressed(let key):
            if refuses(key) { return [] }
            switch handleFormKey(key) {
            case .handled: return []
            case .edited:
                banner = nil
                return []
            case .submitted: return submit()
            case .activated(.signIn), .escaped: return back()
            case .activated: return submit()
            case .cancelledInFlight:
                rememberedPassword = nil
                return cancelRequestInFlight()
            }
        case .usernameChanged(let text):
            username.setText(text)
            return []
        case .passwordChanged(let text):
            password.setText(text)
            return []
        case .confirmPasswordChanged(let text):
            confirmPassword.setText(text)
            return []
        case .attributeChanged(let index, let text):
            if attributes.indices.contains(index) { attributes[index].field.setText(text) }
            return []
        case .submitPressed: return submit()
        case .backPressed: return isInFlight ? [] : back()
        case .signUpFinished(let result):
            return signUpFinished(result)
        }
    }

    /// The answer to Create account: the code screen, a sign-in, or a banner (and the field to fix).
    private mutating func signUpFinished(_ result: Result<SignUpStep, AuthError>) -> [ScreenEffect] {
        guard isInFlight else { return [] }
        request = nil
        let name = username.text.trimmingCharacters(in: .whitespaces)
        let remembered = rememberedPassword
        rememberedPassword = nil
        switch result {
        case .success(.confirmSignUp(let delivery)):
            return [
                .route(
                    .confirmSignUp(
                        username: name, delivery: delivery, password: signsInAfterSignUp ? remembered : nil,
                        sendNewCode: false))
            ]
        case .success(.done):
            if signsInAfterSignUp, let remembered {
                return [.route(.autoSignIn(username: name, password: remembered))]
            }
            return [.route(.signIn(username: name, notice: ScreenText.accountCreated))]
        case .failure(let error):
            banner = ScreenText.signUpBanner(for: error)
            // The password stays typed unless it was the problem (a taken username is no reason to retype it).
            switch error {
            case .usernameExists, .aliasExists: focus = .username
            case .invalidPassword, .passwordHistoryPolicyViolation:
                password.clear()
                confirmPassword.clear()
                focus = .password
            default: break
            }
            return []
        }
    }

    private func back() -> [ScreenEffect] {
        [.route(.signIn(username: username.text.trimmingCharacters(in: .whitespaces), notice: nil))]
    }

    private mutating func submit() -> [ScreenEffect] {
        guard canSubmit else { return [] }
        banner = nil
        guard validateAll() else { return [] }
        let secret = SecretText(password.text)
        rememberedPassword = signsInAfterSignUp ? secret : nil
        request = .signUp
        return [
            .run(
                .signUp(
                    .signUp(
                        username: username.text.trimmingCharacters(in: .whitespaces), password: secret,
                        attributes: attributeValues)))
        ]
    }
}

extension AppAction {
    /// An action for the Create account screen.
    public static func signUp(_ action: SignUpAction) -> AppAction { .screen(.signUp(action)) }
}

extension AuthEffect {
    /// Create account's request; its answer comes back to the screen as `AppAction.screen`.
    public static func signUp(_ request: SignUpRequest) -> AuthEffect { .screen(.signUp(request)) }
}
