import CognitoAuth
import CognitoAuthTesting
import Foundation
import IntegrationTestSupport
import Testing

extension BackendTests {
    /// The full-screen UI with the flows and factors of issue 12, driven through tmux.
    @Suite("The full-screen UI: configured flows and email MFA, in tmux", .enabled(if: TmuxSession.canRunApp))
    struct TerminalFlowsEndToEndTests {
        @Test("Email MFA: the UI asks for the emailed code after the password, and the code signs in")
        func emailMFA() async throws {
            let backend = try await LocalBackend.shared()
            let (client, username) = try await Integration.signedInClient(backend: backend)
            try await client.setMFAPreference([.email: .preferred])
            #expect(try await client.mfaSettings().preferred == .email)

            let (session, _) = try await TerminalEndToEndTests.startAtSignIn(backend, name: "emailmfa")
            defer { session.kill() }
            TerminalEndToEndTests.signIn(session, username: username, password: Integration.password)
            let screen = try await session.waitFor("Enter the emailed code")
            #expect(TerminalEndToEndTests.flattened(screen).contains("Enter the 6-digit code we sent in an email"))
            let code = try #require(try await backend.oneTimeCode(for: username))
            session.type(code)
            session.press("Enter")
            try await TerminalEndToEndTests.waitForDashboard(session, username: username)
            #expect(try await TerminalEndToEndTests.quit(session) == 0)
        }

        @Test("Auth.Default.authenticationFlowType USER_PASSWORD_AUTH: the UI signs in on a password-only client")
        func configuredPasswordFlow() async throws {
            let backend = try await LocalBackend.shared()
            let username = try await AuthFlowSupport.newUser(backend)
            let directory = try Integration.temporaryDirectory("tui-password-flow")
            let passwordOnly = try await backend.configuration(allowingFlows: ["ALLOW_USER_PASSWORD_AUTH"])
            let config = try AuthFlowSupport.config(
                backend, clientId: passwordOnly.userPool?.appClientId, flowType: "USER_PASSWORD_AUTH", in: directory)
            let store = try TerminalApp.temporaryDirectory("tui-password-flow-store")
            let session = try TerminalApp.start(config: config, store: store, environment: [:], name: "pwflow")
            defer { session.kill() }
            try await session.waitFor("Sign in", "Username")
            TerminalEndToEndTests.signIn(session, username: username, password: Integration.password)
            try await TerminalEndToEndTests.waitForDashboard(session, username: username)
            #expect(try await TerminalEndToEndTests.quit(session) == 0)
        }
    }
}
