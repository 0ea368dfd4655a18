import CognitoAuth
import CognitoAuthTesting
import Foundation
import IntegrationTestSupport
import Testing

extension BackendTests {
    /// Issue 12's remaining screens in the full-screen UI at 80×24, driven through tmux: CUSTOM_CHALLENGE
    /// with and without SRP, a passwordless SMS code, MFA_SETUP's choice with SMS, TOTP and SMS enrolled
    /// from the Security row and then used, and the re-login prompt on a USER_AUTH pool.
    @Suite(
        "The full-screen UI: custom challenges, SMS codes, MFA setup and re-login by method, in tmux",
        .enabled(if: TmuxSession.canRunApp))
    struct TerminalChallengesEndToEndTests {
        static func show(_ name: String, _ screen: String) { TerminalPasswordlessEndToEndTests.show(name, screen) }

        /// The scripted challenge the CLI custom-flow test uses too (the script is shared by the backend).
        static func scriptChallenge(_ backend: LocalBackend) async throws {
            try await backend.setCustomChallenge(question: "Favourite colour?", answer: "teal", attempts: 1)
        }

        @Test(
            "CUSTOM_AUTH without SRP: username only, the question is shown, a wrong answer is refused, the right one signs in"
        )
        func customChallengeWithoutSRP() async throws {
            let backend = try await LocalBackend.shared()
            try await Self.scriptChallenge(backend)
            let username = try await AuthFlowSupport.newUser(backend)
            let directory = try Integration.temporaryDirectory("tui-custom")
            let config = try AuthFlowSupport.config(backend, flowType: "CUSTOM_AUTH", in: directory)
            let store = try TerminalApp.temporaryDirectory("tui-custom-store")
            let session = try TerminalApp.start(config: config, store: store, columns: 80, rows: 24, name: "custom")
            defer { session.kill() }
            let signIn = try await session.waitFor("Sign in", "Username")
            #expect(TerminalEndToEndTests.line(containing: "Password", in: signIn) == nil, "\(signIn)")
            session.type(username)
            session.press("Enter")
            let challenge = try await session.waitFor("Answer the challenge", "Favourite colour?")
            Self.show("custom challenge", challenge)
            session.type("red")
            session.press("Enter")
            let refused = try await session.waitUntil("the wrong answer refused") {
                TerminalEndToEndTests.flattened($0).contains("The answer was not accepted")
            }
            Self.show("custom challenge refused", refused)
            // Esc starts over; the username is kept.
            session.press("Escape")
            try await session.waitFor("Sign in", username)
            session.press("Enter")
            try await session.waitFor("Favourite colour?")
            session.type("teal")
            session.press("Enter")
            try await TerminalEndToEndTests.waitForDashboard(session, username: username)
            #expect(try await TerminalEndToEndTests.quit(session) == 0)
        }

        @Test(
            "CUSTOM_AUTH with SRP first, chosen with the UI's --flow custom-srp: the password, then the question; the right answer signs in"
        )
        func customChallengeWithSRP() async throws {
            let backend = try await LocalBackend.shared()
            try await Self.scriptChallenge(backend)
            let username = try await AuthFlowSupport.newUser(backend)
            let directory = try Integration.temporaryDirectory("tui-custom-srp")
            // No flow in the configuration: the UI's --flow chooses it.
            let config = try AuthFlowSupport.config(backend, in: directory)
            let store = try TerminalApp.temporaryDirectory("tui-custom-srp-store")
            let session = try TerminalApp.start(
                config: config, store: store, extra: ["--flow", "custom-srp"], columns: 80, rows: 24, name: "customsrp")
            defer { session.kill() }
            try await session.waitFor("Sign in", "Username", "Password")
            TerminalEndToEndTests.signIn(session, username: username, password: Integration.password)
            let challenge = try await session.waitFor("Answer the challenge", "Favourite colour?")
            Self.show("custom challenge after SRP", challenge)
            session.type("teal")
            session.press("Enter")
            try await TerminalEndToEndTests.waitForDashboard(session, username: username)
            #expect(try await TerminalEndToEndTests.quit(session) == 0)
        }

