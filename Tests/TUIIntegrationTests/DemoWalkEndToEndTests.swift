import CognitoAuth
import CognitoAuthTesting
import Foundation
import IntegrationTestSupport
import Testing

extension BackendTests {
    /// Issue 40's demo walk in tmux at 80x24: a password reset and an email-MFA sign-in in `latchkey demo`,
    /// each code read from the screen's mailbox line (a sign-up is `DemoMailboxEndToEndTests`'s).
    @Suite("latchkey demo in tmux at 80x24: reset and email MFA with the codes on the screen")
    struct DemoWalkEndToEndTests {
        /// `latchkey demo` in tmux at 80x24 on a backend of its own (stopped by `stop`), on the Sign in screen.
        static func startDemo(_ name: String) async throws -> (session: TmuxSession, stop: () -> Void) {
            let binary = try #require(LatchkeyBinary.url)
            let home = try TerminalApp.temporaryDirectory(name)
            let manager = FileManager.default
            try manager.createDirectory(atPath: home + "/Scripts", withIntermediateDirectories: true)
            try manager.createSymbolicLink(
                atPath: home + "/Scripts/local-backend",
                withDestinationPath: LocalBackend.repositoryRoot.appendingPathComponent("Scripts/local-backend").path)
            let environment = TerminalApp.baseEnvironment.merging(["HOME": home + "/home", "LATCHKEY_HOME": home]) {
                $1
            }
            let session = try TmuxSession(
                [binary.path, "demo"], environment: environment, columns: 80, rows: 24, name: name)
            let stop = {
                session.kill()
                _ = try? LatchkeyBinary.runBlocking(["demo", "--stop"], environment: environment)
            }
            do {
                try await session.waitFor("Demo user demo", "Password", "Forgot password", timeout: 180)
            } catch {
                stop()
                throw error
            }
            return (session, stop)
        }

        /// The code of the newest mailbox line for `purpose` on `screen` ("Demo mailbox: sign-in code 123456").
        static func code(_ purpose: String, on screen: String) throws -> String {
            let pattern = try Regex("Demo mailbox: \(purpose) code ([0-9]{6})")
            let matches = screen.matches(of: pattern)
            return try #require(matches.last?.output[1].substring.map(String.init), "\(screen)")
        }

        @Test(
            "Forgot password in the demo: the reset code from the screen, the new password signs in",
            .enabled(if: TmuxSession.canRunApp))
        func resetWithTheCodeOnScreen() async throws {
            let (session, stop) = try await Self.startDemo("demo-reset")
            defer { stop() }
            // The focus is on Password: Tab to [ Sign in ], Create account, then Forgot password.
            session.press(["Tab", "Tab", "Tab", "Enter"])
            let request = try await session.waitFor("Reset your password", "› Username  demo", "Send code")
            print("tmux capture (demo, Reset your password):\n\(request)")
            session.press(["Tab", "Enter"])
            let reset = try await session.waitUntil("the reset code on the screen") {
                $0.contains("Demo mailbox: forgot-password code") && $0.contains("New password")
            }
            print("tmux capture (demo, the reset code sent):\n\(reset)")
            session.type(try Self.code("forgot-password", on: reset))
            session.press("Tab")
            session.type("Latchkey-demo-2")
            session.press("Tab")
            session.type("Latchkey-demo-2")  // asked twice (ux-3, item 21)
            session.press(["Tab", "Enter"])
            let back = try await session.waitFor("Password changed", "Sign in")
            print("tmux capture (demo, back on Sign in):\n\(back)")
            session.type("Latchkey-demo-2")
            session.press("Enter")
            try await session.waitFor("Signed in · demo")
        }

        @Test(
            "Email MFA in the demo: m, e on; o; the sign-in asks for the code the screen shows",
            .enabled(if: TmuxSession.canRunApp))
        func emailMFAWithTheCodeOnScreen() async throws {
            let (session, stop) = try await Self.startDemo("demo-email-mfa")
            defer { stop() }
            session.type("Latchkey-demo-1")
            session.press("Enter")
            try await session.waitFor("Signed in · demo")
            session.press("m")
            try await session.waitFor("email off")
            session.press("e")
            let on = try await session.waitFor("email on")
            print("tmux capture (demo, email MFA on):\n\(on)")
            session.press("o")
            try await session.waitFor("Forgot password", "Password")
            session.type("Latchkey-demo-1")
            session.press("Enter")
            let challenge = try await session.waitUntil("the sign-in code on the screen") {
                $0.contains("Demo mailbox: sign-in code") && $0.contains("Code")
            }
            print("tmux capture (demo, the email code asked for):\n\(challenge)")
            session.type(try Self.code("sign-in", on: challenge))
            session.press("Enter")
            try await session.waitFor("Signed in · demo")
        }
    }
}
