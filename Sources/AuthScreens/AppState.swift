import CognitoAuth
import Foundation
import TerminalKeys

/// The whole UI as a value: which screen shows, the dashboard, the re-login prompt over it, and the chrome.
///
/// ``reduce(_:)`` routes keys and results to the active screen, follows the routes the screens
/// return, and feeds auth events to the dashboard. It returns the effects the runtime runs.
public struct AppState: Equatable, Sendable {
    /// The full-screen view under any modal.
    public enum Screen: Equatable, Sendable {
        /// Sign in.
        case signIn(SignInState)
        /// Create account.
        case signUp(SignUpState)
        /// The sign-up confirmation code.
        case confirmSignUp(ConfirmSignUpState)
        /// Forgot password.
        case forgotPassword(ForgotPasswordState)
        /// A sign-in challenge.
        case challenge(ChallengeState)
        /// The dashboard (its state is ``AppState/dashboard``).
        case dashboard
    }

    /// The options.
    public var options: AuthUIOptions
    /// The screen showing.
    public var screen: Screen
    /// The dashboard, kept up to date by events even while another screen shows.
    public var dashboard: DashboardState
    /// The re-login prompt over the dashboard, when open.
    public var relogin: ReloginPromptState?
    /// Set by the renderer: the terminal is below the minimum size, so no form takes input.
    public var isTerminalTooSmall: Bool
    /// Whether the help overlay shows.
    public var isHelpVisible: Bool
    /// A message for the status line when nothing is in flight.
    public var statusMessage: String?
    /// The Devices view over the dashboard (`v`), when open.
    public var devices: DevicesState?
    /// The Profile view over the dashboard (`p`), when open.
    public var profile: ProfileState?
    /// Whether `y` on the dashboard waits for the token to copy (`i` or `a`).
    public var isChoosingTokenToCopy = false
    /// "Remember this device?" over the dashboard, when open.
    public var rememberDevicePrompt: RememberDevicePromptState?
    /// The Accounts chooser over the dashboard (`a`), when open.
    public var accountPicker: AccountPickerState?
    /// The device keys the remember prompt was offered for (once each).
    public var rememberDeviceAsked: Set<String> = []
    /// What a finished global sign-out said, for the sign-in screen that follows it.
    public var globalSignOutNotice: String?
    /// The password of the Sign in screen's request in flight, kept only until it finishes: an
    /// unconfirmed account is confirmed and then signed in with it, as after Create account.
    var signInPassword: SecretText?

    /// Creates the state on Sign in (or Create account with ``AuthUIOptions/startOnSignUp``).
    public init(options: AuthUIOptions = AuthUIOptions(), now: Date = Date(), timeZone: TimeZone = .current) {
        self.options = options
        self.dashboard = DashboardState(now: now, timeZone: timeZone, logCapacity: options.logCapacity)
        self.dashboard.poolRows = DashboardState.poolRows(options)
        self.relogin = nil
        self.isTerminalTooSmall = false
        self.isHelpVisible = false
        self.statusMessage = nil
        self.screen = .dashboard
        if options.startOnSignUp {
            self.screen = .signUp(makeSignUp(username: ""))
        } else {
            self.screen = .signIn(makeSignIn(username: options.prefilledUsername ?? "", notice: nil))
        }
        if let notice = options.storeNotice {
            // Shown inside the UI (the status line and the log), not printed behind the full screen.
            self.statusMessage = TerminalText.sanitized(notice)
            self.dashboard.append(ScreenText.storeWarning(notice))
        }
    }

    /// The current time (the dashboard's clock).
    public var now: Date {
        get { dashboard.now }
        set { dashboard.now = newValue }
    }

    /// Whether the dashboard is the screen showing.
    public var isOnDashboard: Bool { screen == .dashboard }

    /// The verb for the status line while a request runs ("Signing in…"), or nil.
    public var activity: String? {
        if let relogin, let activity = relogin.activity { return activity }
        if relogin == nil, screen == .dashboard, let activity = devices?.activity { return activity }
        if relogin == nil, screen == .dashboard, let activity = profile?.activity { return activity }
        switch screen {
        case .signIn(let state): return state.activity
        case .signUp(let state): return state.activity
        case .confirmSignUp(let state): return state.activity
        case .forgotPassword(let state): return state.activity
        case .challenge(let state): return state.activity
        case .dashboard: return dashboard.isSigningOut ? ScreenText.signingOut : nil
        }
    }

