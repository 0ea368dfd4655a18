import CognitoAuth
import CognitoAuthTesting
import Foundation
import IntegrationTestSupport
import Testing

extension BackendTests {
    /// The Sessions view of the full-screen UI, through tmux, against the local backend's session tracking.
    @Suite("The full-screen UI's sessions end to end, in tmux", .enabled(if: TmuxSession.canRunApp))
    struct TerminalSessionsEndToEndTests {
        @Test(
            "a second sign-in elsewhere → S lists two sessions, this terminal marked → x on it is refused → x, y on the other revokes it → one left, and the other store must sign in again"
        )
        func sessionsView() async throws {
            let backend = try await LocalBackend.shared()
            let username = await backend.uniqueName("tuisessions")
            try await backend.createUser(username, password: Integration.password)
            let directory = try TerminalApp.temporaryDirectory("sessions")
            // The other session: the command line signed in with a store of its own.
            let other = ["--config", backend.info.configPath, "--store", directory + "/other"]
            let signIn = try await LatchkeyBinary.run(
                ["sign-in", "--username", username, "--password-stdin"] + other, stdin: Integration.password + "\n",
                environment: TerminalApp.baseEnvironment)
            #expect(signIn.status == 0, "\(signIn.stderr)")

            let session = try TerminalApp.start(
                config: backend.info.configPath, store: directory + "/store", columns: 80, rows: 24, name: "sessions")
            defer { session.kill() }
            try await session.waitFor("Sign in", "Username")
            TerminalEndToEndTests.signIn(session, username: username, password: Integration.password)
            try await TerminalEndToEndTests.waitForDashboard(session, username: username)

            session.press("S")
            let listed = try await session.waitUntil("two sessions, this terminal marked") { screen in
                Self.rows(in: screen).count == 2 && screen.contains("← this terminal")
            }
            let rows = Self.rows(in: listed)
            let current = try #require(rows.firstIndex { $0.contains("← this terminal") }, "\(listed)")
            #expect(rows.allSatisfy { $0.contains("127.0.0.1") }, "\(listed)")

            // This terminal's own session: refused, nothing asked.
            if current == 1 { session.press("Down") }
            session.press("x")
            try await session.waitFor("this terminal's own session")
            // The other one: asked, then revoked, and the list reloads with one left.
            session.press(current == 0 ? "Down" : "Up")
            session.press("x")
            try await session.waitFor("Revoke the selected session?")
            session.press("y")
            let after = try await session.waitUntil("the revoked session gone") { screen in
                screen.contains("Session revoked") && Self.rows(in: screen).count == 1
            }
            #expect(Self.rows(in: after).first?.contains("← this terminal") == true, "\(after)")

            // The revoked store cannot list sessions any more: its tokens were revoked with the session.
            let revoked = try await LatchkeyBinary.run(
                ["sessions"] + other, environment: TerminalApp.baseEnvironment)
            #expect(revoked.status != 0, "\(revoked)")

            session.press("Escape")
            try await TerminalEndToEndTests.waitForDashboard(session, username: username)
            #expect(try await TerminalEndToEndTests.quit(session) == 0)
        }

        /// The Sessions box's rows that list a session (a date and time in their last column).
        static func rows(in screen: String) -> [String] {
            screen.split(separator: "\n").map(String.init).filter { line in
                line.hasPrefix("│")
                    && TerminalEndToEndTests.count("[0-9]{2}-[0-9]{2} [0-9]{2}:[0-9]{2} │", in: line) == 1
            }
        }
    }
}
