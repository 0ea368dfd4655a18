import CognitoAuth
import CognitoAuthTesting
import Foundation
import IntegrationTestSupport
import Testing

extension BackendTests {
    /// ux-3 items 1 and 4 in tmux: `latchkey demo` on a backend of its own, driven with only what the screen shows.
    @Suite("latchkey demo in tmux: a says accounts, and a sign-up's code is on the screen")
    struct DemoMailboxEndToEndTests {
        @Test(
            "Create account in the demo: the code is on the status line, typed from there, and alice is signed in",
            .enabled(if: TmuxSession.canRunApp))
        func signUpWithTheCodeOnScreen() async throws {
            let binary = try #require(LatchkeyBinary.url)
            // A LATCHKEY_HOME of its own: the demo starts a backend in its .latchkey-backend, stopped below.
            let home = try TerminalApp.temporaryDirectory("demo-mailbox")
            let manager = FileManager.default
            try manager.createDirectory(atPath: home + "/Scripts", withIntermediateDirectories: true)
            try manager.createSymbolicLink(
                atPath: home + "/Scripts/local-backend",
                withDestinationPath: LocalBackend.repositoryRoot.appendingPathComponent("Scripts/local-backend").path)
            let environment = TerminalApp.baseEnvironment.merging(["HOME": home + "/home", "LATCHKEY_HOME": home]) {
                $1
            }
            defer {
                _ = try? LatchkeyBinary.runBlocking(["demo", "--stop"], environment: environment)
            }
            let session = try TmuxSession(
                [binary.path, "demo"], environment: environment, columns: 100, rows: 30, name: "demo-mailbox")
            defer { session.kill() }
            try await session.waitFor("Demo user demo", "Password", timeout: 180)
            session.type("Latchkey-demo-1")
            session.press("Enter")
            try await session.waitFor("Signed in · demo")
            // ux-3 item 4: a opens the Accounts chooser in the demo too.
            session.press("a")
            try await session.waitFor("▸ Sign in as someone else")
            session.press("Enter")
            let signIn = try await session.waitFor("Back to demo", "Create account")
            // From the focused field to Create account: (Username,) Password, [ Sign in ], Create account.
            session.press(signIn.contains("› Username") ? ["Tab", "Tab", "Tab"] : ["Tab", "Tab"])
            session.press("Enter")
            try await session.waitFor("Create account", "Email")
            let user = "alice\(UInt32.random(in: 1000...9999))"
            session.type(user)
            session.press("Tab")
            session.type("Abcdefg1")
            session.press("Tab")
            session.type("Abcdefg1")  // asked twice (ux-3, item 21)
            session.press("Tab")
            session.type("\(user)@example.com")
            session.press("Enter")
            let confirm = try await session.waitFor("Confirm your account", "Demo mailbox: sign-up code")
            let pattern = try Regex("Demo mailbox: sign-up code ([0-9]{6}) for \(user)")
            let code = try #require(confirm.firstMatch(of: pattern)?.output[1].substring, "\(confirm)")
            print("tmux capture (latchkey demo, Confirm your account):\n\(confirm)")
            session.type(String(code))
            session.press("Enter")
            try await session.waitFor("Signed in · \(user) (+1 account)")
        }
    }
}
