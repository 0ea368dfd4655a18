import CognitoAuth
import CognitoAuthTesting
import Foundation
import IntegrationTestSupport
import Testing

extension BackendTests {
    @Suite("Step-up, sessions and derived tokens through the library against the local backend (issue 38)")
    struct StepUpAndSessionsTests {
        @Test("stepUp asks only for the missing factor and the new tokens carry acr loa:2 and amr mfa")
        func stepUpToMFA() async throws {
            let backend = try await LocalBackend.shared()
            let (client, username) = try await Integration.signedInClient(backend: backend)
            let before = try await client.authenticationContext()
            #expect(before.acr == "urn:cognito:loa:1" && before.amr == ["pwd"])
            let step = try await client.stepUp(acr: ["urn:cognito:loa:2"], maxAge: 3600)
            guard case .emailOTP = step else {
                Issue.record("expected an email code, got \(step)")
                return
            }
            let code = try #require(try await backend.oneTimeCode(for: username))
            #expect(try await client.confirmSignIn(code) == .done)
            let after = try await client.authenticationContext()
            #expect(after.acr == "urn:cognito:loa:2")
            #expect(after.amr == ["pwd", "otp", "mfa"])
            #expect(await client.username == username)
            // Met already: tokens at once, no challenge.
            #expect(try await client.stepUp(acr: ["urn:cognito:loa:2"]) == .done)
        }

        @Test("listSessions marks this client's session; revoking it is refused without a request")
        func sessionsThroughTheLibrary() async throws {
            let backend = try await LocalBackend.shared()
            let (client, _) = try await Integration.signedInClient(backend: backend)
            let sessions = try await client.listSessions()
            let mine = try #require(sessions.first { $0.isCurrent })
            #expect(sessions.filter(\.isCurrent).count == 1)
            #expect(mine.deviceType?.hasPrefix("Latchkey") == true)
            let before = try await backend.stats().operations["RevokeUserSession"] ?? 0
            await #expect(throws: TokenServiceError.cannotRevokeCurrentSession(id: mine.id)) {
                try await client.revokeSession(id: mine.id)
            }
            #expect(try await backend.stats().operations["RevokeUserSession"] ?? 0 == before)
        }

        @Test("derivedToken binds aud and is reused while good")
        func derivedToken() async throws {
            let backend = try await LocalBackend.shared()
            let (client, username) = try await Integration.signedInClient(backend: backend)
            let first = try await client.derivedToken(audience: "reports")
            let second = try await client.derivedToken(audience: "reports")
            #expect(first == second)
            let claims = try #require(JWTClaimsForTest(first.token))
            #expect(claims.aud == "reports" && claims.username == username)
        }
    }
}

/// The `aud` and `username` claims of a JWT, read without verifying it.
private struct JWTClaimsForTest {
    var aud: String?
    var username: String?

    init?(_ token: String) {
        let parts = token.split(separator: ".")
        guard parts.count == 3 else { return nil }
        var text = parts[1].replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while text.count % 4 != 0 { text += "=" }
        guard let data = Data(base64Encoded: text), let json = JSONValue.parse(Array(data)) else { return nil }
        aud = json["aud"]?.stringValue
        username = json["username"]?.stringValue
    }
}
