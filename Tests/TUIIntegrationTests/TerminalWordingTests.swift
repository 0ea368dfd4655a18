import CognitoAuth
import CognitoAuthTesting
import Foundation
import IntegrationTestSupport
import Testing

extension BackendTests {
    /// Issue 14's words and states in the real terminal at 80x24: the header, the footer, `O`'s
    /// confirmation, the store warning inside the UI, `sign-in`'s prompt and `--plain`'s retries.
    @Suite("Words and states in tmux at 80x24", .enabled(if: TmuxSession.canRunApp))
    struct TerminalWordingTests {
        typealias EndToEnd = TerminalEndToEndTests

        static func start(_ backend: LocalBackend, name: String, extra: [String] = []) throws -> (TmuxSession, String) {
            let store = try TerminalApp.temporaryDirectory(name)
            let session = try TerminalApp.start(
                config: backend.info.configPath, store: store, extra: extra, columns: 80, rows: 24, name: name)
            return (session, store)
        }

        @Test("80x24: words in the header, a footer that fits, the store warning inside, O asks and says what it did")
        func headerFooterWarningAndGlobalSignOut() async throws {
            let backend = try await LocalBackend.shared()
            let username = await backend.uniqueName("words")
            try await backend.createUser(username, password: Integration.password)
            let (session, store) = try Self.start(backend, name: "words")
            defer { session.kill() }
            // The plain-text store warning is on the first screen, not behind it.
            // The header's words come with the first state event, a moment after the first frame.
            let first = try await session.waitUntil("the sign-in screen with its header and the store warning") {
                $0.contains("Forgot password") && $0.contains("○ Signed out")
                    && EndToEnd.flattened($0).contains("plain text")
            }
            #expect(EndToEnd.flattened(first).contains("plain text"), "\(first)")
            // Whole, not cut at the footer's width (issue 29, N19).
            #expect(EndToEnd.flattened(first).contains("(mode 0600)"), "\(first)")
            #expect(first.contains("○ Signed out"), "\(first)")
            #expect(!first.contains("signedOut"), "\(first)")

            EndToEnd.signIn(session, username: username, password: Integration.password)
            let dashboard = try await session.waitForSettledDashboard(of: username)
            #expect(dashboard.contains("✔ Signed in · \(username)"), "\(dashboard)")
            let lines = dashboard.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            let footer = lines.last { !$0.trimmingCharacters(in: .whitespaces).isEmpty } ?? ""
            #expect(footer.contains("q quit"), "\(footer)")
            #expect(footer.hasSuffix("? more"), "\(footer)")
            #expect(!footer.contains("…"), "\(footer)")
            #expect(EndToEnd.line(containing: "User state", in: dashboard)?.contains("Signed in (signedIn)") == true)

            session.press("O")
            try await session.waitFor("Sign out of every device? y/N")
            session.press("n")
            try await session.waitFor("Sign out everywhere: cancelled")
            session.press("O")
            try await session.waitFor("Sign out of every device? y/N")
            session.press("y")
            let after = try await session.waitUntil("the sign-in screen after the global sign-out") {
                EndToEnd.flattened($0).contains("Signed out everywhere.") && $0.contains("Forgot password")
            }
            #expect(EndToEnd.flattened(after).contains("access tokens stay valid until they expire"), "\(after)")
            let status = try await LatchkeyBinary.run(
                ["status", "--json", "--config", backend.info.configPath, "--store", store],
                environment: TerminalApp.baseEnvironment)
            #expect(status.status == 1, "nobody is signed in: \(status)")
            #expect(JSONValue.parse(Array(status.stdout.utf8))?["authenticatedBy"] == .null, "\(status.stdout)")
            #expect(try await EndToEnd.quit(session) == 0)
            let exit = session.screen()
            #expect(exit.contains("latchkey: Not signed in."), "\(exit)")
            #expect(!exit.contains("latchkey: storing the session"), "the warning was shown inside instead:\n\(exit)")
        }

