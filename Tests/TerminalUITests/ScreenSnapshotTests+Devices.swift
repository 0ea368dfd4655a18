import AuthScreens
import CognitoAuth
import Foundation
import Testing

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
            .devicesLoaded(
                .success([
                    DeviceInfo(
                        deviceKey: thisKey, name: "latchkey", rememberedStatus: "remembered",
                        lastAuthenticated: ScreenFixtures.t0.addingTimeInterval(-60), isCurrent: true),
                    DeviceInfo(
                        deviceKey: otherKey, name: "laptop\u{1B}[2J", rememberedStatus: "not_remembered",
                        lastAuthenticated: ScreenFixtures.t0.addingTimeInterval(-86400), lastIPUsed: "192.0.2.7"),
                ])))
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
        _ = state.reduce(.devicesLoaded(.success([])))
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
    SnapshotCase("devices", 80, 24, DeviceSnapshots.devices_80x24),
    SnapshotCase("devices", 120, 40, DeviceSnapshots.devices_120x40),
    SnapshotCase("devicesConfirmForget", 80, 24, DeviceSnapshots.devicesConfirmForget_80x24),
    SnapshotCase("devicesConfirmForget", 120, 40, DeviceSnapshots.devicesConfirmForget_120x40),
    SnapshotCase("devicesEmpty", 80, 24, DeviceSnapshots.devicesEmpty_80x24),
    SnapshotCase("devicesEmpty", 120, 40, DeviceSnapshots.devicesEmpty_120x40),
    SnapshotCase("rememberPrompt", 80, 24, DeviceSnapshots.rememberPrompt_80x24),
    SnapshotCase("rememberPrompt", 120, 40, DeviceSnapshots.rememberPrompt_120x40),
]

