import CognitoAuth
import CognitoAuthTesting
import Foundation
import IntegrationTestSupport
import Testing

extension BackendTests {
    /// The Profile view, the token copy and the account deletion of the full-screen UI, through tmux at 80x24.
    @Suite("The full-screen UI's profile end to end, in tmux", .enabled(if: TmuxSession.canRunApp))
    struct TerminalProfileEndToEndTests {
        /// A new user signed in on the UI's dashboard in tmux: the backend, the store, the session, the username.
        static func signedIn(
            _ name: String, columns: Int, rows: Int, keepsTmuxVariable: Bool = false
        ) async throws -> (LocalBackend, String, TmuxSession, String) {
            let backend = try await LocalBackend.shared()
            let directory = try TerminalApp.temporaryDirectory(name)
            let username = await backend.uniqueName(name)
            try await backend.createUser(username, password: Integration.password)
            let store = directory + "/store"
            let session = try TerminalApp.start(
                config: backend.info.configPath, store: store, columns: columns, rows: rows, name: name,
                keepsTmuxVariable: keepsTmuxVariable)
            do {
                try await session.waitFor("Sign in", "Username")
                TerminalEndToEndTests.signIn(session, username: username, password: Integration.password)
                try await TerminalEndToEndTests.waitForDashboard(session, username: username)
            } catch {
                session.kill()
                throw error
            }
            return (backend, store, session, username)
        }

