import Foundation

/// An access token issued for a client or an audience (GetClientToken, `/oauth2/token`, GetDerivedToken).
public struct IssuedToken: Sendable, Hashable, Codable {
    /// The token (a JWT).
    public var token: String
    /// The token type, `Bearer`.
    public var tokenType: String
    /// When it expires: the answer's `ExpiresIn` from when it was received.
    public var expiresAt: Date
    /// When it was received.
    public var issuedAt: Date
    /// The scopes granted, when the answer or the token says.
    public var scopes: [String]

    /// Creates a token description.
    public init(token: String, tokenType: String = "Bearer", expiresAt: Date, issuedAt: Date, scopes: [String] = []) {
        self.token = token
        self.tokenType = tokenType
        self.expiresAt = expiresAt
        self.issuedAt = issuedAt
        self.scopes = scopes
    }

    /// Whether the token is still good beyond the margin at `now`: `preferred` seconds, at most a quarter
    /// of its lifetime (as for user tokens, so a five-minute token is renewed at 3:45, not after it ran out).
    public func isValid(at now: Date, preferredMargin: TimeInterval) -> Bool {
        let lifetime = max(0, expiresAt.timeIntervalSince(issuedAt))
        return now.addingTimeInterval(min(preferredMargin, lifetime / 4)) < expiresAt
    }

    /// Reads a token answer: `expiresIn` seconds from `now`; the scopes from the answer, else the JWT's `scope`.
    static func from(
        token: String?, tokenType: String?, expiresIn: Double?, scopes: [String]?, now: Date
    ) throws(TokenServiceError) -> IssuedToken {
        guard let token, !token.isEmpty else { throw .invalidTokenAnswer("the answer has no token") }
        let claims = Self.payload(of: token)
        let seconds: Double
        if let expiresIn, expiresIn.isFinite, expiresIn > 0, expiresIn < 366 * 86_400 {
            seconds = expiresIn
        } else if let exp = claims?["exp"]?.doubleValue {
            seconds = max(0, exp - now.timeIntervalSince1970)
        } else {
            throw .invalidTokenAnswer("the answer says neither ExpiresIn nor exp")
        }
        let granted =
            scopes ?? (claims?["scope"]?.stringValue ?? "").split(separator: " ").map(String.init)
        return IssuedToken(
            token: token, tokenType: tokenType ?? "Bearer", expiresAt: now.addingTimeInterval(seconds), issuedAt: now,
            scopes: granted)
    }

    /// A JWT's payload as JSON, read without verifying the signature; nil when it is not a JWT.
    static func payload(of token: String) -> JSONValue? {
        guard let jwt = try? CompactJWT(token) else { return nil }
        return JSONValue.parse(jwt.payload)
    }
}