    /// Whether a request runs (the renderer shows a spinner).
    public var isInFlight: Bool { activity != nil }

    /// The status line: the activity, else the status message.
    public var statusLine: String { activity ?? statusMessage ?? "" }

    /// The session badge for the top line: "✔ Signed in · alice" (the API's state name is on the dashboard).
    public var badge: String {
        let name = dashboard.username ?? dashboard.session?.username
        return ([headline.text] + (name.map { [ScreenText.activeAccount($0, others: options.otherAccounts)] } ?? []))
            .joined(separator: " · ")
    }

    /// The header's symbol, words and tone.
    public var headline: SessionHeadline { dashboard.headline }

    /// The title of what has focus (the prompt's when it is open).
    public var title: String {
        if relogin != nil { return ScreenText.reloginTitle }
        if rememberDevicePrompt != nil { return ScreenText.rememberDeviceTitle }
        if devices != nil && screen == .dashboard { return ScreenText.devicesTitle }
        if profile != nil && screen == .dashboard { return ScreenText.profileTitle }
        switch screen {
        case .signIn: return ScreenText.signInTitle
        case .signUp: return ScreenText.signUpTitle
        case .confirmSignUp: return ScreenText.confirmSignUpTitle
        case .forgotPassword: return ScreenText.forgotPasswordTitle
        case .challenge(let state): return state.title
        case .dashboard: return ScreenText.dashboardTitle
        }
    }

    /// Whether the active view has a text field (then `q` and `?` are typed, not commands).
    public var hasTextField: Bool {
        if let relogin { return relogin.hasTextField }
        switch screen {
        case .signIn, .signUp, .confirmSignUp, .forgotPassword: return true
        case .challenge(let state): return state.hasTextField
        case .dashboard: return profile?.hasTextField ?? false
        }
    }

    /// The Ctrl-T hint when a password field has focus, else nil.
    public var revealHint: String? {
        func hint(_ field: FieldState) -> String { ScreenText.revealHint(isRevealed: field.isRevealed) }
        if let relogin {
            if case .newPassword(let state)? = relogin.challenge { return newPasswordHint(state) }
            if relogin.challenge == nil && relogin.signIn.focus == .password { return hint(relogin.signIn.password) }
            return nil
        }
        switch screen {
        case .signIn(let state): return state.focus == .password ? hint(state.password) : nil
        case .signUp(let state): return state.focus == .password ? hint(state.password) : nil
        case .forgotPassword(let state): return state.focus == .newPassword ? hint(state.newPassword) : nil
        case .challenge(.newPassword(let state)): return newPasswordHint(state)
        default: return nil
        }
    }

    /// The key hints for the bottom line, most important first. The renderer shows as many as fit,
    /// then ``helpHint`` when all fit or ``moreHint`` when some were left out.
    public var keyHints: [String] {
        if accountPicker != nil && relogin == nil && screen == .dashboard { return ScreenText.accountPickerHints }
        // On a form, q is a letter of the field: only Ctrl-C quits (a brief resize must not lose it).
        if isTerminalTooSmall { return [hasTextField ? ScreenText.hintCtrlCQuit : ScreenText.hintQuit] }
        if isHelpVisible { return [ScreenText.closeHelpHint] }
        if isInFlight && !(screen == .dashboard && relogin == nil) {
            if hostedUIWaitShowing != nil {
                return [ScreenText.hintCancelRequest, Localized.text("hintCopySignInURL"), ScreenText.hintCtrlCQuit]
            }
            return [ScreenText.hintCancelRequest, ScreenText.hintCtrlCQuit]
        }
        if relogin == nil && screen == .dashboard && dashboard.isConfirmingGlobalSignOut {
            return ScreenText.globalSignOutHints
        }
        if relogin == nil && screen == .dashboard && devices != nil && rememberDevicePrompt == nil {
            return ScreenText.devicesHints
        }
        if relogin == nil && screen == .dashboard, let profile, rememberDevicePrompt == nil {
            switch profile.mode {
            case .browsing: return ScreenText.profileHints
            case .editing: return ScreenText.profileFormHints
            case .verifying: return ScreenText.profileCodeHints
            case .changingPassword: return ScreenText.profilePasswordHints
            case .confirmingDelete: return ScreenText.profileDeleteHints
            }
        }
        if relogin == nil && screen == .dashboard {
            var hints = ScreenText.dashboardHints
            if dashboard.userState.needsRelogin { hints.insert(ScreenText.hintSignInAgain, at: 0) }
            if options.canSwitchAccounts,
                let profileIndex = hints.firstIndex(of: Localized.text("dashboardHints.profile"))
            {
                hints.insert(ScreenText.hintAccounts, at: profileIndex)
            }
            return hints
        }
        if !hasTextField { return ScreenText.choiceHints }
        var hints = [ScreenText.hintNext, ScreenText.hintEnter]
        if totpSetupShowing != nil { hints.append(ScreenText.hintCopyTOTPURI) }
        // Only the footer says Ctrl-T (the field does not), so it comes before what may be cut.
        if let revealHint { hints.append(revealHint) }
        hints.append(ScreenText.hintCtrlCQuit)
        if relogin != nil {
            hints.append(ScreenText.hintEscCancel)
        } else if escapeGoesBack {
            hints.append(ScreenText.hintEscBack)
        }
        return hints
    }

