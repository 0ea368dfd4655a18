import CognitoAuth
import CognitoAuthTesting
import Foundation
import IntegrationTestSupport
import Testing

extension BackendTests {
    /// The Devices view and the remember prompt of the full-screen UI, through tmux, on a pool that
    /// tracks devices and remembers them only on the user's prompt.
    @Suite("The full-screen UI's devices end to end, in tmux", .enabled(if: TmuxSession.canRunApp))
    struct TerminalDevicesEndToEndTests {
        @Test(
            "sign in → Remember this device? y → v lists this machine remembered → f, y forgets it → the list empties")
        func devicesView() async throws {
            let backend = try await LocalBackend.shared()
            let directory = try TerminalApp.temporaryDirectory("devices")
            let configuration = try await RotationSupport.devicePool(backend: backend, onUserPrompt: true)
            let config = try RotationSupport.configFile(backend: backend, configuration, in: directory)
            let username = try await RotationSupport.createUser(backend: backend, in: configuration)
            let session = try TerminalApp.start(config: config, store: directory + "/store", name: "devices")
            defer { session.kill() }
            try await session.waitFor("Sign in", "Username", "Forgot password")
            TerminalEndToEndTests.signIn(session, username: username, password: Integration.password)

            // The pool left remembering to the user: the prompt offers it, and one key answers.
            try await session.waitFor("Remember this device?", "y remember")
            session.press("y")
            try await session.waitFor("Devices: Device remembered.")
            try await TerminalEndToEndTests.waitForDashboard(session, username: username)

            session.press("v")
            let listed = try await session.waitUntil("this machine in the Devices view") { screen in
                guard let line = TerminalEndToEndTests.line(containing: "← this machine", in: screen) else {
                    return false
                }
                return line.contains("remembered") && !line.contains("not remembered")
            }
            let line = TerminalEndToEndTests.line(containing: "← this machine", in: listed) ?? ""
            #expect(
                line.contains("latchkey")
                    && TerminalEndToEndTests.count("20[0-9]{2}-[0-9]{2}-[0-9]{2} [0-9]{2}:[0-9]{2}", in: line) == 1,
                "\(listed)")

            session.press("f")
            try await session.waitFor("Forget this machine?")
            session.press("y")
            let emptied = try await session.waitUntil("the emptied list") { screen in
                TerminalEndToEndTests.flattened(screen).contains("No devices.")
            }
            #expect(!emptied.contains("← this machine") && !emptied.contains("latchkey  "), "\(emptied)")

            session.press("Escape")
            try await TerminalEndToEndTests.waitForDashboard(session, username: username)
            session.press("C-c")
            #expect(try await session.waitForExit() == 0)
        }
    }
}
