import LatchkeyText
import TerminalKeys

/// Which token `y` on the dashboard copies.
enum TokenCopyCommand: Hashable, CaseIterable {
    case idToken, accessToken
}

extension TokenCopyChoice {
    /// The choice's bindings; each key is written here and nowhere else. The status line and the
    /// dashboard's help name them at `{id}` and `{access}`.
    static var keyBindings: [KeyBinding<TokenCopyCommand>] {
        [
            KeyBinding(.idToken, [.character("i")], help: .hidden),
            KeyBinding(.accessToken, [.character("a")], help: .hidden),
        ]
    }

    /// `text` with `{id}` and `{access}` filled with the choice's key labels.
    static func naming(_ text: String) -> String {
        let id = keyBindings.binding(.idToken)?.label ?? ""
        let access = keyBindings.binding(.accessToken)?.label ?? ""
        return Localized.fill(text, ["id": id, "access": access])
    }
}
