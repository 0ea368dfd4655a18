/// A form as the renderer sees it: its items in Tab order, which of them are text fields, and their labels.
///
/// Every form screen conforms, so the renderer can draw fields, buttons and the focus ring generically.
public protocol FormViewModel {
    /// The type of the items focus moves between (fields, buttons, links).
    associatedtype Focus: Hashable & Sendable
    /// The item focused now.
    var focus: Focus { get }
    /// The focusable items in Tab order.
    var focusOrder: [Focus] { get }
    /// The kinds of request the form sends.
    associatedtype Request: Hashable & Sendable
    /// The request in flight, or nil when the form is idle: the one model of "in flight" on every form.
    var request: Request? { get }
    /// The key path of the text field at `item`, or nil for a button or link.
    func fieldPath(_ item: Focus) -> WritableKeyPath<Self, FieldState>?
    /// The text field at `item`, or nil for a button or link (by default, the one at ``fieldPath(_:)``).
    func field(for item: Focus) -> FieldState?
    /// The label of a field, button or link.
    func label(for item: Focus) -> String
}

extension FormViewModel {
    /// Whether a request is running (buttons are drawn disabled; only Esc does anything).
    public var isInFlight: Bool { request != nil }

    /// The text field at `item`, or nil for a button or link.
    public func field(for item: Focus) -> FieldState? { fieldPath(item).map { self[keyPath: $0] } }
}

extension SignInState: FormViewModel {
    /// The label of a field, button or link.
    public func label(for item: Focus) -> String {
        switch item {
        case .username: return usernameKind.label
        case .password: return ScreenText.passwordLabel
        case .signIn: return choosesMethod ? ScreenText.continueButton : ScreenText.signInButton
        case .createAccount: return ScreenText.createAccountButton
        case .forgotPassword: return ScreenText.forgotPasswordLink
        case .cancel where hostedUI == nil: return backTo.map(ScreenText.backToAccountLink) ?? ScreenText.cancelButton
        case .cancel: return ScreenText.cancelButton
        case .passkey: return ScreenText.usePasskeyButton
        case .web(let index): return webLabel(index)
        case .pasteRedirect: return ScreenText.pasteRedirectLabel
        }
    }
}

extension SignUpState: FormViewModel {
    /// The label of a field, button or link.
    public func label(for item: Focus) -> String {
        switch item {
        case .username: return usernameKind.label
        case .password: return ScreenText.passwordLabel
        case .confirmPassword: return ScreenText.confirmPasswordLabel
        case .attribute(let index): return attributes.indices.contains(index) ? attributes[index].label : ""
        case .createAccount: return ScreenText.createAccountButton
        case .signIn: return ScreenText.backToSignInLink
        }
    }
}

extension ConfirmSignUpState: FormViewModel {
    /// The label of a field, button or link.
    public func label(for item: Focus) -> String {
        switch item {
        case .code: return ScreenText.codeLabel
        case .confirm: return ScreenText.confirmButton
        case .resend: return resendLinkLabel
        case .signIn: return ScreenText.backToSignInLink
        }
    }
}

extension ForgotPasswordState: FormViewModel {
    /// The label of a field, button or link.
    public func label(for item: Focus) -> String {
        switch item {
        case .username: return ScreenText.usernameLabel
        case .sendCode: return ScreenText.sendCodeButton
        case .code: return ScreenText.codeLabel
        case .newPassword: return ScreenText.newPasswordLabel
        case .confirmPassword: return ScreenText.confirmPasswordLabel
        case .resetPassword: return ScreenText.resetPasswordButton
        case .resendCode: return resendLinkLabel
        case .back: return ScreenText.backLink
        }
    }
}

extension NewPasswordState: FormViewModel {
    /// The label of a field, button or link.
    public func label(for item: Focus) -> String {
        switch item {
        case .newPassword: return ScreenText.newPasswordLabel
        case .confirmPassword: return ScreenText.confirmPasswordLabel
        case .attribute(let index): return attributes.indices.contains(index) ? attributes[index].label : ""
        case .submit: return ScreenText.setPasswordButton
        case .cancel: return ScreenText.cancelButton
        }
    }
}

extension CodeChallengeState: FormViewModel {
    /// The label of a field, button or link.
    public func label(for item: Focus) -> String {
        switch item {
        case .code:
            switch kind {
            case .custom: return ScreenText.answerLabel
            case .setUpDestination(let label, _): return label
            default: return ScreenText.codeLabel
            }
        case .submit: return ScreenText.verifyButton
        case .resend:
            // Counts down only while a just-sent code makes Resend wait.
            return resendCooldownSeconds > 0 ? resendLinkLabel : ScreenText.resendSignInCodeButton
        case .cancel: return ScreenText.cancelButton
        }
    }
}

extension TOTPSetupState: FormViewModel {
    /// The label of a field, button or link.
    public func label(for item: Focus) -> String {
        switch item {
        case .code: return ScreenText.codeLabel
        case .submit: return ScreenText.verifyButton
        case .resend: return ScreenText.resendSignInCodeButton
        case .cancel: return ScreenText.cancelButton
        }
    }
}

extension SelectSignInMethodState: FormViewModel {
    /// The label of a choice, the password field or a button.
    public func label(for item: Focus) -> String {
        switch item {
        case .choice(let index):
            return choices.indices.contains(index) ? label(of: choices[index]) : ""
        case .password: return ScreenText.passwordLabel
        case .submit: return ScreenText.signInButton
        case .cancel: return ScreenText.cancelButton
        }
    }
}

extension SelectMFATypeState: FormViewModel {
    /// The label of a choice or of Cancel.
    public func label(for item: Focus) -> String {
        switch item {
        case .choice(let index): return choices.indices.contains(index) ? ScreenText.mfaTypeLabel(choices[index]) : ""
        case .cancel: return ScreenText.cancelButton
        }
    }
}
