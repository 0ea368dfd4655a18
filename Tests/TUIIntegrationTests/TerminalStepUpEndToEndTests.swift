import CognitoAuth
import CognitoAuthTesting
import Foundation
import IntegrationTestSupport
import Testing

extension BackendTests {
    /// Step-up in the full-screen UI (issue 38): a call asking for `urn:cognito:loa:2` on a password-only
    /// session waits behind the step-up prompt, which asks only for the emailed code; the code resumes the
    /// call. Esc instead fails it clearly. Against the local backend, driven through tmux at 80x24.
    @Suite("The full-screen UI: the step-up prompt, in tmux", .enabled(if: TmuxSession.canRunApp))
    struct TerminalStepUpEndToEndTests {
        static let loa2 = "urn:cognito:loa:2"

        /// A user signed in with a password (loa:1) in a new store, and the UI started on it at 80x24 with
        /// its sample calls asking for loa:2.
        static func start(_ backend: LocalBackend, name: String) async throws -> (TmuxSession, String, [String]) {
            let username = try await AuthFlowSupport.newUser(backend)
            let directory = try Integration.temporaryDirectory("tui-step-up")
            let config = try AuthFlowSupport.config(
                backend, ui: ["SampleCallACR": .string(loa2), "ResendCooldownSeconds": 0], in: directory)
            let store = try TerminalApp.temporaryDirectory("tui-step-up-store")
            let common = ["--config", config, "--store", store]
            let signIn = try await LatchkeyBinary.run(
                ["sign-in", "--username", username, "--password-stdin"] + common, stdin: Integration.password + "\n",
                environment: TerminalApp.baseEnvironment)
            #expect(signIn.status == 0, "\(signIn.stderr)")
            let session = try TerminalApp.start(config: config, store: store, columns: 80, rows: 24, name: name)
            return (session, username, common)
        }

        @Test("c asks for loa:2: the call waits behind the prompt, the emailed code typed there resumes it")
        func stepUpWithEmailedCode() async throws {
            let backend = try await LocalBackend.shared()
            let (session, username, common) = try await Self.start(backend, name: "stepup")
            defer { session.kill() }
            _ = try await TerminalEndToEndTests.waitForDashboard(session, username: username)
            session.press("c")
            let prompt = try await session.waitFor("Enter the emailed code", Self.loa2, "waiting for it")
            TerminalPasswordlessEndToEndTests.show("step-up prompt 80x24", prompt)
            #expect(!prompt.contains("Password"), "only the missing factor is asked:\n\(prompt)")
            let code = try #require(try await backend.oneTimeCode(for: username))
            session.type(code)
            session.press("Enter")
            let done = try await session.waitFor("Stepped up to \(Self.loa2)", "GetUser #1 ok")
            #expect(!done.contains("Enter the emailed code"), "the prompt closed:\n\(done)")
            // The store holds the stepped-up session: the CLI prints a loa:2 token without asking.
            let token = try await LatchkeyBinary.run(
                ["token", "--acr", Self.loa2] + common, environment: TerminalApp.baseEnvironment)
            #expect(token.status == 0, "\(token.stderr)")
            #expect(try await TerminalEndToEndTests.quit(session) == 0)
        }

        @Test("Esc at the step-up prompt fails the waiting call clearly and leaves the session signed in")
        func escCancelsTheStepUp() async throws {
            let backend = try await LocalBackend.shared()
            let (session, username, _) = try await Self.start(backend, name: "stepupesc")
            defer { session.kill() }
            _ = try await TerminalEndToEndTests.waitForDashboard(session, username: username)
            session.press("c")
            _ = try await session.waitFor("Enter the emailed code", Self.loa2)
            session.press("Escape")
            let after = try await session.waitFor("Step-up cancelled", "GetUser #1 failed")
            #expect(after.contains("step-up was cancelled"), "\(after)")
            #expect(!after.contains("Enter the emailed code"))
            _ = try await TerminalEndToEndTests.waitForDashboard(session, username: username)
            #expect(try await TerminalEndToEndTests.quit(session) == 0)
        }
    }
}