        @Test("USER_AUTH: Code by text message, the SMS code screen, and the texted code signs in")
        func passwordlessSMS() async throws {
            let backend = try await LocalBackend.shared()
            let username = try await AuthFlowSupport.newUser(backend, phone: true)
            let directory = try Integration.temporaryDirectory("tui-sms-otp")
            let config = try AuthFlowSupport.config(backend, flowType: "USER_AUTH", in: directory)
            let store = try TerminalApp.temporaryDirectory("tui-sms-otp-store")
            let session = try TerminalApp.start(config: config, store: store, columns: 80, rows: 24, name: "smsotp")
            defer { session.kill() }
            try await session.waitFor("Sign in", "Username", "Continue")
            session.type(username)
            session.press("Enter")
            let methods = try await session.waitFor("Choose how to sign in", "Code by text message")
            Self.show("method choice with SMS", methods)
            // Password, Code by email, Code by text message.
            session.press("Down")
            session.press("Down")
            session.press("Enter")
            let code = try await session.waitFor("Enter the text-message code", "Resend code")
            Self.show("SMS code screen (passwordless)", code)
            #expect(TerminalEndToEndTests.flattened(code).contains("0123"), "the masked number")
            session.type(try #require(try await backend.oneTimeCode(for: username)))
            session.press("Enter")
            try await TerminalEndToEndTests.waitForDashboard(session, username: username)
            #expect(try await TerminalEndToEndTests.quit(session) == 0)
        }

        @Test("MFA_SETUP offering TOTP, SMS and email: choose SMS, give the phone number, the texted code signs in")
        func mfaSetupChoosingSMS() async throws {
            let backend = try await LocalBackend.shared()
            let directory = try Integration.temporaryDirectory("tui-mfa-setup")
            let (poolId, config, username) = try await AuthFlowSupport.mfaRequiredPool(backend, in: directory)
            let store = try TerminalApp.temporaryDirectory("tui-mfa-setup-store")
            let session = try TerminalApp.start(config: config, store: store, columns: 80, rows: 24, name: "mfasetup")
            defer { session.kill() }
            try await session.waitFor("Sign in", "Username")
            TerminalEndToEndTests.signIn(session, username: username, password: Integration.password)
            let choice = try await session.waitFor(
                "Set up MFA", "Authenticator app", "Text message (SMS)", "Email")
            Self.show("MFA_SETUP choice", choice)
            session.press("Down")
            session.press("Enter")
            let phone = try await session.waitFor("Phone number for codes")
            Self.show("MFA_SETUP phone number", phone)
            session.type("+15555550199")
            session.press("Enter")
            let code = try await session.waitFor("Enter the text-message code")
            Self.show("SMS code screen (MFA setup)", code)
            session.type(try #require(try await backend.oneTimeCode(for: username, poolId: poolId)))
            session.press("Enter")
            try await TerminalEndToEndTests.waitForDashboard(session, username: username)
            session.type("m")
            let security = try await session.waitUntil("SMS on after the setup") {
                TerminalEndToEndTests.line(containing: "sms on (preferred)", in: $0) != nil
            }
            Self.show("Security row after SMS setup", security)
            #expect(try await TerminalEndToEndTests.quit(session) == 0)
        }

        /// The next authenticator code that differs from `used` (a code is accepted once).
        static func freshTOTP(secret: String, after used: String) async throws -> String {
            // The polling fallback: the authenticator's 30 s period turning over announces nothing.
            let code = try await Waiter.value(
                of: "an authenticator code other than the used one", timeout: .seconds(35),
                on: [.polling(every: .milliseconds(500))], { TOTPGenerator.code(secret: secret) },
                until: { $0 != nil && $0 != used })
            return try #require(code)
        }

        @Test(
            "Security row: t enrols TOTP, o signs out, the TOTP code signs in; x and X turn SMS on, the texted code signs in"
        )
        func totpThenSMSFromSecurity() async throws {
            let backend = try await LocalBackend.shared()
            let username = try await AuthFlowSupport.newUser(backend, phone: true)
            // Resend code does not wait here (ResendCooldownSeconds 0): no test waits out a countdown. The
            // countdown itself runs on the app's clock, tested with a manual clock in AuthTerminalAppTests.
            let directory = try Integration.temporaryDirectory("tui-security-sms")
            let config = try AuthFlowSupport.config(backend, ui: ["ResendCooldownSeconds": 0], in: directory)
            let store = try TerminalApp.temporaryDirectory("tui-security-sms-store")
            let session = try TerminalApp.start(config: config, store: store, columns: 80, rows: 24, name: "secsms")
            defer { session.kill() }
            try await session.waitFor("Sign in", "Username")
            TerminalEndToEndTests.signIn(session, username: username, password: Integration.password)
            try await TerminalEndToEndTests.waitForDashboard(session, username: username)

            // TOTP from the Security row, then out and in again with its code.
            session.type("t")
            // At 80x24 the QR code sits beside the form and the URI, wider than the screen, is left to Ctrl-Y.
            let enrolment = try await session.waitFor("Secret", "Ctrl-Y copy URI", "▀▀▀▀")
            let secret = try #require(TerminalPasswordlessEndToEndTests.secret(in: enrolment))
            let enrolmentCode = try #require(TOTPGenerator.code(secret: secret))
            session.type(enrolmentCode)
            session.press("Enter")
            try await session.waitUntil("TOTP on and preferred") {
                TerminalEndToEndTests.line(containing: "totp on (preferred)", in: $0) != nil
            }
            session.type("o")
            try await session.waitFor("Sign in", "Password")
            session.type(Integration.password)
            session.press("Enter")
            try await session.waitFor("Enter the authenticator code")
            session.type(try await Self.freshTOTP(secret: secret, after: enrolmentCode))
            session.press("Enter")
            try await TerminalEndToEndTests.waitForDashboard(session, username: username)

            // SMS: x turns it on, X prefers it; the row says so.
            session.type("m")
            try await session.waitUntil("the MFA row with the SMS keys") {
                TerminalEndToEndTests.line(containing: "sms off", in: $0) != nil
            }
            session.type("x")
            // The row's "· sms on", not the log's "turning sms on": X before the change ends is dropped.
            try await session.waitUntil("SMS on") {
                TerminalEndToEndTests.line(containing: "· sms on", in: $0) != nil
            }
            session.type("X")
            let row = try await session.waitUntil("SMS preferred") {
                TerminalEndToEndTests.line(containing: "sms on (preferred)", in: $0) != nil
            }
            Self.show("Security row with SMS on", row)
            session.type("o")
            try await session.waitFor("Sign in", "Password")
            session.type(Integration.password)
            session.press("Enter")
            let code = try await session.waitFor("Enter the text-message code", "Resend code")
            Self.show("SMS code screen (MFA)", code)
            // Resend: the sign-in starts again (the password is still known) and the screen stays.
            let first = try #require(try await backend.oneTimeCode(for: username))
            session.press("Tab")
            session.press("Tab")
            session.press("Tab")
            #expect(!code.contains("Resend code ("), "no countdown with ResendCooldownSeconds 0:\n\(code)")
            session.press("Enter")
            let resent = try await session.waitFor("A new code was sent in a text message")
            Self.show("SMS code resent", resent)
            #expect(resent.contains("Enter the text-message code"))
            // The polling fallback: the backend process records the code and announces nothing.
            let latest =
                (try? await Waiter.value(
                    of: "a resent SMS code", timeout: .seconds(10), on: [.polling(every: .milliseconds(50))],
                    { try await backend.oneTimeCode(for: username) ?? first }, until: { $0 != first })) ?? first
            session.type(latest)
            session.press("Enter")
            try await TerminalEndToEndTests.waitForDashboard(session, username: username)
            #expect(try await TerminalEndToEndTests.quit(session) == 0)
        }

        @Test("Re-login on a USER_AUTH pool: Continue, the method choice, an emailed code; the waiting calls resume")
        func reloginByMethod() async throws {
            let backend = try await LocalBackend.shared()
            let username = try await AuthFlowSupport.newUser(backend)
            let directory = try Integration.temporaryDirectory("tui-relogin-userauth")
            let config = try AuthFlowSupport.config(backend, flowType: "USER_AUTH", in: directory)
            let store = try TerminalApp.temporaryDirectory("tui-relogin-userauth-store")
            let session = try TerminalApp.start(config: config, store: store, columns: 80, rows: 24, name: "reloguser")
            defer { session.kill() }
            try await session.waitFor("Sign in", "Username", "Continue")
            session.type(username)
            session.press("Enter")
            try await session.waitFor("Choose how to sign in", "Code by email")
            session.press("Down")
            session.press("Enter")
            try await session.waitFor("Enter the emailed code")
            session.type(try #require(try await backend.oneTimeCode(for: username)))
            session.press("Enter")
            try await TerminalEndToEndTests.waitForDashboard(session, username: username)
            let signedInCode = try await backend.oneTimeCode(for: username)

            try await backend.adminGlobalSignOut(username)
            session.press("c")
            let prompt = try await session.waitUntil("the re-login prompt") {
                $0.contains(UIText.reloginTitle) && $0.contains("Continue")
            }
            Self.show("re-login prompt on a USER_AUTH pool", prompt)
            #expect(!prompt.contains("│ › Password") && !prompt.contains("│   Password"), "\(prompt)")
            session.press("Enter")
            try await session.waitFor("Choose how to sign in", "Code by email")
            session.press("Down")
            session.press("Enter")
            let code = try await session.waitFor("Enter the emailed code", "Resend code")
            Self.show("re-login code screen", code)
            // The polling fallback: the backend process records the code and announces nothing.
            let latest =
                (try? await Waiter.value(
                    of: "the re-login code", timeout: .seconds(10), on: [.polling(every: .milliseconds(50))],
                    { try await backend.oneTimeCode(for: username) ?? signedInCode }, until: { $0 != signedInCode }))
                ?? signedInCode
            session.type(try #require(latest))
            session.press("Enter")
            try await session.waitUntil("the waiting call completed after the re-login") {
                TerminalEndToEndTests.count(#"GetUser #\d+ ok"#, in: $0) == 1
            }
            try await TerminalEndToEndTests.waitForDashboard(session, username: username)
            #expect(try await TerminalEndToEndTests.quit(session) == 0)
        }
    }
}
