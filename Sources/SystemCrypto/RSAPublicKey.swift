import CLibCrypto

/// An RSA public key that verifies RSASSA-PKCS1-v1_5 SHA-256 signatures (JWS `RS256`, RFC 7518 §3.3)
/// with the system's libcrypto.
public struct RSAPublicKey: Sendable, Hashable {
    /// Why a modulus and exponent are not an acceptable key.
    public enum KeyError: Error, Sendable, Hashable, CustomStringConvertible {
        /// The modulus has `bits` bits, outside 2048...16384 (RFC 7518 §3.3 requires at least 2048).
        case modulusSize(bits: Int)
        /// The exponent is not an odd number from 3 to 2^64 - 1.
        case exponent

        /// The problem in words, naming the accepted range.
        public var description: String {
            switch self {
            case .modulusSize(let bits): "the RSA modulus has \(bits) bits; 2048 to 16384 are accepted"
            case .exponent: "the RSA exponent is not an odd number from 3 to 2^64 - 1"
            }
        }
    }

    /// The smallest modulus accepted, in bits.
    public static let minimumModulusBits = 2048
    /// The largest modulus accepted, in bits (bounds the work an attacker-chosen key can cause).
    public static let maximumModulusBits = 16384

    /// The modulus, big-endian, without leading zero bytes.
    public let modulus: [UInt8]
    /// The public exponent, big-endian, without leading zero bytes.
    public let exponent: [UInt8]

    /// Creates a key from its big-endian modulus and exponent (leading zero bytes are ignored).
    public init(modulus: [UInt8], exponent: [UInt8]) throws(KeyError) {
        let modulus = Array(modulus.drop(while: { $0 == 0 }))
        let exponent = Array(exponent.drop(while: { $0 == 0 }))
        let bits = modulus.first.map { modulus.count * 8 - $0.leadingZeroBitCount } ?? 0
        guard (Self.minimumModulusBits...Self.maximumModulusBits).contains(bits) else {
            throw .modulusSize(bits: bits)
        }
        guard let last = exponent.last, exponent.count <= 8, last & 1 == 1, exponent != [1] else {
            throw .exponent
        }
        self.modulus = modulus
        self.exponent = exponent
    }

    /// Whether `signature` is this key's RSASSA-PKCS1-v1_5 SHA-256 signature of `message`.
    ///
    /// A signature of the wrong length, or one libcrypto cannot check, is not valid.
    public func isValidSignature(_ signature: [UInt8], for message: some Sequence<UInt8>) -> Bool {
        guard !signature.isEmpty else { return false }
        return LibCrypto.withBytes(message) { messageBytes in
            lkc_rsa_pkcs1_sha256_verify(
                modulus, modulus.count, exponent, exponent.count, messageBytes.baseAddress, messageBytes.count,
                signature, signature.count) == LKC_OK
        }
    }
}
