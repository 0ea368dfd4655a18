import CLibCrypto

/// SHA-256 (FIPS 180-4), computed by the system's libcrypto.
public enum SHA256 {
    /// The length of a digest in bytes.
    public static let byteCount = 32

    /// The 32-byte SHA-256 digest of `data`.
    public static func hash(data: some Sequence<UInt8>) -> [UInt8] {
        LibCrypto.withBytes(data) { input in
            LibCrypto.digestOutput("SHA-256") { output, capacity, length in
                lkc_digest(LKC_SHA256, input.baseAddress, input.count, output, capacity, length)
            }
        }
    }
}
