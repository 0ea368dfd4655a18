import CognitoAuth
import Foundation

/// The Sign in screen: username, masked password, Sign in, Create account, Forgot password and Cancel.
///
/// Submitting wipes the password from the state (it travels only in the effect). A failed sign-in
/// shows the server's error with the next step in ``banner``, keeps the username and focuses the
/// empty password field. The same state drives the re-login prompt, without the links.
public struct SignInState: Equatable, Sendable {
    /// The focusable items in Tab order.
    public enum Focus: Hashable, Sendable, CaseIterable {
        /// The username field.
        case username
        /// The password field.
        case password
        /// The Sign in button.
        case signIn
        /// The Create account link.
        case createAccount
        /// The Forgot password link.
        case forgotPassword
        /// The Cancel button.
        case cancel
    }

    /// The username field.
    public var username: FieldState
    /// The password field (secure).
    public var password: FieldState
    /// The focused item.
    public var focus: Focus
    /// Whether the sign-in request is running (submit is disabled).
    public var isInFlight: Bool
    /// The server error with the next step, shown above the buttons.
    public var banner: String?
    /// An informational message, such as "Password changed. Sign in with the new password."
    public var notice: String?
    /// Whether the Create account link is shown.
    public var showsCreateAccount: Bool
    /// Whether the Forgot password link is shown.
    public var showsForgotPassword: Bool
    /// Whether Cancel (and Esc) is allowed.
    public var canCancel: Bool

    /// Creates the screen; focus starts on the password when the username is filled in.
    /// What the username field holds (labelled "Email" on a pool whose users sign in with their email).
    public var usernameKind: UsernameKind = .username
    /// Whether the pool's USER_AUTH flow is used: the screen asks for the username only, then the
    /// method choice follows (password, a code by email or text message).
    public var choosesMethod: Bool = false {
        didSet { if choosesMethod && focus == .password { focus = .username } }
    }
    /// Whether the password field is shown: not with ``choosesMethod`` (the method comes next) nor for
    /// CUSTOM_AUTH without SRP (the custom challenge comes next).
    public var asksForPassword: Bool = true {
        didSet { if !asksForPassword && focus == .password { focus = .username } }
    }
    /// Whether the screen takes the username only.
    public var showsPassword: Bool { !choosesMethod && asksForPassword }

    public init(
        username: String = "", notice: String? = nil, showsCreateAccount: Bool = true,
        showsForgotPassword: Bool = true, canCancel: Bool = false
    ) {
        self.username = FieldState(text: username)
        self.password = FieldState(isSecure: true)
        self.focus = username.isEmpty ? .username : .password
        self.isInFlight = false
        self.banner = nil
        self.notice = notice
        self.showsCreateAccount = showsCreateAccount
        self.showsForgotPassword = showsForgotPassword
        self.canCancel = canCancel
    }

    /// The focusable items in Tab order.
    public var focusOrder: [Focus] {
        var order: [Focus] = showsPassword ? [.username, .password, .signIn] : [.username, .signIn]
        if showsCreateAccount { order.append(.createAccount) }
        if showsForgotPassword { order.append(.forgotPassword) }
        if canCancel { order.append(.cancel) }
        return order
    }

    /// Whether Sign in can be pressed.
    public var canSubmit: Bool { !isInFlight }

    /// The status-line verb while in flight.
    public var activity: String? { isInFlight ? ScreenText.signingIn : nil }

    /// The username as it will be sent.
    public var trimmedUsername: String { username.text.trimmingCharacters(in: .whitespaces) }

    /// Whether the Ctrl-T hint shows (only while the password has focus).
    public var showsRevealHint: Bool { focus == .password }
}

