import CognitoAuthTesting
import Foundation
import Testing

/// The test helper's one-time codes against RFC 6238 appendix B (HMAC-SHA1, 8 digits).
@Suite("TOTPGenerator")
struct TOTPGeneratorTests {
    /// The appendix's SHA-1 seed, the ASCII "12345678901234567890", in base32.
    static let secret = "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ"

    @Test(
        "RFC 6238 appendix B, SHA-1",
        arguments: [
            (59.0, "94287082"), (1_111_111_109, "07081804"), (1_111_111_111, "14050471"),
            (1_234_567_890, "89005924"), (2_000_000_000, "69279037"), (20_000_000_000, "65353130"),
        ] as [(TimeInterval, String)])
    func appendixB(time: TimeInterval, code: String) {
        #expect(TOTPGenerator.code(secret: Self.secret, at: Date(timeIntervalSince1970: time), digits: 8) == code)
    }

    @Test("Six digits are the last six of the eight; a secret that is not base32 gives no code")
    func sixDigits() {
        #expect(TOTPGenerator.code(secret: Self.secret, at: Date(timeIntervalSince1970: 59)) == "287082")
        #expect(TOTPGenerator.code(secret: "not base32!", at: Date(timeIntervalSince1970: 59)) == nil)
    }
}
