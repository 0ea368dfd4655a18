import CognitoAuth
import CognitoAuthTesting
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

extension BackendTests {
    /// The built `latchkey` binary's full-screen UI, driven through tmux against the local backend.
    @Suite("The full-screen UI end to end, in tmux", .enabled(if: TmuxSession.canRunApp))
    struct TerminalEndToEndTests {
        // MARK: Helpers

        /// The screen's lines with box borders and edge spaces removed, joined by spaces, so text that
        /// the UI wrapped inside a box can be matched as one sentence.
        static func flattened(_ screen: String) -> String {
            screen.split(separator: "\n", omittingEmptySubsequences: false)
                .map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "│ ")) }
                .filter { !$0.isEmpty }
                .joined(separator: " ")
        }

        /// The first screen line containing `text`.
        static func line(containing text: String, in screen: String) -> String? {
            screen.split(separator: "\n").first { $0.contains(text) }.map(String.init)
        }

        /// The screen line of the text field labelled `label` (the label is the first word after the
        /// border and the focus marker; a notice that merely mentions the word does not count).
        static func field(_ label: String, in screen: String) -> String? {
            screen.split(separator: "\n").first { line in
                let trimmed = line.trimmingCharacters(in: CharacterSet(charactersIn: "│ ›"))
                return trimmed == label || trimmed.hasPrefix(label + "  ")
            }.map(String.init)
        }

        /// How many times `pattern` (a regular expression) matches `text`.
        static func count(_ pattern: String, in text: String) -> Int {
            guard let regex = try? NSRegularExpression(pattern: pattern) else { return 0 }
            return regex.numberOfMatches(in: text, range: NSRange(text.startIndex..., in: text))
        }

        /// Starts the app on a fresh store and waits for the sign-in screen.
        static func startAtSignIn(
            _ backend: LocalBackend, name: String, environment: [String: String] = [:]
        ) async throws -> (session: TmuxSession, store: String) {
            let store = try TerminalApp.temporaryDirectory(name)
            let session = try TerminalApp.start(
                config: backend.info.configPath, store: store, environment: environment, name: name)
            do {
                try await session.waitFor("Sign in", "Username", "Forgot password")
            } catch {
                session.kill()
                throw error
            }
            return (session, store)
        }

        /// Types the username and password on the sign-in screen (focus on Username) and submits.
        static func signIn(_ session: TmuxSession, username: String, password: String) {
            session.type(username)
            session.press("Tab")
            session.type(password)
            session.press("Enter")
        }

        /// Waits for the dashboard of `username`.
        @discardableResult
        static func waitForDashboard(_ session: TmuxSession, username: String) async throws -> String {
            try await session.waitUntil("the dashboard of \(username)") { screen in
                screen.contains("Signed in · \(username)") && screen.contains("Connectivity")
                    && (line(containing: "User state", in: screen)?.contains("signedIn") ?? false)
            }
        }

        /// Quits with Ctrl-C and returns the exit status.
        static func quit(_ session: TmuxSession) async throws -> Int32 {
            session.press("C-c")
            return try await session.waitForExit()
        }

        // MARK: 1. Sign-up

        @Test("sign-up → confirm with the emailed code → automatic sign-in → dashboard")
        func signUpConfirmSignIn() async throws {
            let backend = try await LocalBackend.shared()
            let (session, _) = try await Self.startAtSignIn(backend, name: "signup")
            defer { session.kill() }
            let username = await backend.uniqueName("tui")

            session.type(username)
            session.press("Tab", "Tab", "Tab", "Enter")  // Password, [ Sign in ], Create account
            try await session.waitFor("Create account", "The password needs:", "Email")
            // The username came along, so focus is on the password.
            #expect(Self.field("Username", in: session.screen())?.contains(username) == true)
            session.type(Integration.password)
            try await session.waitUntil("every password rule met") {
                !$0.contains(UIText.checkUnmet) && !$0.contains("✖")
            }
            session.press("Tab")
            session.type("\(username)@example.com")
            session.press("Enter")
            try await session.waitFor("Confirm your account", "Code")

            // The polling fallback: the backend process records the code and announces nothing.
            let signUpCode = try #require(
                try await Waiter.value(
                    of: "the sign-up code for \(username)", on: [.polling(every: .milliseconds(50))],
                    { try await backend.codes(for: username).signUp }, until: { $0 != nil }))
            session.type(signUpCode)
            session.press("Enter")

            // Automatic sign-in after confirming; fall back to signing in by hand if it is turned off.
            let screen = try await session.waitUntil("the dashboard or the sign-in screen after confirming") {
                $0.contains("Signed in · \(username)") || $0.contains(UIText.accountConfirmed)
            }
            if screen.contains(UIText.accountConfirmed) {
                session.type(Integration.password)
                session.press("Enter")
            }
            try await Self.waitForDashboard(session, username: username)
            #expect(try await Self.quit(session) == 0)
            #expect(session.screen().contains("latchkey: Signed in as \(username)."))
        }

        // MARK: 2. Wrong password

        @Test("a wrong password shows the banner with the next step, keeps the username and clears the password")
        func wrongPassword() async throws {
            let backend = try await LocalBackend.shared()
            let username = await backend.uniqueName("tui")
            try await backend.createUser(username, password: Integration.password)
            let (session, _) = try await Self.startAtSignIn(backend, name: "wrongpw")
            defer { session.kill() }

            Self.signIn(session, username: username, password: "Wr0ng-Password!")
            let screen = try await session.waitUntil("the sign-in error banner") {
                Self.flattened($0).contains("choose Forgot password below.")
            }
            let flat = Self.flattened(screen)
            #expect(
                flat.contains("The username or password is incorrect. Try again, or choose Forgot password below."),
                "\(screen)")
            #expect(Self.field("Username", in: screen)?.contains(username) == true, "\(screen)")
            let passwordLine = try #require(Self.field("Password", in: screen), "\(screen)")
            #expect(!passwordLine.contains(UIText.maskCharacter), "the password field was not cleared:\n\(screen)")
            #expect(passwordLine.contains("›"), "focus is not on the password:\n\(screen)")
            #expect(!screen.contains("Wr0ng-Password!"))
            // Ctrl-T reveals an empty field: still nothing there.
            session.press("C-t")
            let revealed = try await session.waitFor("Ctrl-T hide password")
            let revealedLine = Self.field("Password", in: revealed) ?? ""
            #expect(!revealedLine.contains("Wr0ng"), "\(revealed)")

            // The corrected password then works.
            session.type(Integration.password)
            session.press("Enter")
            try await Self.waitForDashboard(session, username: username)
            #expect(try await Self.quit(session) == 0)
        }

        // MARK: 3. Forgot password

        @Test(
            "forgot password: request a code, reset with it, back at sign-in with the username, the new password works")
        func forgotPassword() async throws {
            let backend = try await LocalBackend.shared()
            let username = await backend.uniqueName("tui")
            try await backend.createUser(username, password: Integration.password)
            let newPassword = "N3w-Passw0rd!x"
            let (session, _) = try await Self.startAtSignIn(backend, name: "forgot")
            defer { session.kill() }

            session.type(username)
            session.press("Tab", "Tab", "Tab", "Tab", "Enter")  // Password, Sign in, Create account, Forgot password
            try await session.waitFor("Reset your password", "Send code")
            #expect(Self.field("Username", in: session.screen())?.contains(username) == true)
            session.press("Enter")  // the only text field: submits
            try await session.waitUntil("the reset-code step") { Self.flattened($0).contains("We sent a reset code") }

            let code = try #require(try await backend.codes(for: username).forgotPassword, "no reset code")
            session.type(code)
            session.press("Enter")
            try await session.waitUntil("focus on New password") {
                Self.field("New password", in: $0)?.contains("›") == true
            }
            session.type(newPassword)
            session.press("Enter")
            let signIn = try await session.waitUntil("the sign-in screen with the password-changed notice") {
                Self.flattened($0).contains(UIText.passwordChanged)
            }
            #expect(signIn.contains("Sign in"))
            #expect(Self.field("Username", in: signIn)?.contains(username) == true, "\(signIn)")
            #expect(Self.field("Password", in: signIn)?.contains("›") == true, "\(signIn)")

            session.type(newPassword)
            session.press("Enter")
            try await Self.waitForDashboard(session, username: username)
            #expect(try await Self.quit(session) == 0)
        }

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
                try await session.waitUntil("the re-login prompt with 5 waiting calls") {
                    $0.contains(UIText.reloginTitle) && flattened($0).contains("5 calls are waiting")
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
            let prompt = session.screen()
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
            let status = try await LatchkeyBinary.run(
                ["status", "--json"] + common, environment: TerminalApp.baseEnvironment)
            #expect(status.status == 1, "nobody is signed in: \(status)")
            #expect(JSONValue.parse(Array(status.stdout.utf8))?["state"]?.stringValue == "signedOut", "\(status)")
            #expect(try await Self.quit(session) == 0)
            #expect(session.screen().contains("latchkey: Signed out."))
        }

        @Test("A sign-out by `latchkey sign-out` in another terminal shows on the open dashboard within two seconds")
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
            let started = ContinuousClock.now
            _ = try await session.waitUntil("the sign-in screen after the other process's sign-out") {
                $0.contains("Forgot password") && $0.contains("Signed out ·")
            }
            // The dashboard checks the store's stamp every second; allow one tick plus rendering.
            #expect(ContinuousClock.now - started < .seconds(3))
            // The open UI did not write the session back.
            let status = try await LatchkeyBinary.run(
                ["status", "--json"] + common, environment: TerminalApp.baseEnvironment)
            #expect(JSONValue.parse(Array(status.stdout.utf8))?["state"]?.stringValue == "signedOut", "\(status)")
            #expect(try await Self.quit(session) == 0)
        }

        // MARK: 7. Resize

        @Test(
            "a resize to 60x20 keeps the form (compact); to 50x16 shows the too-small notice, where q does not quit; back to 100x30 restores the username"
        )
        func resizeTooSmall() async throws {
            let backend = try await LocalBackend.shared()
            let (session, _) = try await Self.startAtSignIn(backend, name: "resize")
            defer { session.kill() }
            session.type("resizer42")
            try await session.waitUntil("the typed username") {
                Self.field("Username", in: $0)?.contains("resizer42") == true
            }

            try await session.resize(columns: 60, rows: 20)
            let compact = try await session.waitUntil("the compact form at 60x20") {
                Self.field("Username", in: $0)?.contains("resizer42") == true && $0.contains("Forgot password")
            }
            #expect(!compact.contains("Terminal too small"), "\(compact)")

            try await session.resize(columns: 50, rows: 16)
            let small = try await session.waitFor("Terminal too small")
            #expect(!small.contains("Username"), "\(small)")
            #expect(!small.contains("Password"), "\(small)")
            #expect(Self.flattened(small).contains("60x20"), "\(small)")
            // A form is focused: q is not a quit key here (it would lose the form).
            session.type("q")
            try await session.waitUntil("the notice naming Ctrl-C") { Self.flattened($0).contains("Ctrl-C to quit") }
            #expect(!session.screen().contains("EXIT="))

            try await session.resize(columns: 100, rows: 30)
            let restored = try await session.waitUntil("the form again with the username") {
                Self.field("Username", in: $0)?.contains("resizer42") == true && !$0.contains("Terminal too small")
            }
            #expect(restored.contains("Forgot password"))
            // Still editable: the field has focus and takes more text.
            session.type("x")
            try await session.waitUntil("more text in the username") {
                Self.field("Username", in: $0)?.contains("resizer42x") == true
            }
            #expect(try await Self.quit(session) == 0)
        }

        // MARK: 8. Unicode

        @Test("unicode in the username field is shown; Backspace removes one grapheme")
        func unicodeUsername() async throws {
            let backend = try await LocalBackend.shared()
            let (session, _) = try await Self.startAtSignIn(backend, name: "unicode")
            defer { session.kill() }
            session.type("José-用户")
            try await session.waitUntil("José-用户 in the username") {
                Self.field("Username", in: $0)?.contains("José-用户") == true
            }
            session.press("BSpace")
            try await session.waitUntil("one grapheme less: José-用") {
                guard let line = Self.field("Username", in: $0) else { return false }
                return line.contains("José-用") && !line.contains("用户")
            }
            session.press("BSpace", "BSpace", "BSpace")  // 用, -, é
            let screen = try await session.waitUntil("Jos left") {
                guard let line = Self.field("Username", in: $0) else { return false }
                return line.contains("Jos") && !line.contains("José") && !line.contains("-")
            }
            let line = Self.field("Username", in: screen) ?? ""
            #expect(!line.contains("e\u{301}") && !line.unicodeScalars.contains("\u{301}"), "\(screen)")
            // A decomposed é (e + combining acute) is one grapheme too.
            session.type("e\u{301}x")
            try await session.waitUntil("Joséx") {
                Self.field("Username", in: $0)?.contains("Joséx") == true
            }
            session.press("BSpace", "BSpace")
            try await session.waitUntil("Jos again") {
                guard let line = Self.field("Username", in: $0) else { return false }
                return line.contains("Jos") && !line.contains("José") && !line.unicodeScalars.contains("\u{301}")
            }
            #expect(try await Self.quit(session) == 0)
        }

        // MARK: 9. NO_COLOR

        /// The SGR parameter lists of `screen` (captured with `-e`) that set a colour.
        static func colourSequences(_ screen: String) -> [String] {
            guard let regex = try? NSRegularExpression(pattern: "\u{1B}\\[([0-9;:]*)m") else { return [] }
            var found: [String] = []
            for match in regex.matches(in: screen, range: NSRange(screen.startIndex..., in: screen)) {
                guard let range = Range(match.range(at: 1), in: screen) else { continue }
                let params = screen[range].split(whereSeparator: { $0 == ";" || $0 == ":" }).compactMap { Int($0) }
                let colour = params.contains {
                    (30...38).contains($0) || (40...48).contains($0) || (90...97).contains($0)
                        || (100...107).contains($0)
                }
                if colour { found.append(String(screen[range])) }
            }
            return found
        }

        @Test("NO_COLOR=1: no colour escapes, the focused item is still marked")
        func noColor() async throws {
            let backend = try await LocalBackend.shared()
            // Control: without NO_COLOR the same capture does carry colours (so the check below means something).
            let (coloured, _) = try await Self.startAtSignIn(backend, name: "colour")
            defer { coloured.kill() }
            let withColour = try await coloured.waitUntil("colour escapes", escapes: true) {
                !Self.colourSequences($0).isEmpty
            }
            #expect(!Self.colourSequences(withColour).isEmpty)
            coloured.kill()

            let (session, _) = try await Self.startAtSignIn(backend, name: "nocolor", environment: ["NO_COLOR": "1"])
            defer { session.kill() }
            session.type("mono")
            try await session.waitUntil("the typed username") {
                Self.field("Username", in: $0)?.contains("mono") == true
            }
            let escaped = session.screen(escapes: true)
            let colours = Self.colourSequences(escaped)
            #expect(colours.isEmpty, "colour SGR sequences under NO_COLOR: \(Set(colours))")
            #expect(Self.field("Username", in: session.screen())?.contains("›") == true)
            // Focus moves to the button: it is marked by the marker or by an attribute (reverse / bold / underline).
            session.press("Tab", "Tab")
            let onButton = try await session.waitUntil("focus on [ Sign in ]") {
                !(Self.field("Username", in: $0)?.contains("›") ?? true)
                    && !(Self.field("Password", in: $0)?.contains("›") ?? true)
            }
            let buttonLine = Self.line(containing: "Sign in ]", in: onButton) ?? ""
            let escapedButton = Self.line(containing: "Sign in ]", in: session.screen(escapes: true)) ?? ""
            let marked =
                buttonLine.contains("›") || escapedButton.contains("\u{1B}[7m") || escapedButton.contains("\u{1B}[1m")
                || escapedButton.contains("\u{1B}[4m")
                || escapedButton.range(of: "\u{1B}\\[[0-9;]*(;7|7;)[0-9;]*m", options: .regularExpression) != nil
            #expect(marked, "the focused button is not marked: \(escapedButton.debugDescription)")
            #expect(Self.colourSequences(session.screen(escapes: true)).isEmpty)
            #expect(try await Self.quit(session) == 0)
        }

        // MARK: 10. Terminal restored

        static let boxCharacters: [Character] = ["┌", "┐", "└", "┘", "│", "─"]

        /// Types `stty -a` into the pane's shell (after the app exited) and returns its output.
        static func sttyAfterExit(_ session: TmuxSession) async throws -> String {
            session.type("stty -a; echo STTY-DONE")
            session.press("Enter")
            return try await session.waitUntil("stty -a output") {
                $0.components(separatedBy: "STTY-DONE").count >= 3  // the echoed command line and the output
            }
        }

        static func isCookedTerminal(_ stty: String) -> Bool {
            let words = stty.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == ";" })
            return words.contains("icanon") && words.contains("echo") && !words.contains("-icanon")
                && !words.contains("-echo")
        }

        @Test("Ctrl-C quits with 0 and restores the terminal; SIGTERM exits 143 and restores it too")
        func quitRestoresTerminal() async throws {
            let backend = try await LocalBackend.shared()
            let (session, _) = try await Self.startAtSignIn(backend, name: "ctrlc")
            defer { session.kill() }
            #expect(try await Self.quit(session) == 0)
            let after = session.screen()
            #expect(after.contains("EXIT=0"))
            #expect(!after.contains { Self.boxCharacters.contains($0) }, "the UI is still on screen:\n\(after)")
            #expect(after.contains("latchkey: Signed out."))
            let stty = try await Self.sttyAfterExit(session)
            #expect(Self.isCookedTerminal(stty), "\(stty)")
            session.kill()

            let (term, _) = try await Self.startAtSignIn(backend, name: "sigterm")
            defer { term.kill() }
            term.type("halfway")
            try await term.waitUntil("typed text") { Self.field("Username", in: $0)?.contains("halfway") == true }
            let pid = try #require(term.appPID, "no app pid")
            #expect(Glibc.kill(pid, SIGTERM) == 0)
            #expect(try await term.waitForExit() == 143)
            let afterTerm = term.screen()
            #expect(!afterTerm.contains { Self.boxCharacters.contains($0) }, "the UI is still on screen:\n\(afterTerm)")
            let sttyTerm = try await Self.sttyAfterExit(term)
            #expect(Self.isCookedTerminal(sttyTerm), "\(sttyTerm)")
        }
    }
}

/// The UI strings these tests look for, as in `Sources/AuthScreens/ScreenText.swift` (the integration
/// tests do not link AuthScreens; they see only what the binary draws).
enum UIText {
    static let checkUnmet = "✗"
    static let maskCharacter: Character = "•"
    static let accountConfirmed = "Account confirmed. Sign in with your password."
    static let passwordChanged = "Password changed. Sign in with the new password."
    static let reloginTitle = "Sign in again"
    static let reloginCancelledStatus = "Sign-in cancelled. Press s to sign in again."
}
