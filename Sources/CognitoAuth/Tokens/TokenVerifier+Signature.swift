import Foundation

extension TokenVerifier {
    /// The JWKS URL of a pool: the `Latchkey.JWKSURL` override, else `<endpoint>/<pool>/.well-known/jwks.json`
    /// when the pool has an endpoint override, else `<issuer>/.well-known/jwks.json`.
    public static func jwksURL(configuration: AuthConfiguration) -> URL? {
        if let override = configuration.latchkey.jwksURL { return override }
        return configuration.userPool?.jwksURL
    }

    /// Verifies the id and access tokens' RS256 signatures against `jwks` (JSON text).
    ///
    /// Throws ``AuthError/invalidToken(_:)`` for a bad signature, an unknown key, `alg: none` or a
    /// malformed token; the message never contains the token.
    public static func verifySignatures(_ tokens: CognitoTokens, jwks: String) async throws {
        let keys: JSONWebKeySet
        do {
            keys = try JSONWebKeySet(json: Array(jwks.utf8))
        } catch {
            throw AuthError.invalidToken("the pool's key set (JWKS) could not be read")
        }
        for (token, what) in [(tokens.idToken, "id token"), (tokens.accessToken, "access token")] {
            if let reason = signatureRejection(of: token, keys: keys) {
                throw AuthError.invalidToken("the \(what) was rejected: \(reason)")
            }
        }
    }

    /// Whether the error says the key id is unknown, which a refreshed key set may fix.
    static func isUnknownKey(_ error: any Error) -> Bool {
        if case AuthError.invalidToken(let message) = error { return message.contains("key the pool does not publish") }
        return false
    }
}

extension AuthClient {
    /// Fetches the pool's JWKS (capped size, total deadline).
    func fetchJWKS() async throws -> String {
        guard let url = TokenVerifier.jwksURL(configuration: configuration) else {
            throw AuthError.invalidToken("no JWKS URL for the pool")
        }
        let response = try await transport.send(
            HTTPRequestData(url: url, method: "GET", headers: [("Accept", "application/json")]),
            timeout: options.requestTimeout)
        guard response.status == 200, let json = JSONValue.parse(response.body), json["keys"]?.arrayValue != nil else {
            throw AuthError.invalidResponse(
                status: response.status, detail: "the JWKS at \(url.absoluteString) is not a key set")
        }
        return String(decoding: response.body, as: UTF8.self)
    }

    /// Verifies claims and signatures; the key set is cached in the session and refetched once on an unknown key.
    func verifySignatures(_ tokens: CognitoTokens) async throws {
        let cached = jwksCache ?? machine.session?.cachedJWKS
        if let cached {
            do {
                try await TokenVerifier.verifySignatures(tokens, jwks: cached)
                jwksCache = cached
                return
            } catch  where TokenVerifier.isUnknownKey(error) {
                // Keys rotate: fetch the current set below.
            }
        }
        let fresh = try await fetchJWKS()
        try await TokenVerifier.verifySignatures(tokens, jwks: fresh)
        jwksCache = fresh
        run(machine.handle(.keySetFetched(fresh), now: clock.now()))
    }
}
