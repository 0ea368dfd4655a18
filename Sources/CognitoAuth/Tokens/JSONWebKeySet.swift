import SystemCrypto

/// The RS256 signing keys of a JSON Web Key Set (RFC 7517 §5), such as a user pool's
/// `/.well-known/jwks.json`, by key id.
struct JSONWebKeySet: Sendable {
    /// Why a text is not a usable key set.
    struct UnreadableError: Error {}

    /// The RSA signature keys, by `kid`.
    let keys: [String: RSAPublicKey]

    /// Reads `json`: an object whose `keys` is an array. RSA keys (`kty: RSA`) for signatures (`use`
    /// absent or `sig`; `alg` absent or `RS256`) that have a `kid` are kept; other keys are skipped. An
    /// RSA key whose `n` or `e` is not canonical base64url or not an acceptable key, or two keys with one
    /// `kid`, make the whole set unreadable.
    init(json: some Collection<UInt8>) throws(UnreadableError) {
        guard let entries = JSONValue.parse(json)?["keys"]?.arrayValue else { throw UnreadableError() }
        var keys: [String: RSAPublicKey] = [:]
        for entry in entries {
            guard case .object(let members) = entry else { throw UnreadableError() }
            func text(_ name: String) -> String? {
                if case .string(let value)? = members[name] { return value }
                return nil
            }
            guard text("kty") == "RSA", (text("use") ?? "sig") == "sig", (text("alg") ?? "RS256") == "RS256",
                let kid = text("kid")
            else { continue }
            guard let modulus = text("n").flatMap({ Base64URL.decode($0.utf8) }),
                let exponent = text("e").flatMap({ Base64URL.decode($0.utf8) }),
                let key = try? RSAPublicKey(modulus: modulus, exponent: exponent), keys[kid] == nil
            else { throw UnreadableError() }
            keys[kid] = key
        }
        self.keys = keys
    }
}
