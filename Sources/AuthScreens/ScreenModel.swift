import CognitoAuth
import LatchkeyText
import TerminalKeys

/// What a view model tells the app's chrome: its title, what runs, its key hints and help.
///
/// ``AppState`` asks the modal first and the base screen under it second: a hint list or help a
/// modal leaves nil (a question over the dashboard keeps the dashboard's keys) is the base's. That
/// composition is written once, in `AppState+Presentation`.
protocol ScreenPresentation {
    /// The title of the view.
    var title: String { get }
    /// The verb for the status line while a request runs ("Signing in…"), or nil.
    var activity: String? { get }
    /// Whether the view has a text field (then `q` and `?` are typed, not commands).
    var hasTextField: Bool { get }
    /// The Ctrl-T hint when a password field has focus, else nil.
    var revealHint: String? { get }
    /// The bottom line's hints, most important first, or nil to keep those of the screen under it.
    var keyHints: [String]? { get }
    /// The bottom line's hints with their keys; by default ``keyHints`` as legacy hints (no keys).
    var hintEntries: [HintEntry]? { get }
    /// Whether the bottom line leaves out "? help" (a question waits for `y`, or a request runs on a form).
    var hidesHelpHint: Bool { get }
    /// The help overlay's lines, or nil to keep those of the screen under it.
    var helpLines: [String]? { get }
    /// The box of text a modal of that kind shows; nil for a view that draws itself.
    var panel: ModalPanel? { get }
}

extension ScreenPresentation {
    var revealHint: String? { nil }
    var keyHints: [String]? { nil }
    var hintEntries: [HintEntry]? { keyHints?.map(HintEntry.init(legacy:)) }
    var hidesHelpHint: Bool { false }
    var helpLines: [String]? { nil }
    var panel: ModalPanel? { nil }
}

/// A view model: its presentation, plus its actions, the action a key sends, and one reducer shape.
///
/// Every screen and modal reduces to `[ScreenEffect]`: effects for the runtime, and routes (open,
/// close, go to) for the app.
protocol ScreenModel: ScreenPresentation {
    /// What can happen to the view model.
    associatedtype Action
    /// The action a key press sends.
    static func action(for key: Key) -> Action
    /// Applies `action` and returns the effects and routes for the app.
    mutating func reduce(_ action: Action) -> [ScreenEffect]
}

// MARK: Forms

extension ScreenText {
    /// The hints of a form: Tab, Enter, then the copy and reveal keys, Ctrl-C and `escape`; while a
    /// request runs (`activity`), Esc cancels it. A view without a text field has the choice hints.
    static func formHints(
        activity: String?, hasTextField: Bool, copiesURI: Bool = false, copiesSignInURL: Bool = false,
        revealHint: String?, escape: String?
    ) -> [String] {
        if activity != nil {
            if copiesSignInURL {
                return [ScreenText.hintCancelRequest, Localized.text(\.hintCopySignInURL), ScreenText.hintCtrlCQuit]
            }
            return [ScreenText.hintCancelRequest, ScreenText.hintCtrlCQuit]
        }
        guard hasTextField else { return ScreenText.choiceHints }
        var hints = [ScreenText.hintNext, ScreenText.hintEnter]
        if copiesURI { hints.append(ScreenText.hintCopyTOTPURI) }
        // Only the footer says Ctrl-T (the field does not), so it comes before what may be cut.
        if let revealHint { hints.append(revealHint) }
        hints.append(ScreenText.hintCtrlCQuit)
        if let escape { hints.append(escape) }
        return hints
    }
}

extension FormScreen {
    /// The Ctrl-T hint for the password field `field` when it has focus.
    func revealHint(for field: Focus, _ path: KeyPath<Self, FieldState>) -> String? {
        focus == field ? ScreenText.revealHint(isRevealed: self[keyPath: path].isRevealed) : nil
    }
}

extension SignInState: ScreenModel {
    var title: String { ScreenText.signInTitle }
    var revealHint: String? { revealHint(for: .password, \.password) }
    var keyHints: [String]? {
        var hints = ScreenText.formHints(
            activity: activity, hasTextField: hasTextField, copiesSignInURL: hostedUI != nil, revealHint: revealHint,
            escape: canCancel && backTo == nil ? ScreenText.hintEscBack : nil)
        if signOutURL != nil, activity == nil, hostedUI == nil {
            hints.insert(Localized.text(\.hintCopySignOutURL), at: min(2, hints.count))
        }
        // "Sign in as someone else": the way back comes right after Enter, so a narrow footer keeps it.
        if let backTo, canCancel, activity == nil, hasTextField {
            hints.insert(ScreenText.hintEscBackTo(backTo), at: min(2, hints.count))
        }
        return hints
    }
    var hidesHelpHint: Bool { activity != nil }
    static func action(for key: Key) -> SignInAction { .keyPressed(key) }
}

extension SignUpState: ScreenModel {
    var title: String { ScreenText.signUpTitle }
    var revealHint: String? { revealHint(for: .password, \.password) }
    var keyHints: [String]? {
        ScreenText.formHints(
            activity: activity, hasTextField: hasTextField, revealHint: revealHint, escape: ScreenText.hintEscBack)
    }
    var hidesHelpHint: Bool { activity != nil }
    static func action(for key: Key) -> SignUpAction { .keyPressed(key) }
}

extension ConfirmSignUpState: ScreenModel {
    var title: String { ScreenText.confirmSignUpTitle }
    var keyHints: [String]? {
        ScreenText.formHints(
            activity: activity, hasTextField: hasTextField, revealHint: revealHint, escape: ScreenText.hintEscBack)
    }
    var hidesHelpHint: Bool { activity != nil }
    static func action(for key: Key) -> ConfirmSignUpAction { .keyPressed(key) }
}