/// What happened on the Sign in screen.
public enum SignInAction: Sendable {
    /// A key was pressed.
    case keyPressed(InputKey)
    /// The username was set in one piece.
    case usernameChanged(String)
    /// The password was set in one piece.
    case passwordChanged(String)
    /// An item was focused directly.
    case focusChanged(SignInState.Focus)
    /// Sign in was pressed.
    case submitPressed
    /// Create account was pressed.
    case createAccountPressed
    /// Forgot password was pressed.
    case forgotPasswordPressed
    /// Cancel was pressed.
    case cancelPressed
    /// The sign-in request finished.
    case signInFinished(Result<SignInStep, AuthError>)
}

extension SignInState: FormScreen {
    func fieldPath(_ focus: Focus) -> WritableKeyPath<SignInState, FieldState>? {
        switch focus {
        case .username: return \.username
        case .password: return \.password
        default: return nil
        }
    }

    func validationError(for focus: Focus) -> String? {
        switch focus {
        case .username: return trimmedUsername.isEmpty ? ScreenText.usernameRequired : nil
        case .password: return showsPassword && password.isEmpty ? ScreenText.passwordRequired : nil
        default: return nil
        }
    }

    /// Applies an action and returns the effects to run.
    public mutating func reduce(_ action: SignInAction) -> [ScreenEffect] {
        switch action {
        case .keyPressed(let key):
            switch handleFormKey(key) {
            case .handled: return []
            case .edited:
                // The server's complaint was about what was typed before; it is stale now.
                banner = nil
                return []
            case .submitted: return submit()
            case .activated(let item): return activate(item)
            case .escaped: return canCancel ? [.route(.cancelled)] : []
            case .cancelledInFlight:
                isInFlight = false
                notice = ScreenText.requestCancelled
                focus = choosesMethod ? .username : .password
                return [.run(.cancelRequest)]
            }
        case .usernameChanged(let text):
            username.setText(text)
            return []
        case .passwordChanged(let text):
            password.setText(text)
            return []
        case .focusChanged(let item):
            moveFocus(to: item)
            return []
        case .submitPressed: return submit()
        case .createAccountPressed: return activate(.createAccount)
        case .forgotPasswordPressed: return activate(.forgotPassword)
        case .cancelPressed: return activate(.cancel)
        case .signInFinished(let result):
            guard isInFlight else { return [] }
            isInFlight = false
            switch result {
            case .success(.done):
                return [.route(.signedIn)]
            case .success(.emailOTP(let details)) where choosesMethod:
                return [.route(.signInCode(.emailOTP(details), username: trimmedUsername, method: .emailOTP))]
            case .success(.smsOTP(let details)) where choosesMethod:
                return [.route(.signInCode(.smsOTP(details), username: trimmedUsername, method: .smsOTP))]
            case .success(let step):
                return [.route(.challenge(step, username: trimmedUsername))]
            case .failure(.userNotConfirmed) where showsCreateAccount:
                return [
                    .route(
                        .confirmSignUp(username: trimmedUsername, delivery: nil, password: nil, sendNewCode: true))
                ]
            case .failure(let error):
                banner = ScreenText.signInBanner(
                    for: error, showsCreateAccount: showsCreateAccount, showsForgotPassword: showsForgotPassword)
                password.clear()
                password.error = nil
                focus = choosesMethod ? .username : .password
                return []
            }
        }
    }

    private mutating func activate(_ item: Focus) -> [ScreenEffect] {
        guard !isInFlight else { return [] }
        switch item {
        case .username, .password, .signIn: return submit()
        case .createAccount: return showsCreateAccount ? [.route(.signUp(username: trimmedUsername))] : []
        case .forgotPassword: return showsForgotPassword ? [.route(.forgotPassword(username: trimmedUsername))] : []
        case .cancel: return canCancel ? [.route(.cancelled)] : []
        }
    }

    private mutating func submit() -> [ScreenEffect] {
        guard canSubmit else { return [] }
        banner = nil
        guard validateAll() else { return [] }
        let secret = SecretText(password.text)
        password.clear()
        notice = nil
        isInFlight = true
        if choosesMethod { return [.run(.startUserAuth(username: trimmedUsername))] }
        return [.run(.signIn(username: trimmedUsername, password: secret))]
    }
}
