import CognitoAuth
import LatchkeyText
import TerminalKeys

/// What a Devices key does.
enum DevicesCommand: Hashable, CaseIterable {
    case up, down, forget, remember, reload, back, backByOpeningKey, help, quit
}

/// The Devices view's keys: one list of bindings for the dispatch, the hint bar, the help and the mouse.
extension DevicesState {
    /// The Devices view's bindings, in the help's order; each key is written here and nowhere else
    /// (`v`, which also closes the view, is the dashboard's key that opens it).
    static var keyBindings: [KeyBinding<DevicesCommand>] {
        [
            KeyBinding(.up, [.up], label: "↑", hint: .line(\.devicesHintsSelect), help: .line(\.devicesHelpSelect)),
            KeyBinding(
                .down, [.down], label: "↓", hint: .sharesLine(separator: "/"), help: .sharesLine(separator: " ")),
            KeyBinding(.forget, [.character("f")], hint: .line(\.devicesHintsForget), help: .line(\.devicesHelpForget)),
            KeyBinding(
                .remember, [.character("r")], hint: .line(\.devicesHintsRemember), help: .line(\.devicesHelpRemember)),
            KeyBinding(.reload, [.character("l")], hint: .line(\.devicesHintsReload), help: .line(\.devicesHelpReload)),
            KeyBinding(.back, [.escape], label: "Esc", hint: .line(\.devicesHintsBack), help: .line(\.devicesHelpBack)),
            KeyBinding(
                .backByOpeningKey, DashboardState.keyBindings.binding(.devices)?.keys ?? [],
                help: .sharesLineSaying(\.devicesHelpBackOr)),
            // `?` and `q` are the app's (AppState.keyPressed answers them before the view sees them).
            KeyBinding(.help, AppKeys.help, help: .line(\.devicesHelpHelp)),
            KeyBinding(.quit, AppKeys.quit, hint: .line(\.devicesHintsQuit), help: .line(\.devicesHelpQuit)),
        ]
    }

    /// The hint bar's order, most important first (a narrow bar keeps the first).
    static let hintOrder: [DevicesCommand] = [.up, .forget, .remember, .back, .quit, .reload]

    /// The hint bar's entries, made from ``keyBindings``.
    static var bindingHints: [HintEntry] { keyBindings.hintEntries(order: hintOrder) }

    /// The hint bar's entries for this list: with no device listed, none of the keys that act on one
    /// (select, forget, remember), which did nothing there (ux-3, item 18).
    var listHints: [HintEntry] {
        guard hasLoaded, devices.isEmpty else { return Self.bindingHints }
        return Self.keyBindings.hintEntries(order: Self.hintOrder.filter { ![.up, .forget, .remember].contains($0) })
    }

    /// The help overlay's lines, made from ``keyBindings``.
    static var helpLines: [String] { keyBindings.helpLines() }

    /// A key: the answer to "forget this machine?" when it is asked, else the command bound to it.
    mutating func keyPressed(_ key: Key) -> [ScreenEffect] {
        if let deviceKey = confirmingForget {
            confirmingForget = nil
            guard AnswerKeys.isYes(key) else {
                notice = ScreenText.forgetCancelled
                return []
            }
            return start(.forget(deviceKey: deviceKey))
        }
        guard let command: DevicesCommand = Self.keyBindings.command(for: key) else { return [] }
        return perform(command)
    }

    /// Does what `command` says.
    mutating func perform(_ command: DevicesCommand) -> [ScreenEffect] {
        switch command {
        case .back, .backByOpeningKey: return [.route(.closeModal)]
        case .up: selection = max(0, selection - 1)
        case .down: selection = min(max(0, devices.count - 1), selection + 1)
        case .reload:
            guard request == nil else { return [] }
            request = .load
            return [.run(.devices(.load))]
        case .forget:
            guard request == nil, let device = selected else { return [] }
            if device.isCurrent {
                confirmingForget = device.deviceKey
                return []
            }
            return start(.forget(deviceKey: device.deviceKey))
        case .remember:
            guard request == nil, let device = selected else { return [] }
            return start(
                .remember(deviceKey: device.deviceKey, remembered: device.rememberedStatus != "remembered"))
        // The app answers `?` and `q` (AppState.keyPressed) before a key reaches the view.
        case .help, .quit: break
        }
        return []
    }
}
