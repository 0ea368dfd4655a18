import LatchkeyText
import TerminalKeys

/// What an editing key does to a text field.
enum FieldEditCommand: Hashable, CaseIterable {
    case moveToStart, moveToEnd, moveLeft, moveRight
    case deleteBackward, deleteForward, deleteToStart, deleteToEnd, deleteWordBackward
}

/// A text field's editing keys, as a shell's line editor has them: one list drives `apply` and the
/// editing lines of every form's help.
extension FieldState {
    /// The editing bindings, in the help's order; each key is written here and nowhere else.
    static var keyBindings: [KeyBinding<FieldEditCommand>] {
        [
            KeyBinding(.moveToStart, [.ctrl("a")], label: "Ctrl-A", help: .line(\.formHelpStartEnd)),
            KeyBinding(.moveToEnd, [.ctrl("e")], label: "Ctrl-E", help: .sharesLine(separator: " / ")),
            KeyBinding(.moveToStart, [.home], label: "Home", help: .mentionedAt("home")),
            KeyBinding(.moveToEnd, [.end], label: "End", help: .mentionedAt("end")),
            KeyBinding(.moveLeft, [.ctrl("b")], label: "Ctrl-B", help: .line(\.formHelpBackForward)),
            KeyBinding(.moveRight, [.ctrl("f")], label: "Ctrl-F", help: .sharesLine(separator: " / ")),
            KeyBinding(.moveLeft, [.left], label: "←"),
            KeyBinding(.moveRight, [.right], label: "→"),
            KeyBinding(.deleteToStart, [.ctrl("u")], label: "Ctrl-U", help: .line(\.formHelpDeleteToEdge)),
            KeyBinding(.deleteToEnd, [.ctrl("k")], label: "Ctrl-K", help: .sharesLine(separator: " / ")),
            KeyBinding(.deleteForward, [.ctrl("d")], label: "Ctrl-D", help: .line(\.formHelpDeleteForwardWord)),
            KeyBinding(.deleteWordBackward, [.ctrl("w")], label: "Ctrl-W", help: .sharesLine(separator: " / ")),
            KeyBinding(.deleteBackward, [.backspace], label: "Backspace"),
            KeyBinding(.deleteForward, [.delete], label: "Delete"),
        ]
    }

    /// Does what `command` says to the text or the cursor.
    mutating func edit(_ command: FieldEditCommand) -> EditResult {
        switch command {
        case .moveToStart: moveHome()
        case .moveToEnd: moveEnd()
        case .moveLeft: moveLeft()
        case .moveRight: moveRight()
        case .deleteBackward: return backspace() ? .changed : .moved
        case .deleteForward: return deleteForward() ? .changed : .moved
        case .deleteToStart: return deleteToStart() ? .changed : .moved
        case .deleteToEnd: return deleteToEnd() ? .changed : .moved
        case .deleteWordBackward: return deleteWordBackward() ? .changed : .moved
        }
        return .moved
    }
}
