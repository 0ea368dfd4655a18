/// A standard Cognito attribute that Create account can ask for.
///
/// Cognito's standard set, each with the input suited to it: an email address, an E.164 phone
/// number, a `YYYY-MM-DD` date, a URL, a number of seconds, or free text.
public enum SignUpAttribute: String, Hashable, Sendable, CaseIterable {
    /// The email address (`email`).
    case email
    /// The phone number in E.164 form (`phone_number`).
    case phoneNumber = "phone_number"
    /// The full name (`name`).
    case name
    /// The given name (`given_name`).
    case givenName = "given_name"
    /// The family name (`family_name`).
    case familyName = "family_name"
    /// The middle name (`middle_name`).
    case middleName = "middle_name"
    /// The nickname, free text (`nickname`).
    case nickname
    /// The preferred username (`preferred_username`).
    case preferredUsername = "preferred_username"
    /// The profile page URL (`profile`).
    case profile
    /// The picture URL (`picture`).
    case picture
    /// The website URL (`website`).
    case website
    /// The gender, free text (`gender`).
    case gender
    /// The birth date as `YYYY-MM-DD` (`birthdate`).
    case birthdate
    /// The time zone, such as `Europe/Paris` (`zoneinfo`).
    case zoneinfo
    /// The locale, such as `en-US` (`locale`).
    case locale
    /// The postal address (`address`).
    case address
    /// When the profile was last updated, in seconds since 1970 (`updated_at`).
    case updatedAt = "updated_at"

    /// The kind of input an attribute takes, which decides its checks, placeholder and allowed keys.
    public enum Input: Hashable, Sendable {
        /// An email address: one `@`, no spaces, and a dotted domain.
        case email
        /// A phone number in E.164 form (`+` then up to 15 digits).
        case phoneNumber
        /// A calendar date as `YYYY-MM-DD`.
        case date
        /// An `http://` or `https://` URL.
        case url
        /// A whole number of seconds since 1970.
        case seconds
        /// Free text: any characters, checked only for being present and at most 2048 characters.
        case text
    }

    /// The Cognito attribute name.
    public var attributeName: String { rawValue }
    /// The field's label on the Create account screen, in the current language.
    public var label: String { ScreenText.attributeLabel(self) }

    /// The input this attribute takes.
    public var input: Input {
        switch self {
        case .email: return .email
        case .phoneNumber: return .phoneNumber
        case .birthdate: return .date
        case .profile, .picture, .website: return .url
        case .updatedAt: return .seconds
        case .name, .givenName, .familyName, .middleName, .nickname, .preferredUsername, .gender, .zoneinfo,
            .locale, .address:
            return .text
        }
    }

    /// An example value shown in the empty field.
    public var placeholder: String { ScreenText.attributePlaceholder(self) }
}
