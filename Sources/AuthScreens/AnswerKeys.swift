import LatchkeyText
import TerminalKeys

/// The answer a key gives to a yes/no question.
enum AnswerCommand: Hashable, CaseIterable {
    case yes, no
}

/// The keys that answer a yes/no question ("Sign out everywhere?", "Remember this device?",
/// "Remove this attribute?", "Forget this machine?"), each written once. Any other key declines.
enum AnswerKeys {
    /// The bindings: `y` (or `Y`) says yes, `n` (or `N`) says no.
    static var keyBindings: [KeyBinding<AnswerCommand>] {
        [
            KeyBinding(.yes, [.character("y"), .character("Y")]),
            KeyBinding(.no, [.character("n"), .character("N")]),
        ]
    }

    /// The binding of `answer`.
    static func binding(_ answer: AnswerCommand) -> KeyBinding<AnswerCommand> {
        keyBindings.binding(answer) ?? KeyBinding(answer, [])
    }

    /// The answer `key` gives, or nil for any other key.
    static func answer(_ key: Key) -> AnswerCommand? { keyBindings.command(for: key) }

    /// Whether `key` says yes.
    static func isYes(_ key: Key) -> Bool { answer(key) == .yes }

    /// The hint for any key but the bound ones: "any other key cancel" (a click presses nothing).
    static func anyOtherKeyHint(_ text: TextKey) -> HintEntry {
        HintEntry(label: Localized.text(\.hintAnyOtherKey), action: Localized.text(text), clickKey: nil)
    }
}
