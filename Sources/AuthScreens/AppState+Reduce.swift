import CognitoAuth
import Foundation
import TerminalKeys

extension AppState {
    /// Applies an action and returns the effects for the runtime to run.
    public mutating func reduce(_ action: AppAction) -> [AuthEffect] {
        if case .keyTyped(let key, let seenOpenings) = action {
            // Typed before a modal that opened unasked was drawn: it was meant for what showed before.
            guard seenOpenings >= unaskedOpenings else { return [] }
            return reduce(.keyPressed(key))
        }
        let shownBefore = modalModel.map { ObjectIdentifier(type(of: $0)) }
        // The code screens' resend cooldown runs on the app's clock, before and after the action.
        setChallengeClocks()
        let effects = reduceAction(action)
        setChallengeClocks()
        if case .keyPressed = action {
            // A modal a key opened was asked for.
        } else if let shown = modalModel.map({ ObjectIdentifier(type(of: $0)) }), shown != shownBefore {
            unaskedOpenings += 1
        }
        return effects
    }

    /// Routes an action: root actions here, each child's to its view model through ``scope(_:_:)``.
    mutating func reduceAction(_ action: AppAction) -> [AuthEffect] {
        switch action {
        case .keyPressed(let key), .keyTyped(let key, _):
            return keyPressed(key)
        case .sessionEvent(let event):
            return sessionEvent(event)
        case .sessionLoaded(let summary):
            let effects = perform(dashboard.reduce(.sessionLoaded(summary)))
            offerRememberDevice(summary)
            return effects + handOverIfUserHasAnotherAccount()
        case .tick(let time):
            return tick(time)
        case .terminalSizeChanged(let tooSmall):
            isTerminalTooSmall = tooSmall
            return []
        case .screen(let action): return reduceScreen(action)
        case .dashboard(let action): return reduceDashboard(action)
        case .modal(let action): return reduceModal(action)
        case .totpEnrolment(let action): return reduceTOTPEnrolment(action)
        case .hostedUISignedOut(let logoutURL, let browserOpened):
            hostedUISignedOut(logoutURL: logoutURL, browserOpened: browserOpened)
            return []
        case .passkeyCeremony(let event):
            return reducePasskeyCeremony(event)
        case .tokenRead(let token, .success(let text)):
            return [.copy(text, as: token)]
        case .tokenRead(let token, .failure(let error)):
            return reduceAction(.tokenCopied(token, .failure(error)))
        case .tokenCopied(let token, let result):
            switch result {
            case .success(let receipt):
                statusMessage = ScreenText.tokenCopied(token, receipt)
                // Copied, the run before's sign-out URL has done its work: its rows give the dashboard back.
                if token == .signOutURL { pendingSignOutURL = nil }
            case .failure(let error): statusMessage = ScreenText.tokenCopyFailed(token, error)
            }
            dashboard.append(statusMessage ?? "")
            return []
        }
    }

    /// The one-second tick: the code screens' clocks and the dashboard's.
    private mutating func tick(_ time: Date) -> [AuthEffect] {
        if var state = confirmSignUpScreen {
            state.now = time
            confirmSignUpScreen = state
        } else if var state = forgotPasswordScreen {
            state.now = time
            forgotPasswordScreen = state
        }
        return perform(dashboard.reduce(.tick(now: time))) + modalTicked(time)
    }

    /// A hosted session signed out: the hosted UI's own cookie goes too, through its /logout page.
    private mutating func hostedUISignedOut(logoutURL: String, browserOpened: Bool) {
        let notice = browserOpened ? ScreenText.hostedUILogoutOpened : ScreenText.hostedUILogoutToOpen(logoutURL)
        dashboard.append(notice)
        if browserOpened {
            handOverNotice = [handOverNotice, notice].compactMap { $0 }.joined(separator: " ")
        } else {
            // The next run (a hand-over to another account) shows the URL on its own, with Ctrl-Y.
            handOverSignOutURL = TerminalText.sanitized(logoutURL)
        }
        if var state = signInScreen, !state.isInFlight {
            // The address goes on rows of its own, whole, with Ctrl-Y, not wrapped inside the notice.
            state.notice = browserOpened ? notice : ScreenText.hostedUILogoutOpenBelow
            state.signOutURL = browserOpened ? nil : TerminalText.sanitized(logoutURL)
            signInScreen = state
        }
    }

    // MARK: Children

