import CognitoAuth
import CognitoAuthTesting
import Foundation
import IntegrationTestSupport
import Testing

extension BackendTests {
    /// Issue 12 in the full-screen UI: USER_AUTH's method choice with a resent email code, and enrolling
    /// an authenticator app from the Security row, driven through tmux.
    @Suite("The full-screen UI: passwordless sign-in and TOTP enrolment, in tmux", .enabled(if: TmuxSession.canRunApp))
    struct TerminalPasswordlessEndToEndTests {
        /// Writes a screen to `$LATCHKEY_E2E_SCREENS/<name>.txt` when that directory is set (to look at it by eye).
        static func show(_ name: String, _ screen: String) {
            guard let directory = ProcessInfo.processInfo.environment["LATCHKEY_E2E_SCREENS"] else { return }
            try? screen.write(toFile: directory + "/" + name + ".txt", atomically: true, encoding: .utf8)
        }

        @Test("USER_AUTH: username → Code by email → Resend code → a wrong code is refused → the new code signs in")
        func passwordlessEmailWithResend() async throws {
            let backend = try await LocalBackend.shared()
            let username = try await AuthFlowSupport.newUser(backend)
            let directory = try Integration.temporaryDirectory("tui-user-auth")
            // Resend code does not wait here (ResendCooldownSeconds 0): no test waits out a countdown. The
            // countdown itself runs on the app's clock, tested with a manual clock in AuthTerminalAppTests.
            let config = try AuthFlowSupport.config(
                backend, flowType: "USER_AUTH", ui: ["ResendCooldownSeconds": 0], in: directory)
            let store = try TerminalApp.temporaryDirectory("tui-user-auth-store")
            let session = try TerminalApp.start(config: config, store: store, name: "userauth")
            defer { session.kill() }
            let signIn = try await session.waitFor("Sign in", "Username", "Continue")
            #expect(TerminalEndToEndTests.line(containing: "Password", in: signIn) == nil)
            session.type(username)
            session.press("Enter")
            let methods = try await session.waitFor("Choose how to sign in", "Password", "Code by email")
            Self.show("method choice", methods)
            session.press("Down")
            session.press("Enter")
            let codeScreen = try await session.waitFor("Enter the emailed code", "Resend code")
            #expect(!codeScreen.contains("Resend code ("), "no countdown with ResendCooldownSeconds 0:\n\(codeScreen)")
            let first = try #require(try await backend.oneTimeCode(for: username))

            // Resend code: USER_AUTH starts again, and a new code is sent.
            session.press("Tab")
            session.press("Tab")
            session.press("Tab")
            session.press("Enter")
            let resent = try await session.waitFor("A new code was sent in an email")
            Self.show("code resent", resent)
            // The polling fallback: the backend process records the code and announces nothing.
            let latest =
                (try? await Waiter.value(
                    of: "a resent code", timeout: .seconds(10), on: [.polling(every: .milliseconds(50))],
                    { try await backend.oneTimeCode(for: username) ?? first }, until: { $0 != first })) ?? first
            // (A new random code equals the old one once in a million; then the wrong-code step still holds.)

            // A wrong code: our sentence alone (ux-3 item 25), and the screen stays.
            let wrong = latest == "000000" ? "111111" : "000000"
            session.type(wrong)
            session.press("Enter")
            let refused = try await session.waitUntil("the wrong code refused") { screen in
                screen.contains("Enter the emailed code") && screen.contains("The code is wrong")
            }
            Self.show("wrong code", refused)

            session.type(latest)
            session.press("Enter")
            try await TerminalEndToEndTests.waitForDashboard(session, username: username)
            #expect(try await TerminalEndToEndTests.quit(session) == 0)
        }

        /// The base32 secret shown on the enrolment screen ("Secret  JBSW Y3DP …").
        static func secret(in screen: String) -> String? {
            guard let line = TerminalEndToEndTests.line(containing: "Secret ", in: screen),
                let range = line.range(of: "Secret ")
            else { return nil }
            let letters = line[range.upperBound...].filter { $0.isLetter || $0.isNumber }
            return letters.isEmpty ? nil : String(letters)
        }

        @Test(
            "t on the Security row enrols an authenticator app (QR, secret, code); the next sign-in asks for its code")
        func totpEnrolmentFromDashboard() async throws {
            let backend = try await LocalBackend.shared()
            let username = await backend.uniqueName("tuitotp")
            try await backend.createUser(username, password: Integration.password)
            let store = try TerminalApp.temporaryDirectory("tui-totp")
            let session = try TerminalApp.start(
                config: backend.info.configPath, store: store, columns: 120, rows: 60, name: "totp")
            defer { session.kill() }
            try await session.waitFor("Sign in", "Username")
            TerminalEndToEndTests.signIn(session, username: username, password: Integration.password)
            try await TerminalEndToEndTests.waitForDashboard(session, username: username)

            session.type("?")
            let help = try await session.waitFor("set up an authenticator app (TOTP)", "read the MFA settings")
            #expect(help.contains("read the MFA settings"))
            session.press("Escape")
            session.type("t")
            // The footer's "Ctrl-Y copy URI" ends the frame: the secret and the QR code above it are whole.
            let enrolment = try await session.waitFor(
                "Set up an authenticator app", "Secret", "otpauth://totp/", "Ctrl-Y copy URI")
            Self.show("TOTP enrolment", enrolment)
            #expect(enrolment.contains("█") || enrolment.contains("▀") || enrolment.contains("▄"), "no QR code")
            let secret = try #require(Self.secret(in: enrolment))
            let enrolmentCode = try #require(TOTPGenerator.code(secret: secret))
            session.type(enrolmentCode)
            session.press("Enter")
            try await session.waitUntil("TOTP on and preferred") {
                TerminalEndToEndTests.line(containing: "totp on (preferred)", in: $0) != nil
            }
            #expect(try await TerminalEndToEndTests.quit(session) == 0)

            let signOut = try await LatchkeyBinary.run([
                "sign-out", "--config", backend.info.configPath, "--store", store,
            ])
            #expect(signOut.status == 0, "\(signOut.stderr)")
            let again = try TerminalApp.start(config: backend.info.configPath, store: store, name: "totp2")
            defer { again.kill() }
            try await again.waitFor("Sign in", "Username")
            TerminalEndToEndTests.signIn(again, username: username, password: Integration.password)
            try await again.waitFor("Enter the authenticator code")
            // A code is accepted once: wait for the next period when the enrolment's code is still current.
            let code = try await TerminalChallengesEndToEndTests.freshTOTP(secret: secret, after: enrolmentCode)
            again.type(code)
            again.press("Enter")
            try await TerminalEndToEndTests.waitForDashboard(again, username: username)
            #expect(try await TerminalEndToEndTests.quit(again) == 0)
        }
    }
}
