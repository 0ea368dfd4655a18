import LatchkeyText
import TerminalKeys

/// A key binding as a value, as bubbles' `key.Binding`: the keys, the label the hint bar and the help
/// show, the hint's text and where the help names it.
///
/// A view keeps one list of them. Its dispatch matches a key against the list, its hint bar and help
/// overlay are built from the list, and a click on a hint presses the binding's first key, so a key is
/// written once. The catalogs hold only what a key does ("profile", "プロフィール"), never the key.
struct KeyBinding<Command: Hashable>: Hashable {
    /// Where the help overlay names a binding.
    enum HelpPlacement: Hashable {
        /// A line of its own: the label, three spaces, then `text`.
        case line(TextKey)
        /// The line before it also names this binding's label, after `separator` ("c / C", "↑ ↓").
        case sharesLine(separator: String)
        /// The line before it names this binding's label inside its text, at the placeholder `{key}`.
        case mentioned
        /// Not in the help.
        case none
    }

    /// What the binding does, for the view's dispatch.
    var command: Command
    /// The keys that do it (alternatives); a click on the hint presses the first.
    var keys: [Key]
    /// The label the hint bar and the help show ("c", "Esc", "↑").
    var label: String
    /// The hint bar's text after the label ("call"), or nil when the bar does not show the binding.
    var hint: TextKey?
    /// Where the help overlay names the binding.
    var help: HelpPlacement

    /// A binding of `keys` to `command`, labelled `label` (by default the first key's character).
    init(_ command: Command, _ keys: [Key], label: String? = nil, hint: TextKey? = nil, help: HelpPlacement) {
        self.command = command
        self.keys = keys
        self.label = label ?? keys.first.map(KeyBinding.defaultLabel) ?? ""
        self.hint = hint
        self.help = help
    }

    /// Whether `key` is one of the binding's keys.
    func matches(_ key: Key) -> Bool { keys.contains(key) }

    /// The hint bar's entry, or nil when the binding has no hint.
    var hintEntry: HintEntry? {
        hint.map { HintEntry(label: label, action: Localized.text($0), keys: keys) }
    }

    /// A character key's label is the character; other keys have no default label.
    static func defaultLabel(_ key: Key) -> String {
        if case .character(let character) = key { return String(character) }
        return ""
    }
}

extension Array {
    /// The command bound to `key`, or nil when no binding has it.
    func command<Command>(for key: Key) -> Command? where Element == KeyBinding<Command> {
        first { $0.matches(key) }?.command
    }

    /// The binding of `command`.
    func binding<Command>(_ command: Command) -> KeyBinding<Command>? where Element == KeyBinding<Command> {
        first { $0.command == command }
    }

    /// The help overlay's lines, in the list's order: "c / C   one GetUser call / five at once".
    func helpLines<Command>() -> [String] where Element == KeyBinding<Command> {
        var lines: [(label: String, text: String)] = []
        for binding in self {
            switch binding.help {
            case .line(let text):
                lines.append((binding.label, Localized.text(text)))
            case .sharesLine(let separator):
                guard let last = lines.indices.last else { continue }
                lines[last].label += separator + binding.label
            case .mentioned:
                guard let last = lines.indices.last else { continue }
                lines[last].text = Localized.fill(lines[last].text, ["key": binding.label])
            case .none:
                continue
            }
        }
        return lines.map { $0.label + "   " + $0.text }
    }
}

/// One hint of the bottom line: the key's label, what it does, and the keys of its binding (a click
/// presses the first).
///
/// A hint not yet made from a ``KeyBinding`` (``init(legacy:)``) has its whole text as the label and
/// no keys; the renderer then still reads the key from the label.
public struct HintEntry: Hashable, Sendable {
    /// The key's label ("p", "Esc").
    public var label: String
    /// What the key does ("profile"); empty for a legacy hint.
    public var action: String
    /// The keys of the binding; empty for a legacy hint.
    public var keys: [Key]

    /// A hint labelled `label` doing `action` with `keys`.
    public init(label: String, action: String, keys: [Key]) {
        self.label = label
        self.action = action
        self.keys = keys
    }

    /// A hint given as one text ("Tab next"), not yet made from a binding.
    public init(legacy text: String) {
        self.init(label: text, action: "", keys: [])
    }

    /// The hint as shown: "p profile".
    public var text: String { action.isEmpty ? label : label + " " + action }

    /// The key a click on the hint presses, or nil for a legacy hint.
    public var clickKey: Key? { keys.first }
}
