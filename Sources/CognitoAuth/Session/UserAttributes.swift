/// The signed-in user's attributes as GetUser returns them: every attribute, with typed accessors
/// for the common ones.
///
/// Values are the service's text, unsanitised; a terminal caller sanitises before drawing them.
public struct UserAttributes: Sendable, Hashable, Codable {
    /// The username (for a pool that signs in by email, the generated one, often the `sub`).
    public var username: String
    /// Every attribute by name, `custom:*` included.
    public var all: [String: String]

    /// Creates the attributes of `username` from GetUser's name-value pairs.
    public init(username: String, all: [String: String]) {
        self.username = username
        self.all = all
    }

    /// The value of one attribute, or nil.
    public subscript(name: String) -> String? { all[name] }

    /// `email`: the email address, when the user has one.
    public var email: String? { all["email"] }
    /// `email_verified`: true only when the service says "true".
    public var isEmailVerified: Bool { all["email_verified"]?.lowercased() == "true" }
    /// `phone_number`: the phone number in E.164 form (`+15555550100`), when the user has one.
    public var phoneNumber: String? { all["phone_number"] }
    /// `phone_number_verified`: true only when the service says "true".
    public var isPhoneNumberVerified: Bool { all["phone_number_verified"]?.lowercased() == "true" }
    /// `name`: the user's full name, when the pool stores one.
    public var name: String? { all["name"] }
    /// `sub`: the user's id in the pool.
    public var sub: String? { all["sub"] }
    /// The `custom:*` attributes, by full name.
    public var custom: [String: String] { all.filter { $0.key.hasPrefix("custom:") } }

    /// Whether `name` is an attribute that a code verifies (`email`, `phone_number`).
    public static func isVerifiable(_ name: String) -> Bool { name == "email" || name == "phone_number" }

    /// Whether `value` is a phone number as Cognito takes it (E.164): `+`, then 8 to 15 digits with the
    /// country code first, and nothing else (no spaces). The one rule the forms, Profile and the CLI apply.
    public static func isE164PhoneNumber(_ value: String) -> Bool {
        guard value.hasPrefix("+") else { return false }
        let digits = value.unicodeScalars.dropFirst()
        return (8...15).contains(digits.count) && digits.allSatisfy { ("0"..."9").contains($0) }
    }
}