    /// The help key's hint, shown last when every hint fits: "F1 help" on forms (`?` is typed there), "? help" elsewhere.
    public var helpHint: String? {
        if isTerminalTooSmall || isHelpVisible || dashboard.isConfirmingGlobalSignOut && screen == .dashboard {
            return nil
        }
        if isInFlight && !(screen == .dashboard && relogin == nil) { return nil }
        return hasTextField ? ScreenText.hintF1Help : ScreenText.hintHelp
    }

    /// What replaces the hints that do not fit: "F1 more" on forms, "? more" elsewhere.
    public var moreHint: String { hasTextField ? ScreenText.hintF1More : ScreenText.hintHelpMore }

    /// Whether Esc leaves the current form (on Sign in it does only when cancelling is allowed).
    var escapeGoesBack: Bool {
        if case .signIn(let state) = screen { return state.canCancel }
        return true
    }

    /// The key hints joined for one line.
    public var keyHintLine: String {
        (keyHints + (helpHint.map { [$0] } ?? [])).joined(separator: ScreenText.hintSeparator)
    }

    /// The help overlay's lines for the active view.
    public var helpLines: [String] {
        if relogin == nil && screen == .dashboard && devices != nil { return ScreenText.devicesHelp }
        if relogin == nil && screen == .dashboard && profile?.mode == .browsing { return ScreenText.profileHelp }
        if relogin == nil && screen == .dashboard { return ScreenText.dashboardHelp }
        return hasTextField ? ScreenText.formHelp : ScreenText.choiceHelp
    }

    private func newPasswordHint(_ state: NewPasswordState) -> String? {
        switch state.focus {
        case .newPassword: return ScreenText.revealHint(isRevealed: state.newPassword.isRevealed)
        case .confirmPassword: return ScreenText.revealHint(isRevealed: state.confirmPassword.isRevealed)
        default: return nil
        }
    }

    func makeSignIn(username: String, notice: String?) -> SignInState {
        var state = SignInState(
            username: username, notice: notice, showsCreateAccount: !options.disableSignUp, showsForgotPassword: true,
            canCancel: options.canCancel)
        state.usernameKind = options.usernameKind
        state.choosesMethod = options.choosesSignInMethod
        state.asksForPassword = options.asksForPassword
        state.webProviders = options.webProviders
        return state
    }

    func makeSignUp(username: String) -> SignUpState {
        SignUpState(
            username: username, policy: options.passwordPolicy, attributes: options.signUpAttributes,
            signsInAfterSignUp: options.signsInAfterSignUp, usernameKind: options.usernameKind,
            verificationMechanisms: options.verificationMechanisms)
    }
}

