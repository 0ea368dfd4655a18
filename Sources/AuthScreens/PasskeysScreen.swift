import CognitoAuth
import Foundation
import LatchkeyText
import TerminalKeys

/// The Passkeys view (`k` on the dashboard, next to Profile and the Security rows): the signed-in user's passkeys
/// with their name, attachment and when they were added; `a` adds one (the ceremony screen shows over the view),
/// `x` removes the selected one after "Remove passkey …? y".
public struct PasskeysState: Equatable, Sendable {
    /// The call in flight.
    public enum Request: Hashable, Sendable {
        /// The list is being read.
        case load
        /// A passkey is being added (the ceremony runs).
        case add
        /// Passkey `id` is being removed.
        case remove(id: String)
    }

    /// The passkeys as last read, or nil before the first answer.
    public var passkeys: [PasskeyCredential]?
    /// The highlighted row.
    public var selection = 0
    /// The call in flight, or nil.
    public var request: Request?
    /// The passkey `x` asks about, until `y` (or another key) answers.
    public var confirmingRemoval: PasskeyCredential?
    /// The last failure, sanitised.
    public var error: String?
    /// The last outcome ("Passkey added.").
    public var outcome: String?
    /// The time zone dates are shown in (the dashboard's).
    public var timeZone: TimeZone?

    /// Creates the view, loading.
    public init(timeZone: TimeZone? = nil) {
        self.timeZone = timeZone
        self.request = .load
    }

    /// One row: "Passkey 1 · security key · added 2026-11-29 03:12".
    public func row(_ passkey: PasskeyCredential) -> String {
        let created = passkey.created.map { TimeFormatting.dateTime($0, timeZone: timeZone) } ?? "-"
        let name = passkey.name.isEmpty ? Localized.text(\.passkeysUnnamed) : TerminalText.sanitized(passkey.name)
        return Localized.format(
            \.passkeysRow,
            ["name": name, "attachment": ScreenText.passkeyAttachment(passkey.attachment), "created": created])
    }
}

/// What happens in the Passkeys view.
public enum PasskeysAction: Sendable {
    /// A key was pressed.
    case keyPressed(Key)
    /// The list was read.
    case loaded(Result<[PasskeyCredential], AuthError>)
    /// A passkey was added (its id), or why not.
    case added(Result<String, AuthError>)
    /// Passkey `id` was removed, or why not.
    case removed(id: String, Result<Void, AuthError>)
}

/// The Passkeys view's calls; each answer comes back as a ``PasskeysAction``.
public enum PasskeysRequest: Hashable, Sendable {
    /// `listPasskeys()`.
    case list
    /// `addPasskey(name:)`: the ceremony runs on the client's authenticator.
    case add
    /// `deletePasskey(_:)`.
    case remove(id: String)

    /// Calls `service` and returns the action its answer comes back as (nil when cancelled).
    func perform(on service: some AuthClientService) async -> PasskeysAction? {
        switch self {
        case .list: return await AuthEffect.outcome { try await service.listPasskeys() }.map { .loaded($0) }
        case .add: return await AuthEffect.outcome { try await service.addPasskey(name: nil) }.map { .added($0) }
        case .remove(let id):
            return await AuthEffect.outcome { try await service.deletePasskey(id) }.map { .removed(id: id, $0) }
        }
    }
}

/// What a key does in the Passkeys view.
enum PasskeysCommand: Hashable {
    case up, down, add, remove, reload, back, backByOpeningKey, confirmRemoval
}

extension PasskeysState {
    /// The view's bindings; each key is written here and nowhere else.
    static var keyBindings: [KeyBinding<PasskeysCommand>] {
        [
            KeyBinding(.up, [.up], label: "↑", help: .line(\.passkeysHintMove)),
            KeyBinding(.down, [.down], label: "↓", hint: .hidden, help: .sharesLine(separator: "/")),
            KeyBinding(.add, [.character("a")], hint: .line(\.passkeysHintAdd), help: .line(\.passkeysHintAdd)),
            KeyBinding(
                .remove, [.character("x")], hint: .line(\.passkeysHintRemove), help: .line(\.passkeysHintRemove)),
            KeyBinding(
                .reload, [.character("l")], hint: .line(\.passkeysHintReload), help: .line(\.passkeysHintReload)),
            KeyBinding(
                .back, [.escape], label: "Esc", hint: .line(\.passkeysHintBack), help: .line(\.passkeysHintBack)),
            KeyBinding(
                .backByOpeningKey, DashboardState.keyBindings.binding(.passkeys)?.keys ?? [],
                help: .sharesLineSaying(\.profileHelpOr)),
            KeyBinding(.confirmRemoval, [.character("y")], help: .hidden),
        ]
    }

    /// The hint bar's order.
    static let hintOrder: [PasskeysCommand] = [.add, .remove, .reload, .back]

