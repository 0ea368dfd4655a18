import LatchkeyText
import TerminalKeys

/// What a key the app answers itself does.
enum AppCommand: Hashable, CaseIterable {
    case help, formHelp, closeHelp, quit, interrupt, suspend, copy
}

/// The keys the app answers itself before a view sees them (`AppState.keyPressed`, and Ctrl-C and
/// Ctrl-Z in the terminal loop); the views' key bindings name them for their hints and help, and the
/// bar's last hint is the help key's.
public enum AppKeys {
    /// The app's bindings; each key is written here and nowhere else.
    static var keyBindings: [KeyBinding<AppCommand>] {
        [
            // `?` and `q` on a view without a text field (there they are typed into the field).
            KeyBinding(.help, [.character("?")]),
            KeyBinding(.formHelp, [.function(1)], label: "F1"),
            KeyBinding(.closeHelp, [.escape], label: "Esc"),
            KeyBinding(.quit, [.character("q")]),
            KeyBinding(.interrupt, [.ctrl("c")], label: "Ctrl-C"),
            KeyBinding(.suspend, [.ctrl("z")], label: "Ctrl-Z"),
            // Copies what the view shows: the TOTP URI, the sign-in URL, the sign-out URL.
            KeyBinding(.copy, [.ctrl("y")], label: "Ctrl-Y"),
        ]
    }

    /// The binding of `command` (every command has one).
    static func binding(_ command: AppCommand) -> KeyBinding<AppCommand> {
        keyBindings.binding(command) ?? KeyBinding(command, [])
    }

    /// `?`: opens (and closes) the help overlay.
    static var help: [Key] { keys(.help) }
    /// `F1`: opens (and closes) the help overlay, on a form too.
    static var formHelp: [Key] { keys(.formHelp) }
    /// `q`: quits.
    static var quit: [Key] { keys(.quit) }

    /// The keys of `command`'s binding.
    static func keys(_ command: AppCommand) -> [Key] { binding(command).keys }

    /// Whether `key` is `command`'s.
    static func isKey(_ key: Key, of command: AppCommand) -> Bool { binding(command).matches(key) }

    /// Whether `key` quits at once, whatever shows (Ctrl-C); the terminal loop asks it.
    public static func interrupts(_ key: Key) -> Bool { isKey(key, of: .interrupt) }

    /// Whether `key` suspends the app (Ctrl-Z); the terminal loop asks it.
    public static func suspends(_ key: Key) -> Bool { isKey(key, of: .suspend) }

    /// The bar's help hint: "? help" ("F1 help" on a form, where `?` is typed), or "? more" when
    /// hints were left out; a click presses the key.
    static func helpHint(onForm: Bool, more: Bool) -> HintEntry {
        let text: TextKey = more ? (onForm ? \.hintF1More : \.hintHelpMore) : (onForm ? \.hintF1Help : \.hintHelp)
        return binding(onForm ? .formHelp : .help).hint(text)
    }

    /// The quit hint: "Ctrl-C quit" on a form (`q` is typed there), "q quit" elsewhere.
    static func quitHint(onForm: Bool) -> HintEntry { binding(onForm ? .interrupt : .quit).hint(\.hintQuit) }

    /// The hint while the help shows: "Esc or ? close help".
    static var closeHelpHint: HintEntry {
        [
            binding(.closeHelp).placed(hint: .line(\.closeHelpHint)),
            binding(.help).placed(hint: .sharesLineSaying(\.closeHelpOr)),
        ].entries(\.hint).first?.hintEntry ?? binding(.closeHelp).hint(\.closeHelpHint)
    }

    /// The app's lines of a form's help: "F1   this help (? is typed into the field)" and
    /// "Ctrl-Z / Ctrl-C   suspend (fg resumes) / quit".
    static var formHelpLines: [String] {
        [
            binding(.formHelp).placed(help: .line(\.formHelpF1)),
            binding(.help).placed(help: .mentioned),
            binding(.suspend).placed(help: .line(\.formHelpSuspendQuit)),
            binding(.interrupt).placed(help: .sharesLine(separator: " / ")),
        ].helpLines()
    }

    /// The app's lines of a choice screen's help: "? or F1   this help" and "q or Ctrl-C   quit".
    static var choiceHelpLines: [String] {
        [
            binding(.help).placed(help: .line(\.choiceHelpHelp)),
            binding(.formHelp).placed(help: .sharesLineSaying(\.choiceHelpOr)),
            binding(.quit).placed(help: .line(\.choiceHelpQuit)),
            binding(.interrupt).placed(help: .sharesLineSaying(\.choiceHelpOr)),
        ].helpLines()
    }
}
