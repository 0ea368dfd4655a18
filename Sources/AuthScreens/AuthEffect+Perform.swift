import CognitoAuth
import Foundation

extension AuthEffect {
    /// How the runtime runs an effect.
    enum Execution: Hashable, Sendable {
        /// A form's request: one at a time, a newer one replacing an older, Esc (`cancelRequest`) dropping it.
        case formRequest
        /// A call that runs beside the others (dashboard, Devices, Profile, session reads).
        case background
        /// Work only the runtime can do: the browser, the clipboard, the redirect listener, cancelling, ending the UI.
        case runtime
    }

    /// How the runtime runs this effect; ``perform(on:)`` does the work of the first two kinds.
    var execution: Execution {
        switch self {
        case .signIn, .confirmSignIn, .startUserAuth, .selectSignInMethod, .resendSignInCode, .restartSignIn,
            .verifyTOTPSetup, .signUp, .confirmSignUp, .resendSignUpCode, .forgotPassword, .confirmForgotPassword:
            return .formRequest
        case .setUpTOTP, .releaseSignInWait, .forceRefresh, .probeConnectivity, .loadMFASettings, .setMFAPreference,
            .sampleCalls, .loadDevices, .changeDevice, .profile, .loadSession:
            return .background
        case .startHostedUISignIn, .completeHostedUISignIn, .cancelHostedUISignIn, .cancelRequest, .signOut,
            .copyToken, .copyTOTPURI, .copySignInURL, .quit, .switchAccount, .handOver, .dismiss:
            return .runtime
        }
    }

    /// The effects to run side by side for this one: each sample call is a task of its own.
    var concurrentParts: [AuthEffect] {
        guard case .sampleCalls(let first, let count) = self, count > 1 else { return [self] }
        return (first..<(first + count)).map { .sampleCalls(first: $0, count: 1) }
    }

    /// Calls `service` for this effect and returns the action its result comes back as.
    ///
    /// Nil when nothing comes back: the call has no result for the UI (`forceRefresh`...), it was
    /// cancelled (a `CancellationError` is not an auth failure), or the runtime runs the effect
    /// itself (``Execution/runtime``). Sample calls run one after another here; the runtime runs
    /// ``concurrentParts`` instead.
    package func perform(on service: some AuthService) async -> AppAction? {
        switch self {
        case .signIn(let username, let password):
            return await Self.outcome { try await service.signIn(username: username, password: password.value) }
                .map { .signIn(.signInFinished($0)) }
        case .startUserAuth(let username):
            return await Self.outcome {
                try await service.signIn(username: username, password: nil, flow: .userAuth, method: nil)
            }.map { .signIn(.signInFinished($0)) }
        case .confirmSignIn(let answer, let attributes):
            return await Self.outcome { try await service.confirmSignIn(answer.value, attributes: attributes) }
                .map { .challenge(.confirmSignInFinished($0)) }
        case .selectSignInMethod(let method, let password):
            return await Self.outcome { try await service.selectSignInMethod(method, password: password?.value) }
                .map { .challenge(.confirmSignInFinished($0)) }
        case .resendSignInCode(let username, let method):
            return await Self.outcome {
                try await service.signIn(username: username, password: nil, flow: .userAuth, method: method)
            }.map { .challenge(.codeResent($0)) }
        case .restartSignIn:
            return await Self.outcome { try await service.restartSignIn() }.map { .challenge(.codeResent($0)) }
        case .setUpTOTP:
            return await Self.outcome { try await service.setUpTOTP() }.map { .totpEnrolment(.started($0)) }
        case .verifyTOTPSetup(let code):
            return await Self.outcome { try await service.verifyTOTPSetup(code: code.value) }
                .map { .totpEnrolment(.verified($0)) }
        case .signUp, .confirmSignUp, .resendSignUpCode, .forgotPassword, .confirmForgotPassword:
            return await performAccountRequest(on: service)
        case .releaseSignInWait:
            await service.releaseSignInWait()
            return nil
        case .forceRefresh:
            await service.forceRefresh()
            return nil
        case .probeConnectivity:
            await service.probeConnectivity()
            return nil
        case .loadMFASettings, .setMFAPreference, .sampleCalls, .loadSession:
            return await performDashboardRequest(on: service)
        case .loadDevices:
            return await Self.outcome { try await service.listDevices(pageSize: 60) }.map { .devices(.loaded($0)) }
        case .changeDevice(let change):
            return await Self.outcome {
                switch change {
                case .remember(let key, let remembered):
                    try await service.setDeviceRemembered(remembered, deviceKey: key)
                case .forget(let key): try await service.forgetDevice(key)
                }
            }.map { .devices(.changeFinished(change, $0)) }
        case .profile(let request):
            return await request.perform(on: service).map { .profile($0) }
        case .startHostedUISignIn, .completeHostedUISignIn, .cancelHostedUISignIn, .cancelRequest, .signOut,
            .copyToken, .copyTOTPURI, .copySignInURL, .quit, .switchAccount, .handOver, .dismiss:
            return nil
        }
    }