        @Test("y in tmux's default configuration: the token goes to tmux's paste buffer, and the notice says so (N3)")
        func copyInTmuxDefaults() async throws {
            // The app sees TMUX, as in a real tmux; this server runs with tmux's defaults
            // (set-clipboard external, allow-passthrough off), which drop an application's OSC 52.
            let (backend, store, session, _) = try await Self.signedIn(
                "clip", columns: 100, rows: 30, keepsTmuxVariable: true)
            defer { session.kill() }
            session.press("y")
            try await session.waitFor("Copy which token?")
            session.press("a")
            // The status line leads with where the copy went and the setting that fixes it.
            let notice = try await session.waitUntil("the paste-buffer notice with its fix") {
                $0.contains("tmux set -g set-clipboard on")
            }
            #expect(notice.contains("Only in tmux's paste buffer"), "\(notice)")
            #expect(!notice.contains("to the clipboard."), "\(notice)")
            let buffer = session.tmux(["show-buffer"]).output.trimmingCharacters(in: .whitespacesAndNewlines)
            let token = try await LatchkeyBinary.run([
                "token", "--access", "--config", backend.info.configPath, "--store", store,
            ])
            #expect(token.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == buffer)

            // With allow-passthrough on, the copy goes out to the terminal around tmux.
            session.tmux(["set-option", "-g", "allow-passthrough", "on"])
            session.press("y")
            try await session.waitFor("Copy which token?")
            session.press("i")
            try await session.waitUntil("the clipboard notice for the ID token") {
                TerminalEndToEndTests.count(#"Copied the ID token \([0-9,]+ characters\) to the clipboard"#, in: $0) > 0
            }
        }

        @Test(
            "p shows the attributes → edit email → code → verified; x removes a name; w changes the password; y a copies the access token; D deletes"
        )
        func profileFlow() async throws {
            let (backend, store, session, username) = try await Self.signedIn("profile", columns: 80, rows: 24)
            defer { session.kill() }

            session.press("p")
            let profile = try await session.waitFor("Profile", "Email", "✔ verified", "User id (sub)")
            #expect(
                TerminalEndToEndTests.line(containing: "Email", in: profile)?.contains("\(username)@example.com")
                    == true)

            // Edit the email: it becomes unverified and the code form opens.
            session.press("Down", "e", "C-u")
            try await session.waitFor("New email")
            session.type("new-\(username)@example.com")
            session.press("Enter")
            // The footer ("Ctrl-R new code") is the end of that frame.
            let codeForm = try await session.waitFor(
                "A code for email was sent", "Code", "✖ not verified", "Ctrl-R new code")
            #expect(codeForm.contains("Ctrl-R new code"), "\(codeForm)")
            session.type("000000")
            session.press("Enter")
            try await session.waitFor("The code is wrong")
            let code = try #require(try await backend.attributeCode(for: username, attribute: "email"))
            session.type(code)
            session.press("Enter")
            try await session.waitFor("Email verified.")
            // The list reloads after the verification.
            try await session.waitUntil("the email shown verified") { screen in
                TerminalEndToEndTests.line(containing: "Email", in: screen)?.contains("✔ verified") == true
            }

            // Give the account a name, then remove it with x (DeleteUserAttributes), after its question.
            session.press("Down", "Down", "e")
            try await session.waitFor("New name")
            session.type("Ada")
            session.press("Enter")
            try await session.waitFor("Name saved.")
            try await session.waitUntil("the name in the list") { screen in
                TerminalEndToEndTests.line(containing: "Name", in: screen)?.contains("Ada") == true
            }
            session.press("x")
            try await session.waitFor("Remove Name (Ada) from the account?", "y remove")
            session.press("y")
            try await session.waitFor("Name removed.")
            try await session.waitUntil("the name shown not set") { screen in
                TerminalEndToEndTests.line(containing: "Name", in: screen)?.contains("(not set)") == true
            }
            let json = try await LatchkeyBinary.run(
                ["user", "show", "--json", "--config", backend.info.configPath, "--store", store],
                environment: TerminalApp.baseEnvironment)
            #expect(JSONValue.parse(Array(json.stdout.utf8))?["attributes"]?["name"] == nil, "\(json.stdout)")

            // Change the password from the UI.
            let newPassword = "N3w-" + Integration.password
            session.press("w")
            // The new password twice, with the policy's checklist as on the other forms (issue 29, N8).
            try await session.waitFor("Current password", "New password", "Repeat password", "The password needs:")
            session.type(Integration.password)
            session.press("Tab")
            session.type(newPassword)
            session.press("Tab")
            session.type(newPassword)
            // Read once the fields show their masks, so the check below looks at the typed state.
            let masked = try await session.waitUntil("the password fields masked") { screen in
                ["Current password", "New password", "Repeat password"].allSatisfy {
                    TerminalEndToEndTests.line(containing: $0, in: screen)?.contains(UIText.maskCharacter) == true
                }
            }
            #expect(!masked.contains(newPassword) && !masked.contains(Integration.password))
            session.press("Enter")
            try await session.waitFor("Password changed.")

            // Copy the access token: tmux with set-clipboard on takes OSC 52 into its paste buffer.
            session.tmux(["set-option", "-g", "set-clipboard", "on"])
            session.press("Escape")
            try await TerminalEndToEndTests.waitForDashboard(session, username: username)
            session.press("y")
            try await session.waitFor("Copy which token?")
            session.press("a")
            // The whole notice, with its count, not its first words.
            let copied = try await session.waitUntil("the copy notice with its character count") {
                TerminalEndToEndTests.count(#"Copied the access token \([0-9,]+ characters\)"#, in: $0) > 0
            }
            let buffer = session.tmux(["show-buffer"]).output.trimmingCharacters(in: .whitespacesAndNewlines)
            #expect(buffer.hasPrefix("eyJ") && buffer.split(separator: ".").count == 3, "\(buffer.prefix(20))")
            #expect(!copied.contains(String(buffer.prefix(40))))
            let grouped =
                buffer.count >= 1000
                ? "\(buffer.count / 1000),\(String(format: "%03d", buffer.count % 1000))" : "\(buffer.count)"
            #expect(copied.contains("(\(grouped) characters)"), "\(copied)")
            let token = try await LatchkeyBinary.run([
                "token", "--access", "--config", backend.info.configPath, "--store", store,
            ])
            #expect(token.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == buffer)

            // Delete the account behind the typed username.
            session.press("p")
            try await session.waitFor("Profile", "Email")
            session.press("D")
            try await session.waitFor("It cannot be undone", "Enter delete")
            session.type(username + "x")
            session.press("Enter")
            try await session.waitFor("That is not the username")
            session.press("BSpace", "Enter")
            try await session.waitFor("Account \(username) deleted.", "Sign in")
            let signIn = try await LatchkeyBinary.run(
                [
                    "sign-in", "--username", username, "--password-stdin", "--config", backend.info.configPath,
                    "--store", store,
                ],
                stdin: newPassword + "\n")
            #expect(signIn.status == 1, "\(signIn.stderr)")
            session.press("C-c")
            #expect(try await session.waitForExit() == 0)
        }
    }
}
