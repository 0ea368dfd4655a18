import CognitoAuth
import CognitoAuthTesting
import Foundation
import IntegrationTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The re-login prompt and signing out, from the UI and from another terminal.
extension BackendTests.TerminalEndToEndTests {
    // MARK: 4–5. Re-login prompt

    /// Signs a new user in through the UI, revokes the session on the server and presses `C`;
    /// returns when the re-login prompt is open.
    static func openReloginPrompt(_ backend: LocalBackend, name: String) async throws -> (TmuxSession, String) {
        let username = await backend.uniqueName("tui")
        try await backend.createUser(username, password: Integration.password)
        let (session, _) = try await startAtSignIn(backend, name: name)
        do {
            signIn(session, username: username, password: Integration.password)
            try await waitForDashboard(session, username: username)
            try await backend.adminGlobalSignOut(username)
            session.press("C")
            // The prompt whole: the calls count, the username filled in and the focus on the password
            // (the waiting calls arrive one by one, and each frame is written in several parts).
            try await session.waitUntil("the re-login prompt with 5 waiting calls, the username and the password") {
                $0.contains(UIText.reloginTitle) && flattened($0).contains("5 calls are waiting")
                    && $0.contains("│   Username  \(username)") && $0.contains("│ › Password")
            }
            return (session, username)
        } catch {
            session.kill()
            throw error
        }
    }

