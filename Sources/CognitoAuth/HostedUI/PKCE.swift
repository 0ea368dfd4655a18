import Foundation
import SystemCrypto

/// A PKCE pair (RFC 7636): the secret `code_verifier` and its S256 `code_challenge`.
///
/// The verifier is 32 bytes from the random source (the system CSPRNG in production), base64url
/// without padding: 43 characters from the unreserved set, as RFC 7636 section 4.1 recommends.
public struct PKCE: Sendable, Hashable {
    /// The verifier, sent to the token endpoint only (secret).
    public let verifier: String
    /// `BASE64URL(SHA256(ASCII(verifier)))`, sent in the authorize URL.
    public let challenge: String
    /// Always `S256`; the `plain` method is never used.
    public static let method = "S256"

    /// Creates a pair from 32 random bytes.
    public init(random: any RandomSource) {
        self.init(verifier: Self.base64URL(random.bytes(count: 32)))
    }

    /// Creates the pair for a given verifier (tests use RFC 7636 Appendix B's).
    public init(verifier: String) {
        self.verifier = verifier
        self.challenge = Self.challenge(for: verifier)
    }

    /// The S256 challenge of `verifier`.
    public static func challenge(for verifier: String) -> String {
        base64URL(SHA256.hash(data: Array(verifier.utf8)))
    }

    /// Base64url without padding (RFC 4648 section 5).
    public static func base64URL(_ bytes: [UInt8]) -> String {
        Data(bytes).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }
}

extension PKCE: CustomStringConvertible, CustomDebugStringConvertible {
    /// The challenge only: the verifier is a secret.
    public var description: String { "PKCE(challenge: \(challenge), verifier: ***)" }
    /// The same masked description.
    public var debugDescription: String { description }
}

/// Comparison that takes the same time wherever two strings first differ.
enum ConstantTime {
    /// Whether `a` and `b` hold the same bytes; the time depends only on the lengths.
    static func equal(_ a: String, _ b: String) -> Bool {
        let left = Array(a.utf8)
        let right = Array(b.utf8)
        var difference: UInt8 = left.count == right.count ? 0 : 1
        let count = max(left.count, right.count)
        for index in 0..<count {
            let x = index < left.count ? left[index] : 0
            let y = index < right.count ? right[index] : 0
            difference |= x ^ y
        }
        return difference == 0
    }
}
