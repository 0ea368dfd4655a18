import LatchkeyText
import TerminalKeys

/// A key binding as a value, as bubbles' `key.Binding`: the keys, the label the hint bar and the help
/// show, and where the hint bar and the help name it.
///
/// A view keeps one list of them. Its dispatch matches a key against the list, its hint bar and help
/// overlay are built from the list, and a click on a hint presses the binding's key, so a key is
/// written once. The catalogs hold only what a key does ("profile", "プロフィール"), never the key.
struct KeyBinding<Command: Hashable>: Hashable {
    /// Where the hint bar or the help overlay names a binding.
    enum Placement: Hashable {
        /// An entry of its own: the label, then `text` (a space between on the bar, three in the help).
        case line(TextKey)
        /// The entry before it (in the list) also names this binding's label, after `separator` ("c / C").
        case sharesLine(separator: String)
        /// As ``sharesLine(separator:)``, with a translated separator ("Esc or v", "Esc / v").
        case sharesLineSaying(TextKey)
        /// The entry before it names this binding's label inside its text, at the placeholder `{key}`.
        case mentioned
        /// The entry before it names this binding's label inside its text, at the placeholder `{name}`
        /// (for an entry that names several: "start / end ({home} / {end})").
        case mentionedAt(String)
        /// Not shown.
        case hidden
    }

    /// What the binding does, for the view's dispatch.
    var command: Command
    /// The keys that do it (alternatives); a click on its own hint presses the first.
    var keys: [Key]
    /// The label the hint bar and the help show ("c", "Esc", "↑").
    var label: String
    /// Where the hint bar names the binding.
    var hint: Placement
    /// Where the help overlay names the binding.
    var help: Placement

    /// A binding of `keys` to `command`, labelled `label` (by default the first key's character).
    init(
        _ command: Command, _ keys: [Key], label: String? = nil, hint: Placement = .hidden, help: Placement = .hidden
    ) {
        self.command = command
        self.keys = keys
        self.label = label ?? keys.first.map { KeyBinding.defaultLabel($0) } ?? ""
        self.hint = hint
        self.help = help
    }

    /// Whether `key` is one of the binding's keys (a control key in either case: Ctrl-T is Ctrl-t).
    func matches(_ key: Key) -> Bool {
        if case .ctrl(let letter) = key { return keys.contains { $0.isCtrl(letter) } }
        return keys.contains(key)
    }

    /// The same binding, named on the hint bar at `hint` and in the help at `help` (a view places a
    /// shared key, such as a form's Tab, where its own bar and help want it).
    func placed(hint: Placement = .hidden, help: Placement = .hidden) -> KeyBinding {
        var placed = self
        placed.hint = hint
        placed.help = help
        return placed
    }

    /// The hint bar's entry for this binding saying `text` ("Esc" and "back" make "Esc back"): for a
    /// hint whose words depend on the moment (Esc goes back, or cancels the request in flight).
    func hint(_ text: TextKey, _ values: KeyValuePairs<String, String> = [:]) -> HintEntry {
        HintEntry(label: label, action: Localized.format(text, values), clickKey: keys.first)
    }

    /// A character key's label is the character; other keys have no default label.
    static func defaultLabel(_ key: Key) -> String {
        if case .character(let character) = key { return String(character) }
        return ""
    }
}

/// One entry of the hint bar or the help made from bindings: the label, the text, and the bindings it names.
struct BoundEntry<Command: Hashable> {
    /// "c / C".
    var label: String
    /// "one GetUser call / five at once".
    var text: String
    /// The bindings named, the first being the one whose placement is `.line`.
    var bindings: [KeyBinding<Command>]

    /// The hint bar's entry: a click presses the key when the entry names one binding, else nothing.
    var hintEntry: HintEntry {
        HintEntry(label: label, action: text, clickKey: bindings.count == 1 ? bindings[0].keys.first : nil)
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

    /// The entries the placements at `placement` make, in the list's order.
    func entries<Command>(
        _ placement: KeyPath<KeyBinding<Command>, KeyBinding<Command>.Placement>
    ) -> [BoundEntry<Command>] where Element == KeyBinding<Command> {
        var entries: [BoundEntry<Command>] = []
        for binding in self {
            var separator: String?
            switch binding[keyPath: placement] {
            case .line(let text):
                entries.append(BoundEntry(label: binding.label, text: Localized.text(text), bindings: [binding]))
            case .sharesLine(let literal): separator = literal
            case .sharesLineSaying(let text): separator = Localized.text(text)
            case .mentioned, .mentionedAt:
                guard let last = entries.indices.last else { continue }
                var name = "key"
                if case .mentionedAt(let placeholder) = binding[keyPath: placement] { name = placeholder }
                entries[last].text = Localized.fill(entries[last].text, [name: binding.label])
                entries[last].bindings.append(binding)
            case .hidden: continue
            }
            if let separator, let last = entries.indices.last {
                entries[last].label += separator + binding.label
                entries[last].bindings.append(binding)
            }
        }
        return entries
    }

    /// The help overlay's lines, in the list's order: "c / C   one GetUser call / five at once".
    func helpLines<Command>() -> [String] where Element == KeyBinding<Command> {
        entries(\.help).map { $0.label + "   " + $0.text }
    }

    /// The hint bar's entries in `order` (by the command of an entry's first binding), those `shows` keeps.
    func hintEntries<Command>(order: [Command], shows: (Command) -> Bool = { _ in true }) -> [HintEntry]
    where Element == KeyBinding<Command> {
        let entries = entries(\.hint)
        return order.filter(shows).compactMap { command in
            entries.first { $0.bindings.first?.command == command }?.hintEntry
        }
    }
}

/// One hint of the bottom line: the key's label, what it does, and the key a click on it presses.
///
/// Every hint is made from a ``KeyBinding``: the catalogs hold only what a key does, and the label
/// and the key come from the binding, so the renderer never reads a key from text.
public struct HintEntry: Hashable, Sendable {
    /// The key's label ("p", "Esc", "↑/↓").
    public var label: String
    /// What the key does ("profile").
    public var action: String
    /// The key a click presses; nil when the hint names several keys ("↑/↓") or none ("any other key").
    public var clickKey: Key?

    /// A hint labelled `label`, doing `action`, a click pressing `clickKey`.
    public init(label: String, action: String, clickKey: Key?) {
        self.label = label
        self.action = action
        self.clickKey = clickKey
    }

    /// The hint as shown: "p profile".
    public var text: String { action.isEmpty ? label : label + " " + action }
}
