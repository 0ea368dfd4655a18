import CognitoAuth
import CognitoAuthTesting
import Foundation
import IntegrationTestSupport
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

        /// Waits for the dashboard of `username`, settled: the session read, no row still loading
        /// (``TmuxSession/isSettledDashboard(_:username:words:)``).
        @discardableResult
        static func waitForDashboard(_ session: TmuxSession, username: String) async throws -> String {
            try await session.waitForSettledDashboard(of: username)
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
            // The username came along, so focus is on the password.
            try await session.waitUntil("the Create account form with the username and focus on the password") {
                $0.contains("Create account") && $0.contains("The password needs:")
                    && Self.field("Username", in: $0)?.contains(username) == true
                    && Self.field("Password", in: $0)?.contains("›") == true && Self.field("Email", in: $0) != nil
            }
            session.type(Integration.password)
            try await session.waitUntil("every password rule met") {
                !$0.contains(UIText.checkUnmet) && !$0.contains("✖")
            }
            session.press("Tab")
            session.type(Integration.password)  // asked twice (ux-3, item 21)
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
            // The banner and the fields are one frame, written in several parts: wait for the fields too.
            let screen = try await session.waitUntil("the sign-in error banner and the cleared, focused password") {
                Self.flattened($0).contains("choose Forgot password below.")
                    && Self.field("Username", in: $0)?.contains(username) == true
                    && Self.field("Password", in: $0).map { !$0.contains(UIText.maskCharacter) && $0.contains("›") }
                        == true
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
            try await session.waitUntil("the reset form with the username") {
                $0.contains("Reset your password") && $0.contains("Send code")
                    && Self.field("Username", in: $0)?.contains(username) == true
            }
            session.press("Enter")  // the only text field: submits
            try await session.waitUntil("the reset-code step") { Self.flattened($0).contains("We sent a reset code") }

            let code = try #require(try await backend.codes(for: username).forgotPassword, "no reset code")
            session.type(code)
            session.press("Enter")
            try await session.waitUntil("focus on New password") {
                Self.field("New password", in: $0)?.contains("›") == true
            }
            session.type(newPassword)
            session.press("Tab")
            session.type(newPassword)  // asked twice (ux-3, item 21)
            session.press("Enter")
            let signIn = try await session.waitUntil("the sign-in screen with the password-changed notice") {
                Self.flattened($0).contains(UIText.passwordChanged)
                    && Self.field("Username", in: $0)?.contains(username) == true
                    && Self.field("Password", in: $0)?.contains("›") == true
            }
            #expect(signIn.contains("Sign in"))
            #expect(Self.field("Username", in: signIn)?.contains(username) == true, "\(signIn)")
            #expect(Self.field("Password", in: signIn)?.contains("›") == true, "\(signIn)")

            session.type(newPassword)
            session.press("Enter")
            try await Self.waitForDashboard(session, username: username)
            #expect(try await Self.quit(session) == 0)
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
