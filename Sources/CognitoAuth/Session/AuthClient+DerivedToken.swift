import Foundation

extension AuthClient {
    /// A token for one downstream audience or resource server, exchanged for the user's access token
    /// (GetDerivedToken, RFC 8693), cached per user session, audience, resources and scopes.
    ///
    /// The user's own tokens are never replaced. The derived token lives no longer than the access token it
    /// came from, so it is renewed along with the user's session: a cached one is used while it is good
    /// beyond the refresh margin, then the user's tokens are refreshed as usual and a new one is asked for.
    /// Nobody signed in or a re-login needed fail as ``getTokens(_:)`` does.
    /// - Parameters:
    ///   - audience: the logical name of the service the token is for (`aud`); nil with `resources`.
    ///   - scopes: the scopes wanted; Cognito grants those the access token and the app client both have.
    ///   - resources: resource-server identifiers instead of an audience.
    public func derivedToken(audience: String?, scopes: [String] = [], resources: [String] = []) async throws
        -> IssuedToken
    {
        let api = try userPoolAPI()
        let subject = try await getTokens()
        let claims = IssuedToken.payload(of: subject.accessToken)
        let session = claims?["origin_jti"]?.stringValue ?? claims?["sub"]?.stringValue ?? ""
        let key = [
            "derived", api.pool.poolId, api.pool.appClientId, session, audience ?? "", resources.joined(separator: " "),
            scopes.sorted().joined(separator: " "),
        ].joined(separator: "\n")
        let clock = self.clock
        let cache = IssuedTokenCache.beside(store, lockTimeout: options.requestTimeout)
        return try await cache.token(for: key, clock: clock, preferredMargin: options.refreshMargin) {
            let json = try await withAccessToken(label: "GetDerivedToken") { accessToken in
                do {
                    return try await api.getDerivedToken(
                        subjectAccessToken: accessToken, audiences: audience.map { [$0] } ?? [],
                        resources: resources, scopes: scopes)
                } catch AuthError.notAuthorized(let message) where message.contains("flow not enabled") {
                    throw TokenServiceError.tokenExchangeNotEnabled(clientId: api.pool.appClientId)
                } catch AuthError.notAuthorized(let message) where message.contains("secret") {
                    throw TokenServiceError.clientSecretRejected(clientId: api.pool.appClientId)
                }
            }
            let granted = json["Scopes"]?.arrayValue?.compactMap(\.stringValue)
            return try IssuedToken.from(
                token: json["IssuedToken"]?.stringValue, tokenType: json["TokenType"]?.stringValue,
                expiresIn: json["ExpiresIn"]?.doubleValue, scopes: granted, now: clock.now())
        }
    }
}
