import CognitoAuth
import Foundation
import LatchkeyText

/// What every form shares: the common field labels and buttons, the validation errors under a field,
/// the password policy beside a new password, and the sign-up attributes' labels and examples.
extension ScreenText {
    // MARK: Labels and buttons

    /// The username field's label on a pool that signs in with a plain username: "Username".
    public static var usernameLabel: String { Localized.text(\.usernameLabel) }
    /// The label of a field for the current password (Sign in, Create account, the re-login prompt): "Password".
    public static var passwordLabel: String { Localized.text(\.passwordLabel) }
    /// The label of the field for a new password (Forgot password, NEW_PASSWORD_REQUIRED): "New password".
    public static var newPasswordLabel: String { Localized.text(\.newPasswordLabel) }
    /// The label of the field that repeats the new password: "Confirm password".
    public static var confirmPasswordLabel: String { Localized.text(\.confirmPasswordLabel) }
    /// The label of a field for a sent or generated code: "Code".
    public static var codeLabel: String { Localized.text(\.codeLabel) }
    /// The heading over the password-policy rules beside a new password: "The password needs:".
    public static var policyHeading: String { Localized.text(\.policyHeading) }
    /// The button that leaves a form for the screen before it: "Cancel".
    public static var cancelButton: String { Localized.text(\.cancelButton) }
    /// The link from Create account, the confirmation screen and Forgot password back to Sign in.
    public static var backToSignInLink: String { Localized.text(\.backToSignInLink) }
    /// The link back to the previous step (Forgot password's second step): "Back".
    public static var backLink: String { Localized.text(\.backLink) }
    /// The notice after Esc cancelled a request in flight: nothing more was sent, try again when ready.
    public static var requestCancelled: String { Localized.text(\.requestCancelled) }

    /// The key hint of the focused password field: "Ctrl-T show password" or, once shown, "Ctrl-T hide password".
    public static func revealHint(isRevealed: Bool) -> String { FormKeys.revealHint(isRevealed: isRevealed).text }

    // MARK: Sign-up attributes

    /// The label of a sign-up attribute's field, as ``attributeLabel(named:)`` gives it.
    public static func attributeLabel(_ attribute: SignUpAttribute) -> String {
        attributeLabel(named: attribute.attributeName)
    }

    /// The label of any Cognito attribute name: `email` → "Email", `family_name` → "Family name";
    /// a custom one without its `custom:` prefix, underscores as spaces (sanitised).
    public static func attributeLabel(named name: String) -> String {
        if let key = standardAttributeKey(name) { return Localized.text(key) }
        let words = TerminalText.sanitized(name).replacingOccurrences(of: "custom:", with: "")
            .replacingOccurrences(of: "_", with: " ")
        return words.prefix(1).uppercased() + words.dropFirst()
    }

    /// The text of a standard Cognito attribute's label; nil for any other name.
    static func standardAttributeKey(_ name: String) -> TextKey? {
        switch name {
        case "email": return \.attributeEmail
        case "phone_number": return \.attributePhoneNumber
        case "birthdate": return \.attributeBirthdate
        case "zoneinfo": return \.attributeZoneinfo
        case "updated_at": return \.attributeUpdatedAt
        case "name": return \.attributeName
        case "given_name": return \.attributeGivenName
        case "family_name": return \.attributeFamilyName
        case "middle_name": return \.attributeMiddleName
        case "nickname": return \.attributeNickname
        case "preferred_username": return \.attributePreferredUsername
        case "profile": return \.attributeProfile
        case "picture": return \.attributePicture
        case "website": return \.attributeWebsite
        case "gender": return \.attributeGender
        case "locale": return \.attributeLocale
        case "address": return \.attributeAddress
        default: return nil
        }
    }

    /// The grey example inside an empty attribute field ("YYYY-MM-DD", "+14155550100"); empty for free text.
    public static func attributePlaceholder(_ attribute: SignUpAttribute) -> String {
        switch attribute {
        case .email: return "name@example.com"
        case .phoneNumber: return "+14155550100"
        case .birthdate: return "YYYY-MM-DD"
        case .profile, .picture, .website: return "https://…"
        case .updatedAt: return Localized.text(\.placeholderSecondsSince1970)
        case .zoneinfo: return "Europe/Paris"
        case .locale: return "en-US"
        default: return ""
        }
    }

