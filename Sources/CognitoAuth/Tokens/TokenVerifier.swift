import Foundation

/// Checks that tokens belong to the configured pool and client and have not expired.
public enum TokenVerifier {
    /// Checks `iss`, `token_use`, `aud` / `client_id` and `exp` of both tokens.
    public static func checkClaims(_ tokens: CognitoTokens, pool: UserPoolConfiguration, now: Date) throws(AuthError) {
        let id = try TokenClaims.decode(tokens.idToken, what: "id token")
        let access = try TokenClaims.decode(tokens.accessToken, what: "access token")
        let issuers = pool.acceptedIssuers
        guard let idIssuer = id.iss, let accessIssuer = access.iss, issuers.contains(idIssuer),
            issuers.contains(accessIssuer)
        else {
            throw .invalidToken("the token was issued by another user pool (iss does not match \(pool.poolId))")
        }
        guard id.tokenUse == "id" else { throw .invalidToken("the id token's token_use is not \"id\"") }
        guard access.tokenUse == "access" else { throw .invalidToken("the access token's token_use is not \"access\"") }
        guard id.aud == pool.appClientId else { throw .invalidToken("the id token's aud is not this app client") }
        if let clientId = access.clientId, clientId != pool.appClientId {
            throw .invalidToken("the access token's client_id is not this app client")
        }
        guard tokens.expiration > now.addingTimeInterval(-60) else {
            throw .invalidToken("the tokens had already expired when they arrived (check the system clock)")
        }
    }
}
