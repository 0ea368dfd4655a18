import Foundation

/// What the username field holds, from the pool's username attributes.
///
/// On a pool whose users sign in with their email (`UsernameAttributes: ["email"]`) the one field
/// is labelled "Email", checked as an email address, and Create account does not ask for the email
/// a second time.
public enum UsernameKind: Hashable, Sendable {
    /// A plain username, any text the pool accepts.
    case username
    /// An email address is the username.
    case email
    /// A phone number (E.164) is the username.
    case phoneNumber
    /// Either an email address or a phone number.
    case emailOrPhoneNumber

    /// The kind a pool's `usernameAttributes` (`email`, `phone_number`) describe.
    public init(usernameAttributes: [String]) {
        let names = Set(usernameAttributes.map { $0.lowercased() })
        switch (names.contains("email"), names.contains("phone_number")) {
        case (true, true): self = .emailOrPhoneNumber
        case (true, false): self = .email
        case (false, true): self = .phoneNumber
        case (false, false): self = .username
        }
    }

    /// The attributes this username stands for, so Create account does not ask for them again.
    public var coveredAttributes: Set<String> {
        switch self {
        case .username: return []
        case .email: return ["email"]
        case .phoneNumber: return ["phone_number"]
        case .emailOrPhoneNumber: return ["email", "phone_number"]
        }
    }

    /// The username field's label for this kind on Sign in and Create account, such as "Username" or "Email or phone".
    public var label: String { ScreenText.usernameLabel(self) }

    /// An example shown in the empty field.
    public var placeholder: String { ScreenText.usernamePlaceholder(self) }

    /// The validation error for `value`, or nil when it is acceptable.
    public func validationError(_ value: String, forNewAccount: Bool) -> String? {
        let trimmed = value.trimmingCharacters(in: .whitespaces)
        switch self {
        case .username:
            return Validation.usernameError(value, forNewAccount: forNewAccount)
        case .email:
            if trimmed.isEmpty { return ScreenText.attributeRequired(label) }
            return Validation.isEmail(trimmed) ? nil : ScreenText.invalidEmail
        case .phoneNumber:
            if trimmed.isEmpty { return ScreenText.attributeRequired(label) }
            return Validation.isPhone(trimmed) ? nil : ScreenText.invalidPhone
        case .emailOrPhoneNumber:
            if trimmed.isEmpty { return ScreenText.attributeRequired(label) }
            return Validation.isEmail(trimmed) || Validation.isPhone(trimmed) ? nil : ScreenText.invalidEmailOrPhone
        }
    }
}
