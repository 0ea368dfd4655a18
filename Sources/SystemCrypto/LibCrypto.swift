import CLibCrypto

/// Calls into the libcrypto shim over contiguous byte buffers.
enum LibCrypto {
    /// Runs `body` with the bytes of `bytes` as one contiguous buffer (copying only when the sequence
    /// has no contiguous storage).
    static func withBytes<Result>(
        _ bytes: some Sequence<UInt8>, _ body: (UnsafeBufferPointer<UInt8>) -> Result
    ) -> Result {
        if let result = bytes.withContiguousStorageIfAvailable(body) { return result }
        return Array(bytes).withUnsafeBufferPointer(body)
    }

    /// The output of a shim call that writes a digest-sized result.
    ///
    /// The shim fails only when libcrypto cannot allocate or has no implementation of the algorithm
    /// (a provider configuration that disables SHA-256 or SHA-1). Neither can be recovered from, and
    /// callers (SigV4 signing, SRP) have no meaningful answer without the digest, so this stops the
    /// process with the status, as swift-crypto did on a BoringSSL failure.
    static func digestOutput(
        _ what: String, _ call: (UnsafeMutablePointer<UInt8>, Int, UnsafeMutablePointer<Int>) -> lkc_status
    ) -> [UInt8] {
        var length = 0
        var output = [UInt8](repeating: 0, count: 64)
        let status = output.withUnsafeMutableBufferPointer { buffer in
            // The buffer of a non-empty array always has a base address.
            call(buffer.baseAddress!, buffer.count, &length)
        }
        guard status == LKC_OK else {
            fatalError(
                "libcrypto failed to compute \(what) (status \(status.rawValue)): out of memory, or OpenSSL's configuration disables the algorithm"
            )
        }
        output.removeSubrange(length...)
        return output
    }
}
