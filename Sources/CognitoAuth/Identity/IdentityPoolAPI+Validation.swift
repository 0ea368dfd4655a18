import Foundation

/// The shapes Cognito Identity's answers must have before they are stored or handed out.
///
/// Credentials end up in shells (`eval "$(latchkey credentials --format env)"`), in files and in
/// signed request headers. Whatever the identity endpoint sends (a hostile or misconfigured one,
/// or anyone in the middle of an `http://` one) is checked against the alphabet AWS itself uses, so
/// a value can never carry shell syntax, a line break or a terminal escape.
package enum IdentityAnswerShape {
    /// The longest value accepted for any credential field (session tokens are about 1–2 KiB).
    static let maximumLength = 16 * 1024

    /// AWS access key ids: upper-case letters and digits (`ASIA…`), 16 to 128 of them in AWS; here 1 to 128.
    static func isAccessKeyId(_ value: String) -> Bool {
        !value.isEmpty && value.utf8.count <= 128
            && value.utf8.allSatisfy { (0x41...0x5A).contains($0) || (0x30...0x39).contains($0) }
    }

    /// The secret key and the session token: the standard base64 alphabet (`A–Z a–z 0–9 + / =`).
    static func isBase64Text(_ value: String) -> Bool {
        !value.isEmpty && value.utf8.count <= maximumLength
            && value.utf8.allSatisfy { isAlphanumeric($0) || $0 == 0x2B || $0 == 0x2F || $0 == 0x3D }
    }

    /// An identity id: `REGION:ID`, each side letters, digits, `-` and `_` (AWS: `[\w-]+:[0-9a-f-]+`, at most 55).
    static func isIdentityId(_ value: String) -> Bool {
        let parts = value.utf8.split(separator: 0x3A, omittingEmptySubsequences: false)
        guard parts.count == 2, value.utf8.count <= 128 else { return false }
        return parts.allSatisfy { part in
            !part.isEmpty && part.allSatisfy { isAlphanumeric($0) || $0 == 0x2D || $0 == 0x5F }
        }
    }

    private static func isAlphanumeric(_ byte: UInt8) -> Bool {
        (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) || (0x30...0x39).contains(byte)
    }

    /// Throws ``AuthError/invalidResponse(status:detail:)`` unless `id` is shaped like an identity id.
    static func checkIdentityId(_ id: String, operation: String) throws {
        guard isIdentityId(id) else {
            throw AuthError.invalidResponse(
                status: 200,
                detail: "\(operation) answered an IdentityId that is not of the form REGION:ID "
                    + "(letters, digits, - and _ only), so it was refused")
        }
    }

    /// Throws ``AuthError/invalidResponse(status:detail:)`` naming the first field outside its alphabet.
    static func checkCredentials(accessKeyId: String, secretKey: String, sessionToken: String) throws {
        let field: String
        let alphabet: String
        if !isAccessKeyId(accessKeyId) {
            (field, alphabet) = ("AccessKeyId", "upper-case letters and digits, at most 128")
        } else if !isBase64Text(secretKey) {
            (field, alphabet) = ("SecretKey", "base64 characters A-Z a-z 0-9 + / =")
        } else if !isBase64Text(sessionToken) {
            (field, alphabet) = ("SessionToken", "base64 characters A-Z a-z 0-9 + / =")
        } else {
            return
        }
        throw AuthError.invalidResponse(
            status: 200,
            detail: "GetCredentialsForIdentity answered a \(field) that is not made of \(alphabet) "
                + "as AWS credentials are, so the credentials were refused and not stored")
    }
}
