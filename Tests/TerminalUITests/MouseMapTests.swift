import AuthScreens
import AuthScreensTesting
import CognitoAuth
import CognitoAuthTesting
import Foundation
import TerminalKeys
import Testing

@testable import TerminalKit
@testable import TerminalUI

@MainActor
@Suite("Mouse: cells → targets → keys")
struct MouseMapTests {
    let size = TerminalSize(columns: 80, rows: 24)

    /// Where `text` starts in the rendered frame.
    func position(of text: String, in grid: CellGrid) -> Position? {
        for (row, line) in grid.textLines().enumerated() {
            if let range = line.range(of: text) {
                return Position(row: row, column: line.distance(from: line.startIndex, to: range.lowerBound))
            }
        }
        return nil
    }

    @Test("Tabs wrap to the clicked item; a button or link adds Enter; a row becomes ↑/↓")
    func keys() {
        var map = MouseMap()
        map.focusedFormItem = 1
        map.formItemCount = 5
        #expect(map.keys(for: .formItem(index: 3, isField: false)) == [.tab, .tab, .enter])
        #expect(map.keys(for: .formItem(index: 0, isField: true)) == [.tab, .tab, .tab, .tab])
        #expect(map.keys(for: .formItem(index: 1, isField: true)).isEmpty)
        map.listSelection = 4
        #expect(map.keys(for: .listRow(1)) == [.up, .up, .up])
        #expect(map.keys(for: .listRow(6)) == [.down, .down])
        #expect(MouseMap().keys(for: .listRow(2)).isEmpty)
    }

    @Test("sign in: the fields, Sign in and the links are targets in Tab order; blank cells are not")
    func signInTargets() throws {
        let state = ScreenFixtures.signInEmpty
        let grid = ScreenFixtures.view.render(state, size: size).grid
        let map = grid.mouseMap
        guard case .signIn(let signIn) = state.base else {
            Issue.record("expected sign-in")
            return
        }
        #expect(map.formItemCount == signIn.focusOrder.count)
        #expect(map.focusedFormItem == signIn.focusOrder.firstIndex(of: signIn.focus))
        let forgot = try #require(position(of: "Forgot password", in: grid))
        let index = try #require(signIn.focusOrder.firstIndex(of: .forgotPassword))
        #expect(map.target(at: forgot) == .formItem(index: index, isField: false))
        let password = try #require(position(of: "Password", in: grid))
        #expect(
            map.target(at: Position(row: password.row, column: password.column + 20))
                == .formItem(index: 1, isField: true))
        #expect(map.target(at: Position(row: 0, column: 0)) == nil)
        // Clicking Forgot password from the username field presses it.
        var app = state
        for key in map.keys(for: .formItem(index: index, isField: false)) {
            _ = app.reduce(.keyPressed(key))
        }
        guard case .forgotPassword = app.base else {
            Issue.record("expected the reset form, got \(app.base)")
            return
        }
    }

    @Test("the Devices and Profile rows are targets; the help overlay leaves none")
    func listTargets() throws {
        let devices = ScreenFixtures.view.render(DeviceFixtures.devices, size: size).grid
        let latchkey = try #require(position(of: "latchkey ← this machine", in: devices))
        #expect(devices.mouseMap.target(at: latchkey) == .listRow(0))
        #expect(devices.mouseMap.keys(for: .listRow(0)) == [.up])
        let profile = ScreenFixtures.view.render(ProfileFixtures.profile, size: size).grid
        let sub = try #require(position(of: "User id (sub)", in: profile))
        #expect(profile.mouseMap.target(at: sub) == .listRow(5))
        #expect(profile.mouseMap.keys(for: .listRow(5)) == [.down, .down, .down, .down])
        var help = ProfileFixtures.profile
        help.isHelpVisible = true
        #expect(ScreenFixtures.view.render(help, size: size).grid.mouseMap.regions.isEmpty)
    }

    @Test("the bottom line's hints are clickable: p profile on the dashboard opens the Profile")
    func hintTargets() throws {
        let grid = ScreenFixtures.view.render(ScreenFixtures.dashboard, size: size).grid
        // The footer's (the Username row has a "p profile" hint of its own: DashboardRowClickTests).
        let bottom = grid.textLines()[size.rows - 1]
        let range = try #require(bottom.range(of: "p profile"))
        let hint = Position(row: size.rows - 1, column: bottom.distance(from: bottom.startIndex, to: range.lowerBound))
        let target = try #require(grid.mouseMap.target(at: Position(row: hint.row, column: hint.column + 4)))
        #expect(target == .key(.character("p")))
        var app = ScreenFixtures.dashboard
        for key in grid.mouseMap.keys(for: target) { _ = app.reduce(.keyPressed(key)) }
        #expect(app.profile != nil)
    }

    @Test("a form's hints carry their bindings' keys: a click on Tab next presses Tab; help's footer, nothing")
    func formHintTargets() throws {
        func target(of text: String, in state: AppState) throws -> MouseMap.Target? {
            let grid = ScreenFixtures.view.render(state, size: size).grid
            let bottom = grid.textLines()[size.rows - 1]
            let range = try #require(bottom.range(of: text), "\(bottom)")
            let column = bottom.distance(from: bottom.startIndex, to: range.lowerBound)
            return grid.mouseMap.target(at: Position(row: size.rows - 1, column: column + 1))
        }
        let form = ScreenFixtures.signInEmpty
        #expect(try target(of: "Tab next", in: form) == .key(.tab))
        #expect(try target(of: "Enter continue", in: form) == .key(.enter))
        #expect(try target(of: "Ctrl-C quit", in: form) == .key(.ctrl("c")))
        #expect(try target(of: "F1 help", in: form) == .key(.function(1)))
        var help = form
        help.isHelpVisible = true
        #expect(try target(of: "Esc or ? close help", in: help) == nil)
    }

    @Test("a click reaches the runtime as the keys; a click on nothing does nothing")
    func appClick() async throws {
        let recorder = FrameRecorder(size: size)
        let runtime = AuthScreensRuntime(
            service: FakeAuthService(), state: ScreenFixtures.signInEmpty, clock: ManualClock(start: ScreenFixtures.t0))
        let app = AuthTerminalApp(runtime: runtime, surface: recorder, view: ScreenFixtures.view)
        app.render()
        let grid = try #require(recorder.grids.last)
        let create = try #require(position(of: "Create account", in: grid))
        app.handle(.mouse(row: 0, column: 0))
        #expect(runtime.state.base == ScreenFixtures.signInEmpty.base)
        app.handle(.mouse(row: create.row, column: create.column + 1))
        guard case .signUp = runtime.state.base else {
            Issue.record("expected Create account, got \(runtime.state.base)")
            return
        }
    }
}
