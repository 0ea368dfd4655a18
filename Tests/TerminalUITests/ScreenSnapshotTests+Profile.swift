import AuthScreens
import CognitoAuth
import Foundation
import TerminalKeys
import Testing

@testable import TerminalKit
@testable import TerminalUI

/// The Profile view and its forms, frozen.
enum ProfileFixtures {
    static let attributes = UserAttributes(
        username: "alice",
        all: [
            "sub": "7d3c1f0e-4b2a-4c55-9e61-0a1b2c3d4e5f", "email": "alice@example.com", "email_verified": "false",
            "phone_number": "+15555550123", "phone_number_verified": "true", "name": "Alice\u{1B}[2J Smith",
            "custom:team": "blue",
        ])

    /// The list, email selected.
    static var profile: AppState {
        var state = ScreenFixtures.dashboard
        ScreenFixtures.press(&state, [.character("p")])
        _ = state.reduce(.profile(.loaded(.success(attributes))))
        ScreenFixtures.press(&state, [.down])
        return state
    }

    /// Editing the email.
    static var profileEdit: AppState {
        var state = profile
        ScreenFixtures.press(&state, [.character("e"), .ctrl("u"), .paste("new@example.com")])
        return state
    }

    /// The code form after the change.
    static var profileVerify: AppState {
        var state = profileEdit
        ScreenFixtures.press(&state, [.enter])
        _ = state.reduce(
            .profile(
                .updated(
                    name: "email",
                    .success([
                        CodeDeliveryDetails(destination: "n***@e***", deliveryMedium: "EMAIL", attributeName: "email")
                    ]))))
        ScreenFixtures.press(&state, [.paste("1234")])
        return state
    }

    /// Changing the password, on the new one.
    static var profilePassword: AppState {
        var state = profile
        ScreenFixtures.press(&state, [.character("w"), .paste("Old-pass1"), .tab, .paste("Zq9")])
        return state
    }

    /// The typed confirmation before deleting, with a wrong username typed.
    static var profileDelete: AppState {
        var state = profile
        ScreenFixtures.press(&state, [.character("D"), .paste("alic"), .enter])
        return state
    }

    /// The list with custom:team selected: an attribute `x` can remove, so the hints name it.
    static var profileRemovable: AppState {
        var state = profile
        ScreenFixtures.press(&state, [.down, .down, .down])
        return state
    }

    /// "Remove custom:team?" after `x`.
    static var profileRemove: AppState {
        var state = profileRemovable
        ScreenFixtures.press(&state, [.character("x")])
        return state
    }

    static var all: [(String, AppState)] {
        [
            ("profile", profile), ("profileEdit", profileEdit), ("profileVerify", profileVerify),
            ("profilePassword", profilePassword), ("profileDelete", profileDelete),
            ("profileRemovable", profileRemovable), ("profileRemove", profileRemove),
        ]
    }
}

@MainActor
@Suite("Screen snapshots: profile")
struct ProfileSnapshotTests {
    @Test(arguments: profileSnapshotCases)
    func matchesSnapshot(_ snapshot: SnapshotCase) throws {
        try ScreenSnapshotTests.expectMatch(snapshot, in: ProfileFixtures.all)
    }

    @Test func everyProfileScreenHasBothSizes() {
        ScreenSnapshotTests.expectBothSizes(ProfileFixtures.all, profileSnapshotCases)
    }

    @Test func theFormPutsTheCursorInItsFieldAndNoEscapeOrPasswordReachesTheGrid() throws {
        let size = TerminalSize(columns: 80, rows: 24)
        let frame = ScreenFixtures.view.render(ProfileFixtures.profileEdit, size: size)
        let cursor = try #require(frame.cursor)
        let lines = frame.grid.textLines()
        #expect(lines[cursor.row].contains("New email"))
        #expect(lines[cursor.row].contains("new@example.com"))
        let password = ScreenFixtures.view.render(ProfileFixtures.profilePassword, size: size).grid.textLines()
        #expect(!password.joined().contains("Old-pass1") && !password.joined().contains("Zq9"))
        #expect(
            !ScreenFixtures.view.render(ProfileFixtures.profile, size: size).grid.textLines().joined().contains(
                "\u{1B}"))
    }
}

let profileSnapshotCases: [SnapshotCase] = [
    SnapshotCase("profile", 80, 24),
    SnapshotCase("profile", 120, 40),
    SnapshotCase("profileEdit", 80, 24),
    SnapshotCase("profileEdit", 120, 40),
    SnapshotCase("profileVerify", 80, 24),
    SnapshotCase("profileVerify", 120, 40),
    SnapshotCase("profilePassword", 80, 24),
    SnapshotCase("profilePassword", 120, 40),
    SnapshotCase("profileDelete", 80, 24),
    SnapshotCase("profileDelete", 120, 40),
    SnapshotCase("profileRemovable", 80, 24),
    SnapshotCase("profileRemovable", 120, 40),
    SnapshotCase("profileRemove", 80, 24),
    SnapshotCase("profileRemove", 120, 40),
]
