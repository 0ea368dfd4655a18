import CSoftKeyCrypto
import Foundation
import SystemCrypto

/// P-256 and AES-256-CBC for the software authenticator, over libcrypto (CSoftKeyCrypto).
enum SoftKeyCrypto {
    /// A P-256 key pair.
    struct KeyPair: Sendable {
        var privateKey: [UInt8]
        var x: [UInt8]
        var y: [UInt8]

        /// The public key as a COSE_Key (EC2, P-256) with algorithm `algorithm` (-7 ES256, -25 ECDH-ES+HKDF-256).
        func cose(algorithm: Int) -> SoftCBOR {
            .map([
                .init(.int(1), .int(2)), .init(.int(3), .int(algorithm)), .init(.int(-1), .int(1)),
                .init(.int(-2), .bytes(x)), .init(.int(-3), .bytes(y)),
            ])
        }
    }

    /// A new key pair; nil only when libcrypto fails.
    static func generate() -> KeyPair? {
        var privateKey = [UInt8](repeating: 0, count: 32)
        var x = [UInt8](repeating: 0, count: 32)
        var y = [UInt8](repeating: 0, count: 32)
        guard skc_p256_generate(&privateKey, &x, &y) == 0 else { return nil }
        return KeyPair(privateKey: privateKey, x: x, y: y)
    }

    /// The DER ECDSA-SHA256 signature of `message`.
    static func sign(_ message: [UInt8], with privateKey: [UInt8]) -> [UInt8]? {
        var signature = [UInt8](repeating: 0, count: 80)
        var length = 0
        guard privateKey.count == 32,
            skc_p256_sign(privateKey, message, message.count, &signature, signature.count, &length) == 0
        else { return nil }
        return Array(signature.prefix(length))
    }

    /// The ECDH x coordinate with the peer's point.
    static func sharedX(_ privateKey: [UInt8], peerX: [UInt8], peerY: [UInt8]) -> [UInt8]? {
        var shared = [UInt8](repeating: 0, count: 32)
        guard privateKey.count == 32, peerX.count == 32, peerY.count == 32,
            skc_p256_ecdh(privateKey, peerX, peerY, &shared) == 0
        else { return nil }
        return shared
    }

    /// AES-256-CBC with a zero IV (PIN protocol 1), encrypting or decrypting whole blocks.
    static func aes(encrypt: Bool, key: [UInt8], _ input: [UInt8]) -> [UInt8]? {
        guard key.count == 32, input.count % 16 == 0, !input.isEmpty else { return nil }
        var output = [UInt8](repeating: 0, count: input.count)
        let iv = [UInt8](repeating: 0, count: 16)
        guard skc_aes256_cbc(encrypt ? 1 : 0, key, iv, input, input.count, &output) == 0 else { return nil }
        return output
    }

    /// Random bytes.
    static func random(_ count: Int) -> [UInt8] {
        var generator = SystemRandomNumberGenerator()
        return (0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) }
    }

    /// SHA-256.
    static func sha256(_ bytes: [UInt8]) -> [UInt8] { SHA256.hash(data: bytes) }
    /// HMAC-SHA-256.
    static func hmac(key: [UInt8], _ message: [UInt8]) -> [UInt8] { HMAC.sha256(key: key, message: message) }
}
