import Foundation
import SystemCrypto

extension TokenVerifier {
    /// Why `token` fails RS256 verification against `keys`, or nil when its signature verifies.
    ///
    /// The order of the checks: the token must be a well-formed compact JWT, its header's `alg` must be
    /// `RS256` (`none`, `HS256` and the rest are refused before any key is looked at), its `kid` must
    /// name a key of the set, the signature must verify over `header.payload`, and the payload must
    /// decode as ``TokenClaims``. The reasons are the texts of ``verifySignatures(_:jwks:)``.
    static func signatureRejection(of token: String, keys: JSONWebKeySet) -> String? {
        guard let jwt = try? CompactJWT(token) else { return "it is not a well-formed JWT" }
        guard jwt.algorithm == "RS256" else { return "it could not be verified" }
        guard let kid = jwt.keyID, let key = keys.keys[kid] else {
            return "it was signed with a key the pool does not publish"
        }
        guard key.isValidSignature(jwt.signature, for: jwt.signingInput) else {
            return "its signature does not match the pool's keys"
        }
        guard (try? JSONDecoder().decode(TokenClaims.self, from: Data(jwt.payload))) != nil else {
            return "it is not a well-formed JWT"
        }
        return nil
    }
}
