import CognitoAuth
import CognitoAuthTesting
import Foundation
import IntegrationTestSupport
import Testing

extension BackendTests.TerminalMouseEndToEndTests {
    @Test("a click on a dashboard row's hint does what its key does: \"r refresh\" on the Refresh token row refreshes")
    func clickDashboardRowHint() async throws {
        let backend = try await LocalBackend.shared()
        let username = await backend.uniqueName("rowclick")
        try await backend.createUser(username, password: Integration.password)
        let (session, _) = try await BackendTests.TerminalEndToEndTests.startAtSignIn(backend, name: "rowclick")
        defer { session.kill() }
        BackendTests.TerminalEndToEndTests.signIn(session, username: username, password: Integration.password)
        let dashboard = try await BackendTests.TerminalEndToEndTests.waitForDashboard(session, username: username)
        let row = try #require(
            BackendTests.TerminalEndToEndTests.line(containing: "Refresh token", in: dashboard), "\(dashboard)")
        #expect(row.contains("r refresh"), "\(dashboard)")
        #expect(!dashboard.contains("Refresh requested"), "\(dashboard)")
        // The footer has "r refresh" too: click the row's, on the Refresh token line.
        let rowIndex = try #require(
            dashboard.split(separator: "\n", omittingEmptySubsequences: false).firstIndex {
                $0.contains("Refresh token")
            })
        let column = try #require(Self.position(of: "r refresh", in: row)).column
        Self.click(session, row: rowIndex, column: column + 3)
        let after = try await session.waitFor("Refresh requested", "Tokens refreshed")
        // The token rows say when the next refresh comes; nothing failed.
        #expect(
            BackendTests.TerminalEndToEndTests.line(containing: "Access token", in: after)?.contains("refreshes ")
                == true, "\(after)")
        #expect(!after.contains("refresh failed"), "\(after)")
        session.press("C-c")
        #expect(try await session.waitForExit() == 0)
    }
}
