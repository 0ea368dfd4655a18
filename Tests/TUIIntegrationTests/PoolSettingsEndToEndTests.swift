import CognitoAuth
import CognitoAuthTesting
import Foundation
import IntegrationTestSupport
import Testing

extension BackendTests {
    /// The sign-up screen follows the pool's settings (issue 11, item 4), end to end in tmux.
    @Suite("Pool settings drive the full-screen sign-up, in tmux", .enabled(if: TmuxSession.canRunApp))
    struct PoolSettingsEndToEndTests {
        typealias Screen = TerminalEndToEndTests

        /// An Amplify Gen 2 `amplify_outputs.json` for the pool, as `npx ampx` writes it: nothing
        /// Latchkey-specific; the endpoint comes from `AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER`.
        static func writeGen2Outputs(_ backend: LocalBackend, poolId: String, clientId: String) throws -> String {
            let json = """
                {"auth": {"user_pool_id": "\(poolId)", "aws_region": "\(backend.info.region)",
                  "user_pool_client_id": "\(clientId)", "identity_pool_id": "",
                  "mfa_methods": ["TOTP"],
                  "standard_required_attributes": ["email", "name", "birthdate"],
                  "username_attributes": ["email"], "user_verification_types": ["email"],
                  "groups": [], "mfa_configuration": "OPTIONAL",
                  "password_policy": {"min_length": 8, "require_lowercase": true, "require_numbers": true,
                    "require_symbols": false, "require_uppercase": true},
                  "unauthenticated_identities_enabled": false},
                 "version": "1.4"}
                """
            let directory = try TerminalApp.temporaryDirectory("pool-gen2")
            let path = directory + "/amplify_outputs.json"
            try json.write(toFile: path, atomically: true, encoding: .utf8)
            return path
        }

        /// How the test's configuration reaches the app.
        enum Source: String, CaseIterable, CustomTestStringConvertible {
            case latchkeyUI = "awsconfiguration.json with Latchkey.UI"
            case gen2 = "Amplify Gen 2 amplify_outputs.json"
            var testDescription: String { rawValue }
        }

        @Test(
            "email as username, Abcdefg1 accepted, name and birthdate asked and checked → confirm → dashboard",
            arguments: Source.allCases)
        func signUpFollowsThePool(_ source: Source) async throws {
            let backend = try await LocalBackend.shared()
            let (poolId, clientId) = try await PoolSettingsSupport.makePool(backend)
            let session: TmuxSession
            switch source {
            case .latchkeyUI:
                let config = try PoolSettingsSupport.writeConfig(backend, poolId: poolId, clientId: clientId)
                let store = try TerminalApp.temporaryDirectory("pool-signup")
                session = try TerminalApp.start(config: config, store: store, name: "poolsignup")
            case .gen2:
                let config = try Self.writeGen2Outputs(backend, poolId: poolId, clientId: clientId)
                let store = try TerminalApp.temporaryDirectory("pool-signup-gen2")
                session = try TerminalApp.start(
                    config: config, store: store,
                    environment: ["AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER": backend.info.endpoint],
                    name: "poolgen2")
            }
            defer { session.kill() }
            if source == .gen2 {
                // No Latchkey.UI: the app starts on sign-in, whose one field is the pool's username attribute.
                let signIn = try await session.waitFor("Sign in", "Email")
                #expect(Screen.field("Username", in: signIn) == nil, "\(signIn)")
                session.press("Tab", "Tab", "Tab", "Enter")  // Password, [ Sign in ], Create account
            }
            let email = "\(await backend.uniqueName("erin"))@example.com"

            // The last line of the form too, so the capture is of the whole frame, not one being written.
            let form = try await session.waitFor(
                "Create account", "Email", "Name", "Birth date", "verification code to your email")
            // One field for the email (labelled Email, not Username), and no second Email field.
            #expect(Screen.field("Username", in: form) == nil, "\(form)")
            #expect(form.split(separator: "\n").filter { Screen.field("Email", in: String($0)) != nil }.count == 1)
            #expect(!form.contains("A symbol"), "\(form)")
            #expect(form.contains("verification code to your email"), "\(form)")

            session.type(email)
            session.press("Tab")
            session.type("Abcdefg1")
            try await session.waitUntil("every password rule met with Abcdefg1") {
                !$0.contains(UIText.checkUnmet) && $0.contains("A number")
            }
            session.press("Tab")
            session.type("Abcdefg1")  // asked twice (ux-3, item 21)
            session.press("Tab")
            session.type("Erin Example")
            session.press("Tab")
            session.type("1990-02-30")
            session.press("Enter")
            try await session.waitFor("Enter birth date as YYYY-MM-DD")
            session.press(Array(repeating: "BSpace", count: 10))
            session.type("1990-04-23")
            let filled = try await session.waitUntil("the corrected date") {
                Screen.field("Birth date", in: $0)?.contains("1990-04-23") == true && !$0.contains("Enter birth date")
            }
            print(
                "--- sign-up screen, \(source.rawValue) (pool: email as username, no symbol, name + birthdate) ---\n\(filled)"
            )
            session.press("Enter")
            try await session.waitFor("Confirm your account", "Code")

            // The polling fallback: the backend process records the code and announces nothing.
            let code = try await Waiter.value(
                of: "the sign-up code for \(email)", on: [.polling(every: .milliseconds(50))],
                { try? await backend.codes(for: email, poolId: poolId).signUp }, until: { $0 != nil })
            session.type(try #require(code, "no sign-up code for \(email)"))
            session.press("Enter")
            let screen = try await session.waitUntil("the dashboard or the sign-in screen after confirming") {
                ($0.contains("signedIn") && $0.contains("Connectivity")) || $0.contains(UIText.accountConfirmed)
            }
            if screen.contains(UIText.accountConfirmed) {
                session.type("Abcdefg1")
                session.press("Enter")
            }
            let dashboard = try await session.waitUntil("the dashboard with the pool's MFA line") {
                $0.contains("Connectivity") && $0.contains("MFA: optional (TOTP)")
            }
            #expect(Screen.line(containing: "User state", in: dashboard)?.contains("signedIn") == true, "\(dashboard)")
            #expect(try await Screen.quit(session) == 0)
        }
    }
}