/// The expected renders, checked by eye.
enum DeviceSnapshots {
    static let devices_80x24 = #"""
         ✔ Signed in · alice · local                                           Latchkey
        ┌─ Devices ────────────────────────────────────────────────────────────────────┐
        │   Name                     Key        Status         Last used               │
        │   latchkey ← this machine  11111111…  remembered     2023-11-14 22:12        │
        │ ▸ laptop[2J                22222222…  not remembered 2023-11-13 22:13 · 192… │
        │                                                                              │
        │                                                                              │
        │                                                                              │
        │                                                                              │
        │                                                                              │
        │                                                                              │
        │                                                                              │
        │                                                                              │
        │                                                                              │
        │                                                                              │
        │                                                                              │
        │                                                                              │
        │                                                                              │
        │                                                                              │
        │                                                                              │
        │                                                                              │
        └──────────────────────────────────────────────────────────────────────────────┘

         ↑/↓ select · f forget · r remember on/off · Esc back · q quit · ? more
        """#

    static let devices_120x40 = #"""
         ✔ Signed in · alice · local                                                                                   Latchkey
        ┌─ Devices ────────────────────────────────────────────────────────────────────────────────────────────────────────────┐
        │   Name                     Key        Status         Last used                                                       │
        │   latchkey ← this machine  11111111…  remembered     2023-11-14 22:12                                                │
        │ ▸ laptop[2J                22222222…  not remembered 2023-11-13 22:13 · 192.0.2.7                                    │
        │                                                                                                                      │
        │                                                                                                                      │
        │                                                                                                                      │
        │                                                                                                                      │
        │                                                                                                                      │
        │                                                                                                                      │
        │                                                                                                                      │
        │                                                                                                                      │
        │                                                                                                                      │
        │                                                                                                                      │
        │                                                                                                                      │
        │                                                                                                                      │
        │                                                                                                                      │
        │                                                                                                                      │
        │                                                                                                                      │
        │                                                                                                                      │
        │                                                                                                                      │
        │                                                                                                                      │
        │                                                                                                                      │
        │                                                                                                                      │
        │                                                                                                                      │
        │                                                                                                                      │
        │                                                                                                                      │
        │                                                                                                                      │
        │                                                                                                                      │
        │                                                                                                                      │
        │                                                                                                                      │
        │                                                                                                                      │
        │                                                                                                                      │
        │                                                                                                                      │
        │                                                                                                                      │
        │                                                                                                                      │
        └──────────────────────────────────────────────────────────────────────────────────────────────────────────────────────┘

         ↑/↓ select · f forget · r remember on/off · Esc back · q quit · l reload · ? help
        """#

    static let devicesConfirmForget_80x24 = #"""
         ✔ Signed in · alice · local                                           Latchkey
        ┌─ Devices ────────────────────────────────────────────────────────────────────┐
        │   Name                     Key        Status         Last used               │
        │ ▸ latchkey ← this machine  11111111…  remembered     2023-11-14 22:12        │
        │   laptop[2J                22222222…  not remembered 2023-11-13 22:13 · 192… │
        │                                                                              │
        │                                                                              │
        │                                                                              │
        │                                                                              │
        │                                                                              │
        │                                                                              │
        │                                                                              │
        │                                                                              │
        │                                                                              │
        │                                                                              │
        │                                                                              │
        │                                                                              │
        │                                                                              │
        │ ⚠ Forget this machine? The next sign-in registers a new device (and may ask  │
        │   for MFA again). y to forget, any other key to keep it.                     │
        │                                                                              │
        └──────────────────────────────────────────────────────────────────────────────┘

         ↑/↓ select · f forget · r remember on/off · Esc back · q quit · ? more
        """#

    static let devicesConfirmForget_120x40 = #"""
         ✔ Signed in · alice · local                                                                                   Latchkey
        ┌─ Devices ────────────────────────────────────────────────────────────────────────────────────────────────────────────┐
        │   Name                     Key        Status         Last used                                                       │
        │ ▸ latchkey ← this machine  11111111…  remembered     2023-11-14 22:12                                                │
        │   laptop[2J                22222222…  not remembered 2023-11-13 22:13 · 192.0.2.7                                    │
        │                                                                                                                      │
        │                                                                                                                      │
        │                                                                                                                      │
        │                                                                                                                      │
        │                                                                                                                      │
        │                                                                                                                      │
        │                                                                                                                      │
        │                                                                                                                      │
        │                                                                                                                      │
        │                                                                                                                      │
        │                                                                                                                      │
        │                                                                                                                      │
        │                                                                                                                      │
        │                                                                                                                      │
        │                                                                                                                      │
        │                                                                                                                      │
        │                                                                                                                      │
        │                                                                                                                      │
        │                                                                                                                      │
        │                                                                                                                      │
        │                                                                                                                      │
        │                                                                                                                      │
        │                                                                                                                      │
        │                                                                                                                      │
        │                                                                                                                      │
        │                                                                                                                      │
        │                                                                                                                      │
        │                                                                                                                      │
        │                                                                                                                      │
        │ ⚠ Forget this machine? The next sign-in registers a new device (and may ask for MFA again). y to forget, any other   │
        │   key to keep it.                                                                                                    │
        │                                                                                                                      │
        └──────────────────────────────────────────────────────────────────────────────────────────────────────────────────────┘

         ↑/↓ select · f forget · r remember on/off · Esc back · q quit · l reload · ? help
        """#

    static let devicesEmpty_80x24 = #"""
         ✔ Signed in · alice · local                                           Latchkey
        ┌─ Devices ────────────────────────────────────────────────────────────────────┐
        │   Name                     Key        Status         Last used               │
        │                                                                              │
        │                                                                              │
        │                                                                              │
        │                                                                              │
        │                                                                              │
        │                                                                              │
        │                                                                              │
        │                                                                              │
        │                                                                              │
        │                                                                              │
        │                                                                              │
        │                                                                              │
        │                                                                              │
        │                                                                              │
        │                                                                              │
        │ ℹ No devices. Either the user pool does not track devices, or none is        │
        │   registered for this user yet.                                              │
        │                                                                              │
        └──────────────────────────────────────────────────────────────────────────────┘

         ↑/↓ select · f forget · r remember on/off · Esc back · q quit · ? more
        """#

    static let devicesEmpty_120x40 = #"""
         ✔ Signed in · alice · local                                                                                   Latchkey
        ┌─ Devices ────────────────────────────────────────────────────────────────────────────────────────────────────────────┐
        │   Name                     Key        Status         Last used                                                       │
        │                                                                                                                      │
        │                                                                                                                      │
        │                                                                                                                      │
        │                                                                                                                      │
        │                                                                                                                      │
        │                                                                                                                      │
        │                                                                                                                      │
        │                                                                                                                      │
        │                                                                                                                      │
        │                                                                                                                      │
        │                                                                                                                      │
        │                                                                                                                      │
        │                                                                                                                      │
        │                                                                                                                      │
        │                                                                                                                      │
        │                                                                                                                      │
        │                                                                                                                      │
        │                                                                                                                      │
        │                                                                                                                      │
        │                                                                                                                      │
        │                                                                                                                      │
        │                                                                                                                      │
        │                                                                                                                      │
        │                                                                                                                      │
        │                                                                                                                      │
        │                                                                                                                      │
        │                                                                                                                      │
        │                                                                                                                      │
        │                                                                                                                      │
        │                                                                                                                      │
        │                                                                                                                      │
        │ ℹ No devices. Either the user pool does not track devices, or none is registered for this user yet.                  │
        │                                                                                                                      │
        │                                                                                                                      │
        └──────────────────────────────────────────────────────────────────────────────────────────────────────────────────────┘

         ↑/↓ select · f forget · r remember on/off · Esc back · q quit · l reload · ? help
        """#

    static let rememberPrompt_80x24 = #"""
         ✔ Signed in · alice · local                                           Latchkey
        ┌─ Session ────────────────────────────────────────────────────────────────────┐
        │ User state        Signed in (signedIn)                                       │
        │ Username          alice                                                      │
        │ Authenticated by  Cognito user pool                                          │
        │ Active providers  none                                                       │
        │ Identity id       none                                                       │
        │ ID token          none                                                       │
        │ Acces ┌─ Remember this device? ─────────────────────────────────────┐        │
        │ Refre │ The user pool can remember this machine, so that signing in │        │
        │ AWS c │ here may skip MFA. Remember this device?                    │        │
        │ Conne │                                                             │        │
        └────── │             y remember · n don't · any other key: ask later │ ───────┘
         No cal └─────────────────────────────────────────────────────────────┘
        ┌─ Events ─────────────────────────────────────────────────────────────────────┐
        │ 22:12:20 State: signedIn (alice)                                             │
        │ 22:12:50 GetUser #1 started                                                  │
        │ 22:12:50 GetUser #1 ok                                                       │
        │                                                                              │
        │                                                                              │
        │                                                                              │
        └──────────────────────────────────────────────────────────────────────────────┘

         c call · r refresh · o sign out · q quit · p profile · v devices · ? more
        """#

    static let rememberPrompt_120x40 = #"""
         ✔ Signed in · alice · local                                                                                   Latchkey
        ┌─ Session ────────────────────────────────────────────────────────────────────────────────────────────────────────────┐
        │ User state        Signed in (signedIn)                                                                               │
        │ Username          alice                                                                                              │
        │ Authenticated by  Cognito user pool                                                                                  │
        │ Active providers  none                                                                                               │
        │ Identity id       none                                                                                               │
        │ ID token          none                                                                                               │
        │ Access token      none                                                                                               │
        │ Refresh token     none                                                                                               │
        │ AWS credentials   none                                                                                               │
        │ Connectivity      ✔ online                                                                                           │
        └──────────────────────────────────────────────────────────────────────────────────────────────────────────────────────┘
         No calls waiting
        ┌─ Events ─────────────────────────────────────────────────────────────────────────────────────────────────────────────┐
        │ 22:12:20 State: signedIn (alice)                                                                                     │
        │ 22:12:50 GetUser #1 start ┌─ Remember this device? ─────────────────────────────────────┐                            │
        │ 22:12:50 GetUser #1 ok    │ The user pool can remember this machine, so that signing in │                            │
        │                           │ here may skip MFA. Remember this device?                    │                            │
        │                           │                                                             │                            │
        │                           │             y remember · n don't · any other key: ask later │                            │
        │                           └─────────────────────────────────────────────────────────────┘                            │
        │                                                                                                                      │
        │                                                                                                                      │
        │                                                                                                                      │
        │                                                                                                                      │
        │                                                                                                                      │
        │                                                                                                                      │
        │                                                                                                                      │
        │                                                                                                                      │
        │                                                                                                                      │
        │                                                                                                                      │
        │                                                                                                                      │
        │                                                                                                                      │
        │                                                                                                                      │
        │                                                                                                                      │
        │                                                                                                                      │
        └──────────────────────────────────────────────────────────────────────────────────────────────────────────────────────┘

         c call · r refresh · o sign out · q quit · p profile · v devices · y copy token · O sign out everywhere · ? more
        """#
}
