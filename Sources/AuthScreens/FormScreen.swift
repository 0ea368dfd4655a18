import TerminalKeys

/// What a form did with a key, for the screen's reducer to act on.
enum FormKeyOutcome<Focus: Hashable>: Equatable {
    /// Focus or cursor moved, reveal toggled, or the key was ignored.
    case handled
    /// The focused field's text changed (its error was cleared).
    case edited(Focus)
    /// Enter or Space on a button or link.
    case activated(Focus)
    /// Enter on the last text field.
    case submitted
    /// Esc while idle: go back or cancel.
    case escaped
    /// Esc while a request is in flight: cancel it.
    case cancelledInFlight
}

/// The shared keyboard behaviour of every form (terminal-ux.md "Keys" and "Forms").
///
/// Tab / ↓ and Shift-Tab / ↑ move focus (wrapping), Enter moves to the next field and submits on
/// the last text field, Enter or Space activates a button, Ctrl-T reveals the focused password,
/// and editing keys go to the focused field. Leaving a field validates it; editing clears its
/// error. While a request is in flight only Esc does anything.
protocol FormScreen: FormViewModel {
    /// The item Tab / Shift-Tab / ↑ / ↓ move between.
    var focus: Focus { get set }
    /// The request in flight, or nil when idle.
    var request: Request? { get set }
    /// The validation error for the field at `focus` as it is now, or nil when it is valid.
    func validationError(for focus: Focus) -> String?
    /// Where the form says that Esc cancelled its request (its `notice` or its `banner`).
    static var requestCancelledMessage: WritableKeyPath<Self, String?> { get }
}

extension FormScreen {
    /// Whether `item` is a text field.
    func isTextField(_ item: Focus) -> Bool { fieldPath(item) != nil }

    /// Whether the form has any text field (then `q` types a letter instead of quitting).
    var hasTextField: Bool { focusOrder.contains { isTextField($0) } }

    /// Moves focus to `target`, validating the field that loses it.
    mutating func moveFocus(to target: Focus) {
        guard target != focus, focusOrder.contains(target) else { return }
        blur(focus)
        focus = target
    }

    /// Moves focus by `offset` steps in Tab order, wrapping around.
    mutating func moveFocus(by offset: Int) {
        let order = focusOrder
        guard !order.isEmpty else { return }
        guard let index = order.firstIndex(of: focus) else {
            moveFocus(to: order[0])
            return
        }
        let count = order.count
        moveFocus(to: order[((index + offset) % count + count) % count])
    }

    /// Hides a revealed password and validates the field once it has content: an empty field is
    /// flagged only by submitting (leaving it is not an error), and an error that no longer holds clears.
    mutating func blur(_ item: Focus) {
        guard let path = fieldPath(item) else { return }
        self[keyPath: path].isRevealed = false
        let field = self[keyPath: path]
        if !field.isEmpty {
            self[keyPath: path].error = validationError(for: item)
        } else if field.error != nil && validationError(for: item) == nil {
            self[keyPath: path].error = nil
        }
    }

    /// Validates every text field, focuses the first invalid one, and returns whether all are valid.
    mutating func validateAll() -> Bool {
        var firstInvalid: Focus?
        for item in focusOrder {
            guard let path = fieldPath(item) else { continue }
            let error = validationError(for: item)
            self[keyPath: path].error = error
            if error != nil && firstInvalid == nil { firstInvalid = item }
        }
        guard let firstInvalid else { return true }
        if let path = fieldPath(focus) { self[keyPath: path].isRevealed = false }
        focus = firstInvalid
        return false
    }

    /// Esc while a request runs: the runtime cancels it (its result is dropped) and the form says so.
    mutating func cancelRequestInFlight() -> [ScreenEffect] {
        request = nil
        self[keyPath: Self.requestCancelledMessage] = ScreenText.requestCancelled
        return [.run(.cancelRequest)]
    }

    /// Applies the shared key behaviour: the command bound to `key` (``FormKeys``), else an edit of
    /// the focused field.
    mutating func handleFormKey(_ key: Key) -> FormKeyOutcome<Focus> {
        let command: FormCommand? = FormKeys.keyBindings.command(for: key)
        if isInFlight { return command == .escape ? .cancelledInFlight : .handled }
        switch command {
        case .next?:
            moveFocus(by: 1)
            return .handled
        case .previous?:
            moveFocus(by: -1)
            return .handled
        case .escape?:
            return .escaped
        case .enter?:
            guard isTextField(focus) else { return .activated(focus) }
            if focus == focusOrder.last(where: { isTextField($0) }) { return .submitted }
            moveFocus(by: 1)
            return .handled
        case .activate? where !isTextField(focus):
            return .activated(focus)
        case .reveal?:
            if let path = fieldPath(focus), self[keyPath: path].isSecure {
                self[keyPath: path].isRevealed.toggle()
            }
            return .handled
        case .activate?, .newCode?, nil:
            guard let path = fieldPath(focus) else { return .handled }
            switch self[keyPath: path].apply(key) {
            case .changed:
                self[keyPath: path].error = nil
                return .edited(focus)
            case .moved, .notEditing:
                return .handled
            }
        }
    }
}
