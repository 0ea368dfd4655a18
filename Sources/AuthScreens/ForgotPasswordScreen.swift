import CognitoAuth
import Foundation
import TerminalKeys

/// Forgot password: the username, then the code and a new password typed twice (policy checked inline).
///
/// On success the app goes back to Sign in with the username filled in and a notice.
public struct ForgotPasswordState: Equatable, Sendable, ResendCodeCooldown {
    /// The reset's two steps: ask for a code, then set the new password.
    public enum Step: Hashable, Sendable {
        /// Enter the username; a code is sent.
        case requestCode
        /// Enter the code and the new password.
        case resetPassword
    }

    /// The focusable items in Tab order (which ones depends on the step).
    public enum Focus: Hashable, Sendable {
        /// The username field (first step).
        case username
        /// The Send code button (first step).
        case sendCode
        /// The code field (second step).
        case code
        /// The new password field (second step).
        case newPassword
        /// The new password again (second step): nothing is sent until both match.
        case confirmPassword
        /// The Reset password button (second step).
        case resetPassword
        /// The Resend code link (second step).
        case resendCode
        /// The Back to sign in link.
        case back
    }

    /// Which request is in flight.
    public enum Request: Hashable, Sendable {
        /// ForgotPassword (the first code, or a resend).
        case sendCode
        /// ConfirmForgotPassword with the code and the new password.
        case reset
    }

    /// Which step of the reset shows.
    public var step: Step
    /// The username as typed (first step), with its inline error.
    public var username: FieldState
    /// The reset code as typed (second step), with its inline error.
    public var code: FieldState
    /// The new password field (secure).
    public var newPassword: FieldState
    /// The new password typed again (secure).
    public var confirmPassword: FieldState
    /// The pool's password policy.
    public var policy: PasswordPolicy
    /// Where the code was sent.
    public var delivery: CodeDeliveryDetails?
    /// The current time (advanced by the app's tick), for the resend cooldown.
    public var now: Date = Date()
    /// When Resend code may be used again (a code was just sent), or nil.
    public var resendAvailableAt: Date?
    /// How long Resend code waits after a code was sent.
    public var resendCooldownLength: TimeInterval = ConfirmSignUpState.resendCooldown

    /// The item Tab / Shift-Tab / ↑ / ↓ move between.
    public var focus: Focus
    /// The request in flight, if any.
    public var request: Request?
    /// The server error with the next step.
    public var banner: String?
    /// An informational message (where the code went).
    public var notice: String?
    /// Opened from the re-login prompt: how many calls wait for its sign-in (they resume after it), and
    /// the reset ends back at the prompt; nil when opened from Sign in.
    public var waitingCalls: Int?

    /// Creates the screen at its first step.
    public init(username: String = "", policy: PasswordPolicy = .cognitoDefault) {
        self.step = .requestCode
        self.username = FieldState(text: username)
        self.code = .digitsOnly
        self.newPassword = FieldState(isSecure: true)
        self.confirmPassword = FieldState(isSecure: true)
        self.policy = policy
        self.delivery = nil
        self.focus = .username
        self.request = nil
        self.banner = nil
        self.notice = nil
    }

    /// The focusable items in Tab order.
    public var focusOrder: [Focus] {
        switch step {
        case .requestCode: return [.username, .sendCode, .back]
        case .resetPassword: return [.code, .newPassword, .confirmPassword, .resetPassword, .resendCode, .back]
        }
    }

    /// The inline policy checklist for the new password.
    public var passwordChecks: [PasswordCheck] { policy.checks(for: newPassword.text) }

    /// "1 call is waiting: it resumes when you sign in with the new password.", when the reset was
    /// started at the re-login prompt and calls wait; else nil.
    public var waitingText: String? {
        guard let waitingCalls, waitingCalls > 0 else { return nil }
        return ScreenText.resetWaitingCalls(waitingCalls)
    }

    /// Where the reset goes when it ends or is left: the re-login prompt it was opened from, else Sign in.
    private func leave(notice: String?) -> [ScreenEffect] {
        if waitingCalls != nil { return [.route(.backToRelogin(username: trimmedUsername, notice: notice))] }
        return [.route(.signIn(username: trimmedUsername, notice: notice))]
    }

