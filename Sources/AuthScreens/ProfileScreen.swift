import CognitoAuth
import Foundation
import LatchkeyText
import TerminalKeys

/// One line of the Profile view, ready to show (server text sanitised).
public struct ProfileRow: Hashable, Sendable {
    /// The attribute's name ("email", "custom:team"), or "" for the username line.
    public var name: String
    /// The label shown: "Email", "Phone", "Name", "User id (sub)", or the attribute's name.
    public var label: String
    /// The attribute's value as shown, or "(not set)" when the pool has none.
    public var value: String
    /// "✔ verified", "✖ not verified", or "".
    public var status: String
    /// Whether `e` edits it.
    public var isEditable: Bool
    /// Whether `v` sends it a verification code (email or phone, not yet verified).
    public var needsVerification: Bool
}

/// The Profile view (`p` on the dashboard): the user's attributes, with forms to edit one, verify
/// email or phone with the code, change the password, and delete the account behind a typed
/// confirmation.
///
/// Keys while browsing: ↑/↓ select, Enter or `e` edit, `v` verify, `x` remove an attribute the account
/// need not keep (after "Remove …? y"), `w` change password, `D` delete the account, `l` reload, Esc or
/// `p` back. In a form: Enter submits, Esc goes back to the list; on the code form Ctrl-R sends a new code.
public struct ProfileState: Equatable, Sendable {
    /// A request in flight as the view keeps it: which call runs, without the secrets it carried.
    public enum Request: Hashable, Sendable {
        /// The attributes are being read.
        case load
        /// Attribute `name` is being saved.
        case update(name: String)
        /// A verification code is being sent.
        case sendCode
        /// Attribute `name`'s code is being checked.
        case verify(name: String)
        /// The password is being changed.
        case changePassword
        /// The account is being deleted.
        case deleteAccount
        /// Attribute `name` is being removed.
        case remove(name: String)
    }

    /// What the view shows under the list.
    public enum Mode: Equatable, Sendable {
        /// Only the attribute list, with no form under it (the starting mode).
        case browsing
        /// Editing one attribute's value.
        case editing(name: String, value: FieldState)
        /// Entering the code sent for `name`.
        case verifying(name: String, code: FieldState, delivery: CodeDeliveryDetails?)
        /// The current password and the new one twice, with the policy's checklist.
        case changingPassword(PasswordChangeForm)
        /// "Type the username to delete the account".
        case confirmingDelete(typed: FieldState)
        /// "Remove this attribute?", answered with `y`.
        case confirmingRemoval(name: String)
    }

    /// The attributes as last read, or nil before the first answer.
    public var attributes: UserAttributes?
    /// The username to show before the attributes arrive (and to confirm a deletion).
    public var knownUsername: String
    /// The attributes an account must keep (those Create account asks for): `x` does not remove them.
    public var requiredAttributes: Set<String> = []
    /// The pool's password policy, which the change-password form shows and checks.
    public var passwordPolicy: PasswordPolicy = .cognitoDefault
    /// The request in flight, or nil: the one model of "in flight", as on the forms.
    public var request: Request?
    /// The index of the highlighted attribute row, moved with ↑/↓.
    public var selection = 0
    /// The form under the list.
    public var mode: Mode = .browsing
    /// The last error, sanitised.
    public var error: String?
    /// The last outcome ("Name saved.").
    public var notice: String?

    /// Creates the view for `username` (loading).
    public init(username: String) { self.knownUsername = username }

    /// The username: the service's once read, else the one known at opening.
    public var username: String { attributes?.username ?? knownUsername }

    /// Attributes never edited here: the id, the verification flags, federated identities.
    static let readOnly: Set<String> = ["sub", "email_verified", "phone_number_verified", "identities"]

    /// The rows: username, email, phone, name, then the rest by name (`sub` and `custom:*` included).
    public var rows: [ProfileRow] {
        var rows = [
            ProfileRow(
                name: "", label: ScreenText.profileUsername, value: TerminalText.sanitized(username), status: "",
                isEditable: false, needsVerification: false)
        ]
        guard let attributes else { return rows }
        let first = ["email", "phone_number", "name"]
        let rest = attributes.all.keys.filter {
            !first.contains($0) && $0 != "email_verified" && $0 != "phone_number_verified"
        }
        for name in first + rest.sorted() {
            let value = attributes[name]
            guard value != nil || first.contains(name) else { continue }
            var status = ""
            var needsVerification = false
            if UserAttributes.isVerifiable(name), value != nil {
                let verified = name == "email" ? attributes.isEmailVerified : attributes.isPhoneNumberVerified
                status = verified ? ScreenText.profileVerified : ScreenText.profileNotVerified
                needsVerification = !verified
            }
            rows.append(
                ProfileRow(
                    name: name, label: ScreenText.profileLabel(name),
                    value: value.map { TerminalText.sanitized($0) } ?? ScreenText.profileNotSet, status: status,
                    isEditable: !Self.readOnly.contains(name), needsVerification: needsVerification))
        }
        return rows
    }

