import AuthScreensTesting
import CognitoAuth
import Foundation
import Testing

@testable import AuthScreens

/// Each effect maps its own result to the action it comes back as: called straight against the
/// fake service, with no runtime and no waiting.
@Suite struct EffectPerformTests {
    @Test("signIn comes back as the Sign in screen's result, with the password passed on")
    func signInComesBackToSignIn() async {
        let service = FakeAuthService()
        await service.script(signIn: [.success(.smsMFA(smsDelivery))])
        let action = await AuthEffect.signIn(.signIn(username: "alice", password: "Secret-1")).perform(on: service)
        guard case .screen(.signIn(.signInFinished(.success(.smsMFA(let details)))))? = action else {
            Issue.record("unexpected \(String(describing: action))")
            return
        }
        #expect(details == smsDelivery)
        #expect(await service.calls == [.signIn("alice", "Secret-1")])
    }

    @Test("A failed sign-in comes back as a failure for the same screen")
    func failedSignInComesBackAsFailure() async {
        let service = FakeAuthService()
        await service.script(signIn: [.failure(.notAuthorized("Incorrect username or password."))])
        let action = await AuthEffect.signIn(.signIn(username: "alice", password: "wrong")).perform(on: service)
        guard case .screen(.signIn(.signInFinished(.failure(.notAuthorized))))? = action else {
            Issue.record("unexpected \(String(describing: action))")
            return
        }
    }

    @Test("confirmSignIn comes back to the challenge; a code resend too")
    func challengeResults() async {
        let service = FakeAuthService()
        let confirm = await AuthEffect.challenge(.confirmSignIn(answer: "123456", attributes: [:])).perform(on: service)
        guard case .screen(.challenge(.confirmSignInFinished))? = confirm else {
            Issue.record("unexpected \(String(describing: confirm))")
            return
        }
        let resend = await AuthEffect.challenge(.resendSignInCode(username: "alice", method: .emailOTP)).perform(
            on: service)
        guard case .screen(.challenge(.codeResent))? = resend else {
            Issue.record("unexpected \(String(describing: resend))")
            return
        }
        #expect(await service.calls == [.confirmSignIn("123456", [:]), .userAuth("alice", .emailOTP)])
    }

    @Test("Create account, its code and Forgot password each come back to their own screen")
    func accountResults() async {
        let service = FakeAuthService()
        await service.script(signUp: [.success(.confirmSignUp(emailDelivery))])
        let signUp = await AuthEffect.signUp(.signUp(username: "bob", password: "Abcdef1!", attributes: [:]))
            .perform(on: service)
        guard case .screen(.signUp(.signUpFinished(.success(.confirmSignUp))))? = signUp else {
            Issue.record("unexpected \(String(describing: signUp))")
            return
        }
        let resend = await AuthEffect.confirmSignUp(.resendSignUpCode(username: "bob")).perform(on: service)
        guard case .screen(.confirmSignUp(.resendCodeFinished))? = resend else {
            Issue.record("unexpected \(String(describing: resend))")
            return
        }
        let forgot = await AuthEffect.forgotPassword(.forgotPassword(username: "bob")).perform(on: service)
        guard case .screen(.forgotPassword(.forgotPasswordFinished))? = forgot else {
            Issue.record("unexpected \(String(describing: forgot))")
            return
        }
    }

    @Test("Devices and Profile requests come back to their views")
    func devicesAndProfile() async {
        let service = FakeAuthService()
        await service.script(devices: [])
        let devices = await AuthEffect.devices(.load).perform(on: service)
        guard case .modal(.devices(.loaded(.success(let list))))? = devices else {
            Issue.record("unexpected \(String(describing: devices))")
            return
        }
        #expect(list.isEmpty)
        await service.script(
            profile: UserAttributes(username: "alice", all: [:]), error: .network(kind: .timedOut, message: "slow"))
        let profile = await AuthEffect.profile(.load).perform(on: service)
        guard case .modal(.profile(.loaded(.failure(.network(kind: .timedOut, _)))))? = profile else {
            Issue.record("unexpected \(String(describing: profile))")
            return
        }
    }

    @Test("Calls with nothing to report, and the runtime's own effects, come back as nothing")
    func nothingComesBack() async {
        let service = FakeAuthService()
        #expect(await AuthEffect.dashboard(.forceRefresh).perform(on: service) == nil)
        #expect(await AuthEffect.quit.perform(on: service) == nil)
        #expect(await AuthEffect.copy(SecretText("otpauth://totp/x"), as: .totpURI).perform(on: service) == nil)
        #expect(await service.calls == [.forceRefresh])
    }

    @Test("A cancelled call reports nothing: it is not an auth failure with UI text")
    func cancellationIsNotAnAuthError() async {
        let outcome = await AuthEffect.outcome { () async throws -> Int in throw CancellationError() }
        #expect(outcome == nil)
        let failure = await AuthEffect.outcome { () async throws -> Int in throw AuthError.limitExceeded("slow") }
        #expect(failure == .failure(.limitExceeded("slow")))
    }

    @Test("Form requests are serialised, sample calls run side by side, the terminal's effects stay with the runtime")
    func execution() {
        #expect(AuthEffect.signIn(.signIn(username: "a", password: "b")).execution == .formRequest)
        #expect(AuthEffect.devices(.load).execution == .background)
        #expect(AuthEffect.session(.getTokens(.id)).execution == .background)
        #expect(AuthEffect.copy(SecretText("token"), as: .id).execution == .runtime)
        #expect(
            AuthEffect.dashboard(.sampleCalls(first: 3, count: 2)).concurrentParts == [
                .dashboard(.sampleCalls(first: 3, count: 1)), .dashboard(.sampleCalls(first: 4, count: 1)),
            ])
    }
}
