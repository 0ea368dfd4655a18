import CognitoAuthTesting
import Foundation
import Testing

@testable import CognitoAuth

/// N9: the authenticator secret from AssociateSoftwareToken is checked and encoded before anyone sees it.
@Suite("TOTP enrolment: the secret must be base32 and is percent-encoded in the otpauth URI")
struct TOTPSecretTests {
    /// A signed-in client whose AssociateSoftwareToken answers `secret`.
    static func client(secret: String) async throws -> AuthClient {
        let transport = ScriptedTransport { request in
            guard request.header("X-Amz-Target")?.hasSuffix(".AssociateSoftwareToken") == true else {
                return ScriptedTransport.error("InvalidParameterException", "unexpected")
            }
            return ScriptedTransport.json(["SecretCode": .string(secret)])
        }
        let client = AuthClient(
            configuration: Fixtures.configuration(),
            store: InMemorySessionStore(Fixtures.signedInSession(try Fixtures.tokens())), transport: transport,
            clock: ManualClock(start: Fixtures.t0), options: Fixtures.clientOptions)
        await client.initialize()
        return client
    }

    static let hostileSecrets = [
        "JBSW\u{1B}]2;PWNED\u{07}\u{1B}[2J\u{1B}[31mX\u{202E}Y\u{9B}31m\nY3DP",
        "JBSWY3DPEHPK3PXP&issuer=Evil",
        "JBSWY3DP EHPK3PXP",
        "JBSWY3DP0189",  // 0, 1, 8 and 9 are not base32
        "JBSW=Y3DPEHPK3PXP",  // padding in the middle
        "JBSW",  // too short
    ]

    @Test("A SecretCode that is not base32 is refused with a clear error, not shown")
    func hostileSecretIsRefused() async throws {
        for secret in Self.hostileSecrets {
            let client = try await Self.client(secret: secret)
            do {
                let setup = try await client.setUpTOTP()
                Issue.record("a hostile secret was accepted: \(setup.uri)")
            } catch let error as AuthError {
                guard case .invalidResponse(_, let detail) = error else {
                    Issue.record("unexpected error \(error)")
                    continue
                }
                #expect(detail.contains("SecretCode") && detail.contains("base32"), "\(detail)")
                #expect(!error.description.contains(secret))
            }
        }
    }

    @Test("Base32 secrets in either case, with or without padding, are accepted")
    func base32SecretsAreAccepted() async throws {
        for secret in ["JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP", "asdfasdfasdf", "JBSWY3DPEHPK3PX=", "MZXW6==="] {
            #expect(TOTPSetupDetails.isBase32Secret(secret), "\(secret)")
        }
        let setup = try await Self.client(secret: "JBSWY3DPEHPK3PXP").setUpTOTP()
        #expect(setup.secret == "JBSWY3DPEHPK3PXP")
    }

    @Test("The URI percent-encodes the secret, the label and the issuer: no value adds a parameter")
    func uriEncodesEveryPart() throws {
        let details = TOTPSetupDetails(
            secret: "JBSW&issuer=Evil#x", accountName: "mallory&issuer=Evil?x=1 \u{202E}", issuer: "Latch key&co")
        let uri = details.uri
        let components = try #require(URLComponents(string: uri))
        let items = components.queryItems ?? []
        #expect(items.map(\.name) == ["secret", "issuer"], "\(uri)")
        #expect(items.first?.value == "JBSW&issuer=Evil#x")
        #expect(items.last?.value == "Latch key&co")
        #expect(components.fragment == nil)
        #expect(components.path == "/Latch key&co:mallory&issuer=Evil?x=1 \u{202E}")
        #expect(uri.unicodeScalars.allSatisfy { $0.isASCII && $0.value > 0x20 }, "\(uri)")
    }
}