/// Everything that can happen to the app: keys, auth events, request results, ticks, resizes.
public enum AppAction: Sendable {
    /// A key was pressed.
    case keyPressed(Key)
    /// The auth client published an event (see ``authEvent(_:)`` to pass an `AuthEvent`).
    case sessionEvent(SessionEvent)
    /// The runtime read the stored session (secrets left out).
    case sessionLoaded(SessionSummary?)
    /// A second passed.
    case tick(now: Date)
    /// The renderer found the terminal too small (or big enough again).
    case terminalSizeChanged(tooSmall: Bool)
    /// `signIn` finished.
    case signInFinished(Result<SignInStep, AuthError>)
    /// A browser sign-in's URL is ready (or it could not start).
    case hostedUIStarted(Result<HostedUIWait, AuthError>)
    /// A hosted session signed out: the hosted UI's `/logout` URL was opened, or is to be opened.
    case hostedUISignedOut(logoutURL: String, browserOpened: Bool)
    /// `confirmSignIn` finished.
    case confirmSignInFinished(Result<SignInStep, AuthError>)
    /// `signUp` finished.
    case signUpFinished(Result<SignUpStep, AuthError>)
    /// `confirmSignUp` finished.
    case confirmSignUpFinished(Result<SignUpStep, AuthError>)
    /// `resendSignUpCode` finished.
    case resendSignUpCodeFinished(Result<CodeDeliveryDetails, AuthError>)
    /// `forgotPassword` finished.
    case forgotPasswordFinished(Result<CodeDeliveryDetails, AuthError>)
    /// `confirmForgotPassword` finished.
    case confirmForgotPasswordFinished(Result<Void, AuthError>)
    /// Sample call `number` finished.
    case sampleCallFinished(number: Int, result: Result<Void, AuthError>)
    /// A sign-out finished.
    case signOutFinished(global: Bool, result: Result<Void, AuthError>)
    /// The MFA settings were read.
    case mfaSettingsLoaded(Result<MFASettings, AuthError>)
    /// An MFA change finished.
    case mfaPreferenceFinished(Result<Void, AuthError>)
    /// Resend code started the sign-in again (USER_AUTH with the code method).
    case signInCodeResent(Result<SignInStep, AuthError>)
    /// `setUpTOTP` finished (the dashboard's `t`).
    case totpSetupStarted(Result<TOTPSetupDetails, AuthError>)
    /// `verifyTOTPSetup` finished.
    case totpSetupVerified(Result<Void, AuthError>)
    /// The device list arrived (or failed).
    case devicesLoaded(Result<[DeviceInfo], AuthError>)
    /// A device change finished.
    case deviceChangeFinished(DeviceChange, Result<Void, AuthError>)
    /// Something happened in the Profile view (a request's result).
    case profile(ProfileAction)
    /// A token went to the clipboard (its length in characters), or could not.
    case tokenCopied(CopiedToken, Result<Int, AuthError>)

    /// The auth client's event, translated.
    public static func authEvent(_ event: AuthEvent) -> AppAction { .sessionEvent(SessionEvent(event)) }
}

extension AppState {
    /// Applies an action and returns the effects for the runtime to run.
    public mutating func reduce(_ action: AppAction) -> [AuthEffect] {
        // The code screens' resend cooldown runs on the app's clock, before and after the action.
        setChallengeClocks()
        let effects = reduceAction(action)
        setChallengeClocks()
        return effects
    }