    // MARK: Validation (the error under a field)

    /// The username field is empty.
    public static var usernameRequired: String { Localized.text(\.usernameRequired) }
    /// A username typed on Create account contains a space.
    public static var usernameHasSpaces: String { Localized.text(\.usernameHasSpaces) }
    /// A password field is empty.
    public static var passwordRequired: String { Localized.text(\.passwordRequired) }
    /// The field that repeats the new password is empty.
    public static var confirmPasswordRequired: String { Localized.text(\.confirmPasswordRequired) }
    /// The new password and its repetition differ.
    public static var passwordsDoNotMatch: String { Localized.text(\.passwordsDoNotMatch) }
    /// A code field is empty.
    public static var codeRequired: String { Localized.text(\.codeRequired) }
    /// An email field (or email username) is not an address; gives `name@example.com` as the example.
    public static var invalidEmail: String { Localized.text(\.invalidEmail) }
    /// A phone field is not a number with its country code; gives `+14155550100` as the example.
    public static var invalidPhone: String { Localized.text(\.invalidPhone) }
    /// A username on an email-or-phone pool is neither an address nor a phone number.
    public static var invalidEmailOrPhone: String { Localized.text(\.invalidEmailOrPhone) }
    /// The attribute labelled `label` is longer than Cognito's 2048 characters.
    public static func attributeTooLong(_ label: String) -> String {
        Localized.format(\.attributeTooLong, ["label": label])
    }
    /// The date attribute labelled `label` is not YYYY-MM-DD (the label lowercased inside the English sentence).
    public static func invalidDate(_ label: String) -> String {
        Localized.format(\.invalidDate, ["label": lowercasedLabel(label)])
    }
    /// The URL attribute labelled `label` does not start with https:// (the label lowercased in English).
    public static func invalidURL(_ label: String) -> String {
        Localized.format(\.invalidURL, ["label": lowercasedLabel(label)])
    }
    /// The attribute labelled `label` is not a number of seconds since 1970 (the label lowercased in English).
    public static func invalidSeconds(_ label: String) -> String {
        Localized.format(\.invalidSeconds, ["label": lowercasedLabel(label)])
    }

    /// A code that is not `digits` digits long: "The code has 6 digits.".
    public static func codeMustBeDigits(_ digits: Int) -> String {
        Localized.format(\.codeMustBeDigits, ["digits": String(digits)])
    }

    /// The required attribute labelled `label` is empty: "Email is required.".
    public static func attributeRequired(_ label: String) -> String {
        Localized.format(\.attributeRequired, ["label": label])
    }

    // MARK: Password policy

    /// A policy rule as listed beside a new password, after ``checkMet`` or ``checkUnmet``.
    public static func policyRule(_ rule: PasswordPolicy.Rule) -> String {
        switch rule {
        case .minimumLength(let length): return Localized.format(\.policyRuleLength, ["length": String(length)])
        case .uppercase: return Localized.text(\.policyRuleUppercase)
        case .lowercase: return Localized.text(\.policyRuleLowercase)
        case .number: return Localized.text(\.policyRuleNumber)
        case .symbol: return Localized.text(\.policyRuleSymbol)
        }
    }

    /// The error under a new password that misses `rule`: "The password needs a number.".
    public static func passwordNeeds(_ rule: PasswordPolicy.Rule) -> String {
        switch rule {
        case .minimumLength(let length): return Localized.format(\.passwordNeedsLength, ["length": String(length)])
        case .uppercase: return Localized.text(\.passwordNeedsUppercase)
        case .lowercase: return Localized.text(\.passwordNeedsLowercase)
        case .number: return Localized.text(\.passwordNeedsNumber)
        case .symbol: return Localized.text(\.passwordNeedsSymbol)
        }
    }
}
