import AuthScreens
import AuthScreensTesting
import CognitoAuth
import CognitoAuthTesting
import Foundation
import TerminalKeys
import Testing

@MainActor
@Suite("Runtime: USER_AUTH, resend and TOTP enrolment reach the service")
struct PasswordlessRuntimeTests {
    func type(_ runtime: AuthScreensRuntime, _ text: String) {
        for key in text.keys { runtime.send(.keyPressed(key)) }
    }

    @Test("Username → methods → code by email → resend (USER_AUTH with EMAIL_OTP again) → code → dashboard")
    func passwordlessWithResend() async throws {
        let fake = FakeAuthService()
        var options = AuthUIOptions()
        options.choosesSignInMethod = true
        let clock = ManualClock(start: t0)
        let runtime = AuthScreensRuntime(service: fake, options: options, timeZone: utc, clock: clock)
        type(runtime, "alice")
        runtime.send(.keyPressed(.enter))
        await runtime.settle()
        guard case .challenge(.selectMethod) = runtime.state.base else {
            Issue.record("no method choice: \(runtime.state.base)")
            return
        }
        runtime.send(.keyPressed(.down))
        runtime.send(.keyPressed(.enter))
        await runtime.settle()
        // Resend code waits 30 s after the code was sent.
        clock.advance(by: 30)
        runtime.tick()
        for _ in 0..<3 { runtime.send(.keyPressed(.tab)) }
        runtime.send(.keyPressed(.enter))
        await runtime.settle()
        guard case .challenge(.code(let code)) = runtime.state.base else {
            Issue.record("left the code screen")
            return
        }
        #expect(code.notice == "A new code was sent in an email to n***@e***.")
        type(runtime, "123456")
        runtime.send(.keyPressed(.enter))
        await runtime.settle()
        #expect(runtime.state.base == .dashboard)
        #expect(
            await fake.calls == [
                .userAuth("alice", nil), .selectSignInMethod(.emailOTP, nil), .userAuth("alice", .emailOTP),
                .confirmSignIn("123456", [:]),
            ])
    }

    @Test("Password from the method choice goes to selectSignInMethod with the password")
    func passwordMethod() async {
        let fake = FakeAuthService()
        var options = AuthUIOptions()
        options.choosesSignInMethod = true
        let runtime = AuthScreensRuntime(service: fake, options: options, timeZone: utc, clock: ManualClock(start: t0))
        type(runtime, "alice")
        runtime.send(.keyPressed(.enter))
        await runtime.settle()
        runtime.send(.keyPressed(.enter))
        type(runtime, "pw")
        runtime.send(.keyPressed(.enter))
        await runtime.settle()
        #expect(runtime.state.base == .dashboard)
        #expect(await fake.calls == [.userAuth("alice", nil), .selectSignInMethod(.password, "pw")])
    }

    @Test("t: AssociateSoftwareToken, a wrong code stays, the right one verifies and reloads the settings")
    func totpEnrolment() async throws {
        let fake = FakeAuthService()
        var state = AppState(now: t0, timeZone: utc)
        _ = state.reduce(.sessionEvent(.stateChanged(.signedIn, username: "alice", provider: poolProvider)))
        let runtime = AuthScreensRuntime(service: fake, state: state, clock: ManualClock(start: t0))
        runtime.send(.keyPressed(.character("t")))
        await runtime.settle()
        guard case .challenge(.totpSetup(let setup)) = runtime.state.base else {
            Issue.record("no enrolment screen")
            return
        }
        #expect(setup.isEnrolment)
        type(runtime, "000000")
        runtime.send(.keyPressed(.enter))
        await runtime.settle()
        guard case .challenge(.totpSetup(let retry)) = runtime.state.base else {
            Issue.record("left the enrolment")
            return
        }
        #expect(retry.banner?.contains("The code is wrong.") == true)
        type(runtime, "123456")
        runtime.send(.keyPressed(.enter))
        await runtime.settle()
        #expect(runtime.state.base == .dashboard)
        // The fake cannot read settings: the reload after the enrolment fails and says so.
        #expect(runtime.state.dashboard.log.entries.contains { $0.text == ScreenText.totpEnrolled })
        #expect(await fake.calls == [.setUpTOTP, .verifyTOTPSetup("000000"), .verifyTOTPSetup("123456")])
    }
}
