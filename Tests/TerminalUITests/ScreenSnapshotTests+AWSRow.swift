import AuthScreens
import CognitoAuth
import Foundation
import Testing

@testable import TerminalKit
@testable import TerminalUI

/// The live AWS credentials row (issue 40 item 3), frozen: renewed by the dashboard ahead of expiry
/// ("refreshes …"), with a `latchkey exec` using the session ("AWS used by  1: exec python3 (pid 4242)").
enum AWSRowFixtures {
    static var dashboardAWSUsedBy: AppState {
        var state = ScreenFixtures.dashboard
        state.dashboard.awsRenewal.isEnabled = true
        _ = state.reduce(
            .sessionEvent(
                .credentialsUsersChanged([
                    CredentialsUser(
                        kind: "exec", pid: 4242, command: "python3", handOuts: 1, lastAccessKeyHint: "WXYZ",
                        lastExpiration: ScreenFixtures.t0.addingTimeInterval(52 * 60))
                ])))
        return state
    }

    static var all: [(String, AppState)] { [("dashboardAWSUsedBy", dashboardAWSUsedBy)] }
}

@MainActor
@Suite("Screen snapshots: the AWS credentials row")
struct AWSRowSnapshotTests {
    @Test(arguments: awsRowSnapshotCases)
    func matchesSnapshot(_ snapshot: SnapshotCase) throws {
        try ScreenSnapshotTests.expectMatch(snapshot, in: AWSRowFixtures.all)
    }

    @Test func everyAWSRowScreenHasBothSizes() {
        ScreenSnapshotTests.expectBothSizes(AWSRowFixtures.all, awsRowSnapshotCases)
    }

    @Test func theRowSaysUsedByOneAndWhenItRenews() {
        let lines = ScreenFixtures.text(AWSRowFixtures.dashboardAWSUsedBy, 120, 40).split(separator: "\n")
        #expect(lines.contains { $0.contains("AWS used by") && $0.contains("1: exec python3 (pid 4242)") })
        #expect(lines.contains { $0.contains("AWS credentials") && $0.contains("refreshes") })
    }
}

let awsRowSnapshotCases: [SnapshotCase] = [
    SnapshotCase("dashboardAWSUsedBy", 80, 24),
    SnapshotCase("dashboardAWSUsedBy", 120, 40),
]
