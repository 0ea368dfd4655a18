import AuthScreens
import CognitoAuth
import Foundation
import Testing

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

    static var all: [(String, AppState)] {
        [
            ("profile", profile), ("profileEdit", profileEdit), ("profileVerify", profileVerify),
            ("profilePassword", profilePassword), ("profileDelete", profileDelete),
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
    SnapshotCase("profile", 80, 24, ProfileSnapshots.profile_80x24),
    SnapshotCase("profile", 120, 40, ProfileSnapshots.profile_120x40),
    SnapshotCase("profileEdit", 80, 24, ProfileSnapshots.profileEdit_80x24),
    SnapshotCase("profileEdit", 120, 40, ProfileSnapshots.profileEdit_120x40),
    SnapshotCase("profileVerify", 80, 24, ProfileSnapshots.profileVerify_80x24),
    SnapshotCase("profileVerify", 120, 40, ProfileSnapshots.profileVerify_120x40),
    SnapshotCase("profilePassword", 80, 24, ProfileSnapshots.profilePassword_80x24),
    SnapshotCase("profilePassword", 120, 40, ProfileSnapshots.profilePassword_120x40),
    SnapshotCase("profileDelete", 80, 24, ProfileSnapshots.profileDelete_80x24),
    SnapshotCase("profileDelete", 120, 40, ProfileSnapshots.profileDelete_120x40),
]

/// The expected renders, checked by eye.
enum ProfileSnapshots {
    static let profile_80x24 = #"""
         ✔ Signed in · alice · local                                           Latchkey
        ┌─ Profile ────────────────────────────────────────────────────────────────────┐
        │   Username         alice                                                     │
        │ ▸ Email            alice@example.com                        ✖ not verified   │
        │   Phone            +15555550123                             ✔ verified       │
        │   Name             Alice[2J Smith                                            │
        │   custom:team      blue                                                      │
        │   User id (sub)    7d3c1f0e-4b2a-4c55-9e61-0a1b2c3d4e5f                      │
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

         ↑/↓ select · e edit · v verify · w password · D delete account · ? more
        """#
    static let profile_120x40 = #"""
         ✔ Signed in · alice · local                                                                                   Latchkey
        ┌─ Profile ────────────────────────────────────────────────────────────────────────────────────────────────────────────┐
        │   Username         alice                                                                                             │
        │ ▸ Email            alice@example.com                                                                ✖ not verified   │
        │   Phone            +15555550123                                                                     ✔ verified       │
        │   Name             Alice[2J Smith                                                                                    │
        │   custom:team      blue                                                                                              │
        │   User id (sub)    7d3c1f0e-4b2a-4c55-9e61-0a1b2c3d4e5f                                                              │
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

         ↑/↓ select · e edit · v verify · w password · D delete account · Esc back · ? help · q quit · ? help
        """#
    static let profileEdit_80x24 = #"""
         ✔ Signed in · alice · local                                           Latchkey
        ┌─ Profile ────────────────────────────────────────────────────────────────────┐
        │   Username         alice                                                     │
        │   Email            alice@example.com                        ✖ not verified   │
        │   Phone            +15555550123                             ✔ verified       │
        │   Name             Alice[2J Smith                                            │
        │   custom:team      blue                                                      │
        │   User id (sub)    7d3c1f0e-4b2a-4c55-9e61-0a1b2c3d4e5f                      │
        │                                                                              │
        │   New email        new@example.com                                           │
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

         Enter save · Esc back · Ctrl-C quit · F1 help
        """#
    static let profileEdit_120x40 = #"""
         ✔ Signed in · alice · local                                                                                   Latchkey
        ┌─ Profile ────────────────────────────────────────────────────────────────────────────────────────────────────────────┐
        │   Username         alice                                                                                             │
        │   Email            alice@example.com                                                                ✖ not verified   │
        │   Phone            +15555550123                                                                     ✔ verified       │
        │   Name             Alice[2J Smith                                                                                    │
        │   custom:team      blue                                                                                              │
        │   User id (sub)    7d3c1f0e-4b2a-4c55-9e61-0a1b2c3d4e5f                                                              │
        │                                                                                                                      │
        │   New email        new@example.com                                                                                   │
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

         Enter save · Esc back · Ctrl-C quit · F1 help
        """#
    static let profileVerify_80x24 = #"""
         ✔ Signed in · alice · local                                           Latchkey
        ┌─ Profile ────────────────────────────────────────────────────────────────────┐
        │   Username         alice                                                     │
        │   Email            alice@example.com                        ✖ not verified   │
        │   Phone            +15555550123                             ✔ verified       │
        │   Name             Alice[2J Smith                                            │
        │   custom:team      blue                                                      │
        │   User id (sub)    7d3c1f0e-4b2a-4c55-9e61-0a1b2c3d4e5f                      │
        │                                                                              │
        │   Code             1234                                                      │
        │                                                                              │
        │ ✔ A code for email was sent in an email to n***@e***.                        │
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

         Enter verify · Ctrl-R new code · Esc later · Ctrl-C quit · F1 help
        """#
    static let profileVerify_120x40 = #"""
         ✔ Signed in · alice · local                                                                                   Latchkey
        ┌─ Profile ────────────────────────────────────────────────────────────────────────────────────────────────────────────┐
        │   Username         alice                                                                                             │
        │   Email            alice@example.com                                                                ✖ not verified   │
        │   Phone            +15555550123                                                                     ✔ verified       │
        │   Name             Alice[2J Smith                                                                                    │
        │   custom:team      blue                                                                                              │
        │   User id (sub)    7d3c1f0e-4b2a-4c55-9e61-0a1b2c3d4e5f                                                              │
        │                                                                                                                      │
        │   Code             1234                                                                                              │
        │                                                                                                                      │
        │ ✔ A code for email was sent in an email to n***@e***.                                                                │
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

         Enter verify · Ctrl-R new code · Esc later · Ctrl-C quit · F1 help
        """#
    static let profilePassword_80x24 = #"""
         ✔ Signed in · alice · local                                           Latchkey
        ┌─ Profile ────────────────────────────────────────────────────────────────────┐
        │   Username         alice                                                     │
        │   Email            alice@example.com                        ✖ not verified   │
        │   Phone            +15555550123                             ✔ verified       │
        │   Name             Alice[2J Smith                                            │
        │   custom:team      blue                                                      │
        │   User id (sub)    7d3c1f0e-4b2a-4c55-9e61-0a1b2c3d4e5f                      │
        │                                                                              │
        │   Current password •••••••••                                                 │
        │   New password     •••                                                       │
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

         Tab next · Enter change · Ctrl-T show · Esc back · Ctrl-C quit · F1 help
        """#
    static let profilePassword_120x40 = #"""
         ✔ Signed in · alice · local                                                                                   Latchkey
        ┌─ Profile ────────────────────────────────────────────────────────────────────────────────────────────────────────────┐
        │   Username         alice                                                                                             │
        │   Email            alice@example.com                                                                ✖ not verified   │
        │   Phone            +15555550123                                                                     ✔ verified       │
        │   Name             Alice[2J Smith                                                                                    │
        │   custom:team      blue                                                                                              │
        │   User id (sub)    7d3c1f0e-4b2a-4c55-9e61-0a1b2c3d4e5f                                                              │
        │                                                                                                                      │
        │   Current password •••••••••                                                                                         │
        │   New password     •••                                                                                               │
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

         Tab next · Enter change · Ctrl-T show · Esc back · Ctrl-C quit · F1 help
        """#
    static let profileDelete_80x24 = #"""
         ✔ Signed in · alice · local                                           Latchkey
        ┌─ Profile ────────────────────────────────────────────────────────────────────┐
        │   Username         alice                                                     │
        │   Email            alice@example.com                        ✖ not verified   │
        │   Phone            +15555550123                             ✔ verified       │
        │   Name             Alice[2J Smith                                            │
        │   custom:team      blue                                                      │
        │   User id (sub)    7d3c1f0e-4b2a-4c55-9e61-0a1b2c3d4e5f                      │
        │                                                                              │
        │ ⚠ This deletes the account alice at the user pool, with its attributes, and  │
        │   signs you out. It cannot be undone. Type the username to confirm.          │
        │                                                                              │
        │   Username         alic                                                      │
        │                                                                              │
        │ ✖ That is not the username; nothing was deleted. Type it exactly, or press   │
        │   Esc.                                                                       │
        │                                                                              │
        │                                                                              │
        │                                                                              │
        │                                                                              │
        │                                                                              │
        └──────────────────────────────────────────────────────────────────────────────┘

         Enter delete · Esc keep the account · Ctrl-C quit · F1 help
        """#
    static let profileDelete_120x40 = #"""
         ✔ Signed in · alice · local                                                                                   Latchkey
        ┌─ Profile ────────────────────────────────────────────────────────────────────────────────────────────────────────────┐
        │   Username         alice                                                                                             │
        │   Email            alice@example.com                                                                ✖ not verified   │
        │   Phone            +15555550123                                                                     ✔ verified       │
        │   Name             Alice[2J Smith                                                                                    │
        │   custom:team      blue                                                                                              │
        │   User id (sub)    7d3c1f0e-4b2a-4c55-9e61-0a1b2c3d4e5f                                                              │
        │                                                                                                                      │
        │ ⚠ This deletes the account alice at the user pool, with its attributes, and signs you out. It cannot be undone. Type │
        │   the username to confirm.                                                                                           │
        │                                                                                                                      │
        │   Username         alic                                                                                              │
        │                                                                                                                      │
        │ ✖ That is not the username; nothing was deleted. Type it exactly, or press Esc.                                      │
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

         Enter delete · Esc keep the account · Ctrl-C quit · F1 help
        """#
}
