import CognitoAuth
import Foundation
import TerminalKeys

extension AppState {
    // MARK: Routes

    mutating func perform(_ effects: [ScreenEffect]) -> [AuthEffect] {
        var result: [AuthEffect] = []
        for effect in effects {
            switch effect {
            case .run(let authEffect): result.append(authEffect)
            case .route(let route): result += navigate(route)
            }
        }
        return result
    }

    mutating func navigate(_ route: Route) -> [AuthEffect] {
        isHelpVisible = false
        switch route {
        case .signIn(let username, let notice):
            screen = .signIn(makeSignIn(username: username, notice: notice))
        case .signUp(let username):
            guard !options.disableSignUp else { return [] }
            screen = .signUp(makeSignUp(username: username))
        case .confirmSignUp(let username, let delivery, let password, let sendNewCode):
            return openConfirmSignUp(
                username: username, delivery: delivery, password: password, sendNewCode: sendNewCode)
        case .forgotPassword(let username):
            var state = ForgotPasswordState(username: username, policy: options.passwordPolicy)
            state.now = now
            screen = .forgotPassword(state)
        case .challenge(let step, let username):
            guard let challenge = ChallengeState(step: step, username: username, policy: options.passwordPolicy) else {
                screen = .dashboard
                return []
            }
            screen = .challenge(challenge)
        case .signInCode(let step, let username, let method):
            return openSignInCode(step, username: username, method: method)
        case .dashboard:
            // Back from the Devices view (over the dashboard) or from an authenticator enrolment.
            if devices != nil {
                devices = nil
            } else {
                screen = .dashboard
            }
        case .autoSignIn(let username, let password):
            var state = makeSignIn(username: username, notice: ScreenText.accountConfirmedSigningIn)
            state.request = .signIn
            screen = .signIn(state)
            return [.signIn(username: username, password: password)]
        case .signedIn:
            statusMessage = nil
            screen = .dashboard
        case .cancelled:
            return options.canCancel ? [.dismiss] : []
        case .reloginPrompt:
            return relogin == nil ? openRelogin() : []
        case .devices:
            let (state, effects) = DevicesState.opening()
            devices = state
            return perform(effects)
        case .profile:
            let (state, requests) = ProfileState.opening(
                username: dashboard.username ?? dashboard.session?.username ?? "")
            profile = state
            statusMessage = nil
            return requests.map { .profile($0) }
        }
        return []
    }

    /// The sign-up code screen; `sendNewCode` asks for a fresh code first (an unconfirmed account at sign-in).
    private mutating func openConfirmSignUp(
        username: String, delivery: CodeDeliveryDetails?, password: SecretText?, sendNewCode: Bool
    ) -> [AuthEffect] {
        var state = ConfirmSignUpState(username: username, delivery: delivery, rememberedPassword: password)
        state.now = now
        if delivery != nil { state.resendAvailableAt = now.addingTimeInterval(ConfirmSignUpState.resendCooldown) }
        var effects: [ScreenEffect] = []
        if sendNewCode {
            effects = state.reduce(.resendPressed)
            state.notice = ScreenText.accountNotConfirmed
        }
        screen = .confirmSignUp(state)
        return perform(effects)
    }

    /// A first-factor code screen (USER_AUTH EMAIL_OTP / SMS_OTP) whose Resend code uses `method` again.
    private mutating func openSignInCode(_ step: SignInStep, username: String, method: SignInMethod) -> [AuthEffect] {
        switch step {
        case .emailOTP(let details):
            screen = .challenge(
                .code(CodeChallengeState(username: username, kind: .email(details), resend: .method(method))))
        case .smsOTP(let details):
            screen = .challenge(
                .code(CodeChallengeState(username: username, kind: .sms(details), resend: .method(method))))
        default:
            return navigate(.challenge(step, username: username))
        }
        return []
    }

    mutating func openRelogin() -> [AuthEffect] {
        let reason = dashboard.userState.needsRelogin ? dashboard.userState : .signedOutUserPoolsTokenInvalid
        relogin = ReloginPromptState(
            reason: reason, username: dashboard.username ?? dashboard.session?.username ?? "",
            waitingCount: dashboard.callsWaitingForSignIn, policy: options.passwordPolicy,
            choosesMethod: options.choosesSignInMethod, usernameKind: options.usernameKind,
            asksForPassword: options.asksForPassword)
        relogin?.cause = dashboard.reloginCause
        isHelpVisible = false
        statusMessage = nil
        return []
    }

