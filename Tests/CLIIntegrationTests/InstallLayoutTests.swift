import CognitoAuthTesting
import Foundation
import IntegrationTestSupport
import Testing

/// The binary finds its logo at run time (`$LATCHKEY_HOME`, the install, the checkout), not at a path
/// compiled in from the build machine.
@Suite("Install layout: files beside the binary", .enabled(if: TmuxSession.canRunApp))
struct InstallLayoutTests {
    @Test("LATCHKEY_HOME's Assets/logo.txt is the logo the sign-in screen shows")
    func logoFromLatchkeyHome() async throws {
        let home = try Integration.temporaryDirectory("latchkey-home")
        try FileManager.default.createDirectory(atPath: home + "/Assets", withIntermediateDirectories: true)
        try "LOGO-FROM-LATCHKEY-HOME\n".write(toFile: home + "/Assets/logo.txt", atomically: true, encoding: .utf8)
        let config = try Integration.unreachableConfig(in: home)
        let store = try TerminalApp.temporaryDirectory("latchkey-home-store")
        let session = try TerminalApp.start(
            config: config, store: store, environment: ["LATCHKEY_HOME": home], name: "home")
        defer { session.kill() }
        try await session.waitFor("Sign in", "LOGO-FROM-LATCHKEY-HOME")
    }
}
