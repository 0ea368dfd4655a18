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
            base = .signIn(makeSignIn(username: username, notice: notice))
        case .signUp(let username):
            guard !options.disableSignUp else { return [] }
            // The prefilled username names an account that exists (the demo's "demo"): Create account
            // starts empty on its Username, so a newcomer does not submit a taken name (the demo walk).
            base = .signUp(makeSignUp(username: username == options.prefilledUsername ? "" : username))
        case .confirmSignUp(let username, let delivery, let password, let sendNewCode):
            return openConfirmSignUp(
                username: username, delivery: delivery, password: password, sendNewCode: sendNewCode)
        case .forgotPassword(let username):
            var state = ForgotPasswordState(username: username, policy: options.passwordPolicy)
            state.now = now
            base = .forgotPassword(state)
        case .backToRelogin(let username, let notice):
            return returnToRelogin(username: username, notice: notice)
        case .challenge(let step, let username):
            openChallenge(step, username: username)
        case .signInCode(let step, let username, let method):
            return openSignInCode(step, username: username, method: method)
        case .dashboard:
            // Back from an authenticator enrolment.
            base = .dashboard
        case .closeModal:
            modal = nil
        case .autoSignIn(let username, let password):
            return autoSignIn(username: username, password: password)
        case .signedIn:
            statusMessage = nil
            base = .dashboard
        case .cancelled:
            // "Sign in as someone else" cancelled: back to the account it was opened from, as it was.
            if let back = options.returnAccount { return [.switchAccount(back.id)] }
            return options.canCancel ? [.dismiss] : []
        case .present(let opening):
            guard let opened = opening.open(self) else { return [] }
            modal = opened.modal
            if opened.clearsStatus { statusMessage = nil }
            return perform(opened.effects)
        case .show(let opening):
            guard let opened = opening.open(self) else { return [] }
            base = opened.screen
            return perform(opened.effects)
        case .answered(let question, let confirmed):
            return reduceAction(.dashboard(.questionAnswered(question, confirmed: confirmed)))
        case .status(let message):
            statusMessage = message
        }
        return []
    }

    /// A sign-in challenge's screen; the dashboard when the step is not a challenge.
    private mutating func openChallenge(_ step: SignInStep, username: String) {
        guard var challenge = ChallengeState(step: step, username: username, policy: options.passwordPolicy) else {
            base = .dashboard
            return
        }
        challenge.allowPasskey(options.offersPasskey)
        base = .challenge(challenge)
    }

    /// Sign in, already signing in with the password just confirmed (after Create account's code).
    private mutating func autoSignIn(username: String, password: SecretText) -> [AuthEffect] {
        var state = makeSignIn(username: username, notice: ScreenText.accountConfirmedSigningIn)
        state.request = .signIn
        base = .signIn(state)
        return [.signIn(.signIn(username: username, password: password))]
    }

    /// The sign-up code screen; `sendNewCode` asks for a fresh code first (an unconfirmed account at sign-in).
    private mutating func openConfirmSignUp(
        username: String, delivery: CodeDeliveryDetails?, password: SecretText?, sendNewCode: Bool
    ) -> [AuthEffect] {
        var state = ConfirmSignUpState(username: username, delivery: delivery, rememberedPassword: password)
        state.now = now
        state.resendCooldownLength = options.resendCooldown
        if delivery != nil { state.resendAvailableAt = now.addingTimeInterval(options.resendCooldown) }
        var effects: [ScreenEffect] = []
        if sendNewCode { effects = state.sendCodeForUnconfirmedAccount() }
        base = .confirmSignUp(state)
        return perform(effects)
    }

    /// A first-factor code screen (USER_AUTH EMAIL_OTP / SMS_OTP) whose Resend code uses `method` again.
    private mutating func openSignInCode(_ step: SignInStep, username: String, method: SignInMethod) -> [AuthEffect] {
        switch step {
        case .emailOTP(let details):
            base = .challenge(
                .code(CodeChallengeState(username: username, kind: .email(details), resend: .method(method))))
        case .smsOTP(let details):
            base = .challenge(
                .code(CodeChallengeState(username: username, kind: .sms(details), resend: .method(method))))
        default:
            return navigate(.challenge(step, username: username))
        }
        return []
    }

    /// Opens the re-login prompt (when it is not open), as `s` on the dashboard does.
    mutating func openRelogin() -> [AuthEffect] {
        navigate(.present(.relogin))
    }

    /// The re-login prompt for the user named on the dashboard, saying why it opened and what waits.
    func makeReloginPrompt() -> ReloginPromptState {
        let reason = dashboard.userState.needsRelogin ? dashboard.userState : .signedOutUserPoolsTokenInvalid
        var prompt = ReloginPromptState(
            reason: reason, username: dashboard.username ?? dashboard.session?.username ?? "",
            waitingCount: dashboard.callsWaitingForSignIn, policy: options.passwordPolicy,
            choosesMethod: options.choosesSignInMethod, usernameKind: options.usernameKind,
            asksForPassword: options.asksForPassword)
        prompt.cause = dashboard.reloginCause
        prompt.offersPasskey = options.offersPasskey
        return prompt
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
                openResetFromRelogin(username: username)
            case .route:
                break
            }
        }
        return result
    }

    mutating func reduceProfile(_ action: ProfileAction) -> [AuthEffect] {
        if case .deleted(let username, .success) = action {
            // The client signed out (its state event may have come first): the sign-in screen says what happened.
            statusMessage = nil
            dashboard.append(ScreenText.accountDeleted(username))
            base = .signIn(makeSignIn(username: "", notice: ScreenText.accountDeleted(username)))
            return handOverAfterSignOut()
        }
        return scope(\.profile) { $0.reduce(action) }
    }

    /// Opens "Remember this device?" once per device, when the pool left the choice to the user.
    mutating func offerRememberDevice(_ summary: SessionSummary?) {
        guard let summary, summary.deviceAwaitsRememberChoice, let key = summary.deviceKey,
            dashboard.userState == .signedIn, isOnDashboard, modal == nil,
            rememberDeviceAsked.insert(key).inserted
        else { return }
        _ = navigate(.present(.made(.rememberDevice(RememberDevicePromptState(deviceKey: key)))))
    }

    /// The dashboard's `t`: the secret shows on an enrolment screen, and its code is verified.
    mutating func reduceTOTPEnrolment(_ action: TOTPEnrolmentAction) -> [AuthEffect] {
        switch action {
        case .started(.success(let details)):
            dashboard.mfaRequest = nil
            guard isOnDashboard, relogin == nil, dashboard.userState == .signedIn else { return [] }
            isHelpVisible = false
            dashboard.append(ScreenText.totpEnrolling)
            let username = dashboard.username ?? dashboard.session?.username ?? details.accountName
            base = .challenge(.totpSetup(TOTPSetupState(username: username, details: details, isEnrolment: true)))
            return []
        case .started(.failure(let error)):
            dashboard.mfaRequest = nil
            dashboard.append(ScreenText.mfaFailed(ScreenText.shortError(error)))
            return []
        case .verified(let result):
            guard case .challenge(.totpSetup(let enrolment)) = base, enrolment.isEnrolment else { return [] }
            var effects = scope(\.challengeScreen) { $0.reduce(.confirmSignInFinished(result.map { .done })) }
            if case .success = result {
                dashboard.append(ScreenText.totpEnrolled)
                dashboard.mfaRequest = .load
                effects.append(.dashboard(.mfaSettings))
            }
            return effects
        }
    }
}