    /// The username as sent.
    var trimmedUsername: String { username.text.trimmingCharacters(in: .whitespaces) }

    /// Whether the step's button can be pressed.
    public var canSubmit: Bool { !isInFlight }

    /// The status-line verb while in flight.
    public var activity: String? {
        switch request {
        case .sendCode?: return ScreenText.sendingCode
        case .reset?: return ScreenText.resettingPassword
        case nil: return nil
        }
    }
}

/// What happened on the Forgot password screen.
public enum ForgotPasswordAction: Sendable {
    /// A key was pressed.
    case keyPressed(Key)
    /// The username was set in one piece.
    case usernameChanged(String)
    /// The code was set in one piece.
    case codeChanged(String)
    /// The new password was set in one piece.
    case newPasswordChanged(String)
    /// The repeated new password was set in one piece.
    case confirmPasswordChanged(String)
    /// The step's button was pressed (Send code or Reset password).
    case submitPressed
    /// Resend code was pressed.
    case resendCodePressed
    /// Back to sign in was pressed (or Esc): returns to the Sign in screen.
    case backPressed
    /// ForgotPassword finished: where the code went, or why not.
    case forgotPasswordFinished(Result<CodeDeliveryDetails, AuthError>)
    /// ConfirmForgotPassword finished: the password was reset, or why not.
    case confirmForgotPasswordFinished(Result<Void, AuthError>)
}

/// Forgot password's service calls, named after the core's.
public enum ForgotPasswordRequest: Hashable, Sendable {
    /// `forgotPassword(username:)`; answered by `ForgotPasswordAction.forgotPasswordFinished`.
    case forgotPassword(username: String)
    /// `confirmForgotPassword(username:newPassword:code:)`; answered by
    /// `ForgotPasswordAction.confirmForgotPasswordFinished`.
    case confirmForgotPassword(username: String, newPassword: SecretText, code: String)

    /// Calls `service` and returns the action the answer comes back as (nil when cancelled).
    func perform(on service: some AuthClientService) async -> ForgotPasswordAction? {
        switch self {
        case .forgotPassword(let username):
            return await AuthEffect.outcome { try await service.forgotPassword(username: username).delivery }
                .map { .forgotPasswordFinished($0) }
        case .confirmForgotPassword(let username, let newPassword, let code):
            return await AuthEffect.outcome {
                try await service.confirmForgotPassword(username: username, newPassword: newPassword.value, code: code)
            }.map { .confirmForgotPasswordFinished($0) }
        }
    }
}

extension ForgotPasswordState: FormScreen {
    static var requestCancelledMessage: WritableKeyPath<ForgotPasswordState, String?> { \.notice }

    /// The key path of the username, code or new password field at `focus`; nil for the buttons and links.
    public func fieldPath(_ focus: Focus) -> WritableKeyPath<ForgotPasswordState, FieldState>? {
        switch focus {
        case .username: return \.username
        case .code: return \.code
        case .newPassword: return \.newPassword
        case .confirmPassword: return \.confirmPassword
        default: return nil
        }
    }

    func validationError(for focus: Focus) -> String? {
        switch focus {
        case .username: return Validation.usernameError(username.text, forNewAccount: false)
        case .code: return Validation.codeError(code.text, digits: nil)
        case .newPassword: return policy.validationError(for: newPassword.text)
        case .confirmPassword:
            if confirmPassword.isEmpty { return ScreenText.confirmPasswordRequired }
            return confirmPassword.text == newPassword.text ? nil : ScreenText.passwordsDoNotMatch
        default: return nil
        }
    }

