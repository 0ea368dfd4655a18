/// HKDF (RFC 5869) over HMAC-SHA256: extract, then expand.
public enum HKDF {
    /// The largest output HKDF-SHA256 can derive: 255 blocks of 32 bytes.
    public static let maximumOutputByteCount = 255 * SHA256.byteCount

    /// Derives `outputByteCount` bytes from `inputKeyMaterial` with `salt` and `info`.
    ///
    /// An empty salt stands for 32 zero bytes, as RFC 5869 §2.2 says. `outputByteCount` must be in
    /// `0...maximumOutputByteCount` (callers pass constants).
    public static func sha256(
        inputKeyMaterial: [UInt8], salt: [UInt8], info: [UInt8], outputByteCount: Int
    ) -> [UInt8] {
        precondition(
            (0...maximumOutputByteCount).contains(outputByteCount),
            "HKDF-SHA256 derives 0...\(maximumOutputByteCount) bytes, not \(outputByteCount)")
        let pseudorandomKey = HMAC.sha256(
            key: salt.isEmpty ? [UInt8](repeating: 0, count: SHA256.byteCount) : salt, message: inputKeyMaterial)
        var output: [UInt8] = []
        output.reserveCapacity(outputByteCount + SHA256.byteCount)
        var block: [UInt8] = []
        var counter: UInt8 = 1
        while output.count < outputByteCount {
            block = HMAC.sha256(key: pseudorandomKey, message: block + info + [counter])
            output += block
            counter &+= 1
        }
        return Array(output.prefix(outputByteCount))
    }
}