    private mutating func reduceAction(_ action: AppAction) -> [AuthEffect] {
        switch action {
        case .keyPressed(let key):
            return keyPressed(key)
        case .sessionEvent(let event):
            return sessionEvent(event)
        case .sessionLoaded(let summary):
            let effects = perform(dashboard.reduce(.sessionLoaded(summary)))
            offerRememberDevice(summary)
            return effects
        case .tick(let time):
            if case .confirmSignUp(var state) = screen {
                state.now = time
                screen = .confirmSignUp(state)
            } else if case .forgotPassword(var state) = screen {
                state.now = time
                screen = .forgotPassword(state)
            }
            return perform(dashboard.reduce(.tick(now: time)))
        case .terminalSizeChanged(let tooSmall):
            isTerminalTooSmall = tooSmall
            return []
        case .hostedUIStarted(let result):
            if case .failure(let error) = result {
                dashboard.append(ScreenText.signInFailedLog(ScreenText.shortError(error)))
            }
            return withSignIn { $0.reduce(.hostedUIStarted(result)) }
        case .signInFinished(let result):
            // A failed sign-in (wrong password, a timeout) is in the event log too, not only on the form.
            if case .failure(let error) = result {
                dashboard.append(ScreenText.signInFailedLog(ScreenText.shortError(error)))
            }
            if relogin != nil { return reduceRelogin(.signIn(.signInFinished(result))) }
            let typed = signInPassword
            signInPassword = nil
            let effects = withSignIn { $0.reduce(.signInFinished(result)) }
            if case .confirmSignUp(var confirm) = screen, confirm.rememberedPassword == nil, typed != nil {
                confirm.rememberedPassword = typed
                screen = .confirmSignUp(confirm)
            }
            return effects
        case .confirmSignInFinished(let result):
            if relogin?.challenge != nil { return reduceRelogin(.challenge(.confirmSignInFinished(result))) }
            return withChallenge { $0.reduce(.confirmSignInFinished(result)) }
        case .signUpFinished(let result):
            return withSignUp { $0.reduce(.signUpFinished(result)) }
        case .confirmSignUpFinished(let result):
            return withConfirmSignUp { $0.reduce(.confirmSignUpFinished(result)) }
        case .resendSignUpCodeFinished(let result):
            return withConfirmSignUp { $0.reduce(.resendCodeFinished(result)) }
        case .forgotPasswordFinished(let result):
            return withForgotPassword { $0.reduce(.forgotPasswordFinished(result)) }
        case .confirmForgotPasswordFinished(let result):
            return withForgotPassword { $0.reduce(.confirmForgotPasswordFinished(result)) }
        case .sampleCallFinished(let number, let result):
            return perform(dashboard.reduce(.sampleCallFinished(number: number, result: result)))
        case .signOutFinished(let global, let result):
            if global {
                let notice: String
                switch result {
                case .success: notice = ScreenText.signedOutEverywhereNotice
                case .failure(let error):
                    notice = ScreenText.signOutFailed(global: true, ScreenText.shortError(error)) + "."
                }
                if case .signIn(var state) = screen, !state.isInFlight {
                    state.notice = notice
                    screen = .signIn(state)
                } else {
                    globalSignOutNotice = notice
                }
            }
            return perform(dashboard.reduce(.signOutFinished(global: global, result: result)))
        case .hostedUISignedOut(let logoutURL, let browserOpened):
            // A hosted session: the hosted UI's own cookie goes too, through its /logout page.
            let notice =
                browserOpened ? ScreenText.hostedUILogoutOpened : ScreenText.hostedUILogoutToOpen(logoutURL)
            dashboard.append(notice)
            if case .signIn(var state) = screen, !state.isInFlight {
                state.notice = notice
                screen = .signIn(state)
            }
            return []
        case .mfaSettingsLoaded(let result):
            return perform(dashboard.reduce(.mfaSettingsLoaded(result)))
        case .mfaPreferenceFinished(let result):
            return perform(dashboard.reduce(.mfaPreferenceFinished(result)))
        case .signInCodeResent(let result):
            if relogin?.challenge != nil { return reduceRelogin(.challenge(.codeResent(result))) }
            return withChallenge { $0.reduce(.codeResent(result)) }
        case .totpSetupStarted(let result):
            return totpSetupStarted(result)
        case .totpSetupVerified(let result):
            guard case .challenge(.totpSetup(let enrolment)) = screen, enrolment.isEnrolment else { return [] }
            var effects = withChallenge { $0.reduce(.confirmSignInFinished(result.map { .done })) }
            if case .success = result {
                dashboard.append(ScreenText.totpEnrolled)
                dashboard.isChangingMFA = true
                effects.append(.loadMFASettings)
            }
            return effects
        case .devicesLoaded(let result):
            return withDevices { $0.reduce(.loaded(result)) }
        case .deviceChangeFinished(let change, let result):
            if devices == nil {
                dashboard.append(ScreenText.rememberAnswerLogged(change, result))
                return []
            }
            return withDevices { $0.reduce(.changeFinished(change, result)) }
        case .profile(let profileAction):
            return reduceProfile(profileAction)
        case .tokenCopied(let token, let result):
            switch result {
            case .success(let characters): statusMessage = ScreenText.tokenCopied(token, characters: characters)
            case .failure(let error): statusMessage = ScreenText.tokenCopyFailed(token, error)
            }
            dashboard.append(statusMessage ?? "")
            return []
        }
    }

    private mutating func totpSetupStarted(_ result: Result<TOTPSetupDetails, AuthError>) -> [AuthEffect] {
        dashboard.isChangingMFA = false
        switch result {
        case .success(let details):
            guard screen == .dashboard, relogin == nil, dashboard.userState == .signedIn else { return [] }
            isHelpVisible = false
            dashboard.append(ScreenText.totpEnrolling)
            let username = dashboard.username ?? dashboard.session?.username ?? details.accountName
            screen = .challenge(.totpSetup(TOTPSetupState(username: username, details: details, isEnrolment: true)))
        case .failure(let error):
            dashboard.append(ScreenText.mfaFailed(ScreenText.shortError(error)))
        }
        return []
    }

