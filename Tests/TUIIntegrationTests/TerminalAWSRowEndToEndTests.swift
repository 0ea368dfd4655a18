import CognitoAuth
import CognitoAuthTesting
import Foundation
import IntegrationTestSupport
import Testing

/// Issue 40 item 3 (ux-3 item 6): with a real `latchkey exec` serving the session's AWS credentials,
/// the dashboard says it is used by 1, renews the credentials by itself ahead of expiry (the core's
/// rule: a quarter of the backend's 90 s lifetime early), and the row is never red meanwhile.
extension BackendTests.TerminalEndToEndTests {
    @Test("a running latchkey exec shows as 'AWS used by 1'; the AWS row is renewed ahead of expiry, never red")
    func awsRowIsLive() async throws {
        let backend = try await LocalBackend.shared()
        guard backend.info.identityPoolId != nil else { return }
        let username = await backend.uniqueName("awsrow")
        try await backend.createUser(username, password: Integration.password)
        let store = try TerminalApp.temporaryDirectory("aws-row")
        defer { try? FileManager.default.removeItem(atPath: store) }
        let common = ["--config", backend.info.configPath, "--store", store]
        let signIn = try await LatchkeyBinary.run(
            ["sign-in", "--username", username, "--password-stdin"] + common, stdin: Integration.password + "\n")
        #expect(signIn.status == 0, "\(signIn.stderr)")
        // The AWS credentials are fetched and stored once, as a script would.
        let credentials = try await LatchkeyBinary.run(["credentials"] + common)
        #expect(credentials.status == 0, "\(credentials.stderr)")

        let exec = try LatchkeyBinary.spawn(
            ["exec"] + common + ["--", "sleep", "300"], environment: TerminalApp.baseEnvironment,
            timeout: .seconds(300))
        defer { exec.kill(SIGTERM) }
        let session = try TerminalApp.start(config: backend.info.configPath, store: store, rows: 34, name: "aws-row")
        defer { session.kill() }
        // The stored credentials, with when the dashboard renews them, and the exec using them.
        let used = try await session.waitUntil("the AWS row with its renewal and the exec using it") {
            $0.contains("Signed in · \(username)") && $0.contains("1: exec sleep (pid")
                && Self.line(containing: "AWS credentials  ", in: $0)?.contains("refreshes") == true
        }
        #expect(Self.line(containing: "AWS used by", in: used) != nil, "\(used)")

        // No key is pressed: the dashboard renews the credentials itself; the row is never red ("expired").
        var sawExpired: String?
        let renewed = try await session.waitUntil("the dashboard's own renewal of the AWS credentials", timeout: 150) {
            screen in
            if let row = Self.line(containing: "AWS credentials  ", in: screen), row.contains("expired") {
                sawExpired = screen
            }
            return Self.count("AWS credentials refreshed; they expire at", in: screen) >= 1
        }
        #expect(sawExpired == nil, "\(sawExpired ?? "")")
        #expect(Self.line(containing: "AWS used by", in: renewed)?.contains("1: exec sleep") == true, "\(renewed)")

        // The exec ends: its entry goes, and so does the row.
        exec.kill(SIGTERM)
        _ = try? await exec.wait()
        let gone = try await session.waitUntil("the AWS used by row gone", timeout: 30) { !$0.contains("AWS used by") }
        #expect(gone.contains("Signed in · \(username)"), "\(gone)")
        #expect(try await Self.quit(session) == 0)
    }
}