    /// Runs `body` on the child view model at `path` (when it shows), writes it back, and follows
    /// the routes it returns; the one way the app reaches into a child.
    mutating func scope<Child>(
        _ path: WritableKeyPath<AppState, Child?>, _ body: (inout Child) -> [ScreenEffect]
    ) -> [AuthEffect] {
        guard var child = self[keyPath: path] else { return [] }
        let effects = body(&child)
        self[keyPath: path] = child
        return perform(effects)
    }

    /// The Sign in screen's action; a finished sign-in reads the session again (for the device it may have
    /// registered).
    mutating func reduceSignIn(_ action: SignInAction) -> [AuthEffect] {
        let typed = signInPassword
        switch action {
        case .hostedUIStarted(.failure(let error)):
            dashboard.append(ScreenText.signInFailedLog(ScreenText.shortError(error)))
        case .hostedUIStarted(.success):
            // A new wait starts with its spinner, not an earlier message.
            statusMessage = nil
        case .signInFinished(let result):
            // A failed sign-in (wrong password, a timeout) is in the event log too, not only on the form.
            if case .failure(let error) = result {
                dashboard.append(ScreenText.signInFailedLog(ScreenText.shortError(error)))
            }
            signInPassword = nil
            if case .success(.done) = result { checksSignedInUser = true }
        default:
            break
        }
        // The password of a submitted sign-in is kept until its result: an unconfirmed account is
        // confirmed and then signed in with it.
        var submitted: SecretText?
        var isInFlight: Bool?
        let effects = scope(\.signInScreen) { state in
            let effects = state.reduce(action)
            for case .run(.screen(.signIn(.signIn(_, let password)))) in effects where state.showsCreateAccount {
                submitted = password
            }
            isInFlight = state.isInFlight
            return effects
        }
        if let submitted { signInPassword = submitted }
        if isInFlight == false { signInPassword = nil }
        if case .signInFinished = action, var confirm = confirmSignUpScreen, confirm.rememberedPassword == nil,
            typed != nil
        {
            confirm.rememberedPassword = typed
            confirmSignUpScreen = confirm
        }
        var result = effects + handOverIfUserHasAnotherAccount()
        if case .signInFinished(.success(.done)) = action { result.append(.session(.loadSession)) }
        return result
    }

    /// The challenge screen's action; a finished challenge reads the session again, as a sign-in does.
    mutating func reduceChallenge(_ action: ChallengeAction) -> [AuthEffect] {
        if case .confirmSignInFinished(.success(.done)) = action { checksSignedInUser = true }
        var effects = scope(\.challengeScreen) { $0.reduce(action) } + handOverIfUserHasAnotherAccount()
        if case .confirmSignInFinished(.success(.done)) = action { effects.append(.session(.loadSession)) }
        return effects
    }

    /// The prompt's answers: a failed sign-in goes to the event log too, and a finished one reads the
    /// session again (for the device it registered).
    mutating func reduceReloginAnswer(_ action: ReloginPromptAction) -> [AuthEffect] {
        if case .signIn(.signInFinished(.failure(let error))) = action {
            dashboard.append(ScreenText.signInFailedLog(ScreenText.shortError(error)))
        }
        var effects = reduceRelogin(action)
        switch action {
        case .signIn(.signInFinished(.success(.done))), .challenge(.confirmSignInFinished(.success(.done))):
            effects.append(.session(.loadSession))
        default:
            break
        }
        return effects
    }

    private mutating func reduceDashboard(_ action: DashboardAction) -> [AuthEffect] {
        if case .signOutFinished(global: true, let result) = action {
            let notice: String
            switch result {
            case .success: notice = ScreenText.signedOutEverywhereNotice
            case .failure(let error):
                notice = ScreenText.signOutFailed(global: true, ScreenText.shortError(error)) + "."
            }
            if var state = signInScreen, !state.isInFlight {
                state.notice = notice
                signInScreen = state
            } else {
                globalSignOutNotice = notice
            }
        }
        let effects = perform(dashboard.reduce(action))
        if case .signOutFinished(let global, .success) = action {
            let handOver = handOverAfterSignOut()
            handOverNotice = global && !handOver.isEmpty ? ScreenText.signedOutEverywhereNotice : nil
            handOverSignOutURL = nil
            return effects + handOver
        }
        return effects
    }

    mutating func reduceDevices(_ action: DevicesAction) -> [AuthEffect] {
        if case .changeFinished(let change, let result) = action, devices == nil {
            // The answer to "Remember this device?", given over the dashboard.
            dashboard.append(ScreenText.rememberAnswerLogged(change, result))
            return []
        }
        return scope(\.devices) { $0.reduce(action) }
    }

