import LatchkeyText
import TerminalKeys

/// What a key the app answers itself does.
enum AppCommand: Hashable, CaseIterable {
    case help, formHelp, quit
}

/// The keys the app answers itself before a view sees them (`AppState.keyPressed`); the views' key
/// bindings name `?` and `q` for their hints and help, and the bar's last hint is the help key's.
enum AppKeys {
    /// The app's bindings; each key is written here and nowhere else.
    static var keyBindings: [KeyBinding<AppCommand>] {
        [
            // `?` and `q` on a view without a text field (there they are typed into the field).
            KeyBinding(.help, [.character("?")], help: .hidden),
            KeyBinding(.formHelp, [.function(1)], label: "F1", help: .hidden),
            KeyBinding(.quit, [.character("q")], help: .hidden),
        ]
    }

    /// `?`: opens (and closes) the help overlay.
    static var help: [Key] { keys(.help) }
    /// `F1`: opens (and closes) the help overlay, on a form too.
    static var formHelp: [Key] { keys(.formHelp) }
    /// `q`: quits.
    static var quit: [Key] { keys(.quit) }

    /// The keys of `command`'s binding.
    static func keys(_ command: AppCommand) -> [Key] { keyBindings.binding(command)?.keys ?? [] }

    /// The bar's help hint: "? help" ("F1 help" on a form, where `?` is typed), or "? more" when
    /// hints were left out; a click presses the key.
    static func helpHint(onForm: Bool, more: Bool) -> HintEntry {
        let binding = keyBindings.binding(onForm ? .formHelp : .help)
        let text: TextKey = more ? (onForm ? \.hintF1More : \.hintHelpMore) : (onForm ? \.hintF1Help : \.hintHelp)
        return HintEntry(label: binding?.label ?? "", action: Localized.text(text), clickKey: binding?.keys.first)
    }
}
