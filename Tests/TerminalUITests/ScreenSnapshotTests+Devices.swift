import AuthScreens
import CognitoAuth
import Foundation
import TerminalKeys
import Testing

@testable import TerminalKit
@testable import TerminalUI

/// The Devices view and the remember prompt, frozen.
enum DeviceFixtures {
    static let thisKey = "us-east-1_11111111-aaaa-bbbb-cccc-000000000001"
    static let otherKey = "us-east-1_22222222-aaaa-bbbb-cccc-000000000002"

    /// The devices view with this machine (remembered) and a laptop (selected, name with an escape).
    static var devices: AppState {
        var state = ScreenFixtures.dashboard
        ScreenFixtures.press(&state, [.character("v")])
        _ = state.reduce(
            .devices(
                .loaded(
                    .success([
                        DeviceInfo(
                            deviceKey: thisKey, name: "latchkey", rememberedStatus: "remembered",
                            lastAuthenticated: ScreenFixtures.t0.addingTimeInterval(-60), isCurrent: true),
                        DeviceInfo(
                            deviceKey: otherKey, name: "laptop\u{1B}[2J", rememberedStatus: "not_remembered",
                            lastAuthenticated: ScreenFixtures.t0.addingTimeInterval(-86400), lastIPUsed: "192.0.2.7"),
                    ]))))
        ScreenFixtures.press(&state, [.down])
        return state
    }

    /// The same, asking before forgetting this machine.
    static var devicesConfirmForget: AppState {
        var state = devices
        ScreenFixtures.press(&state, [.up, .character("f")])
        return state
    }

    /// No device: the explanation.
    static var devicesEmpty: AppState {
        var state = ScreenFixtures.dashboard
        ScreenFixtures.press(&state, [.character("v")])
        _ = state.reduce(.devices(.loaded(.success([]))))
        return state
    }

    /// "Remember this device?" over the dashboard.
    static var rememberPrompt: AppState {
        var state = ScreenFixtures.dashboard
        var summary = SessionSummary(username: "alice")
        summary.deviceKey = thisKey
        summary.deviceAwaitsRememberChoice = true
        _ = state.reduce(.sessionLoaded(summary))
        return state
    }

    static var all: [(String, AppState)] {
        [
            ("devices", devices), ("devicesConfirmForget", devicesConfirmForget), ("devicesEmpty", devicesEmpty),
            ("rememberPrompt", rememberPrompt),
        ]
    }
}

@MainActor
@Suite("Screen snapshots: devices")
struct DeviceSnapshotTests {
    @Test(arguments: deviceSnapshotCases)
    func matchesSnapshot(_ snapshot: SnapshotCase) throws {
        try ScreenSnapshotTests.expectMatch(snapshot, in: DeviceFixtures.all)
    }

    @Test func everyDeviceScreenHasBothSizes() {
        ScreenSnapshotTests.expectBothSizes(DeviceFixtures.all, deviceSnapshotCases)
    }

    @Test func theSelectedDeviceUsesTheSelectionRoleAndNoEscapeReachesTheGrid() {
        let grid = ScreenFixtures.view.render(DeviceFixtures.devices, size: TerminalSize(columns: 80, rows: 24)).grid
        let lines = grid.textLines()
        let row = lines.firstIndex { $0.contains("laptop") }
        #expect(row != nil)
        if let row { #expect((0..<grid.width).contains { grid[row, $0].style.role == .selection }) }
        #expect(!lines.joined().contains("\u{1B}"))
    }
}

let deviceSnapshotCases: [SnapshotCase] = [
    SnapshotCase("devices", 80, 24),
    SnapshotCase("devices", 120, 40),
    SnapshotCase("devicesConfirmForget", 80, 24),
    SnapshotCase("devicesConfirmForget", 120, 40),
    SnapshotCase("devicesEmpty", 80, 24),
    SnapshotCase("devicesEmpty", 120, 40),
    SnapshotCase("rememberPrompt", 80, 24),
    SnapshotCase("rememberPrompt", 120, 40),
]