    // MARK: Keys

    private mutating func keyPressed(_ key: Key) -> [AuthEffect] {
        if key.isCtrl("c") { return [.quit] }
        if isTerminalTooSmall { return key.isCharacter("q") && !hasTextField ? [.quit] : [] }
        if isHelpVisible {
            if key == .escape || key.isCharacter("?") || key == .function(1) {
                isHelpVisible = false
            } else if key.isCharacter("q") && !hasTextField {
                return [.quit]
            }
            return []
        }
        if key == .function(1) {
            isHelpVisible = true
            return []
        }
        if let copy = copyURIKey(key) { return copy }
        if screen == .dashboard && relogin == nil && dashboard.isConfirmingGlobalSignOut {
            return perform(dashboard.reduce(.keyPressed(key)))
        }
        if !hasTextField {
            if key.isCharacter("?") {
                isHelpVisible = true
                return []
            }
            if key.isCharacter("q") { return [.quit] }
        }
        if let prompt = rememberDevicePrompt, relogin == nil {
            rememberDevicePrompt = nil
            return prompt.answer(key).map { [.changeDevice($0)] } ?? []
        }
        if var picker = accountPicker, relogin == nil {
            switch picker.reduce(key) {
            case nil: accountPicker = picker
            case .close?: accountPicker = nil
            case .switchTo(let name)?:
                accountPicker = nil
                return [.switchAccount(name)]
            }
            return []
        }
        if relogin != nil { return reduceRelogin(.keyPressed(key)) }
        if devices != nil && screen == .dashboard { return withDevices { $0.reduce(.keyPressed(key)) } }
        if profile != nil && screen == .dashboard { return reduceProfile(.keyPressed(key)) }
        if screen == .dashboard, let copy = copyTokenKey(key) { return copy }
        // After the token copy, whose second key may be `a` (the access token).
        if screen == .dashboard, options.canSwitchAccounts, key.isCharacter("a") {
            accountPicker = AccountPickerState(accounts: options.otherAccounts)
            return []
        }
        switch screen {
        case .signIn: return withSignIn { $0.reduce(.keyPressed(key)) }
        case .signUp: return withSignUp { $0.reduce(.keyPressed(key)) }
        case .confirmSignUp: return withConfirmSignUp { $0.reduce(.keyPressed(key)) }
        case .forgotPassword: return withForgotPassword { $0.reduce(.keyPressed(key)) }
        case .challenge: return withChallenge { $0.reduce(.keyPressed(key)) }
        case .dashboard: return perform(dashboard.reduce(.keyPressed(key)))
        }
    }

    // MARK: Events

    private mutating func sessionEvent(_ event: SessionEvent) -> [AuthEffect] {
        let previousUsername = dashboard.username ?? dashboard.session?.username
        let previousWaiting = dashboard.callsWaitingForSignIn
        let wasSigningOutGlobally = dashboard.isSigningOutGlobally
        var effects = perform(dashboard.reduce(.sessionEvent(event)))
        switch event {
        case .stateChanged(let state, let username, _):
            switch state {
            case .signedIn:
                if relogin != nil {
                    relogin = nil
                    dashboard.append(ScreenText.signedInAgain(username ?? previousUsername ?? ""))
                }
                statusMessage = nil
                screen = .dashboard
            case .signedOutUserPoolsTokenInvalid, .signedOutFederatedTokensInvalid:
                if case .signIn(let state) = screen, !state.isInFlight { screen = .dashboard }
                if screen == .dashboard && relogin == nil { effects += openRelogin() }
                relogin?.reason = state
                relogin?.cause = dashboard.reloginCause
            case .signedOut, .guest:
                relogin = nil
                // The next sign-in may be another user: the Security row is read again with `m`.
                dashboard.mfa = nil
                devices = nil
                profile = nil
                rememberDevicePrompt = nil
                if screen == .dashboard {
                    let notice =
                        globalSignOutNotice
                        ?? (wasSigningOutGlobally ? ScreenText.signingOutEverywhere : ScreenText.signedOutNotice)
                    globalSignOutNotice = nil
                    screen = .signIn(makeSignIn(username: previousUsername ?? "", notice: notice))
                }
            case .unknown:
                break
            }
        case .pendingCallsChanged:
            let waiting = dashboard.callsWaitingForSignIn
            if relogin != nil {
                effects += reduceRelogin(.waitingCountChanged(waiting))
            } else if waiting > previousWaiting && screen == .dashboard && dashboard.userState.needsRelogin {
                effects += openRelogin()
            }
        default:
            break
        }
        return effects
    }

