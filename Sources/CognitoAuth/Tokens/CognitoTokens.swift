import Foundation

/// The user-pool tokens of a session, with the expiry times read from the JWTs.
public struct CognitoTokens: Sendable, Hashable, Codable {
    /// The id token (a JWT).
    public var idToken: String
    /// The access token (a JWT).
    public var accessToken: String
    /// The refresh token (opaque), when the session has one.
    public var refreshToken: String?
    /// The id token's `exp`.
    public var idTokenExpiration: Date
    /// The access token's `exp`.
    public var accessTokenExpiration: Date
    /// When the access token was issued (`iat`), used to scale the refresh margin to short lifetimes.
    public var issuedAt: Date

    /// Creates tokens from JWT strings, reading `exp` and `iat` without verifying signatures.
    public init(idToken: String, accessToken: String, refreshToken: String?) throws(AuthError) {
        let id = try TokenClaims.decode(idToken, what: "id token")
        let access = try TokenClaims.decode(accessToken, what: "access token")
        guard let idExp = id.exp, let accessExp = access.exp else {
            throw .invalidToken("a token has no exp claim")
        }
        self.idToken = idToken
        self.accessToken = accessToken
        self.refreshToken = refreshToken
        self.idTokenExpiration = Date(timeIntervalSince1970: idExp)
        self.accessTokenExpiration = Date(timeIntervalSince1970: accessExp)
        self.issuedAt = Date(timeIntervalSince1970: access.iat ?? (accessExp - 3600))
    }

    enum CodingKeys: String, CodingKey {
        case idToken, accessToken, refreshToken, idTokenExpiration, accessTokenExpiration, issuedAt
    }

    /// Decodes stored tokens, clamping the stored times to 1970...2100 (a session written by an
    /// older version, or edited, may hold any date).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        idToken = try container.decode(String.self, forKey: .idToken)
        accessToken = try container.decode(String.self, forKey: .accessToken)
        refreshToken = try container.decodeIfPresent(String.self, forKey: .refreshToken)
        idTokenExpiration = ClaimTime.clamped(try container.decode(Date.self, forKey: .idTokenExpiration))
        accessTokenExpiration = ClaimTime.clamped(try container.decode(Date.self, forKey: .accessTokenExpiration))
        issuedAt = ClaimTime.clamped(try container.decode(Date.self, forKey: .issuedAt))
    }

    /// The earlier of the two expiry times.
    public var expiration: Date { min(idTokenExpiration, accessTokenExpiration) }

    /// The refresh margin for these tokens, by ``RefreshMargin``: `preferred`, but at most a quarter
    /// of a lifetime under an hour.
    public func margin(preferred: TimeInterval) -> TimeInterval {
        RefreshMargin.margin(preferred: preferred, lifetime: expiration.timeIntervalSince(issuedAt))
    }

    /// Whether both tokens are valid beyond the margin at `now`.
    public func areValid(at now: Date, preferredMargin: TimeInterval) -> Bool {
        now.addingTimeInterval(margin(preferred: preferredMargin)) < expiration
    }

    /// The claims of the id token (username, sub, email and so on), read without verification.
    public var idClaims: TokenClaims? { try? TokenClaims.decode(idToken, what: "id token") }

    /// The claims of the access token, read without verification.
    public var accessClaims: TokenClaims? { try? TokenClaims.decode(accessToken, what: "access token") }
}

extension CognitoTokens: CustomStringConvertible, CustomDebugStringConvertible {
    /// A description with every token masked.
    public var description: String {
        "CognitoTokens(id: \(Self.mask(idToken)), access: \(Self.mask(accessToken)), refresh: "
            + "\(refreshToken.map(Self.mask) ?? "none"), expires: \(expiration))"
    }

    /// The same masked description.
    public var debugDescription: String { description }

    /// Masks a secret for display: its first four characters, then only its length.
    package static func mask(_ secret: String) -> String {
        guard secret.count > 12 else { return String(repeating: "*", count: secret.count) }
        return "\(secret.prefix(4))…(\(secret.count) chars)"
    }
}

/// The range of times Latchkey accepts from tokens and credentials, so that no later arithmetic on
/// them (durations, timers, formatting) can overflow.
package enum ClaimTime {
    /// The latest time accepted: 2100-01-01T00:00:00Z, in seconds since 1970.
    package static let latest: TimeInterval = 4_102_444_800

    /// `seconds` since 1970 clamped to `0...latest`; nil when it is not a finite number.
    package static func clamped(_ seconds: Double) -> Double? {
        guard seconds.isFinite else { return nil }
        return min(max(seconds, 0), latest)
    }

    /// `date` clamped to 1970...2100 (a NaN date reads as 1970).
    package static func clamped(_ date: Date) -> Date {
        Date(timeIntervalSince1970: clamped(date.timeIntervalSince1970) ?? 0)
    }
}

/// The JWT claims Latchkey reads from Cognito tokens.
public struct TokenClaims: Codable, Sendable, Hashable {
    /// `exp`: when the token expires, in seconds since 1970 (clamped to 2100); nil when absent or not a number.
    public var exp: Double?
    /// `iat`: when the token was issued, in seconds since 1970 (clamped to 2100); nil when absent.
    public var iat: Double?
    /// `sub`: the user's immutable id in the pool.
    public var sub: String?
    /// `iss`: the issuer, `https://cognito-idp.<region>.amazonaws.com/<pool id>` for Cognito tokens.
    public var iss: String?
    /// `aud`: the app client id (id tokens); the first entry when the claim is a list.
    public var aud: String?
    /// `client_id`: the app client id (access tokens, which have no `aud`).
    public var clientId: String?
    /// `token_use`: `id` or `access`.
    public var tokenUse: String?
    /// `username`: the username, as access tokens carry it.
    public var username: String?
    /// `cognito:username`: the username, as id tokens carry it.
    public var cognitoUsername: String?
    /// `email`: the user's email address, when the id token carries it.
    public var email: String?

    enum CodingKeys: String, CodingKey {
        case exp, iat, sub, iss, aud, email, username
        case clientId = "client_id"
        case tokenUse = "token_use"
        case cognitoUsername = "cognito:username"
    }

    /// Decodes leniently: a claim of an unexpected type reads as absent.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        // RFC 7519 NumericDate: a JSON number. A string, or a number that is not finite, reads as absent
        // (a token without exp is then rejected); a number past the horizon is clamped to it.
        func number(_ key: CodingKeys) -> Double? {
            ((try? container.decodeIfPresent(Double.self, forKey: key)) ?? nil).flatMap(ClaimTime.clamped)
        }
        func text(_ key: CodingKeys) -> String? { (try? container.decodeIfPresent(String.self, forKey: key)) ?? nil }
        exp = number(.exp)
        iat = number(.iat)
        sub = text(.sub)
        iss = text(.iss)
        aud = text(.aud) ?? ((try? container.decodeIfPresent([String].self, forKey: .aud)) ?? nil)?.first
        clientId = text(.clientId)
        tokenUse = text(.tokenUse)
        username = text(.username)
        cognitoUsername = text(.cognitoUsername)
        email = text(.email)
    }

    /// The user's name: `cognito:username` in id tokens, `username` in access tokens.
    public var preferredUsername: String? { cognitoUsername ?? username }

    /// Decodes the payload without verifying the signature.
    public static func decode(_ token: String, what: String) throws(AuthError) -> TokenClaims {
        do {
            return try JSONDecoder().decode(TokenClaims.self, from: Data(CompactJWT(token).payload))
        } catch {
            throw .invalidToken("the \(what) is not a well-formed JWT")
        }
    }
}
