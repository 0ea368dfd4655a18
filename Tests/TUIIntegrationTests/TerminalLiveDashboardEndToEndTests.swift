import CognitoAuth
import CognitoAuthTesting
import Foundation
import IntegrationTestSupport
import Testing

/// The live dashboard (issue 29: C5, N26): with 8-second tokens it refreshes them by itself ahead
/// of expiry, again and again, with no key pressed; the token rows say when, and never turn red.
extension BackendTests.TerminalEndToEndTests {
    @Test("with short-lived tokens the dashboard refreshes them by itself, ahead of expiry, and says when")
    func dashboardRefreshesByItself() async throws {
        let backend = try await LocalBackend.shared()
        let directory = try Integration.temporaryDirectory("live")
        // 8 s tokens: the library's margin is a quarter of that, so the dashboard refreshes 2 s before expiry.
        let (config, _) = try await StoreTestSupport.shortLivedConfig(
            backend: backend, accessTokenSeconds: 8, in: directory)
        let username = await backend.uniqueName("live")
        try await backend.createUser(username, password: Integration.password)
        let store = try TerminalApp.temporaryDirectory("live")
        let session = try TerminalApp.start(config: config, store: store, name: "live")
        defer { session.kill() }
        try await session.waitFor("Sign in", "Username", "Forgot password")
        Self.signIn(session, username: username, password: Integration.password)
        let dashboard = try await Self.waitForDashboard(session, username: username)
        let accessRow = try #require(Self.line(containing: "Access token", in: dashboard), "\(dashboard)")
        #expect(accessRow.contains("refreshes "), "\(dashboard)")
        #expect(
            Self.line(containing: "Refresh token", in: dashboard)?.contains("Cognito sends no expiry") == true,
            "\(dashboard)")

        // No key is pressed: two refreshes of the dashboard's own, each answered.
        let refreshed = try await session.waitUntil("two refreshes of the dashboard's own, both answered") {
            Self.count("Refreshing the tokens before they expire", in: $0) >= 2
                && Self.count("Tokens refreshed; they expire at", in: $0) >= 2
        }
        #expect(refreshed.contains("✔ Signed in · \(username)"), "\(refreshed)")
        let rows = ["ID token", "Access token"].compactMap { Self.line(containing: $0, in: refreshed) }
        #expect(rows.count == 2 && rows.allSatisfy { !$0.contains("expired") }, "\(refreshed)")
        #expect(!refreshed.contains("refresh failed"), "\(refreshed)")
        #expect(try await Self.quit(session) == 0)
    }
}
