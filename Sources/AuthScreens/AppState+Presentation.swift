import CognitoAuth
import Foundation

extension AppState {
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
    public var statusLine: String { statusLineActivity ?? statusMessage ?? "" }

    /// The activity the status line shows beside a spinner, or nil when it shows ``statusMessage``.
    ///
    /// A request's activity always wins. A browser sign-in that only waits for its redirect gives way
    /// to a message, so Ctrl-Y's "Copied the sign-in URL…" is seen (the panel above still says that
    /// the browser is awaited).
    public var statusLineActivity: String? {
        if isOnlyAwaitingBrowser, let statusMessage, !statusMessage.isEmpty { return nil }
        return activity
    }

    /// Whether the one thing under way is a browser sign-in waiting for its redirect (no request runs).
    var isOnlyAwaitingBrowser: Bool {
        guard relogin == nil, case .signIn(let signIn) = screen else { return false }
        return signIn.hostedUI != nil && signIn.request == nil
    }

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
}
