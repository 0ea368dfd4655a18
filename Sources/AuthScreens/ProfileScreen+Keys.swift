import CognitoAuth
import Foundation
import LatchkeyText
import TerminalKeys

/// The Profile view's keys: browsing the rows and the forms (edit, verify, password, delete).
extension ProfileState {
    mutating func keyPressed(_ key: Key) -> [ScreenEffect] {
        guard request == nil || mode == .browsing else { return [] }
        switch mode {
        case .browsing: return browsingKey(key)
        case .editing(let name, let value): return editingKey(key, name: name, value: value)
        case .verifying(let name, let code, let delivery):
            return verifyingKey(key, name: name, code: code, delivery: delivery)
        case .changingPassword(let form): return changingPasswordKey(key, form: form)
        case .confirmingDelete(let typed): return confirmingDeleteKey(key, typed: typed)
        case .confirmingRemoval(let name):
            // Any key answers: `y` removes the attribute, anything else keeps it.
            mode = .browsing
            guard AnswerKeys.isYes(key) else {
                notice = Localized.format(\.profileRemoveKept, ["label": ScreenText.profileLabel(name)])
                return []
            }
            return run(.remove(name: name))
        }
    }

    /// A key in the edit form: Esc goes back, Enter saves a value in the attribute's format, a key the
    /// attribute does not take (a letter in a phone number) is ignored, anything else edits the value.
    private mutating func editingKey(
        _ key: Key, name: String, value: FieldState
    ) -> [ScreenEffect] {
        var value = value
        let attribute = AttributeField(name: name, label: ScreenText.profileLabel(name), text: value.text)
        let command: FormCommand? = Self.editBindings.command(for: key)
        if command == .escape { return back() }
        if command == .enter {
            // Checked as Create account checks it (an E.164 phone number, an email address, a date…),
            // before the pool is asked; an empty value is the pool's to judge.
            if !value.text.trimmingCharacters(in: .whitespaces).isEmpty, let problem = attribute.validationError {
                error = problem
                return []
            }
            error = nil
            return run(.update(name: name, value: value.text))
        }
        if attribute.refuses(key) { return [] }
        if value.apply(key) == .changed { error = nil }
        mode = .editing(name: name, value: value)
        return []
    }

    /// A key in the code form: Esc leaves verifying for later, Ctrl-R sends a new code, Enter
    /// verifies, anything else edits the code.
    private mutating func verifyingKey(
        _ key: Key, name: String, code: FieldState, delivery: CodeDeliveryDetails?
    ) -> [ScreenEffect] {
        var code = code
        let command: FormCommand? = Self.codeBindings.command(for: key)
        if command == .escape {
            notice = ScreenText.profileVerifyLater(name)
            return back(keepingNotice: true)
        }
        if command == .newCode {
            error = nil
            return run(.sendCode(name: name))
        }
        if command == .enter {
            let entered = code.text.trimmingCharacters(in: .whitespaces)
            guard !entered.isEmpty else {
                error = ScreenText.profileEnterCode
                return []
            }
            error = nil
            return run(.verify(name: name, code: entered))
        }
        if code.apply(key) == .changed { error = nil }
        mode = .verifying(name: name, code: code, delivery: delivery)
        return []
    }

    /// A key in the password form: Esc goes back, Tab and Enter move between the fields, Enter on
    /// the last one changes the password once the form is complete (else says what is missing and
    /// focuses it), Ctrl-T reveals, anything else edits.
    private mutating func changingPasswordKey(_ key: Key, form: PasswordChangeForm) -> [ScreenEffect] {
        var form = form
        if PasswordChangeForm.keyBindings.command(for: key) == .escape { return back() }
        let outcome = form.apply(key)
        if outcome == .edited { error = nil }
        guard outcome == .submitted else {
            mode = .changingPassword(form)
            return []
        }
        if let problem = form.problem {
            form.focus = problem.field
            mode = .changingPassword(form)
            error = problem.message
            return []
        }
        error = nil
        mode = .changingPassword(form)
        return run(
            .changePassword(current: SecretText(form.current.text), proposed: SecretText(form.proposed.text)))
    }

    /// A key in the delete form: Esc cancels, Enter deletes once the username is typed exactly,
    /// anything else edits what is typed.
    private mutating func confirmingDeleteKey(_ key: Key, typed: FieldState) -> [ScreenEffect] {
        var typed = typed
        let command: FormCommand? = Self.deleteBindings.command(for: key)
        if command == .escape {
            notice = ScreenText.profileDeleteCancelled
            return back(keepingNotice: true)
        }
        if command == .enter {
            guard typed.text == username else {
                error = ScreenText.profileDeleteMismatch
                return []
            }
            error = nil
            return run(.deleteAccount(username: username))
        }
        if typed.apply(key) == .changed { error = nil }
        mode = .confirmingDelete(typed: typed)
        return []
    }

    /// Does what `command` says.
    mutating func perform(_ command: ProfileCommand) -> [ScreenEffect] {
        switch command {
        case .back, .backByOpeningKey: return [.route(.closeModal)]
        case .openView(let name):
            guard let link = AppState.viewsOpenedFromProfile.first(where: { $0.opening.name == name }) else { break }
            return [.route(.present(link.opening))]
        case .up: selection = max(0, selection - 1)
        case .down: selection = min(max(0, rows.count - 1), selection + 1)
        case .reload:
            guard request == nil else { break }
            return run(.load)
        case .edit, .editByEnter:
            guard request == nil, let row = selected else { break }
            guard row.isEditable else {
                error = ScreenText.profileNotEditable(row.label)
                break
            }
            var field = FieldState(text: attributes?[row.name] ?? "")
            field.moveEnd()
            start(.editing(name: row.name, value: field))
        case .verify:
            guard request == nil, let row = selected else { break }
            guard UserAttributes.isVerifiable(row.name), attributes?[row.name] != nil else {
                error = ScreenText.profileNotVerifiable
                break
            }
            error = nil
            notice = nil
            return run(.sendCode(name: row.name))
        case .password:
            guard request == nil else { break }
            start(.changingPassword(PasswordChangeForm(policy: passwordPolicy)))
        case .remove:
            guard request == nil, let row = selected else { break }
            if let refusal = removalRefusal(row) {
                error = refusal
                notice = nil
                break
            }
            start(.confirmingRemoval(name: row.name))
        case .delete:
            guard request == nil else { break }
            start(.confirmingDelete(typed: FieldState()))
        // The app answers `?` and `q` (AppState.keyPressed) before a key reaches the view.
        case .help, .quit: break
        }
        return []
    }

    /// Sends `request`, which is in flight until its answer.
    private mutating func run(_ request: ProfileRequest) -> [ScreenEffect] {
        self.request = request.inFlight
        return [.run(.profile(request))]
    }

    private mutating func start(_ form: Mode) {
        mode = form
        error = nil
        notice = nil
    }

    private mutating func back(keepingNotice: Bool = false) -> [ScreenEffect] {
        mode = .browsing
        error = nil
        if !keepingNotice { notice = nil }
        return []
    }
}
