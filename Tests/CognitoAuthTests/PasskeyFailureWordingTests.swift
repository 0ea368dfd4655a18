import LatchkeyText
import Testing

@testable import CognitoAuth

/// Every passkey failure is said in Japanese: its summary and its next step differ from the English, for every
/// case (the list below is checked against an exhaustive switch, so a new case must be added here), and every
/// libfido2 code the English table words has Japanese words too.
@Suite("Passkey failures: every case worded in Japanese")
struct PasskeyFailureWordingTests {
    /// One failure of each case.
    static let samples: [PasskeyFailure] = [
        .notEnabled("m"), .configurationMissing("m"), .challengeNotFound("m"), .relyingPartyMismatch("m"),
        .originNotAllowed("m"), .credentialNotSupported("m"), .clientMismatch("m"),
        .relyingPartyRefused(expected: "auth.example.com", offered: "evil.example"), .noRelyingParty,
        .malformed("no challenge"), .noAuthenticator, .authenticatorFailed(status: 1, message: ""),
        .authenticatorFailed(status: 2, message: "declined"), .providerUnavailable("not found"),
        .timedOut(seconds: 60), .cancelled, .unknownCredential("Y3JlZA"), .pinRequired(authenticator: "YubiKey 5"),
        .noSecurityKey, .securityKey(authenticator: "YubiKey 5", code: 0x2e, name: "FIDO_ERR_NO_CREDENTIALS"),
        .securityKey(authenticator: "YubiKey 5", code: -10, name: "FIDO_ERR_NOT_FOUND"),
        .securityKey(authenticator: "YubiKey 5", code: 0x5a, name: "FIDO_ERR_UNKNOWN"),
    ]

    /// The case's number; no `default`, so a new case does not compile until it is numbered (and sampled).
    static func caseNumber(_ failure: PasskeyFailure) -> Int {
        switch failure {
        case .notEnabled: return 0
        case .configurationMissing: return 1
        case .challengeNotFound: return 2
        case .relyingPartyMismatch: return 3
        case .originNotAllowed: return 4
        case .credentialNotSupported: return 5
        case .clientMismatch: return 6
        case .relyingPartyRefused: return 7
        case .noRelyingParty: return 8
        case .malformed: return 9
        case .noAuthenticator: return 10
        case .authenticatorFailed: return 11
        case .providerUnavailable: return 12
        case .timedOut: return 13
        case .cancelled: return 14
        case .unknownCredential: return 15
        case .pinRequired: return 16
        case .noSecurityKey: return 17
        case .securityKey: return 18
        }
    }

    @Test func theSamplesCoverEveryCase() {
        #expect(Set(Self.samples.map(Self.caseNumber)) == Set(0...18))
    }

    @Test(arguments: samples)
    func everyCaseHasJapanese(_ failure: PasskeyFailure) {
        let summary = failure.summary(.japanese)
        let next = failure.nextStep(.japanese)
        #expect(summary != failure.summary(.english), "\(failure): summary in English: \(summary)")
        #expect(next != failure.nextStep(.english), "\(failure): next step in English: \(next)")
        #expect(summary.unicodeScalars.contains { $0.value >= 0x3040 }, "\(failure): \(summary)")
        #expect(next.unicodeScalars.contains { $0.value >= 0x3040 }, "\(failure): \(next)")
        #expect(!summary.contains("{"), "\(failure): a placeholder is left: \(summary)")
    }

    @Test func theSecurityKeySummaryKeepsTheKeyAndTheErrorName() {
        let failure = PasskeyFailure.securityKey(authenticator: "YubiKey 5", code: 0x31, name: "FIDO_ERR_PIN_INVALID")
        #expect(failure.summary(.japanese) == "セキュリティキー \"YubiKey 5\": PIN が違います (FIDO_ERR_PIN_INVALID)。")
        #expect(failure.nextStep(.japanese) == "正しい PIN でもう一度試してください。")
        #expect(failure.summary(.english) == failure.summary)
        #expect(failure.nextStep(.english) == failure.nextStep)
    }

    @Test func everyLibfido2CodeHasJapanese() {
        #expect(SecurityKeyError.englishCodes.count > 50)
        let missing = SecurityKeyError.englishCodes.subtracting(SecurityKeyError.japaneseCodes).sorted()
        #expect(missing.isEmpty, "no Japanese for libfido2 codes \(missing)")
        for code in SecurityKeyError.englishCodes {
            #expect(SecurityKeyError.sentence(code, in: .japanese) != SecurityKeyError.sentence(code), "\(code)")
            #expect(SecurityKeyError.nextStep(code, in: .japanese) != SecurityKeyError.nextStep(code), "\(code)")
        }
    }
}