    /// The selected row, if any.
    public var selected: ProfileRow? {
        let all = rows
        return all.indices.contains(selection) ? all[selection] : nil
    }

    /// Whether a form with a text field shows (then `q` and `?` are typed).
    public var hasTextField: Bool {
        switch mode {
        case .browsing, .confirmingRemoval: return false
        case .editing, .verifying, .changingPassword, .confirmingDelete: return true
        }
    }

    /// Why `x` cannot remove `row`, or nil when it can: the username and the read-only attributes, a
    /// required attribute, or one that is not set.
    func removalRefusal(_ row: ProfileRow) -> String? {
        let key: TextKey
        if !row.isEditable {
            key = \.profileNotRemovable
        } else if requiredAttributes.contains(row.name) {
            key = \.profileRequiredAttribute
        } else if attributes?[row.name] == nil {
            key = \.profileNothingToRemove
        } else {
            return nil
        }
        return Localized.format(key, ["label": row.label])
    }

    /// What is running ("Saving name…"), or nil.
    public var activity: String? {
        switch request {
        case .load?: return ScreenText.profileLoading
        case .update(let name)?: return ScreenText.profileSaving(name)
        case .sendCode?: return ScreenText.profileSendingCode
        case .verify(let name)?: return ScreenText.profileVerifying(name)
        case .changePassword?: return ScreenText.profileChangingPassword
        case .deleteAccount?: return ScreenText.profileDeleting
        case .remove(let name)?:
            return Localized.format(
                \.profileRemoving, ["label": ScreenText.lowercasedLabel(ScreenText.profileLabel(name))])
        case nil: return nil
        }
    }
}

/// One part of the form under the Profile list, as the renderer draws it, top to bottom.
public enum ProfileFormLine: Equatable, Sendable {
    /// A labelled text field on one row; the focused one takes the cursor.
    case field(label: String, FieldState, isFocused: Bool)
    /// A warning over `rows` rows (what a deletion takes with it).
    case warning(String, rows: Int)
    /// The password policy as the forms show it: a heading, then the rules in two columns, met ones ticked.
    case checklist(heading: String, [PasswordCheck])

    /// The rows the part takes.
    public var rows: Int {
        switch self {
        case .field: return 1
        case .warning(_, let rows): return rows
        case .checklist(_, let checks): return 1 + (checks.count + 1) / 2
        }
    }
}

extension ProfileState {
    /// The form under the list, top to bottom; empty while browsing. The renderer draws these parts
    /// without knowing the modes, so a new form is one more case here.
    public var form: [ProfileFormLine] {
        switch mode {
        case .browsing: return []
        case .editing(let name, let value):
            return [.field(label: ScreenText.profileNewValue(name), value, isFocused: true)]
        case .verifying(_, let code, _):
            return [.field(label: ScreenText.profileCodeLabel, code, isFocused: true)]
        case .changingPassword(let form):
            return [
                .field(label: ScreenText.profileCurrentPassword, form.current, isFocused: form.focus == .current),
                .field(label: ScreenText.profileNewPassword, form.proposed, isFocused: form.focus == .proposed),
                .field(
                    label: ScreenText.profileRepeatPassword, form.confirmation, isFocused: form.focus == .confirmation),
                .checklist(heading: ScreenText.policyHeading, form.passwordChecks),
            ]
        case .confirmingRemoval(let name):
            // The value is named so the user sees what goes; a long one is shortened so the question fits.
            let full = attributes?[name].map { TerminalText.sanitized($0) } ?? ""
            let value = full.count > 40 ? full.prefix(39) + "…" : full
            return [
                .warning(
                    ScreenText.namingKeys(
                        \.profileRemoveQuestion, ["label": ScreenText.profileLabel(name), "value": value]),
                    rows: 2)
            ]
        case .confirmingDelete(let typed):
            return [
                .warning(ScreenText.profileDeleteWarning(username), rows: 3),
                .field(label: ScreenText.profileTypeUsername, typed, isFocused: true),
            ]
        }
    }
}