    mutating func reduceRelogin(_ action: ReloginPromptAction) -> [AuthEffect] {
        guard var prompt = relogin else { return [] }
        let effects = prompt.reduce(action)
        relogin = prompt
        var result: [AuthEffect] = []
        for effect in effects {
            switch effect {
            case .run(let authEffect): result.append(authEffect)
            case .route(.signedIn):
                if let username = relogin?.username { dashboard.append(ScreenText.signedInAgain(username)) }
                relogin = nil
                statusMessage = nil
            case .route(.cancelled):
                relogin = nil
                statusMessage = ScreenText.reloginCancelledStatus
            case .route(.forgotPassword(let username)):
                // The waiting calls keep waiting: the sign-in after the reset resumes them.
                relogin = nil
                screen = .forgotPassword(ForgotPasswordState(username: username, policy: options.passwordPolicy))
            case .route:
                break
            }
        }
        return result
    }

    /// `y`, then `i` or `a`, on the dashboard: the token goes to the clipboard, never to the screen.
    mutating func copyTokenKey(_ key: Key) -> [AuthEffect]? {
        if isChoosingTokenToCopy {
            isChoosingTokenToCopy = false
            if key.isCharacter("i") { return [.copyToken(.id)] }
            if key.isCharacter("a") { return [.copyToken(.access)] }
            statusMessage = ScreenText.copyTokenCancelled
            return []
        }
        guard key.isCharacter("y"), dashboard.userState == .signedIn else { return nil }
        isChoosingTokenToCopy = true
        statusMessage = ScreenText.copyTokenChoice
        return []
    }

    mutating func reduceProfile(_ action: ProfileAction) -> [AuthEffect] {
        if case .deleted(let username, .success) = action {
            // The client signed out (its state event may have come first): the sign-in screen says what happened.
            profile = nil
            statusMessage = nil
            devices = nil
            relogin = nil
            dashboard.append(ScreenText.accountDeleted(username))
            screen = .signIn(makeSignIn(username: "", notice: ScreenText.accountDeleted(username)))
            return []
        }
        guard var state = profile else { return [] }
        let (requests, close) = state.reduce(action)
        profile = close ? nil : state
        return requests.map { .profile($0) }
    }

    /// Opens "Remember this device?" once per device, when the pool left the choice to the user.
    mutating func offerRememberDevice(_ summary: SessionSummary?) {
        guard let summary, summary.deviceAwaitsRememberChoice, let key = summary.deviceKey,
            dashboard.userState == .signedIn, screen == .dashboard, relogin == nil,
            rememberDeviceAsked.insert(key).inserted
        else { return }
        rememberDevicePrompt = RememberDevicePromptState(deviceKey: key)
    }

    /// The dashboard's `t`: the secret shows on an enrolment screen, and its code is verified.
    mutating func reduceTOTPEnrolment(_ action: TOTPEnrolmentAction) -> [AuthEffect] {
        switch action {
        case .started(.success(let details)):
            dashboard.isChangingMFA = false
            guard screen == .dashboard, relogin == nil, dashboard.userState == .signedIn else { return [] }
            isHelpVisible = false
            dashboard.append(ScreenText.totpEnrolling)
            let username = dashboard.username ?? dashboard.session?.username ?? details.accountName
            screen = .challenge(.totpSetup(TOTPSetupState(username: username, details: details, isEnrolment: true)))
            return []
        case .started(.failure(let error)):
            dashboard.isChangingMFA = false
            dashboard.append(ScreenText.mfaFailed(ScreenText.shortError(error)))
            return []
        case .verified(let result):
            guard case .challenge(.totpSetup(let enrolment)) = screen, enrolment.isEnrolment else { return [] }
            var effects = scope(\.challengeScreen) { $0.reduce(.confirmSignInFinished(result.map { .done })) }
            if case .success = result {
                dashboard.append(ScreenText.totpEnrolled)
                dashboard.isChangingMFA = true
                effects.append(.loadMFASettings)
            }
            return effects
        }
    }
}