extension ForgotPasswordState: ScreenModel {
    var title: String { ScreenText.forgotPasswordTitle }
    var revealHint: String? { revealHint(for: .newPassword, \.newPassword) }
    var keyHints: [String]? {
        ScreenText.formHints(
            activity: activity, hasTextField: hasTextField, revealHint: revealHint, escape: ScreenText.hintEscBack)
    }
    var hidesHelpHint: Bool { activity != nil }
    static func action(for key: Key) -> ForgotPasswordAction { .keyPressed(key) }
}

extension ChallengeState: ScreenModel {
    var revealHint: String? {
        guard case .newPassword(let state) = self else { return nil }
        return state.revealHint
    }
    var keyHints: [String]? { hints(escape: ScreenText.hintEscBack) }
    var hidesHelpHint: Bool { activity != nil }
    static func action(for key: Key) -> ChallengeAction { .keyPressed(key) }

    /// The hints of the challenge's form, `escape` last.
    func hints(escape: String) -> [String] {
        var copiesURI = false
        if case .totpSetup = self { copiesURI = true }
        return ScreenText.formHints(
            activity: activity, hasTextField: hasTextField, copiesURI: copiesURI, revealHint: revealHint,
            escape: escape)
    }
}

extension NewPasswordState {
    /// The Ctrl-T hint for whichever password field has focus.
    var revealHint: String? {
        switch focus {
        case .newPassword: return ScreenText.revealHint(isRevealed: newPassword.isRevealed)
        case .confirmPassword: return ScreenText.revealHint(isRevealed: confirmPassword.isRevealed)
        default: return nil
        }
    }
}

// MARK: The dashboard and its modals

extension DashboardState: ScreenModel {
    var title: String { ScreenText.dashboardTitle }
    var activity: String? { inFlightActivity }
    var hasTextField: Bool { false }
    var hintEntries: [HintEntry]? { bindingHints }
    var helpLines: [String]? { Self.helpLines }
    static func action(for key: Key) -> DashboardAction { .keyPressed(key) }
}

extension ReloginPromptState: ScreenModel {
    var revealHint: String? {
        if case .newPassword(let state)? = challenge { return state.revealHint }
        if challenge == nil && signIn.focus == .password {
            return ScreenText.revealHint(isRevealed: signIn.password.isRevealed)
        }
        return nil
    }
    var keyHints: [String]? {
        if let challenge { return challenge.hints(escape: ScreenText.hintEscCancel) }
        return ScreenText.formHints(
            activity: activity, hasTextField: hasTextField, revealHint: revealHint, escape: ScreenText.hintEscCancel)
    }
    var hidesHelpHint: Bool { activity != nil }
    var helpLines: [String]? { hasTextField ? ScreenText.formHelp : ScreenText.choiceHelp }
    static func action(for key: Key) -> ReloginPromptAction { .keyPressed(key) }
}

extension DevicesState: ScreenModel {
    var title: String { ScreenText.devicesTitle }
    var hasTextField: Bool { false }
    var hintEntries: [HintEntry]? { listHints }
    var helpLines: [String]? { Self.helpLines }
    static func action(for key: Key) -> DevicesAction { .keyPressed(key) }
}

extension RememberDevicePromptState: ScreenModel {
    var title: String { ScreenText.rememberDeviceTitle }
    var panel: ModalPanel? {
        ModalPanel(
            title: ScreenText.rememberDeviceTitle, message: ScreenText.rememberDeviceMessage,
            footer: ScreenText.rememberDeviceFooter)
    }
    var activity: String? { nil }
    var hasTextField: Bool { false }
    static func action(for key: Key) -> Key { key }

    /// Any key closes the prompt; `y` remembers the device and `n` records "not remembered".
    mutating func reduce(_ key: Key) -> [ScreenEffect] {
        [.route(.closeModal)] + (answer(key).map { [.run(.devices(.change($0)))] } ?? [])
    }
}

extension AccountPickerState: ScreenModel {
    var title: String { ScreenText.dashboardTitle }
    var activity: String? { nil }
    var hasTextField: Bool { false }
    var hintEntries: [HintEntry]? { Self.bindingHints }
    /// The accounts, one a row, the selected one marked.
    var panel: ModalPanel? {
        let rows = rows.enumerated().map { index, name in
            (index == selected ? "▸ " : "· ") + TerminalText.sanitized(name)
        }
        return ModalPanel(title: ScreenText.accountPickerTitle, message: rows.joined(separator: "\n"))
    }
    static func action(for key: Key) -> Key { key }
}

/// `y` on the dashboard, waiting for `i` or `a`: the dashboard's hints stay.
struct TokenCopyChoice: ScreenModel {
    var title: String { ScreenText.dashboardTitle }
    var activity: String? { nil }
    var hasTextField: Bool { false }
    static func action(for key: Key) -> Key { key }

    /// Any key closes the choice: `i` or `a` reads that token to copy it (never to the screen), anything
    /// else says the copy was cancelled.
    mutating func reduce(_ key: Key) -> [ScreenEffect] {
        switch Self.keyBindings.command(for: key) {
        case .idToken?: return [.route(.closeModal), .run(.session(.getTokens(.id)))]
        case .accessToken?: return [.route(.closeModal), .run(.session(.getTokens(.access)))]
        case nil: return [.route(.closeModal), .route(.status(ScreenText.copyTokenCancelled))]
        }
    }
}
