import CognitoAuth
import TerminalKeys

/// What happens on the sign-in method choice (USER_AUTH's SELECT_CHALLENGE).
public enum SelectSignInMethodAction: ChallengeScreenAction {
    /// A key was pressed.
    case keyPressed(Key)
    /// The password (after Password was chosen) was set in one piece.
    case answerChanged(String)
    /// Sign in (the password) or Enter on the focused choice.
    case submitPressed
    /// Cancel was pressed (back to the list, or to Sign in).
    case cancelPressed
    /// `confirmSignIn` with the chosen method finished: the next step, or why not.
    case confirmSignInFinished(Result<SignInStep, AuthError>)

    /// This screen's own action inside `action`.
    public static func own(in action: ChallengeAction) -> Self? {
        if case .selectMethod(let own) = action { own } else { nil }
    }
}

/// USER_AUTH's SELECT_CHALLENGE: choose how to sign in from the methods the pool offers.
///
/// "Password" (PASSWORD_SRP when offered, else PASSWORD) asks for the password on the same screen;
/// "Code by email" and "Code by text message" send a code and go to the code screen. A passkey
/// (WEB_AUTHN) is chosen like a code method when a passkey authenticator is set up (``canUsePasskey``; the
/// ceremony screen then shows over this one), and is listed as unavailable otherwise. Without a text field in
/// the list, `q` quits.
public struct SelectSignInMethodState: Equatable, Sendable {
    /// The focusable items in Tab order.
    public enum Focus: Hashable, Sendable {
        /// The method at this index of ``SelectSignInMethodState/choices``.
        case choice(Int)
        /// The password field (after Password was chosen).
        case password
        /// The Sign in button (after Password was chosen).
        case submit
        /// The Cancel button (back to Sign in; from the password, back to the list).
        case cancel
    }

    /// The user signing in.
    public var username: String
    /// The methods listed, in menu order: the password, the codes, then the passkey.
    public var choices: [SignInMethod]
    /// The password method chosen, while the password is asked for.
    public var passwordMethod: SignInMethod?
    /// The password field (secure).
    public var password: FieldState
    /// The highlighted method (or Cancel), moved with ↑/↓ and Tab.
    public var focus: Focus
    /// The method sent, while `selectSignInMethod` runs, or nil.
    public var request: SignInMethod?
    /// The server error with the next step.
    public var banner: String?
    /// Whether a passkey authenticator is set up, so the passkey can be chosen.
    public var canUsePasskey = false {
        didSet {
            if banner == ScreenText.noSignInMethod, choices.contains(where: isUsable) { banner = nil }
            if focus == .cancel, let first = focusOrder.first { focus = first }
        }
    }

    /// Creates the screen from the methods in `AvailableChallenges`, first selectable one focused.
    public init(username: String, methods: [SignInMethod]) {
        self.username = username
        var choices: [SignInMethod] = []
        if methods.contains(.passwordSRP) {
            choices.append(.passwordSRP)
        } else if methods.contains(.password) {
            choices.append(.password)
        }
        for method in [SignInMethod.emailOTP, .smsOTP, .webAuthn] where methods.contains(method) {
            choices.append(method)
        }
        self.choices = choices
        self.passwordMethod = nil
        self.password = FieldState(isSecure: true)
        self.request = nil
        self.banner = choices.contains(where: \.isAvailableInTerminal) ? nil : ScreenText.noSignInMethod
        self.focus = .cancel
        self.focus = focusOrder.first ?? .cancel
    }

    /// The focusable items in Tab order: the selectable methods and Cancel, or the password, Sign in and Cancel.
    public var focusOrder: [Focus] {
        if passwordMethod != nil { return [.password, .submit, .cancel] }
        return choices.indices.filter { isUsable(choices[$0]) }.map { .choice($0) } + [.cancel]
    }

    /// Whether the choice at `index` can be chosen (a passkey only with an authenticator set up).
    public func isSelectable(_ index: Int) -> Bool {
        choices.indices.contains(index) && isUsable(choices[index])
    }

