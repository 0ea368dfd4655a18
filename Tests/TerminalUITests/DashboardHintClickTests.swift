import AuthScreens
import Foundation
import LatchkeyText
import TerminalKeys
import Testing

@testable import AuthScreens
@testable import TerminalKit
@testable import TerminalUI

/// A click on a dashboard hint presses its binding's key: the hint carries the key, nothing parses
/// the (translated) hint text.
@MainActor
@Suite("Dashboard hints: a click presses the binding's key")
struct DashboardHintClickTests {
    /// A dashboard that shows every hint: the session needs a sign-in (s) and other accounts exist (a).
    static var everyHint: AppState {
        var state = ScreenFixtures.dashboardPending
        state.options.canSwitchAccounts = true
        state.dashboard.canSwitchAccounts = true
        return state
    }

    @Test("every hint of the dashboard, clicked, yields its binding's key", arguments: Language.allCases)
    func everyHintClicks(language: Language) throws {
        try Language.$override.withValue(language) {
            let state = Self.everyHint
            let size = TerminalSize(columns: 250, rows: 30)
            let grid = ScreenFixtures.view.render(state, size: size).grid
            let hinted = DashboardState.keyBindings.filter { $0.hint != .hidden }
            #expect(state.hintEntries.count == hinted.count, "\(state.keyHints)")
            let row = size.rows - 1
            let separator = TextWidth.width(of: ScreenText.hintSeparator)
            var column = 1
            for entry in state.hintEntries {
                let binding = try #require(hinted.first { $0.label == entry.label }, "\(entry)")
                // The bar's hint carries the key itself.
                #expect(AppView.keyHint(entry).clickKey == binding.keys[0])
                // Its first and last cells press that key.
                let width = TextWidth.width(of: entry.text)
                for cell in [column, column + width - 1] {
                    let target = try #require(grid.mouseMap.target(at: Position(row: row, column: cell)), "\(entry)")
                    #expect(grid.mouseMap.keys(for: target) == [binding.keys[0]], "\(language) \(entry.text)")
                }
                column += width + separator
            }
            // The last hint is the help key's: "? help" presses `?`.
            let help = try #require(state.helpHintEntry)
            let target = try #require(grid.mouseMap.target(at: Position(row: row, column: column)), "\(help)")
            #expect(grid.mouseMap.keys(for: target) == AppKeys.help, "\(language) \(help.text)")
        }
    }

    @Test("\"? more\" on a narrow dashboard presses ?, \"F1 help\" on a form presses F1", arguments: Language.allCases)
    func helpHintClicks(language: Language) throws {
        try Language.$override.withValue(language) {
            for (state, columns, keys) in [
                (Self.everyHint, 80, AppKeys.help), (ScreenFixtures.signInEmpty, 200, AppKeys.formHelp),
            ] {
                let size = TerminalSize(columns: columns, rows: 30)
                let grid = ScreenFixtures.view.render(state, size: size).grid
                let bottom = grid.textLines()[size.rows - 1]
                // The help hint is last on the line.
                let help = columns == 80 ? state.moreHintEntry : try #require(state.helpHintEntry)
                #expect(bottom.hasSuffix(help.text), "\(bottom)")
                let column = TextWidth.width(of: bottom) - 1
                let target = try #require(grid.mouseMap.target(at: Position(row: size.rows - 1, column: column)))
                #expect(grid.mouseMap.keys(for: target) == keys, "\(language) \(help.text)")
            }
        }
    }

    @Test("the clicked key does what the binding says: p opens the Profile in Japanese too")
    func clickOpensProfile() throws {
        try Language.$override.withValue(.japanese) {
            let size = TerminalSize(columns: 250, rows: 30)
            let grid = ScreenFixtures.view.render(ScreenFixtures.dashboard, size: size).grid
            let bottom = grid.textLines()[size.rows - 1]
            let range = try #require(bottom.range(of: "p プロフィール"))
            let start = TextWidth.width(of: String(bottom[..<range.lowerBound]))
            let target = try #require(grid.mouseMap.target(at: Position(row: size.rows - 1, column: start + 3)))
            var app = ScreenFixtures.dashboard
            for key in grid.mouseMap.keys(for: target) { _ = app.reduce(.keyPressed(key)) }
            #expect(app.profile != nil)
        }
    }
}

/// The Devices view's hints: each press its binding's key, "↑/↓ select" presses none (it names two).
@MainActor
@Suite("Devices hints: a click presses the binding's key")
struct DevicesHintClickTests {
    @Test("every single-key hint of Devices, clicked, yields its binding's key", arguments: Language.allCases)
    func everyHintClicks(language: Language) throws {
        try Language.$override.withValue(language) {
            let state = DeviceFixtures.devices
            let size = TerminalSize(columns: 200, rows: 40)
            let grid = ScreenFixtures.view.render(state, size: size).grid
            let row = size.rows - 1
            let separator = TextWidth.width(of: ScreenText.hintSeparator)
            var column = 1
            #expect(state.hintEntries == DevicesState.bindingHints)
            for entry in state.hintEntries {
                let target = grid.mouseMap.target(at: Position(row: row, column: column))
                if let key = entry.clickKey {
                    let binding = try #require(DevicesState.keyBindings.first { $0.label == entry.label })
                    #expect(key == binding.keys[0])
                    #expect(target.map(grid.mouseMap.keys(for:)) == [key], "\(language) \(entry.text)")
                } else {
                    #expect(target == nil, "\(entry.text)")
                }
                column += TextWidth.width(of: entry.text) + separator
            }
        }
    }
}