    /// Applies an action and returns the effects to run.
    package mutating func reduce(_ action: ForgotPasswordAction) -> [ScreenEffect] {
        switch action {
        case .keyPressed(let key):
            switch handleFormKey(key) {
            case .handled: return []
            case .edited:
                banner = nil
                return []
            case .submitted: return submit()
            case .activated(.resendCode): return sendCode(resend: true)
            case .activated(.back), .escaped: return back()
            case .activated: return submit()
            case .cancelledInFlight:
                return cancelRequestInFlight()
            }
        case .usernameChanged(let text):
            username.setText(text)
            return []
        case .codeChanged(let text):
            code.setText(text)
            return []
        case .newPasswordChanged(let text):
            newPassword.setText(text)
            return []
        case .confirmPasswordChanged(let text):
            confirmPassword.setText(text)
            return []
        case .submitPressed: return submit()
        case .resendCodePressed: return step == .resetPassword ? sendCode(resend: true) : []
        case .backPressed: return isInFlight ? [] : back()
        case .forgotPasswordFinished(let result): return forgotPasswordFinished(result)
        case .confirmForgotPasswordFinished(let result): return confirmForgotPasswordFinished(result)
        }
    }

    /// Takes the result of asking for a reset code: on to entering it with the new password, or
    /// the reason shown.
    private mutating func forgotPasswordFinished(_ result: Result<CodeDeliveryDetails, AuthError>) -> [ScreenEffect] {
        guard request == .sendCode else { return [] }
        request = nil
        switch result {
        case .success(let details):
            let resent = step == .resetPassword
            delivery = details
            notice = resent ? ScreenText.newCodeSent(details) : ScreenText.resetCodeSent(details)
            startResendCooldown()
            step = .resetPassword
            focus = .code
        case .failure(let error):
            banner = ScreenText.forgotPasswordBanner(for: error)
        }
        return []
    }

    /// Takes the result of the reset: back to sign-in with the username, or the reason shown and
    /// focus on the field to fix.
    private mutating func confirmForgotPasswordFinished(_ result: Result<Void, AuthError>) -> [ScreenEffect] {
        guard request == .reset else { return [] }
        request = nil
        switch result {
        case .success:
            return leave(notice: ScreenText.passwordChanged)
        case .failure(let error):
            banner = ScreenText.forgotPasswordBanner(for: error)
            switch error {
            case .codeMismatch, .expiredCode:
                code.clear()
                focus = .code
            default:
                focus = .newPassword
            }
            return []
        }
    }

    private mutating func submit() -> [ScreenEffect] {
        guard canSubmit else { return [] }
        switch step {
        case .requestCode:
            return sendCode(resend: false)
        case .resetPassword:
            banner = nil
            guard validateAll() else { return [] }
            let secret = SecretText(newPassword.text)
            newPassword.clear()
            confirmPassword.clear()
            notice = nil
            request = .reset
            return [
                .run(
                    .forgotPassword(
                        .confirmForgotPassword(
                            username: trimmedUsername, newPassword: secret,
                            code: code.text.trimmingCharacters(in: .whitespaces))))
            ]
        }
    }

    private mutating func sendCode(resend: Bool) -> [ScreenEffect] {
        guard canSubmit else { return [] }
        banner = nil
        if !resend {
            guard validateAll() else { return [] }
        } else if resendCooldownSeconds > 0 {
            notice = ScreenText.resendCodeWait
            return []
        }
        notice = nil
        request = .sendCode
        return [.run(.forgotPassword(.forgotPassword(username: trimmedUsername)))]
    }

    private mutating func back() -> [ScreenEffect] {
        switch step {
        case .requestCode:
            return leave(notice: nil)
        case .resetPassword:
            step = .requestCode
            code.clear()
            newPassword.clear()
            confirmPassword.clear()
            code.error = nil
            newPassword.error = nil
            confirmPassword.error = nil
            banner = nil
            notice = nil
            focus = .username
            return []
        }
    }
}

extension AppAction {
    /// An action for the Forgot password screen.
    public static func forgotPassword(_ action: ForgotPasswordAction) -> AppAction { .screen(.forgotPassword(action)) }
}

extension AuthEffect {
    /// Forgot password's request; its answer comes back to the screen as `AppAction.screen`.
    public static func forgotPassword(_ request: ForgotPasswordRequest) -> AuthEffect {
        .screen(.forgotPassword(request))
    }
}
