import CognitoAuth
import Foundation
import TerminalKeys

/// A Profile request for the runtime, as data (secrets as ``SecretText``).
public enum ProfileRequest: Hashable, Sendable {
    /// Reads the attributes with `userAttributes()`; answered by `ProfileAction.loaded`.
    case load
    /// Saves one attribute with `updateUserAttributes([name: value])`; answered by `ProfileAction.updated`.
    case update(name: String, value: String)
    /// Sends a verification code with `sendAttributeVerificationCode(_:)`; answered by `ProfileAction.codeSent`.
    case sendCode(name: String)
    /// Checks a code with `verifyUserAttribute(_:code:)`; answered by `ProfileAction.verified`.
    case verify(name: String, code: String)
    /// Changes the password with `changePassword(current:proposed:)`; answered by `ProfileAction.passwordChanged`.
    case changePassword(current: SecretText, proposed: SecretText)
    /// `deleteUser()` for `username` (named in the outcome); `ProfileAction.deleted`.
    case deleteAccount(username: String)

    /// A request in flight as the view keeps it: which call runs, without the secrets it carried.
    public enum InFlight: Hashable, Sendable {
        case load
        case update(name: String)
        case sendCode
        case verify(name: String)
        case changePassword
        case deleteAccount
    }

    /// This request as the view keeps it while it runs.
    public var inFlight: InFlight {
        switch self {
        case .load: return .load
        case .update(let name, _): return .update(name: name)
        case .sendCode: return .sendCode
        case .verify(let name, _): return .verify(name: name)
        case .changePassword: return .changePassword
        case .deleteAccount: return .deleteAccount
        }
    }
}

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
/// Keys while browsing: ↑/↓ select, Enter or `e` edit, `v` verify, `w` change password, `D` delete
/// the account, `l` reload, Esc or `p` back. In a form: Enter submits, Esc goes back to the list;
/// on the code form Ctrl-R sends a new code.
public struct ProfileState: Equatable, Sendable {
    /// What the view shows under the list.
    public enum Mode: Equatable, Sendable {
        /// Only the attribute list, with no form under it (the starting mode).
        case browsing
        /// Editing one attribute's value.
        case editing(name: String, value: FieldState)
        /// Entering the code sent for `name`.
        case verifying(name: String, code: FieldState, delivery: CodeDeliveryDetails?)
        /// The current and the new password; `focusOnProposed` says which field has focus.
        case changingPassword(current: FieldState, proposed: FieldState, focusOnProposed: Bool)
        /// "Type the username to delete the account".
        case confirmingDelete(typed: FieldState)
    }

    /// The attributes as last read, or nil before the first answer.
    public var attributes: UserAttributes?
    /// The username to show before the attributes arrive (and to confirm a deletion).
    public var knownUsername: String
    /// The request in flight, or nil: the one model of "in flight", as on the forms.
    public var request: ProfileRequest.InFlight?
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
    public var hasTextField: Bool { mode != .browsing }

    /// What is running ("Saving name…"), or nil.
    public var activity: String? {
        switch request {
        case .load?: return ScreenText.profileLoading
        case .update(let name)?: return ScreenText.profileSaving(name)
        case .sendCode?: return ScreenText.profileSendingCode
        case .verify(let name)?: return ScreenText.profileVerifying(name)
        case .changePassword?: return ScreenText.profileChangingPassword
        case .deleteAccount?: return ScreenText.profileDeleting
        case nil: return nil
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
}

extension ProfileState {
    /// The view just opened for `username`: it loads the attributes.
    package static func opening(username: String) -> (ProfileState, [ScreenEffect]) {
        var state = ProfileState(username: username)
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
            case .failure(let failure): error = ScreenText.shortError(failure)
            }
        case .updated(let name, let result):
            return updated(name: name, result)
        case .codeSent(let name, let result):
            request = nil
            switch result {
            case .success(let delivery):
                error = nil
                mode = .verifying(name: name, code: FieldState(), delivery: delivery)
                notice = ScreenText.profileCodeSent(name, delivery)
            case .failure(let failure): error = ScreenText.shortError(failure)
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
            case .failure(let failure): error = ScreenText.shortError(failure)
            }
        case .deleted(_, let result):
            request = nil
            if case .failure(let failure) = result {
                error = ScreenText.shortError(failure)
                mode = .browsing
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
                mode = .verifying(name: name, code: FieldState(), delivery: delivery)
                notice = ScreenText.profileCodeSent(name, delivery)
            } else {
                mode = .browsing
                notice = ScreenText.profileSaved(name)
            }
            return [.run(.profile(.load))]
        case .failure(let failure): error = ScreenText.shortError(failure)
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
            error = ScreenText.shortError(failure)
            if case .verifying(let name, var code, let delivery) = mode {
                code.clear()
                mode = .verifying(name: name, code: code, delivery: delivery)
            }
        }
        return []
    }
}
