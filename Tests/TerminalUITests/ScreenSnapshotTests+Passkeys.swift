import AuthScreens
import CognitoAuth
import Foundation
import LatchkeyText
import TerminalKeys
import Testing

@testable import TerminalKit
@testable import TerminalUI

/// The passkey screens, frozen: Sign in with "Use a passkey", the ceremony (touch, several keys, a provider, the
/// PIN after a wrong one, cancelled, a provider failure) and the Passkeys view (the list, "Remove …?").
enum PasskeyFixtures {
    /// Sign in offering the passkey, `alice` typed.
    static var signInWithPasskey: AppState {
        var options = AuthUIOptions()
        options.offersPasskey = true
        var state = AppState(options: options, now: ScreenFixtures.t0, timeZone: ScreenFixtures.utc)
        ScreenFixtures.type(&state, "alice")
        return state
    }

    /// "Use a passkey" pressed, then `events` from the bridge.
    static func ceremony(_ events: [PasskeyCeremonyEvent]) -> AppState {
        var state = signInWithPasskey
        _ = state.reduce(.signIn(.focusChanged(.passkey)))
        ScreenFixtures.press(&state, [.enter])
        for event in [.started(.get)] + events { _ = state.reduce(.passkeyCeremony(event)) }
        return state
    }

    static var passkeyTouch: AppState { ceremony([.prompt(.touch(authenticator: "YubiKey 5 NFC"))]) }
    static var passkeyTouchOneOf: AppState { ceremony([.prompt(.touchOneOf(count: 2))]) }
    static var passkeyProvider: AppState { ceremony([.prompt(.provider(name: "soft_passkey.py"))]) }

    /// The PIN asked again after a wrong one, two digits typed.
    static var passkeyWrongPIN: AppState {
        var state = ceremony([
            .prompt(.touch(authenticator: "YubiKey 5 NFC")),
            .pinRequested(PasskeyPINRequest(authenticator: "YubiKey 5 NFC", attemptsLeft: 7, previousWasWrong: true)),
        ])
        ScreenFixtures.type(&state, "12")
        return state
    }

    static var passkeyCancelled: AppState {
        ceremony([.prompt(.provider(name: "soft_passkey.py")), .ended(.cancelled)])
    }

    /// A provider that failed, its stderr (with an escape sequence, sanitised by the core) in the sentence.
    static var passkeyProviderFailed: AppState {
        ceremony([
            .prompt(.provider(name: "soft_passkey.py")),
            .ended(
                .authenticatorFailed(status: 1, message: TerminalText.sanitized("no credential\u{1B}[2J for this site"))
            ),
        ])
    }

    static let passkeys = [
        PasskeyCredential(
            id: "AbC-1", name: "YubiKey 5 NFC", relyingPartyId: "127.0.0.1", attachment: "cross-platform",
            transports: ["usb", "nfc"], created: ScreenFixtures.t0.addingTimeInterval(-86_400 * 3)),
        PasskeyCredential(
            id: "dEf_2", name: "", relyingPartyId: "127.0.0.1", attachment: "platform", transports: ["internal"],
            created: ScreenFixtures.t0.addingTimeInterval(-3600)),
    ]

    /// The Passkeys view (`k`), the second passkey selected.
    static var passkeysList: AppState {
        var state = ScreenFixtures.dashboard
        ScreenFixtures.press(&state, [.character("k")])
        _ = state.reduce(.modal(.passkeys(.loaded(.success(passkeys)))))
        ScreenFixtures.press(&state, [.down])
        return state
    }

    /// "Remove passkey …?" after `x`.
    static var passkeysRemove: AppState {
        var state = passkeysList
        ScreenFixtures.press(&state, [.up, .character("x")])
        return state
    }

    static var all: [(String, AppState)] {
        [
            ("signInWithPasskey", signInWithPasskey), ("passkeyTouch", passkeyTouch),
            ("passkeyTouchOneOf", passkeyTouchOneOf), ("passkeyProvider", passkeyProvider),
            ("passkeyWrongPIN", passkeyWrongPIN), ("passkeyCancelled", passkeyCancelled),
            ("passkeyProviderFailed", passkeyProviderFailed), ("passkeysList", passkeysList),
            ("passkeysRemove", passkeysRemove),
        ]
    }

    static let names = [
        "signInWithPasskey", "passkeyTouch", "passkeyTouchOneOf", "passkeyProvider", "passkeyWrongPIN",
        "passkeyCancelled", "passkeyProviderFailed", "passkeysList", "passkeysRemove",
    ]
}

let passkeySnapshotCases: [SnapshotCase] =
    PasskeyFixtures.names.flatMap { name in
        [
            SnapshotCase(name, 80, 24), SnapshotCase(name, 120, 40), SnapshotCase(name, 60, 20),
            SnapshotCase(name, 80, 24, language: .japanese), SnapshotCase(name, 60, 20, language: .japanese),
        ]
    }

@MainActor
@Suite("Screen snapshots: passkeys")
struct PasskeySnapshotTests {
    @Test(arguments: passkeySnapshotCases)
    func matchesSnapshot(_ snapshot: SnapshotCase) throws {
        try Language.$override.withValue(snapshot.language) {
            try ScreenSnapshotTests.expectMatch(snapshot, in: PasskeyFixtures.all)
        }
    }

    @Test func everyPasskeyScreenHasBothSizes() {
        ScreenSnapshotTests.expectBothSizes(PasskeyFixtures.all, passkeySnapshotCases)
    }

    @Test func thePINFieldHasTheCursorAndShowsNoDigit() throws {
        let frame = ScreenFixtures.view.render(
            PasskeyFixtures.passkeyWrongPIN, size: TerminalSize(columns: 80, rows: 24))
        let cursor = try #require(frame.cursor)
        let lines = frame.grid.textLines()
        #expect(lines[cursor.row].contains("PIN"))
        #expect(!lines.joined().contains("12"))
        #expect(lines.joined().contains("Wrong PIN. 7 attempts left."))
    }

    @Test func theSpinnerTurnsWithTheTick() {
        let size = TerminalSize(columns: 80, rows: 24)
        let first = ScreenFixtures.view.render(PasskeyFixtures.passkeyTouch, size: size, spinnerTick: 0).grid
            .textLines()
        let next = ScreenFixtures.view.render(PasskeyFixtures.passkeyTouch, size: size, spinnerTick: 1).grid.textLines()
        let line = { (lines: [String]) in lines.first { $0.contains("Touch your security key") } ?? "" }
        #expect(line(first).contains("⠋") && line(next).contains("⠙"))
    }
}