        @Test(
            "change-password on a terminal asks for the new password twice; a mismatch asks again (ux-3 item 21)")
        func changePasswordAsksTwice() async throws {
            let backend = try await LocalBackend.shared()
            guard let binary = LatchkeyBinary.url else { throw TmuxSession.Failure("the latchkey binary is not built") }
            let username = await backend.uniqueName("chpwtty")
            try await backend.createUser(username, password: Integration.password)
            let store = try TerminalApp.temporaryDirectory("chpwtty")
            let common = ["--config", backend.info.configPath, "--store", store]
            let signIn = try await LatchkeyBinary.run(
                ["sign-in", "--username", username, "--password-stdin"] + common, stdin: Integration.password + "\n",
                environment: TerminalApp.baseEnvironment)
            #expect(signIn.status == 0, "\(signIn.stderr)")
            let session = try TmuxSession(
                [binary.path, "change-password"] + common, environment: TerminalApp.baseEnvironment, columns: 80,
                rows: 24, name: "chpw")
            defer { session.kill() }
            try await session.waitFor("Current password:")
            session.type(Integration.password)
            session.press("Enter")
            try await session.waitFor("New password:")
            session.type("N3w-Password!")
            session.press("Enter")
            try await session.waitFor("New password again:")
            session.type("N3w-Passw0rd!")
            session.press("Enter")
            // Two that differ: said, and asked again (nothing changed yet).
            let again = try await session.waitUntil("the new password asked for again") {
                EndToEnd.flattened($0).contains("The two passwords differ. Try again (2 tries left)")
                    && $0.components(separatedBy: "New password:").count == 3
            }
            print("tmux capture (change-password, two passwords that differ):\n\(again)")
            session.type("N3w-Password!")
            session.press("Enter")
            try await session.waitUntil("asked to repeat it again") {
                $0.components(separatedBy: "New password again:").count == 3
            }
            session.type("N3w-Password!")
            session.press("Enter")
            let status = try await session.waitForExit()
            #expect(status == 0, "\(session.screen())")
        }

        @Test(
            "sign-in without --username asks for it on a terminal; sign-in and --plain ask again after a wrong password"
        )
        func promptsAndRetries() async throws {
            let backend = try await LocalBackend.shared()
            guard let binary = LatchkeyBinary.url else { throw TmuxSession.Failure("the latchkey binary is not built") }
            let username = await backend.uniqueName("prompt")
            try await backend.createUser(username, password: Integration.password)
            let store = try TerminalApp.temporaryDirectory("prompt")
            let common = ["--config", backend.info.configPath, "--store", store]

            let signIn = try TmuxSession(
                [binary.path, "sign-in"] + common, environment: TerminalApp.baseEnvironment, columns: 80, rows: 24,
                name: "prompt")
            defer { signIn.kill() }
            try await signIn.waitFor("Username:")
            signIn.type(username)
            signIn.press("Enter")
            try await signIn.waitFor("Password for \(username):")
            // A wrong password is asked again, as with --plain (issue 29, N28).
            signIn.type("Wr0ng-Password!")
            signIn.press("Enter")
            try await signIn.waitUntil("the password prompt after the wrong-password message") { screen in
                guard let message = screen.range(of: "2 tries left") else { return false }
                return screen[message.upperBound...].contains("Password for \(username):")
            }
            signIn.type(Integration.password)
            signIn.press("Enter")
            #expect(try await signIn.waitForExit() == 0)
            #expect(signIn.screen().contains("✔ Signed in as \(username)."))

            let signOut = try await LatchkeyBinary.run(["sign-out"] + common, environment: TerminalApp.baseEnvironment)
            #expect(signOut.status == 0, "\(signOut)")
            #expect(signOut.stdout.isEmpty, "messages go to stderr: \(signOut.stdout)")
            #expect(signOut.stderr.contains("✔ Signed out \(username)"), "\(signOut.stderr)")

            let plain = try TmuxSession(
                [binary.path, "--plain"] + common, environment: TerminalApp.baseEnvironment, columns: 80, rows: 24,
                name: "plain")
            defer { plain.kill() }
            try await plain.waitFor("Username")
            plain.type(username)
            plain.press("Enter")
            try await plain.waitFor("Password:")
            plain.type("Wr0ng-Password!")
            plain.press("Enter")
            try await plain.waitFor("The username or password is incorrect.", "2 tries left")
            // Type only once the prompt is back: the prompt turns echo off and drops what was typed before it.
            try await plain.waitUntil("the password prompt after the wrong-password message") { screen in
                guard let message = screen.range(of: "2 tries left") else { return false }
                return screen[message.upperBound...].contains("Password:")
            }
            plain.type(Integration.password)
            plain.press("Enter")
            #expect(try await plain.waitForExit() == 0)
            #expect(plain.screen().contains("✔ Signed in as \(username)."))
        }
    }
}
