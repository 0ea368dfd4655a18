import CognitoAuth
import CognitoAuthTesting
import Foundation
import IntegrationTestSupport
import Testing

extension BackendTests {
    /// The dashboard's Security rows (MFA) in the full-screen UI, driven through tmux.
    @Suite("The full-screen UI: Security (MFA) from the dashboard, in tmux", .enabled(if: TmuxSession.canRunApp))
    struct TerminalSecurityEndToEndTests {
        @Test("m shows MFA; e turns email MFA on; the next sign-in asks for the emailed code; e turns it off again")
        func emailMFAFromDashboard() async throws {
            let backend = try await LocalBackend.shared()
            let username = await backend.uniqueName("tuisec")
            try await backend.createUser(username, password: Integration.password)
            let (session, store) = try await TerminalEndToEndTests.startAtSignIn(backend, name: "security")
            defer { session.kill() }
            TerminalEndToEndTests.signIn(session, username: username, password: Integration.password)
            try await TerminalEndToEndTests.waitForDashboard(session, username: username)

            session.type("m")
            try await session.waitUntil("the MFA row with every factor off") {
                TerminalEndToEndTests.line(containing: "email off · totp off · sms off", in: $0) != nil
            }
            session.type("e")
            try await session.waitUntil("email MFA on") {
                TerminalEndToEndTests.line(containing: "email on · totp off", in: $0) != nil
            }
            session.type("E")
            try await session.waitUntil("email MFA preferred") {
                TerminalEndToEndTests.line(containing: "email on (preferred)", in: $0) != nil
            }
            #expect(try await TerminalEndToEndTests.quit(session) == 0)

            // A new sign-in (sign out first, from the CLI) asks for the emailed code.
            let signOut = try await LatchkeyBinary.run([
                "sign-out", "--config", backend.info.configPath, "--store", store,
            ])
            #expect(signOut.status == 0, "\(signOut.stderr)")
            let again = try TerminalApp.start(config: backend.info.configPath, store: store, name: "security2")
            defer { again.kill() }
            try await again.waitFor("Sign in", "Username")
            TerminalEndToEndTests.signIn(again, username: username, password: Integration.password)
            try await again.waitFor("Enter the emailed code")
            again.type(try #require(try await backend.oneTimeCode(for: username)))
            again.press("Enter")
            try await TerminalEndToEndTests.waitForDashboard(again, username: username)
            again.type("m")
            try await again.waitUntil("email on after the emailed-code sign-in") {
                TerminalEndToEndTests.line(containing: "email on (preferred)", in: $0) != nil
            }
            // Turning the only factor off asks first (N14): any other key keeps it on, y turns it off.
            again.type("e")
            try await again.waitFor("Turn off email codes? y/N", "password alone")
            again.type("n")
            try await again.waitFor("MFA: kept email codes on")
            again.type("e")
            try await again.waitFor("Turn off email codes? y/N")
            again.type("y")
            try await again.waitUntil("email MFA off") {
                TerminalEndToEndTests.line(containing: "email off · totp off", in: $0) != nil
            }
            #expect(try await TerminalEndToEndTests.quit(again) == 0)
        }
    }
}
