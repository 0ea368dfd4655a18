import CognitoAuth
import Foundation
import TerminalKeys

/// What happens on the new-password screen (NEW_PASSWORD_REQUIRED).
public enum NewPasswordAction: ChallengeScreenAction {
    /// A key was pressed.
    case keyPressed(Key)
    /// The new password was set in one piece.
    case answerChanged(String)
    /// Set password was pressed.
    case submitPressed
    /// Cancel was pressed (back to Sign in).
    case cancelPressed
    /// `confirmSignIn` with the new password finished: the next sign-in step, or why not.
    case confirmSignInFinished(Result<SignInStep, AuthError>)

    /// This screen's own action inside `action`.
    public static func own(in action: ChallengeAction) -> Self? {
        if case .newPassword(let own) = action { own } else { nil }
    }
}

/// NEW_PASSWORD_REQUIRED: choose a new password (policy checked inline), confirm it, and give any required attributes.
public struct NewPasswordState: Equatable, Sendable {
    /// The one request the form sends.
    public enum Request: Hashable, Sendable {
        /// `confirmSignIn` with the new password.
        case setPassword
    }

    /// The focusable items in Tab order.
    public enum Focus: Hashable, Sendable {
        /// The new password field.
        case newPassword
        /// The confirm password field.
        case confirmPassword
        /// The required attribute at this index.
        case attribute(Int)
        /// The Set password button.
        case submit
        /// The Cancel button; goes back to Sign in.
        case cancel
    }

    /// The user signing in.
    public var username: String
    /// The new password (secure).
    public var newPassword: FieldState
    /// The repeated new password (secure).
    public var confirmPassword: FieldState
    /// The attributes the pool requires.
    public var attributes: [AttributeField]
    /// The pool's password policy, shown as a checklist under the new password.
    public var policy: PasswordPolicy
    /// The item Tab / Shift-Tab / ↑ / ↓ move between.
    public var focus: Focus
    /// The `confirmSignIn` request running, or nil.
    public var request: Request?
    /// The server error with the next step.
    public var banner: String?

    /// Creates the screen for `username`, asking also for `requiredAttributes` and checking `policy`.
    public init(username: String, requiredAttributes: [String] = [], policy: PasswordPolicy = .cognitoDefault) {
        self.username = username
        self.newPassword = FieldState(isSecure: true)
        self.confirmPassword = FieldState(isSecure: true)
        self.attributes = requiredAttributes.map {
            AttributeField(name: $0, label: ScreenText.attributeLabel(named: $0))
        }
        self.policy = policy
        self.focus = .newPassword
        self.request = nil
        self.banner = nil
    }

    /// The focusable items in Tab order.
    public var focusOrder: [Focus] {
        [.newPassword, .confirmPassword] + attributes.indices.map { .attribute($0) } + [.submit, .cancel]
    }

    /// The inline policy checklist.
    public var passwordChecks: [PasswordCheck] { policy.checks(for: newPassword.text) }

    /// The status-line verb while in flight.
    public var activity: String? { isInFlight ? ScreenText.settingPassword : nil }
}

extension NewPasswordState: FormScreen {
    static var requestCancelledMessage: WritableKeyPath<NewPasswordState, String?> { \.banner }

    /// The key path of the new password, confirmation or attribute field at `focus`; nil for the buttons.
    public func fieldPath(_ focus: Focus) -> WritableKeyPath<NewPasswordState, FieldState>? {
        switch focus {
        case .newPassword: return \.newPassword
        case .confirmPassword: return \.confirmPassword
        case .attribute(let index): return attributes.indices.contains(index) ? \.attributes[index].field : nil
        case .submit, .cancel: return nil
        }
    }

    func validationError(for focus: Focus) -> String? {
        switch focus {
        case .newPassword: return policy.validationError(for: newPassword.text)
        case .confirmPassword:
            if confirmPassword.isEmpty { return ScreenText.confirmPasswordRequired }
            return confirmPassword.text == newPassword.text ? nil : ScreenText.passwordsDoNotMatch
        case .attribute(let index): return attributes.indices.contains(index) ? attributes[index].validationError : nil
        case .submit, .cancel: return nil
        }
    }

    /// Applies an action and returns the effects to run.
    package mutating func reduce(_ action: NewPasswordAction) -> [ScreenEffect] {
        switch action {
        case .keyPressed(let key):
            switch handleFormKey(key) {
            case .handled, .edited: return []
            case .submitted, .activated(.submit), .activated(.newPassword), .activated(.confirmPassword),
                .activated(.attribute):
                return submit()
            case .activated(.cancel), .escaped: return ChallengeOutcome.cancel(username: username)
            case .cancelledInFlight:
                return cancelRequestInFlight()
            }
        case .answerChanged(let text):
            newPassword.setText(text)
            return []
        case .submitPressed: return submit()
        case .cancelPressed: return isInFlight ? [] : ChallengeOutcome.cancel(username: username)
        case .confirmSignInFinished(let result):
            guard isInFlight else { return [] }
            request = nil
            let effects = ChallengeOutcome.finish(result, username: username, banner: &banner)
            if case .failure = result { focus = .newPassword }
            return effects
        }
    }

    private mutating func submit() -> [ScreenEffect] {
        guard !isInFlight else { return [] }
        banner = nil
        guard validateAll() else { return [] }
        let secret = SecretText(newPassword.text)
        newPassword.clear()
        confirmPassword.clear()
        request = .setPassword
        let values = Dictionary(
            attributes.map { ($0.name, $0.field.text.trimmingCharacters(in: .whitespaces)) },
            uniquingKeysWith: { first, _ in first })
        return [.run(.challenge(.confirmSignIn(answer: secret, attributes: values)))]
    }
}