    /// Create account, its confirmation and Forgot password.
    private func performAccountRequest(on service: some AuthService) async -> AppAction? {
        switch self {
        case .signUp(let username, let password, let attributes):
            return await Self.outcome {
                try await service.signUp(username: username, password: password.value, attributes: attributes)
            }.map { .signUp(.signUpFinished($0)) }
        case .confirmSignUp(let username, let code):
            return await Self.outcome { try await service.confirmSignUp(username: username, code: code) }
                .map { .confirmSignUp(.confirmSignUpFinished($0)) }
        case .resendSignUpCode(let username):
            return await Self.outcome { try await service.resendSignUpCode(username: username) }
                .map { .confirmSignUp(.resendCodeFinished($0)) }
        case .forgotPassword(let username):
            return await Self.outcome { try await service.forgotPassword(username: username).delivery }
                .map { .forgotPassword(.forgotPasswordFinished($0)) }
        case .confirmForgotPassword(let username, let newPassword, let code):
            return await Self.outcome {
                try await service.confirmForgotPassword(username: username, newPassword: newPassword.value, code: code)
            }.map { .forgotPassword(.confirmForgotPasswordFinished($0)) }
        default:
            return nil
        }
    }

    /// The dashboard's reads and changes.
    private func performDashboardRequest(on service: some AuthService) async -> AppAction? {
        switch self {
        case .loadMFASettings:
            return await Self.outcome { try await service.mfaSettings() }.map { .dashboard(.mfaSettingsLoaded($0)) }
        case .setMFAPreference(let changes):
            return await Self.outcome { try await service.setMFAPreference(changes) }
                .map { .dashboard(.mfaPreferenceFinished($0)) }
        case .sampleCalls(let first, let count):
            var last: AppAction?
            for number in first..<(first + count) {
                let options = TokenRequestOptions(label: ScreenText.sampleCallLabel(number))
                last = await Self.outcome { try await service.sampleServiceCall(options) }
                    .map { .dashboard(.sampleCallFinished(number: number, result: $0)) }
            }
            return last
        case .loadSession:
            return .sessionLoaded(await service.session.map(SessionSummary.init))
        default:
            return nil
        }
    }

    /// A call's result as the UI sees it, or nil when the call was cancelled (then nothing comes back).
    static func outcome<T: Sendable>(_ body: @Sendable () async throws -> T) async -> Result<T, AuthError>? {
        do {
            return .success(try await body())
        } catch let error as AuthError {
            return .failure(error)
        } catch is CancellationError {
            return nil
        } catch {
            return .failure(.service(type: String(describing: type(of: error)), message: "\(error)"))
        }
    }
}

extension ProfileRequest {
    /// Calls `service` for this Profile request; nil when the call was cancelled.
    func perform(on service: some AuthService) async -> ProfileAction? {
        switch self {
        case .load:
            return await AuthEffect.outcome { try await service.userAttributes() }.map { .loaded($0) }
        case .update(let name, let value):
            return await AuthEffect.outcome { try await service.updateUserAttributes([name: value]) }
                .map { .updated(name: name, $0) }
        case .sendCode(let name):
            return await AuthEffect.outcome { try await service.sendAttributeVerificationCode(name) }
                .map { .codeSent(name: name, $0) }
        case .verify(let name, let code):
            return await AuthEffect.outcome { try await service.verifyUserAttribute(name, code: code) }
                .map { .verified(name: name, $0) }
        case .changePassword(let current, let proposed):
            return await AuthEffect.outcome {
                try await service.changePassword(current: current.value, proposed: proposed.value)
            }.map { .passwordChanged($0) }
        case .deleteAccount(let username):
            return await AuthEffect.outcome { try await service.deleteUser() }.map { .deleted(username: username, $0) }
        }
    }
}