    // MARK: Keys

    /// A key: the global keys here (Ctrl-C, help, too small, Ctrl-Y), the rest to the modal, else the base.
    mutating func keyPressed(_ key: Key) -> [AuthEffect] {
        if AppKeys.interrupts(key) { return [.quit] }
        if isTerminalTooSmall { return AppKeys.quit.contains(key) && !hasTextField ? [.quit] : [] }
        if passkeyCeremony != nil { return passkeyCeremonyKeyPressed(key) }
        if isHelpVisible {
            if AppKeys.isKey(key, of: .closeHelp) || AppKeys.help.contains(key) || AppKeys.formHelp.contains(key) {
                isHelpVisible = false
            } else if AppKeys.quit.contains(key) && !hasTextField {
                return [.quit]
            }
            return []
        }
        if AppKeys.formHelp.contains(key) {
            isHelpVisible = true
            return []
        }
        if let copy = copyURIKey(key) { return copy }
        // A question takes every key: only `y` confirms, so `q` does not quit under it.
        if modal?.takesEveryKey == true, let effects = modalKeyPressed(key) { return effects }
        if !hasTextField {
            if AppKeys.help.contains(key) {
                isHelpVisible = true
                return []
            }
            if AppKeys.quit.contains(key) { return [.quit] }
        }
        if let effects = modalKeyPressed(key) { return effects }
        return baseKeyPressed(key)
    }

    // MARK: Events

    /// Signed out (here or `fromElsewhere`): every modal closes, since the next sign-in may be another
    /// user (its Security row is read again with `m`), and the dashboard gives way to Sign in.
    private mutating func signedOut(fromElsewhere: Bool, global: Bool, username: String?) {
        modal = nil
        dashboard.mfa = nil
        if fromElsewhere { dashboard.append(ScreenText.signedOutElsewhere) }
        guard isOnDashboard else { return }
        let notice =
            globalSignOutNotice
            ?? (global
                ? ScreenText.signingOutEverywhere
                : fromElsewhere ? ScreenText.signedOutElsewhere : ScreenText.signedOutNotice)
        globalSignOutNotice = nil
        base = .signIn(makeSignIn(username: username ?? "", notice: notice))
    }

    mutating func sessionEvent(_ event: SessionEvent) -> [AuthEffect] {
        let previousUsername = dashboard.username ?? dashboard.session?.username
        let previousWaiting = dashboard.callsWaitingForSignIn
        let wasSigningOutGlobally = dashboard.signOutRequest == .global
        // Neither `o`/`O` nor a deletion here: the sign-out came from another terminal or process.
        let signedOutHere = dashboard.awaitsOwnSignOut || profile?.request == .deleteAccount
        let previousState = dashboard.userState
        var effects = perform(dashboard.reduce(.sessionEvent(event)))
        switch event {
        case .stateChanged(let state, let username, _):
            switch state {
            case .signedIn:
                if relogin != nil {
                    relogin = nil
                    dashboard.append(ScreenText.signedInAgain(username ?? previousUsername ?? ""))
                }
                // A question was asked about the session before, not a new one.
                if case .question = modal, previousState != .signedIn || username != previousUsername {
                    modal = nil
                }
                statusMessage = nil
                base = .dashboard
                effects += handOverIfUserHasAnotherAccount()
            case .signedOutUserPoolsTokenInvalid, .signedOutFederatedTokensInvalid:
                if case .signIn(let state) = base, !state.isInFlight { base = .dashboard }
                if isOnDashboard && relogin == nil { effects += openRelogin() }
                let cause = dashboard.reloginCause
                relogin?.reason = state
                relogin?.cause = cause
            case .signedOut, .guest:
                let fromElsewhere = !signedOutHere && (previousState == .signedIn || previousState.needsRelogin)
                signedOut(fromElsewhere: fromElsewhere, global: wasSigningOutGlobally, username: previousUsername)
            case .unknown:
                break
            }
        case .pendingCallsChanged:
            let waiting = dashboard.callsWaitingForSignIn
            if var reset = forgotPasswordScreen, reset.waitingCalls != nil {
                reset.waitingCalls = waiting
                forgotPasswordScreen = reset
            }
            if relogin != nil {
                effects += reduceRelogin(.waitingCountChanged(waiting))
            } else if waiting > previousWaiting && isOnDashboard && dashboard.userState.needsRelogin {
                effects += openRelogin()
            }
            effects += followStepUpCalls()
        default:
            break
        }
        return effects
    }
}