    /// Applies an action; returns the effects, and `.route(.closeModal)` to close.
    package mutating func reduce(_ action: PasskeysAction) -> [ScreenEffect] {
        switch action {
        case .keyPressed(let key): return keyPressed(key)
        case .loaded(let result):
            guard request == .load else { return [] }
            request = nil
            switch result {
            case .success(let list):
                passkeys = list
                selection = min(selection, max(0, list.count - 1))
                error = nil
            case .failure(let failure): error = ScreenText.fallbackBanner(failure)
            }
            return []
        case .added(let result):
            guard request == .add else { return [] }
            return finished(result.map { _ in Localized.text(\.passkeysAdded) })
        case .removed(let id, let result):
            guard request == .remove(id: id) else { return [] }
            let name = passkeys?.first { $0.id == id }.map(\.name) ?? id
            return finished(
                result.map { Localized.format(\.passkeysRemoved, ["name": TerminalText.sanitized(name)]) })
        }
    }

    /// A change finished: the outcome or the error, and the list read again.
    private mutating func finished(_ result: Result<String, AuthError>) -> [ScreenEffect] {
        switch result {
        case .success(let said):
            outcome = said
            error = nil
        case .failure(let failure):
            outcome = nil
            error = ScreenText.fallbackBanner(failure)
        }
        request = .load
        return [.run(.passkeys(.list))]
    }

    private mutating func keyPressed(_ key: Key) -> [ScreenEffect] {
        let command: PasskeysCommand? = Self.keyBindings.command(for: key)
        if let asked = confirmingRemoval {
            confirmingRemoval = nil
            guard command == .confirmRemoval, request == nil else { return [] }
            request = .remove(id: asked.id)
            outcome = nil
            return [.run(.passkeys(.remove(id: asked.id)))]
        }
        let count = passkeys?.count ?? 0
        switch command {
        case .up?: selection = max(0, selection - 1)
        case .down?: selection = min(max(0, count - 1), selection + 1)
        case .back?, .backByOpeningKey?: return [.route(.closeModal)]
        case .add?:
            guard request == nil else { return [] }
            request = .add
            outcome = nil
            error = nil
            return [.run(.passkeys(.add))]
        case .remove?:
            guard request == nil, let list = passkeys, list.indices.contains(selection) else { return [] }
            confirmingRemoval = list[selection]
        case .reload?:
            guard request == nil else { return [] }
            request = .load
            return [.run(.passkeys(.list))]
        case .confirmRemoval?, nil: break
        }
        return []
    }
}

extension PasskeysState: ScreenModel {
    var title: String { Localized.text(\.passkeysTitle) }
    var activity: String? {
        switch request {
        case .load?: return Localized.text(\.passkeysLoading)
        case .add?: return Localized.text(\.passkeysAdding)
        case .remove?: return Localized.text(\.passkeysRemoving)
        case nil: return nil
        }
    }
    var hasTextField: Bool { false }
    var hintEntries: [HintEntry]? { Self.keyBindings.hintEntries(order: Self.hintOrder) }
    var helpLines: [String]? { Self.keyBindings.helpLines() }
    static func action(for key: Key) -> PasskeysAction { .keyPressed(key) }

    /// The list (the selected row marked), then the outcome or error; the question when `x` asks.
    var panel: ModalPanel? {
        if let asked = confirmingRemoval {
            let name = asked.name.isEmpty ? Localized.text(\.passkeysUnnamed) : TerminalText.sanitized(asked.name)
            let confirm = Self.keyBindings.binding(.confirmRemoval)?.label ?? ""
            return ModalPanel(
                title: title, message: Localized.format(\.passkeysConfirmRemove, ["name": name]),
                footer: Localized.fill(Localized.text(\.passkeysConfirmFooter), ["key": confirm]))
        }
        var lines: [String] = []
        if let list = passkeys {
            if list.isEmpty { lines.append(Localized.text(\.passkeysEmpty)) }
            for (index, passkey) in list.enumerated() {
                // No-break spaces: the panel's wrapping drops a line's leading spaces.
                lines.append((index == selection ? "› " : "\u{00A0}\u{00A0}") + row(passkey))
            }
        } else {
            lines.append(Localized.text(\.passkeysLoading))
        }
        if let outcome { lines += ["", "✔ " + outcome] }
        if let error { lines += ["", "✖ " + error] }
        return ModalPanel(title: title, message: lines.joined(separator: "\n"))
    }
}

// MARK: Registered with the app (AppState+Modal.swift lists the case)

extension ModalOpening {
    /// The Passkeys view, reading the list.
    package static let passkeys = ModalOpening("passkeys") { app in
        Opened(
            modal: .passkeys(PasskeysState(timeZone: app.dashboard.timeZone)), effects: [.run(.passkeys(.list))])
    }
}

extension AuthEffect {
    /// The Passkeys view's request; its answer comes back to the view.
    package static func passkeys(_ request: PasskeysRequest) -> AuthEffect { .modal(.passkeys(request)) }
}
