import CognitoAuth
import Foundation
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
        case .changingPassword(let current, let proposed, let focusOnProposed):
            return changingPasswordKey(key, current: current, proposed: proposed, focusOnProposed: focusOnProposed)
        case .confirmingDelete(let typed): return confirmingDeleteKey(key, typed: typed)
        }
    }

    /// A key in the edit form: Esc goes back, Enter saves, anything else edits the value.
    private mutating func editingKey(
        _ key: Key, name: String, value: FieldState
    ) -> [ScreenEffect] {
        var value = value
        if key == .escape { return back() }
        if key == .enter {
            error = nil
            return run(.update(name: name, value: value.text))
        }
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
        if key == .escape {
            notice = ScreenText.profileVerifyLater(name)
            return back(keepingNotice: true)
        }
        if key.isCtrl("r") {
            error = nil
            return run(.sendCode(name: name))
        }
        if key == .enter {
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

    /// A key in the password form: Esc goes back, Tab (or Enter on the first field) moves focus,
    /// Enter on the second changes the password, Ctrl-T reveals, anything else edits.
    private mutating func changingPasswordKey(
        _ key: Key, current: FieldState, proposed: FieldState, focusOnProposed: Bool
    ) -> [ScreenEffect] {
        var current = current
        var proposed = proposed
        if key == .escape { return back() }
        if key == .tab || key == .backTab || (key == .enter && !focusOnProposed) {
            mode = .changingPassword(current: current, proposed: proposed, focusOnProposed: !focusOnProposed)
            return []
        }
        if key == .enter {
            guard !current.isEmpty, !proposed.isEmpty else {
                error = ScreenText.profileEnterBothPasswords
                return []
            }
            error = nil
            return run(.changePassword(current: SecretText(current.text), proposed: SecretText(proposed.text)))
        }
        if key.isCtrl("t") {
            if focusOnProposed { proposed.isRevealed.toggle() } else { current.isRevealed.toggle() }
        } else if (focusOnProposed ? proposed.apply(key) : current.apply(key)) == .changed {
            error = nil
        }
        mode = .changingPassword(current: current, proposed: proposed, focusOnProposed: focusOnProposed)
        return []
    }

    /// A key in the delete form: Esc cancels, Enter deletes once the username is typed exactly,
    /// anything else edits what is typed.
    private mutating func confirmingDeleteKey(_ key: Key, typed: FieldState) -> [ScreenEffect] {
        var typed = typed
        if key == .escape {
            notice = ScreenText.profileDeleteCancelled
            return back(keepingNotice: true)
        }
        if key == .enter {
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

    private mutating func browsingKey(_ key: Key) -> [ScreenEffect] {
        switch key {
        case .escape, .character("p"): return [.route(.closeModal)]
        case .up: selection = max(0, selection - 1)
        case .down: selection = min(max(0, rows.count - 1), selection + 1)
        case .character("l"):
            guard request == nil else { break }
            return run(.load)
        case .enter, .character("e"):
            guard request == nil, let row = selected else { break }
            guard row.isEditable else {
                error = ScreenText.profileNotEditable(row.label)
                break
            }
            var field = FieldState(text: attributes?[row.name] ?? "")
            field.moveEnd()
            start(.editing(name: row.name, value: field))
        case .character("v"):
            guard request == nil, let row = selected else { break }
            guard UserAttributes.isVerifiable(row.name), attributes?[row.name] != nil else {
                error = ScreenText.profileNotVerifiable
                break
            }
            error = nil
            notice = nil
            return run(.sendCode(name: row.name))
        case .character("w"):
            guard request == nil else { break }
            start(
                .changingPassword(
                    current: FieldState(isSecure: true), proposed: FieldState(isSecure: true), focusOnProposed: false))
        case .character("D"):
            guard request == nil else { break }
            start(.confirmingDelete(typed: FieldState()))
        default: break
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
