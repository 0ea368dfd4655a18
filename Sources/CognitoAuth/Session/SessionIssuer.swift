import Foundation

/// The user pool that issued a session: pool id, app client id, region and the endpoint its tokens
/// came from. A stored session records it at sign-in; a client whose configuration names another
/// issuer never sends the session's tokens anywhere (``AuthError/sessionIssuerMismatch(_:)``).
public struct SessionIssuer: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The user pool's id (`us-east-1_AbCdEf123`).
    public var userPoolId: String
    /// The app client's id.
    public var appClientId: String
    /// The pool's region; nil when only the tokens' claims were known (a record from before issuers).
    public var region: String?
    /// The endpoint the session's requests go to (without a trailing slash); nil when unknown.
    public var endpoint: String?

    /// An issuer with the given facts.
    public init(userPoolId: String, appClientId: String, region: String?, endpoint: String?) {
        self.userPoolId = userPoolId
        self.appClientId = appClientId
        self.region = region
        self.endpoint = endpoint
    }

    /// The issuer a client on `pool` signs sessions in with.
    public init(pool: UserPoolConfiguration) {
        self.init(
            userPoolId: pool.poolId, appClientId: pool.appClientId, region: pool.region,
            endpoint: Self.normalized(pool.resolvedEndpoint))
    }

    /// "pool us-east-1_AbC, app client 1a2b…, http://127.0.0.1:5000": for messages (sanitise before printing).
    public var description: String {
        var parts = ["user pool \(userPoolId)", "app client \(appClientId)"]
        if let endpoint { parts.append(endpoint) }
        return parts.joined(separator: ", ")
    }

    /// Whether `pool` is this issuer: the same pool, client and region, and the same endpoint when known.
    public func matches(_ pool: UserPoolConfiguration) -> Bool {
        userPoolId == pool.poolId && appClientId == pool.appClientId
            && (region == nil || region == pool.region)
            && (endpoint == nil || endpoint == Self.normalized(pool.resolvedEndpoint))
    }

    /// The URL as compared: its absolute string without a trailing slash.
    static func normalized(_ url: URL) -> String {
        var text = url.absoluteString
        while text.hasSuffix("/") { text.removeLast() }
        return text
    }
}

/// A stored session used with a configuration that names another issuer: what each side says.
public struct SessionIssuerMismatch: Sendable, Hashable {
    /// Who the session belongs to, when known.
    public var username: String?
    /// The issuer the session was signed in with.
    public var session: SessionIssuer
    /// The issuer the configuration in use names; nil when it has no user pool.
    public var configured: SessionIssuer?

    /// A mismatch between `session` and `configured`.
    public init(username: String?, session: SessionIssuer, configured: SessionIssuer?) {
        self.username = username
        self.session = session
        self.configured = configured
    }
}

extension PersistedSession {
    /// The issuer of this session: the recorded one, else (a record written before issuers were
    /// recorded) what its tokens' claims say, `iss` and `aud`; nil when neither is known.
    public var effectiveIssuer: SessionIssuer? {
        if let issuer { return issuer }
        return tokens.flatMap(Self.issuer(claimedBy:))
    }

    /// The pool and client the tokens claim (the id token's `iss` and `aud`, else the access token's
    /// `iss` and `client_id`); the endpoint is unknown.
    static func issuer(claimedBy tokens: CognitoTokens) -> SessionIssuer? {
        let claims = [tokens.idClaims, tokens.accessClaims].compactMap { $0 }
        guard let iss = claims.lazy.compactMap(\.iss).first, let slash = iss.lastIndex(of: "/"),
            let client = claims.lazy.compactMap({ $0.aud ?? $0.clientId }).first
        else { return nil }
        let pool = String(iss[iss.index(after: slash)...])
        guard !pool.isEmpty else { return nil }
        return SessionIssuer(userPoolId: pool, appClientId: client, region: nil, endpoint: nil)
    }

    /// The mismatch between this session and a client on `configuration`, or nil when they agree (or
    /// the record holds nothing of a user pool's: signed out with nothing owed, a guest).
    ///
    /// A record written before issuers were recorded is judged by its tokens as a sign-in would
    /// judge them: the id token's `iss` must be one the configured pool accepts and `aud` its app
    /// client (so with a local endpoint, `iss` names the endpoint too). Such a record with no tokens
    /// (only an owed revocation) is accepted; the next write records the issuer.
    public func issuerMismatch(with configuration: AuthConfiguration) -> SessionIssuerMismatch? {
        // A signed-out record owing nothing holds nothing of the pool's (a guest's neither).
        guard tokens != nil || pendingRevocation != nil || state.needsRelogin else { return nil }
        let recorded = issuer ?? pendingRevocation?.issuer
        let configured = configuration.userPool.map(SessionIssuer.init(pool:))
        if let recorded {
            guard let pool = configuration.userPool, recorded.matches(pool) else {
                return SessionIssuerMismatch(username: username, session: recorded, configured: configured)
            }
            return nil
        }
        guard let tokens, let claimed = Self.issuer(claimedBy: tokens) else { return nil }
        let iss = tokens.idClaims?.iss ?? tokens.accessClaims?.iss
        guard let pool = configuration.userPool, claimed.userPoolId == pool.poolId,
            claimed.appClientId == pool.appClientId, let iss, pool.acceptedIssuers.contains(iss)
        else {
            return SessionIssuerMismatch(username: username, session: claimed, configured: configured)
        }
        return nil
    }
}