    @Test("token revoked → re-login prompt → Esc → the five calls are cancelled")
    func reloginCancelled() async throws {
        let backend = try await LocalBackend.shared()
        let (session, username) = try await Self.openReloginPrompt(backend, name: "relogesc")
        defer { session.kill() }
        let prompt = try await session.waitUntil("the revoked-session header and the prompt's reason") {
            $0.contains("✖ Session revoked: sign in again") && Self.flattened($0).contains("Your session was revoked")
        }
        // The tokens were revoked (a global sign-out), and the prompt says so (issue 14, C4).
        #expect(Self.flattened(prompt).contains("Your session was revoked"), "\(prompt)")
        #expect(prompt.contains("✖ Session revoked: sign in again"), "\(prompt)")
        // The modal's fields (the dashboard's own "Username" row is behind it).
        #expect(prompt.contains("│   Username  \(username)"), "username not prefilled:\n\(prompt)")
        #expect(prompt.contains("│ › Password"), "focus is not on the password:\n\(prompt)")

        session.press("Escape")
        let screen = try await session.waitUntil("five cancelled calls and the cancelled status") {
            Self.count(#"GetUser #\d+ cancelled \(sign-in was cancelled\)"#, in: $0) == 5
                && Self.flattened($0).contains(UIText.reloginCancelledStatus)
        }
        #expect(!screen.contains(UIText.reloginTitle + " "), "the prompt is still open:\n\(screen)")
        #expect(Self.count(#"GetUser #\d+ ok"#, in: screen) == 0, "\(screen)")
        // The session panel, now without tokens, still labels its token rows.
        // With no tokens the rows keep their labels and say "none".
        #expect(screen.contains("│ ID token "), "\(screen)")
        #expect(screen.contains("│ Access token "), "\(screen)")
        #expect(try await Self.quit(session) == 0)
    }

    @Test("token revoked → re-login prompt → sign in → the five waiting calls complete")
    func reloginCompletes() async throws {
        let backend = try await LocalBackend.shared()
        let (session, username) = try await Self.openReloginPrompt(backend, name: "relogok")
        defer { session.kill() }

        session.type(Integration.password)
        session.press("Enter")
        let screen = try await session.waitUntil("five GetUser calls ok") {
            Self.count(#"GetUser #\d+ ok"#, in: $0) == 5
        }
        #expect(Self.count(#"GetUser #\d+ (cancelled|failed)"#, in: screen) == 0, "\(screen)")
        try await Self.waitForDashboard(session, username: username)
        #expect(try await Self.quit(session) == 0)
    }

    /// Issue 35 item 7: keys typed as the prompt opens (here `z` and `c` right behind the `C` that opens
    /// it) are the dashboard's, never the prompt's password; the prompt's own keys still arrive, and the
    /// input the terminal discards when the prompt shows does not eat them.
    @Test("keys typed just before the re-login prompt opens do not land in its password field")
    func reloginDiscardsTypeahead() async throws {
        let backend = try await LocalBackend.shared()
        let username = await backend.uniqueName("tui")
        try await backend.createUser(username, password: Integration.password)
        let (session, _) = try await Self.startAtSignIn(backend, name: "relogahead")
        defer { session.kill() }
        Self.signIn(session, username: username, password: Integration.password)
        try await Self.waitForDashboard(session, username: username)
        try await backend.adminGlobalSignOut(username)
        session.type("Czc")
        let prompt = try await session.waitUntil("the re-login prompt, its password focused") {
            $0.contains(UIText.reloginTitle) && $0.contains("│ › Password")
        }
        let field = try #require(prompt.split(separator: "\n").first { $0.contains("│ › Password") })
        #expect(!field.contains(UIText.maskCharacter), "a key typed before the prompt reached it:\n\(prompt)")
        session.type(Integration.password)
        session.press("Enter")
        try await session.waitUntil("the waiting calls complete") { Self.count(#"GetUser #\d+ ok"#, in: $0) >= 5 }
        try await Self.waitForDashboard(session, username: username)
        #expect(try await Self.quit(session) == 0)
    }

    // MARK: 6. Sign-out

    @Test("o signs out: back at sign-in, signedOut; `latchkey status --json` agrees")
    func signOut() async throws {
        let backend = try await LocalBackend.shared()
        let username = await backend.uniqueName("tui")
        try await backend.createUser(username, password: Integration.password)
        let (session, store) = try await Self.startAtSignIn(backend, name: "signout")
        defer { session.kill() }
        Self.signIn(session, username: username, password: Integration.password)
        try await Self.waitForDashboard(session, username: username)

        let common = ["--config", backend.info.configPath, "--store", store]
        let during = try await LatchkeyBinary.run(
            ["status", "--json"] + common, environment: TerminalApp.baseEnvironment)
        #expect(JSONValue.parse(Array(during.stdout.utf8))?["state"]?.stringValue == "signedIn", "\(during)")

        session.press("o")
        let screen = try await session.waitUntil("the sign-in screen after sign-out") {
            $0.contains("Forgot password") && $0.contains("Signed out ·")
        }
        #expect(!screen.contains("Connectivity"), "\(screen)")
        #expect(!Self.flattened(screen).contains("another terminal"), "signed out here: \(screen)")
        let status = try await LatchkeyBinary.run(
            ["status", "--json"] + common, environment: TerminalApp.baseEnvironment)
        #expect(status.status == 1, "nobody is signed in: \(status)")
        #expect(JSONValue.parse(Array(status.stdout.utf8))?["state"]?.stringValue == "signedOut", "\(status)")
        #expect(try await Self.quit(session) == 0)
        #expect(session.screen().contains("latchkey: Not signed in."))
    }

    @Test("A sign-out by `latchkey sign-out` in another terminal shows on the open dashboard with no key pressed")
    func peerSignOutShows() async throws {
        let backend = try await LocalBackend.shared()
        let username = await backend.uniqueName("tui")
        try await backend.createUser(username, password: Integration.password)
        let (session, store) = try await Self.startAtSignIn(backend, name: "peer-signout")
        defer { session.kill() }
        Self.signIn(session, username: username, password: Integration.password)
        try await Self.waitForDashboard(session, username: username)

        let common = ["--config", backend.info.configPath, "--store", store]
        let signOut = try await LatchkeyBinary.run(["sign-out"] + common, environment: TerminalApp.baseEnvironment)
        #expect(signOut.status == 0, "\(signOut)")
        // No key is pressed: the dashboard's 1-second store check alone brings the sign-in screen. How
        // long it took is printed, not asserted (a loaded machine stretches it; the wait's deadline
        // bounds it).
        let started = ContinuousClock.now
        let screen = try await session.waitUntil("the sign-in screen after the other process's sign-out") {
            $0.contains("Forgot password") && $0.contains("Signed out ·")
        }
        print("peer sign-out shown after \(ContinuousClock.now - started)")
        // Said as coming from elsewhere, not a plain "Signed out." (issue 29, N15).
        #expect(Self.flattened(screen).contains("Signed out from another terminal or process."), "\(screen)")
        // The open UI did not write the session back.
        let status = try await LatchkeyBinary.run(
            ["status", "--json"] + common, environment: TerminalApp.baseEnvironment)
        #expect(JSONValue.parse(Array(status.stdout.utf8))?["state"]?.stringValue == "signedOut", "\(status)")
        #expect(try await Self.quit(session) == 0)
    }
}
