import AuthScreens
import CognitoAuth
import Foundation
import LatchkeyText
import TerminalKeys
import Testing

@testable import TerminalKit
@testable import TerminalUI

/// The step-up prompt over the dashboard, frozen: asking the pool, the email code asked for, and a
/// factor the prompt cannot take.
enum StepUpFixtures {
    static let loa2 = "urn:cognito:loa:2"

    /// Two calls ask for loa:2: the prompt opens and asks the pool what is missing.
    @MainActor static var stepUpStarting: AppState {
        var state = ScreenFixtures.dashboard
        let calls = [
            WaitingCall(id: 5, label: "DeleteBucket", since: ScreenFixtures.t0.addingTimeInterval(-4), reason: .stepUp),
            WaitingCall(id: 6, label: "PutPolicy", since: ScreenFixtures.t0.addingTimeInterval(-2), reason: .stepUp),
        ].map { call in
            var call = call
            call.acr = [loa2]
            return call
        }
        _ = state.reduce(.sessionEvent(.pendingCallsChanged(calls)))
        return state
    }

    /// The pool asked for an email code: the code field, with "Resend code".
    @MainActor static var stepUpCode: AppState {
        var state = stepUpStarting
        let step = SignInStep.emailOTP(CodeDeliveryDetails(destination: "a***@e***", deliveryMedium: "EMAIL"))
        _ = state.reduce(.modal(.stepUp(.started(.success(step)))))
        ScreenFixtures.type(&state, "123")
        return state
    }

    /// The pool asked for something the prompt cannot take (a method choice): the sentence.
    @MainActor static var stepUpUnsupported: AppState {
        var state = stepUpStarting
        _ = state.reduce(.modal(.stepUp(.started(.success(.selectChallenge([.webAuthn]))))))
        return state
    }

    /// A passkey authenticator is set up and the pool asks for a passkey: its ceremony runs (its own screen shows
    /// over the prompt in the app; the prompt under it says what happens).
    @MainActor static var stepUpPasskey: AppState {
        var state = stepUpStarting
        state.options.offersPasskey = true
        state.stepUpPrompt?.offersPasskey = true
        _ = state.reduce(.modal(.stepUp(.started(.success(.selectChallenge([.emailOTP, .webAuthn]))))))
        return state
    }

    /// The passkey ceremony was cancelled: the prompt offers the passkey again (Enter), or Esc.
    @MainActor static var stepUpPasskeyAgain: AppState {
        var state = stepUpPasskey
        _ = state.reduce(.modal(.stepUp(.started(.failure(.passkey(.cancelled))))))
        return state
    }

    @MainActor static var all: [(String, AppState)] {
        [
            ("stepUpStarting", stepUpStarting), ("stepUpCode", stepUpCode), ("stepUpUnsupported", stepUpUnsupported),
            ("stepUpPasskey", stepUpPasskey), ("stepUpPasskeyAgain", stepUpPasskeyAgain),
        ]
    }

    static let names = ["stepUpStarting", "stepUpCode", "stepUpUnsupported"]
    /// The passkey's prompts, at 80x24 only.
    static let passkeyNames = ["stepUpPasskey", "stepUpPasskeyAgain"]
}

let stepUpSnapshotCases: [SnapshotCase] =
    StepUpFixtures.names.flatMap { name in
        [
            SnapshotCase(name, 80, 24), SnapshotCase(name, 60, 20), SnapshotCase(name, 80, 24, language: .japanese),
            SnapshotCase(name, 60, 20, language: .japanese),
        ]
    }
    + StepUpFixtures.passkeyNames.flatMap { name in
        [SnapshotCase(name, 80, 24), SnapshotCase(name, 80, 24, language: .japanese)]
    }

@MainActor
@Suite("Screen snapshots: step-up prompt")
struct StepUpSnapshotTests {
    @Test(arguments: stepUpSnapshotCases)
    func matchesSnapshot(_ snapshot: SnapshotCase) throws {
        try Language.$override.withValue(snapshot.language) {
            try ScreenSnapshotTests.expectMatch(snapshot, in: StepUpFixtures.all)
        }
    }

    @Test func thePasskeyPromptOffersThePasskeyAgain() {
        let lines = ScreenFixtures.text(StepUpFixtures.stepUpPasskeyAgain, 80, 24)
        #expect(lines.contains("Use your passkey again, or cancel"))
        #expect(lines.contains("Enter use a passkey"))
        #expect(!ScreenFixtures.text(StepUpFixtures.stepUpUnsupported, 80, 24).contains("Enter use a passkey"))
    }

    @Test func theCodePromptNamesTheLevelAndTheWaitingCalls() {
        let lines = ScreenFixtures.text(StepUpFixtures.stepUpCode, 80, 24)
        #expect(lines.contains("urn:cognito:loa:2"))
        #expect(lines.contains("2 calls are"))
        #expect(!lines.contains("\u{1B}"))
    }
}