    /// Whether `method` can be used here.
    func isUsable(_ method: SignInMethod) -> Bool {
        method.isAvailableInTerminal || (method == .webAuthn && canUsePasskey)
    }

    /// The menu label of `method`: a passkey says it is unavailable only when it is.
    public func label(of method: SignInMethod) -> String {
        method == .webAuthn && canUsePasskey ? ScreenText.usePasskeyButton : ScreenText.signInMethodLabel(method)
    }

    /// The status-line verb while in flight.
    public var activity: String? {
        guard let chosen = request else { return nil }
        return chosen.needsPassword || chosen == .webAuthn ? ScreenText.signingIn : ScreenText.sendingCode
    }
}

extension SignInMethod {
    /// Whether a terminal can use the method without an authenticator (every one but the passkey).
    var isAvailableInTerminal: Bool { self != .webAuthn }
}

extension SelectSignInMethodState: FormScreen {
    static var requestCancelledMessage: WritableKeyPath<SelectSignInMethodState, String?> { \.banner }

    /// The key path of the password field when `focus` is on it and a password method is offered; else nil.
    public func fieldPath(_ focus: Focus) -> WritableKeyPath<SelectSignInMethodState, FieldState>? {
        focus == .password && passwordMethod != nil ? \.password : nil
    }

    func validationError(for focus: Focus) -> String? {
        focus == .password && password.isEmpty ? ScreenText.passwordRequired : nil
    }

    /// Applies an action and returns the effects to run.
    package mutating func reduce(_ action: SelectSignInMethodAction) -> [ScreenEffect] {
        switch action {
        case .keyPressed(let key):
            switch handleFormKey(key) {
            case .handled, .edited: return []
            case .submitted, .activated(.password), .activated(.submit): return submitPassword()
            case .activated(.choice(let index)): return choose(index)
            case .activated(.cancel), .escaped: return cancel()
            case .cancelledInFlight:
                return cancelRequestInFlight()
            }
        case .answerChanged(let text):
            password.setText(text)
            return []
        case .submitPressed:
            if passwordMethod != nil { return submitPassword() }
            if case .choice(let index) = focus { return choose(index) }
            return []
        case .cancelPressed: return isInFlight ? [] : cancel()
        case .confirmSignInFinished(let result):
            guard let method = request else { return [] }
            request = nil
            switch result {
            case .success(.emailOTP(let details)):
                return [.route(.signInCode(.emailOTP(details), username: username, method: method))]
            case .success(.smsOTP(let details)):
                return [.route(.signInCode(.smsOTP(details), username: username, method: method))]
            default:
                let effects = ChallengeOutcome.finish(result, username: username, banner: &banner)
                if case .failure = result, passwordMethod != nil {
                    password.clear()
                    password.error = nil
                    focus = .password
                }
                return effects
            }
        }
    }

    private mutating func choose(_ index: Int) -> [ScreenEffect] {
        guard !isInFlight, isSelectable(index) else { return [] }
        banner = nil
        let method = choices[index]
        if method.needsPassword {
            passwordMethod = method
            password.clear()
            password.error = nil
            focus = .password
            return []
        }
        request = method
        return [.run(.challenge(.selectSignInMethod(method, password: nil)))]
    }

    private mutating func submitPassword() -> [ScreenEffect] {
        guard !isInFlight, let method = passwordMethod else { return [] }
        banner = nil
        guard validateAll() else { return [] }
        let secret = SecretText(password.text)
        password.clear()
        request = method
        return [.run(.challenge(.selectSignInMethod(method, password: secret)))]
    }

    private mutating func cancel() -> [ScreenEffect] {
        guard let method = passwordMethod else { return ChallengeOutcome.cancel(username: username) }
        // From the password back to the list, on Password.
        passwordMethod = nil
        password.clear()
        password.error = nil
        banner = nil
        focus = choices.firstIndex(of: method).map { .choice($0) } ?? .cancel
        return []
    }
}
