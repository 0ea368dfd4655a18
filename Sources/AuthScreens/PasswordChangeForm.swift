import CognitoAuth
import LatchkeyText
import TerminalKeys

/// Profile's change-password form (`w`): the current password, the new one and the new one again,
/// with the pool's policy as the checklist Create account and the reset form show.
///
/// Nothing is sent until the form is complete: the current password typed, the new one meeting the
/// policy, and typed the same twice.
public struct PasswordChangeForm: Equatable, Sendable {
    /// The form's fields, in Tab order.
    public enum Field: Hashable, Sendable, CaseIterable {
        /// The password the account has now.
        case current
        /// The new password, checked against the policy as it is typed.
        case proposed
        /// The new password again.
        case confirmation
    }

    /// The password the account has now (masked).
    public var current = FieldState(isSecure: true)
    /// The new password (masked).
    public var proposed = FieldState(isSecure: true)
    /// The new password typed again (masked).
    public var confirmation = FieldState(isSecure: true)
    /// The field that has focus.
    public var focus: Field = .current
    /// The pool's password policy, shown as a checklist under the new password.
    public var policy: PasswordPolicy

    /// An empty form, the current password focused, judged by `policy`.
    public init(policy: PasswordPolicy = .cognitoDefault) { self.policy = policy }

    /// The policy checklist for the new password as typed.
    public var passwordChecks: [PasswordCheck] { policy.checks(for: proposed.text) }

    /// One field of the form.
    public subscript(field: Field) -> FieldState {
        get {
            switch field {
            case .current: return current
            case .proposed: return proposed
            case .confirmation: return confirmation
            }
        }
        set {
            switch field {
            case .current: current = newValue
            case .proposed: proposed = newValue
            case .confirmation: confirmation = newValue
            }
        }
    }

    /// The first thing that keeps the form from being sent, and the field it is about: the current
    /// password missing, a new one the policy refuses, the repetition missing or different; nil when
    /// the form can be sent.
    public var problem: (field: Field, message: String)? {
        if current.isEmpty { return (.current, ScreenText.profileEnterCurrentPassword) }
        if let refusal = policy.validationError(for: proposed.text) { return (.proposed, refusal) }
        if confirmation.isEmpty { return (.confirmation, ScreenText.confirmPasswordRequired) }
        if confirmation.text != proposed.text { return (.confirmation, ScreenText.passwordsDoNotMatch) }
        return nil
    }

    /// What a key did to the form.
    enum KeyOutcome: Equatable {
        /// Focus moved, or a field was revealed or hidden.
        case moved
        /// A field's text changed.
        case edited
        /// Nothing happened.
        case ignored
        /// Enter on the last field: the form is to be sent.
        case submitted
    }

    /// Applies a key: Tab, Shift-Tab and Enter move between the fields (Enter on the last one
    /// submits), Ctrl-T shows or hides the focused field, anything else edits it.
    mutating func apply(_ key: Key) -> KeyOutcome {
        let fields = Field.allCases
        let position = fields.firstIndex(of: focus) ?? 0
        switch Self.keyBindings.command(for: key) {
        case .enter?:
            guard position < fields.count - 1 else { return .submitted }
            focus = fields[position + 1]
            return .moved
        case .next?, .previous?:
            let step = Self.keyBindings.command(for: key) == .next ? 1 : fields.count - 1
            focus = fields[(position + step) % fields.count]
            return .moved
        case .reveal?:
            self[focus].isRevealed.toggle()
            return .moved
        // Esc is the Profile view's (it leaves the form).
        case .escape?, .activate?, .newCode?, nil:
            return self[focus].apply(key) == .changed ? .edited : .ignored
        }
    }

    /// Whether `error` answers a password change with "the current password is wrong": Cognito's
    /// `NotAuthorizedException` that is not about the session (a revoked or expired token) nor about
    /// too many attempts. Profile and `latchkey change-password` word it the same way.
    public static func isWrongCurrentPassword(_ error: AuthError) -> Bool {
        guard case .notAuthorized(let message) = error else { return false }
        switch NotAuthorizedVariant(message) {
        case .incorrectCredentials, .other: return true
        case .attemptsExceeded, .userDisabled, .revoked, .expired, .invalidToken, .guestNotAllowed: return false
        }
    }
}

extension PasswordChangeForm {
    /// The password form's bindings, placed on its hint bar; Esc is listed for the bar (the Profile
    /// view answers it).
    static var keyBindings: [KeyBinding<FormCommand>] {
        [
            FormKeys.tab.placed(hint: .line(\.hintNext)),
            FormKeys.backTab,
            FormKeys.enter.placed(hint: .line(\.profilePasswordHintsChange)),
            FormKeys.reveal.placed(hint: .line(\.profilePasswordHintsShow)),
            FormKeys.escape.placed(hint: .line(\.hintEscBack)),
        ]
    }
}
