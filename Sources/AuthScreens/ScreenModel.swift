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
    var revealHint: HintEntry? { get }
    /// The bottom line's hints with their keys, most important first, or nil to keep those of the
    /// screen under it; each is made from a ``KeyBinding``.
    var hintEntries: [HintEntry]? { get }
    /// Whether the bottom line leaves out "? help" (a question waits for `y`, or a request runs on a form).
    var hidesHelpHint: Bool { get }
    /// The help overlay's lines, or nil to keep those of the screen under it.
    var helpLines: [String]? { get }
    /// The box of text a modal of that kind shows; nil for a view that draws itself.
    var panel: ModalPanel? { get }
}

extension ScreenPresentation {
    var revealHint: HintEntry? { nil }
    var hintEntries: [HintEntry]? { nil }
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

extension FormScreen {
    /// The Ctrl-T hint for the password field `field` when it has focus.
    func revealHint(for field: Focus, _ path: KeyPath<Self, FieldState>) -> HintEntry? {
        focus == field ? FormKeys.revealHint(isRevealed: self[keyPath: path].isRevealed) : nil
    }
}

extension SignInState: BaseScreenModel {
    var title: String { ScreenText.signInTitle }
    var revealHint: HintEntry? { revealHint(for: .password, \.password) }
    var hintEntries: [HintEntry]? {
        var hints = FormKeys.formHints(
            activity: activity, hasTextField: hasTextField, copiesSignInURL: hostedUI != nil, revealHint: revealHint,
            escape: canCancel && backTo == nil ? FormKeys.escape.hint(\.hintEscBack) : nil)
        if signOutURL != nil, activity == nil, hostedUI == nil {
            hints.insert(AppKeys.binding(.copy).hint(\.hintCopySignOutURL), at: min(2, hints.count))
        }
        // "Sign in as someone else": the way back comes right after Enter, so a narrow footer keeps it.
        if let backTo, canCancel, activity == nil, hasTextField {
            hints.insert(FormKeys.escape.hint(\.hintEscBackTo, ["name": backTo]), at: min(2, hints.count))
        }
        return hints
    }
    var hidesHelpHint: Bool { activity != nil }
    static func action(for key: Key) -> SignInAction { .keyPressed(key) }
    static func appAction(_ action: SignInAction) -> AppAction { .signIn(action) }
}

extension SignUpState: BaseScreenModel {
    var title: String { ScreenText.signUpTitle }
    var revealHint: HintEntry? {
        revealHint(for: .password, \.password) ?? revealHint(for: .confirmPassword, \.confirmPassword)
    }
    var hintEntries: [HintEntry]? {
        FormKeys.formHints(
            activity: activity, hasTextField: hasTextField, revealHint: revealHint,
            escape: FormKeys.escape.hint(\.hintEscBack))
    }
    var hidesHelpHint: Bool { activity != nil }
    static func action(for key: Key) -> SignUpAction { .keyPressed(key) }
    static func appAction(_ action: SignUpAction) -> AppAction { .signUp(action) }
}

extension ConfirmSignUpState: BaseScreenModel {
    var title: String { ScreenText.confirmSignUpTitle }
    var hintEntries: [HintEntry]? {
        FormKeys.formHints(
            activity: activity, hasTextField: hasTextField, revealHint: revealHint,
            escape: FormKeys.escape.hint(\.hintEscBack))
    }
    var hidesHelpHint: Bool { activity != nil }
    static func action(for key: Key) -> ConfirmSignUpAction { .keyPressed(key) }
    static func appAction(_ action: ConfirmSignUpAction) -> AppAction { .confirmSignUp(action) }
}

extension ForgotPasswordState: BaseScreenModel {
    var title: String { ScreenText.forgotPasswordTitle }
    var revealHint: HintEntry? {
        revealHint(for: .newPassword, \.newPassword) ?? revealHint(for: .confirmPassword, \.confirmPassword)
    }
    var hintEntries: [HintEntry]? {
        FormKeys.formHints(
            activity: activity, hasTextField: hasTextField, revealHint: revealHint,
            escape: FormKeys.escape.hint(\.hintEscBack))
    }
    var hidesHelpHint: Bool { activity != nil }
    static func action(for key: Key) -> ForgotPasswordAction { .keyPressed(key) }
    static func appAction(_ action: ForgotPasswordAction) -> AppAction { .forgotPassword(action) }
}

extension ChallengeState: BaseScreenModel {
    var revealHint: HintEntry? {
        guard case .newPassword(let state) = self else { return nil }
        return state.revealHint
    }
    var hintEntries: [HintEntry]? { hints(escape: FormKeys.escape.hint(\.hintEscBack)) }
    var hidesHelpHint: Bool { activity != nil }
    static func action(for key: Key) -> ChallengeAction { .keyPressed(key) }
    static func appAction(_ action: ChallengeAction) -> AppAction { .challenge(action) }

    /// The hints of the challenge's form, `escape` last.
    func hints(escape: HintEntry) -> [HintEntry] {
        var copiesURI = false
        if case .totpSetup = self { copiesURI = true }
        return FormKeys.formHints(
            activity: activity, hasTextField: hasTextField, copiesURI: copiesURI, revealHint: revealHint,
            escape: escape)
    }
}

extension NewPasswordState {
    /// The Ctrl-T hint for whichever password field has focus.
    var revealHint: HintEntry? {
        switch focus {
        case .newPassword: return FormKeys.revealHint(isRevealed: newPassword.isRevealed)
        case .confirmPassword: return FormKeys.revealHint(isRevealed: confirmPassword.isRevealed)
        default: return nil
        }
    }
}

// MARK: The dashboard and its modals

extension DashboardState: BaseScreenModel {
    var title: String { ScreenText.dashboardTitle }
    var activity: String? { inFlightActivity }
    var hasTextField: Bool { false }
    var hintEntries: [HintEntry]? { bindingHints }
    var helpLines: [String]? { Self.helpLines }
    static func action(for key: Key) -> DashboardAction { .keyPressed(key) }
    static func appAction(_ action: DashboardAction) -> AppAction { .dashboard(action) }
}

extension ReloginPromptState: ScreenModel {
    var revealHint: HintEntry? {
        if case .newPassword(let state)? = challenge { return state.revealHint }
        if challenge == nil && signIn.focus == .password {
            return FormKeys.revealHint(isRevealed: signIn.password.isRevealed)
        }
        return nil
    }
    var hintEntries: [HintEntry]? {
        let cancel = FormKeys.escape.hint(\.hintEscCancel)
        if let challenge { return challenge.hints(escape: cancel) }
        return FormKeys.formHints(
            activity: activity, hasTextField: hasTextField, revealHint: revealHint, escape: cancel)
    }
    var hidesHelpHint: Bool { activity != nil }
    var helpLines: [String]? { hasTextField ? FormKeys.formHelpLines : FormKeys.choiceHelpLines }
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
