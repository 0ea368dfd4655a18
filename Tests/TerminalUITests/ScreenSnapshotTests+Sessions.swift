import AuthScreens
import CognitoAuth
import Foundation
import LatchkeyText
import TerminalKeys
import Testing

@testable import TerminalKit
@testable import TerminalUI

/// The Sessions view, frozen: a list, the revoke question, the refusal, tracking off, loading.
enum SessionFixtures {
    /// This terminal's session, a laptop's (long device text, an escape, a place) and a phone's.
    static var list: [UserSessionInfo] {
        [
            UserSessionInfo(
                id: "tkn1111111111111111111111111", clientId: "5f0c2a1b9d8e7f6a5b4c3d2e1f",
                created: ScreenFixtures.t0.addingTimeInterval(-600), lastActive: ScreenFixtures.t0,
                deviceType: "Latchkey/0.2.0 (Linux; x86_64)", lastIPAddress: "127.0.0.1", isCurrent: true),
            UserSessionInfo(
                id: "tkn2222222222222222222222222", clientId: "5f0c2a1b9d8e7f6a5b4c3d2e1f",
                created: ScreenFixtures.t0.addingTimeInterval(-86_400),
                lastActive: ScreenFixtures.t0.addingTimeInterval(-3600),
                deviceType: "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5)\u{1B}[2J", lastIPAddress: "192.0.2.7",
                city: "Sao Paulo", country: "BR"),
            UserSessionInfo(
                id: "sso3333333333333333333333333", type: "SSO", clientId: "7a7a7a7a7a7a7a7a7a7a7a7a7a",
                created: ScreenFixtures.t0.addingTimeInterval(-172_800),
                lastActive: ScreenFixtures.t0.addingTimeInterval(-7200), deviceType: "iPhone",
                lastIPAddress: "2001:db8:85a3::8a2e:370:7334", city: "Tokyo", country: "JP"),
        ]
    }

    /// The view with the three sessions, the laptop's selected.
    static var sessions: AppState {
        var state = ScreenFixtures.dashboard
        ScreenFixtures.press(&state, [.character("S")])
        _ = state.reduce(.sessions(.loaded(.success(list))))
        ScreenFixtures.press(&state, [.down])
        return state
    }

    /// The same, asking before revoking the laptop's session.
    static var sessionsConfirmRevoke: AppState {
        var state = sessions
        ScreenFixtures.press(&state, [.character("x")])
        return state
    }

    /// `x` on this terminal's own session: the refusal.
    static var sessionsRefused: AppState {
        var state = sessions
        ScreenFixtures.press(&state, [.up, .character("x")])
        return state
    }

    /// A pool without session tracking.
    static var sessionsTrackingOff: AppState {
        var state = ScreenFixtures.dashboard
        ScreenFixtures.press(&state, [.character("S")])
        _ = state.reduce(.sessions(.loaded(.failure(.trackingOff))))
        return state
    }

    /// Just opened: loading.
    static var sessionsLoading: AppState {
        var state = ScreenFixtures.dashboard
        ScreenFixtures.press(&state, [.character("S")])
        return state
    }

    /// The help over the view: its keys, made from its bindings.
    static var sessionsHelp: AppState {
        var state = sessions
        ScreenFixtures.press(&state, [.character("?")])
        return state
    }

    static var all: [(String, AppState)] {
        [
            ("sessions", sessions), ("sessionsConfirmRevoke", sessionsConfirmRevoke),
            ("sessionsRefused", sessionsRefused), ("sessionsTrackingOff", sessionsTrackingOff),
            ("sessionsLoading", sessionsLoading), ("sessionsHelp", sessionsHelp),
        ]
    }

    static let names = [
        "sessions", "sessionsConfirmRevoke", "sessionsRefused", "sessionsTrackingOff", "sessionsLoading",
        "sessionsHelp",
    ]
}

/// Every Sessions screen at 80x24, 60x20 and 120x40 in English, and at 80x24 and 60x20 in Japanese.
let sessionSnapshotCases: [SnapshotCase] =
    SessionFixtures.names.flatMap { name in
        [
            SnapshotCase(name, 80, 24), SnapshotCase(name, 60, 20), SnapshotCase(name, 120, 40),
            SnapshotCase(name, 80, 24, language: .japanese), SnapshotCase(name, 60, 20, language: .japanese),
        ]
    }

@MainActor
@Suite("Screen snapshots: sessions")
struct SessionSnapshotTests {
    @Test(arguments: sessionSnapshotCases)
    func matchesSnapshot(_ snapshot: SnapshotCase) throws {
        try Language.$override.withValue(snapshot.language) {
            // The fixtures are built in the language, as their texts are looked up when they are built.
            try ScreenSnapshotTests.expectMatch(snapshot, in: SessionFixtures.all)
        }
    }

    @Test(arguments: [(80, 24), (60, 20)], [Language.english, .japanese])
    func noRowWrapsIntoTheBorderAndNoEscapeReachesTheGrid(_ size: (Int, Int), _ language: Language) {
        Language.$override.withValue(language) {
            for (name, state) in SessionFixtures.all where name != "sessionsHelp" {
                let grid = ScreenFixtures.view.render(state, size: TerminalSize(columns: size.0, rows: size.1)).grid
                let lines = grid.textLines()
                // The box's sides stay where they are on every row between its top and bottom.
                for row in 2..<(size.1 - 3) {
                    #expect(grid[row, 0].character == "│", "\(name) row \(row) left")
                    #expect(grid[row, size.0 - 1].character == "│", "\(name) row \(row) right: \(lines[row])")
                }
                #expect(!lines.joined().contains("\u{1B}"), "\(name)")
            }
        }
    }

    @Test func thisTerminalIsMarkedOnEveryWidth() {
        for columns in [60, 80, 120] {
            let text = ScreenFixtures.text(SessionFixtures.sessions, columns, 24)
            #expect(text.contains("← this terminal"), "\(columns)")
        }
    }

    @Test func aClickOnARowSelectsIt() throws {
        let frame = ScreenFixtures.view.render(SessionFixtures.sessions, size: TerminalSize(columns: 80, rows: 24))
        let lines = frame.grid.textLines()
        let iphone = try #require(lines.firstIndex { $0.contains("iPhone") })
        let target = try #require(frame.grid.mouseMap.target(at: Position(row: iphone, column: 10)))
        #expect(target == .listRow(2))
        let keys = frame.grid.mouseMap.keys(for: target)
        #expect(keys == [.down])
        var state = SessionFixtures.sessions
        ScreenFixtures.press(&state, keys)
        #expect(state.sessions?.selection == 2)
    }

    @Test func theSelectedRowUsesTheSelectionRole() throws {
        let grid = ScreenFixtures.view.render(SessionFixtures.sessions, size: TerminalSize(columns: 80, rows: 24)).grid
        let row = try #require(grid.textLines().firstIndex { $0.contains("▸") })
        #expect((0..<grid.width).contains { grid[row, $0].style.role == .selection })
    }
}