/// What happened in the Profile view.
public enum ProfileAction: Sendable {
    /// A key was pressed.
    case keyPressed(Key)
    /// The attributes arrived (or failed).
    case loaded(Result<UserAttributes, AuthError>)
    /// An update finished, with where codes were sent.
    case updated(name: String, Result<[CodeDeliveryDetails], AuthError>)
    /// A verification code was sent (or not).
    case codeSent(name: String, Result<CodeDeliveryDetails, AuthError>)
    /// `verifyUserAttribute` finished for attribute `name`: verified, or why not.
    case verified(name: String, Result<Void, AuthError>)
    /// A password change finished.
    case passwordChanged(Result<Void, AuthError>)
    /// The deletion of `username`'s account finished.
    case deleted(username: String, Result<Void, AuthError>)
    /// The removal of attribute `name` finished.
    case removed(name: String, Result<Void, AuthError>)
}

extension ProfileState {
    /// The view just opened over `app`'s dashboard, for its user: it loads the attributes. The view
    /// reads what it needs from the app itself, so the app only asks it to open.
    package static func opening(over app: AppState) -> (ProfileState, [ScreenEffect]) {
        var state = ProfileState(username: app.dashboard.username ?? app.dashboard.session?.username ?? "")
        state.requiredAttributes = Set(app.options.signUpAttributes.map(\.attributeName))
        state.passwordPolicy = app.options.passwordPolicy
        state.request = .load
        return (state, [.run(.profile(.load))])
    }

    /// Applies an action and returns the requests, and `.route(.closeModal)` when the view closes.
    package mutating func reduce(_ action: ProfileAction) -> [ScreenEffect] {
        switch action {
        case .keyPressed(let key):
            return keyPressed(key)
        case .loaded(let result):
            request = nil
            switch result {
            case .success(let read):
                attributes = read
                selection = min(selection, max(0, rows.count - 1))
            case .failure(let failure): error = ScreenText.profileError(failure)
            }
        case .updated(let name, let result):
            return updated(name: name, result)
        case .codeSent(let name, let result):
            request = nil
            switch result {
            case .success(let delivery):
                error = nil
                mode = .verifying(name: name, code: .digitsOnly, delivery: delivery)
                notice = ScreenText.profileCodeSent(name, delivery)
            case .failure(let failure): error = ScreenText.profileError(failure)
            }
        case .verified(let name, let result):
            return verified(name: name, result)
        case .passwordChanged(let result):
            request = nil
            switch result {
            case .success:
                error = nil
                mode = .browsing
                notice = ScreenText.profilePasswordChanged
            case .failure(let failure):
                error = ScreenText.profileError(failure, changingPassword: true)
                // A wrong current password is typed again; the new one stays.
                if case .changingPassword(var form) = mode, PasswordChangeForm.isWrongCurrentPassword(failure) {
                    form.current.clear()
                    form.focus = .current
                    mode = .changingPassword(form)
                }
            }
        case .deleted(_, let result):
            request = nil
            if case .failure(let failure) = result {
                error = ScreenText.profileError(failure)
                mode = .browsing
            }
        case .removed(let name, let result):
            request = nil
            switch result {
            case .success:
                error = nil
                notice = Localized.format(\.profileRemoved, ["label": ScreenText.profileLabel(name)])
                return [.run(.profile(.load))]
            case .failure(let failure): error = ScreenText.profileError(failure)
            }
        }
        return []
    }

    /// Takes an attribute update's result: on to its code when one was sent, else back to the
    /// list; either way the attributes are read again.
    private mutating func updated(
        name: String, _ result: Result<[CodeDeliveryDetails], AuthError>
    ) -> [ScreenEffect] {
        request = nil
        switch result {
        case .success(let deliveries):
            error = nil
            if let delivery = deliveries.first(where: { $0.attributeName == name }) {
                mode = .verifying(name: name, code: .digitsOnly, delivery: delivery)
                notice = ScreenText.profileCodeSent(name, delivery)
            } else {
                mode = .browsing
                notice = ScreenText.profileSaved(name)
            }
            return [.run(.profile(.load))]
        case .failure(let failure): error = ScreenText.profileError(failure)
        }
        return []
    }

    /// Takes a verification's result: back to the list and the attributes read again, or the
    /// error shown and the code cleared for another try.
    private mutating func verified(
        name: String, _ result: Result<Void, AuthError>
    ) -> [ScreenEffect] {
        request = nil
        switch result {
        case .success:
            error = nil
            mode = .browsing
            notice = ScreenText.profileVerifiedNotice(name)
            return [.run(.profile(.load))]
        case .failure(let failure):
            error = ScreenText.profileError(failure)
            if case .verifying(let name, var code, let delivery) = mode {
                code.clear()
                mode = .verifying(name: name, code: code, delivery: delivery)
            }
        }
        return []
    }
}
