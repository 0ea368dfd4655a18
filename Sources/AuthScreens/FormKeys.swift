import LatchkeyText
import TerminalKeys

/// What a form's key does (`FormScreen.handleFormKey`; the Profile view's forms too).
enum FormCommand: Hashable, CaseIterable {
    case next, previous, enter, activate, escape, reveal, newCode
}

/// The keys every form shares, each written once; a form's hint bar, its help and the choice screens'
/// help place them (``KeyBinding/placed(hint:help:)``), and `handleFormKey` dispatches through them.
enum FormKeys {
    /// Tab: the next field.
    static var tab: KeyBinding<FormCommand> { KeyBinding(.next, [.tab], label: "Tab") }
    /// Shift-Tab: the field before.
    static var backTab: KeyBinding<FormCommand> { KeyBinding(.previous, [.backTab], label: "Shift-Tab") }
    /// ↓: the next field or choice.
    static var down: KeyBinding<FormCommand> { KeyBinding(.next, [.down], label: "↓") }
    /// ↑: the field or choice before.
    static var up: KeyBinding<FormCommand> { KeyBinding(.previous, [.up], label: "↑") }
    /// Enter: the next field, submit on the last, or activate a button.
    static var enter: KeyBinding<FormCommand> { KeyBinding(.enter, [.enter], label: "Enter") }
    /// Space: activate a button, link or choice (on a field it is typed).
    static var space: KeyBinding<FormCommand> { KeyBinding(.activate, [.character(" ")], label: "Space") }
    /// Esc: back, or cancel the request in flight.
    static var escape: KeyBinding<FormCommand> { KeyBinding(.escape, [.escape], label: "Esc") }
    /// Ctrl-T: show or hide the focused password.
    static var reveal: KeyBinding<FormCommand> { KeyBinding(.reveal, [.ctrl("t")], label: "Ctrl-T") }
    /// Ctrl-R: send a new code (the Profile view's code form).
    static var newCode: KeyBinding<FormCommand> { KeyBinding(.newCode, [.ctrl("r")], label: "Ctrl-R") }

    /// Whether `key` activates a button (Enter or Space).
    static func activates(_ key: Key) -> Bool { enter.matches(key) || space.matches(key) }

    /// A form's bindings, placed in its help ("Tab / Shift-Tab, ↓ / ↑   move between fields").
    static var keyBindings: [KeyBinding<FormCommand>] {
        [
            tab.placed(help: .line(\.formHelpTab)),
            backTab.placed(help: .sharesLine(separator: " / ")),
            down.placed(help: .sharesLine(separator: ", ")),
            up.placed(help: .sharesLine(separator: " / ")),
            enter.placed(help: .line(\.formHelpEnter)),
            escape.placed(help: .line(\.formHelpEsc)),
            reveal.placed(help: .line(\.formHelpCtrlT)),
            space,
        ]
    }

    /// A screen of choices' bindings (the same keys), placed in its help and its hint bar.
    static var choiceBindings: [KeyBinding<FormCommand>] {
        [
            up.placed(hint: .line(\.hintChoose)),
            down.placed(hint: .sharesLine(separator: "/"), help: .line(\.choiceHelpMove)),
            up.placed(help: .sharesLine(separator: " / ")),
            tab.placed(help: .sharesLine(separator: ", ")),
            backTab,
            enter.placed(hint: .line(\.hintEnterSelect), help: .line(\.choiceHelpChoose)),
            space.placed(help: .sharesLineSaying(\.choiceHelpOr)),
            escape.placed(help: .line(\.choiceHelpEsc)),
            reveal,
        ]
    }

    /// The form's help: its keys, the field's editing keys, the mouse and the app's keys.
    static var formHelpLines: [String] {
        keyBindings.helpLines() + FieldState.keyBindings.helpLines()
            + [Localized.text(\.formHelpMouseLabel) + "   " + Localized.text(\.formHelpMouse)] + AppKeys.formHelpLines
    }

    /// A choice screen's help: moving, choosing, Esc, then the app's help and quit keys.
    static var choiceHelpLines: [String] { choiceBindings.helpLines() + AppKeys.choiceHelpLines }

    /// A choice screen's hints: "↑/↓ choose", "Enter select", "q quit", "Esc back".
    static var choiceHints: [HintEntry] {
        let entries = choiceBindings.entries(\.hint).map(\.hintEntry)
        return entries + [AppKeys.quitHint(onForm: false), escape.hint(\.hintEscBack)]
    }

    /// The hints of a form: Tab, Enter, then the copy and reveal keys, Ctrl-C and `escape`; while a
    /// request runs (`activity`), Esc cancels it. A view without a text field has the choice hints.
    static func formHints(
        activity: String?, hasTextField: Bool, copiesURI: Bool = false, copiesSignInURL: Bool = false,
        revealHint: HintEntry?, escape: HintEntry?
    ) -> [HintEntry] {
        let quit = AppKeys.quitHint(onForm: true)
        let copy = AppKeys.binding(.copy)
        if activity != nil {
            let copyURL = copiesSignInURL ? [copy.hint(\.hintCopySignInURL)] : []
            return [Self.escape.hint(\.hintCancelRequest)] + copyURL + [quit]
        }
        guard hasTextField else { return choiceHints }
        var hints = [tab.hint(\.hintNext), enter.hint(\.hintEnter)]
        if copiesURI { hints.append(copy.hint(\.hintCopyTOTPURI)) }
        // Only the footer says Ctrl-T (the field does not), so it comes before what may be cut.
        if let revealHint { hints.append(revealHint) }
        hints.append(quit)
        if let escape { hints.append(escape) }
        return hints
    }

    /// The Ctrl-T hint of a password field: "Ctrl-T show password" or, once shown, "Ctrl-T hide password".
    static func revealHint(isRevealed: Bool) -> HintEntry {
        reveal.hint(isRevealed ? \.hintHidePassword : \.hintShowPassword)
    }
}
