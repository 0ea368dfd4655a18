import AuthScreens
import AuthScreensTesting
import CognitoAuth
import CognitoAuthTesting
import Foundation
import Synchronization
import TerminalKeys
import Testing

/// The step-up prompt when the missing factor is a passkey: with an authenticator set up, the ceremony runs over
/// the prompt and the waiting calls resume after the touch; Esc cancels the ceremony, Enter runs it again, and Esc
/// in the prompt releases the calls.
@MainActor
@Suite("Step-up with a passkey: the ceremony runs from the prompt")
struct StepUpPasskeyTests {
    static let loa2 = StepUpPromptTests.loa2

    /// A signed-in runtime that offers passkeys, whose fake's step-up asks for a choice with WEB_AUTHN; ceremonies
    /// go through `bridge` to `key`.
    func signedIn(_ bridge: PasskeyCeremonyBridge, _ key: PINAuthenticator) async -> (
        AuthScreensRuntime, FakeAuthService
    ) {
        let fake = FakeAuthService()
        await fake.script(passkeyAuthenticator: bridge.authenticator(wrapping: key))
        await fake.script(stepUpStep: .selectChallenge([.emailOTP, .webAuthn]))
        var options = AuthUIOptions()
        options.offersPasskey = true
        var state = signedInApp(options: options)
        state.base = .dashboard
        let runtime = AuthScreensRuntime(service: fake, state: state, clock: ManualClock(start: t0))
        runtime.attachPasskeys(bridge)
        return (runtime, fake)
    }

    func type(_ runtime: AuthScreensRuntime, _ text: String) {
        for key in text.keys { runtime.send(.keyPressed(key)) }
    }

    @Test("The pool asks for the passkey: the ceremony runs, the PIN and touch resume the calls, the prompt closes")
    func passkeyStepsUp() async throws {
        let bridge = PasskeyCeremonyBridge()
        let key = PINAuthenticator(interaction: bridge)
        let (runtime, fake) = await signedIn(bridge, key)
        runtime.send(.sessionEvent(.pendingCallsChanged(StepUpPromptTests.stepUpCalls(2))))
        try await runtime.waitUntil("the PIN asked") { runtime.state.passkeyCeremony?.pinField != nil }
        let prompt = try #require(runtime.state.stepUpPrompt)
        #expect(prompt.asksForPasskey && prompt.isUsingPasskey && prompt.problem == nil)
        #expect(prompt.passkeyText == ScreenText.stepUpPasskeyTouch)
        type(runtime, "1234")
        runtime.send(.keyPressed(.enter))
        try await runtime.waitUntil("stepped up") { runtime.state.stepUpPrompt == nil }
        try await runtime.waitUntil("the ceremony screen closed") { runtime.state.passkeyCeremony == nil }
        #expect(key.seen.withLock { $0.pins } == ["1234"])
        #expect(await fake.calls.contains(.selectSignInMethod(.webAuthn, nil)))
        #expect(await fake.stepUpReleases == 0)
        #expect(runtime.state.dashboard.log.entries.last?.text.contains(Self.loa2) == true)
    }

    @Test("Esc cancels the ceremony; Enter runs it again; Esc in the prompt releases the waiting calls")
    func escapeCancelsThenReleases() async throws {
        let bridge = PasskeyCeremonyBridge()
        let key = PINAuthenticator(interaction: bridge, waitsForever: true)
        let (runtime, fake) = await signedIn(bridge, key)
        runtime.send(.sessionEvent(.pendingCallsChanged(StepUpPromptTests.stepUpCalls(1))))
        for round in 1...2 {
            try await runtime.waitUntil("the touch prompt, round \(round)") {
                runtime.state.passkeyCeremony?.phase == .prompt(.touch(authenticator: "Test Key"))
            }
            runtime.send(.keyPressed(.escape))
            try await runtime.waitUntil("the ceremony ended") { runtime.state.passkeyCeremony?.hasEnded == true }
            try await runtime.waitUntil("the prompt offers the passkey again") {
                runtime.state.stepUpPrompt?.canRetryPasskey == true
            }
            #expect(!bridge.isRunning)
            #expect(runtime.state.stepUpPrompt?.problem?.contains("cancelled") == true)
            #expect(runtime.state.stepUpPrompt?.passkeyText == ScreenText.stepUpPasskeyRetry)
            // Esc closes the ceremony's screen, not the prompt: the calls still wait.
            runtime.send(.keyPressed(.escape))
            #expect(runtime.state.passkeyCeremony == nil && runtime.state.stepUpPrompt != nil)
            #expect(await fake.stepUpReleases == 0)
            if round == 1 {
                #expect(runtime.state.keyHintLine.hasPrefix("Enter use a passkey"))
                runtime.send(.keyPressed(.enter))
            }
        }
        #expect(key.seen.withLock { $0.cancelled })
        #expect(await fake.stepUpRequests.count == 2)
        runtime.send(.keyPressed(.escape))
        #expect(runtime.state.stepUpPrompt == nil)
        try await runtime.waitUntil("the calls released", service: fake) { await fake.stepUpReleases == 1 }
        #expect(runtime.state.statusMessage == ScreenText.stepUpCancelledStatus)
    }

    @Test("A WEB_AUTHN answered inside the step-up that fails offers Enter; a set-up problem does not")
    func directChallengeFailure() {
        var options = AuthUIOptions()
        options.offersPasskey = true
        var app = signedInApp(options: options)
        _ = app.reduce(.sessionEvent(.pendingCallsChanged(StepUpPromptTests.stepUpCalls(1))))
        _ = app.reduce(.modal(.stepUp(.started(.failure(.passkey(.timedOut(seconds: 60)))))))
        #expect(app.stepUpPrompt?.canRetryPasskey == true)
        #expect(app.reduce(.keyPressed(.enter)) == [.modal(.stepUp(.start(acr: [Self.loa2], maxAge: 300)))])
        #expect(app.stepUpPrompt?.isStarting == true && app.stepUpPrompt?.problem == nil)
        _ = app.reduce(.modal(.stepUp(.started(.failure(.passkey(.noAuthenticator))))))
        #expect(app.stepUpPrompt?.problem != nil)
        #expect(app.reduce(.keyPressed(.enter)).isEmpty)
    }

    @Test("Esc before the ceremony's screen opens cancels the ceremony too; no authenticator: still explained")
    func escapeWhileStarting() {
        var options = AuthUIOptions()
        options.offersPasskey = true
        var app = signedInApp(options: options)
        _ = app.reduce(.sessionEvent(.pendingCallsChanged(StepUpPromptTests.stepUpCalls(1))))
        let run = app.reduce(.modal(.stepUp(.started(.success(.selectChallenge([.webAuthn]))))))
        #expect(run == [.modal(.stepUp(.usePasskey))])
        #expect(app.reduce(.keyPressed(.escape)) == [.cancelPasskeyCeremony, .modal(.stepUp(.release))])
        #expect(app.stepUpPrompt == nil)
        var plain = signedInApp()
        _ = plain.reduce(.sessionEvent(.pendingCallsChanged(StepUpPromptTests.stepUpCalls(1))))
        #expect(plain.reduce(.modal(.stepUp(.started(.success(.selectChallenge([.webAuthn])))))).isEmpty)
        #expect(plain.stepUpPrompt?.problem == ScreenText.stepUpUnsupported)
    }
}
