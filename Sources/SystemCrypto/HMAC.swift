import CLibCrypto

/// HMAC (RFC 2104), computed by the system's libcrypto.
public enum HMAC {
    /// The 32-byte HMAC-SHA256 of `message` under `key`.
    public static func sha256(key: some Sequence<UInt8>, message: some Sequence<UInt8>) -> [UInt8] {
        authenticationCode(LKC_SHA256, "HMAC-SHA256", key: key, message: message)
    }

    /// The 20-byte HMAC-SHA1 of `message` under `key`: for RFC 6238 one-time codes, which are defined
    /// on it; nothing else should use SHA-1.
    public static func sha1(key: some Sequence<UInt8>, message: some Sequence<UInt8>) -> [UInt8] {
        authenticationCode(LKC_SHA1, "HMAC-SHA1", key: key, message: message)
    }

    private static func authenticationCode(
        _ algorithm: lkc_digest_algorithm, _ what: String, key: some Sequence<UInt8>, message: some Sequence<UInt8>
    ) -> [UInt8] {
        LibCrypto.withBytes(key) { keyBytes in
            LibCrypto.withBytes(message) { messageBytes in
                LibCrypto.digestOutput(what) { output, capacity, length in
                    lkc_hmac(
                        algorithm, keyBytes.baseAddress, keyBytes.count, messageBytes.baseAddress,
                        messageBytes.count, output, capacity, length)
                }
            }
        }
    }
}