    // MARK: Routes

    private mutating func perform(_ effects: [ScreenEffect]) -> [AuthEffect] {
        var result: [AuthEffect] = []
        for effect in effects {
            switch effect {
            case .run(let authEffect): result.append(authEffect)
            case .route(let route): result += navigate(route)
            }
        }
        return result
    }

    private mutating func navigate(_ route: Route) -> [AuthEffect] {
        isHelpVisible = false
        switch route {
        case .signIn(let username, let notice):
            screen = .signIn(makeSignIn(username: username, notice: notice))
        case .signUp(let username):
            guard !options.disableSignUp else { return [] }
            screen = .signUp(makeSignUp(username: username))
        case .confirmSignUp(let username, let delivery, let password, let sendNewCode):
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
        case .dashboard:
            // Back from the Devices view (over the dashboard) or from an authenticator enrolment.
            if devices != nil {
                devices = nil
            } else {
                screen = .dashboard
            }
        case .autoSignIn(let username, let password):
            var state = makeSignIn(username: username, notice: ScreenText.accountConfirmedSigningIn)
            state.isInFlight = true
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

    private mutating func openRelogin() -> [AuthEffect] {
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

    private mutating func reduceRelogin(_ action: ReloginPromptAction) -> [AuthEffect] {
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
    private mutating func copyTokenKey(_ key: Key) -> [AuthEffect]? {
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

    // MARK: Screen access

    private mutating func reduceProfile(_ action: ProfileAction) -> [AuthEffect] {
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

    private mutating func withDevices(_ body: (inout DevicesState) -> [ScreenEffect]) -> [AuthEffect] {
        guard var state = devices else { return [] }
        let effects = body(&state)
        devices = state
        return perform(effects)
    }

    /// Opens "Remember this device?" once per device, when the pool left the choice to the user.
    private mutating func offerRememberDevice(_ summary: SessionSummary?) {
        guard let summary, summary.deviceAwaitsRememberChoice, let key = summary.deviceKey,
            dashboard.userState == .signedIn, screen == .dashboard, relogin == nil,
            rememberDeviceAsked.insert(key).inserted
        else { return }
        rememberDevicePrompt = RememberDevicePromptState(deviceKey: key)
    }

    private mutating func withSignIn(_ body: (inout SignInState) -> [ScreenEffect]) -> [AuthEffect] {
        guard case .signIn(var state) = screen else { return [] }
        let effects = body(&state)
        screen = .signIn(state)
        for case .run(.signIn(_, let password)) in effects where state.showsCreateAccount {
            signInPassword = password
        }
        if !state.isInFlight { signInPassword = nil }
        return perform(effects)
    }

    private mutating func withSignUp(_ body: (inout SignUpState) -> [ScreenEffect]) -> [AuthEffect] {
        guard case .signUp(var state) = screen else { return [] }
        let effects = body(&state)
        screen = .signUp(state)
        return perform(effects)
    }

    private mutating func withConfirmSignUp(_ body: (inout ConfirmSignUpState) -> [ScreenEffect]) -> [AuthEffect] {
        guard case .confirmSignUp(var state) = screen else { return [] }
        let effects = body(&state)
        screen = .confirmSignUp(state)
        return perform(effects)
    }

    private mutating func withForgotPassword(_ body: (inout ForgotPasswordState) -> [ScreenEffect]) -> [AuthEffect] {
        guard case .forgotPassword(var state) = screen else { return [] }
        let effects = body(&state)
        screen = .forgotPassword(state)
        return perform(effects)
    }

    private mutating func withChallenge(_ body: (inout ChallengeState) -> [ScreenEffect]) -> [AuthEffect] {
        guard case .challenge(var state) = screen else { return [] }
        let effects = body(&state)
        screen = .challenge(state)
        return perform(effects)
    }
}
