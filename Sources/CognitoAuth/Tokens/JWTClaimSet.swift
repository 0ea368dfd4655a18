import Foundation

/// Every claim of a JWT's payload, with typed accessors for the ones Cognito issues.
///
/// ``TokenClaims`` reads the handful Latchkey acts on; this is the whole map, for apps that read
/// `cognito:groups`, `custom:*`, `email_verified`, `scope` and the rest (AWSMobileClient's
/// `SessionToken.claims`, Amplify's token claims). Read without verification: the tokens a session
/// holds were verified when they were stored.
public struct JWTClaimSet: Sendable, Hashable {
    /// The raw claims, as the payload's JSON object.
    public var all: [String: JSONValue]

    /// A claim set over `claims`.
    public init(_ claims: [String: JSONValue]) {
        all = claims
    }

    /// Decodes the payload of `token` (a compact JWS) without verifying its signature.
    /// - Throws: ``AuthError/invalidToken(_:)`` when it is not a JWT with a JSON object payload.
    public init(token: String) throws(AuthError) {
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, let payload = Self.base64URLDecoded(parts[1]),
            case .object(let claims)? = JSONValue.parse(payload)
        else {
            throw .invalidToken("the token is not a JWT with a JSON payload")
        }
        all = claims
    }

    /// The claim named `name`, as JSON.
    public subscript(name: String) -> JSONValue? { all[name] }

    /// A string claim (a number claim reads as its decimal text).
    public func string(_ name: String) -> String? {
        switch all[name] {
        case .string(let value)?: return value
        case .number(let value)? where value.isFinite:
            return value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
        default: return nil
        }
    }

    /// A boolean claim; Cognito writes some as the strings `"true"` / `"false"`.
    public func bool(_ name: String) -> Bool? {
        switch all[name] {
        case .bool(let value)?: return value
        case .string("true")?: return true
        case .string("false")?: return false
        default: return nil
        }
    }

    /// A time claim (NumericDate), clamped to 1970...2100; nil when absent, not a number or not finite.
    public func date(_ name: String) -> Date? {
        guard case .number(let seconds)? = all[name], let clamped = ClaimTime.clamped(seconds) else { return nil }
        return Date(timeIntervalSince1970: clamped)
    }

    /// A list claim: a JSON array of strings, or one string.
    public func strings(_ name: String) -> [String]? {
        switch all[name] {
        case .array(let values)?: return values.compactMap(\.stringValue)
        case .string(let value)?: return [value]
        default: return nil
        }
    }

    /// `sub`: the user's immutable id.
    public var subject: String? { string("sub") }
    /// The username: `cognito:username` in id tokens, `username` in access tokens.
    public var username: String? { string("cognito:username") ?? string("username") }
    /// `email`: the user's email address, when the token carries it (id tokens with the email scope).
    public var email: String? { string("email") }
    /// `email_verified`: whether the email address was verified (Cognito may write it as a string).
    public var emailVerified: Bool? { bool("email_verified") }
    /// `phone_number`: the user's phone number in E.164 form, when the token carries it.
    public var phoneNumber: String? { string("phone_number") }
    /// `phone_number_verified`: whether the phone number was verified (may be written as a string).
    public var phoneNumberVerified: Bool? { bool("phone_number_verified") }
    /// `cognito:groups`: the user's groups, in precedence order.
    public var groups: [String] { strings("cognito:groups") ?? [] }
    /// `scope` (access tokens): the OAuth scopes, split at spaces.
    public var scopes: [String] {
        (string("scope") ?? "").split(separator: " ").map(String.init)
    }
    /// `auth_time`: when the user last authenticated (not refreshed).
    public var authTime: Date? { date("auth_time") }
    /// `iat`: when the token was issued, clamped to 1970...2100.
    public var issuedAt: Date? { date("iat") }
    /// `exp`: when the token expires, clamped to 1970...2100; nil when the claim is missing.
    public var expiration: Date? { date("exp") }
    /// `token_use`: `id` or `access`.
    public var tokenUse: String? { string("token_use") }
    /// `iss`: the issuer, `https://cognito-idp.<region>.amazonaws.com/<pool id>` for Cognito tokens.
    public var issuer: String? { string("iss") }
    /// The custom attributes (`custom:NAME`), keyed by NAME.
    public var customAttributes: [String: String] {
        var result: [String: String] = [:]
        for key in all.keys where key.hasPrefix("custom:") {
            if let value = string(key) { result[String(key.dropFirst("custom:".count))] = value }
        }
        return result
    }

    static func base64URLDecoded(_ text: Substring) -> Data? {
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        let remainder = base64.count % 4
        if remainder == 1 { return nil }
        if remainder > 0 { base64 += String(repeating: "=", count: 4 - remainder) }
        return Data(base64Encoded: base64)
    }
}

extension CognitoTokens {
    /// Every claim of the id token (read without verification; see ``JWTClaimSet``).
    public var idTokenClaims: JWTClaimSet { (try? JWTClaimSet(token: idToken)) ?? JWTClaimSet([:]) }
    /// Every claim of the access token (read without verification; see ``JWTClaimSet``).
    public var accessTokenClaims: JWTClaimSet { (try? JWTClaimSet(token: accessToken)) ?? JWTClaimSet([:]) }
}
