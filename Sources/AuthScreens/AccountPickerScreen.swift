import LatchkeyText
import TerminalKeys

/// The Accounts chooser over the dashboard (`a`): every account signed in under the same store root,
/// this one marked, then "Sign in as someone else". ↑/↓ choose, Enter switches, Esc closes.
///
/// Switching needs another client (each account has its own store), so the choice ends this UI run
/// with ``AuthScreensRuntime/Exit/switchAccount(_:)`` and the account's id; the host starts the UI
/// again on that account. Enter on this account's own row only closes the chooser.
public struct AccountPickerState: Equatable, Sendable {
    /// The accounts, in the order `latchkey accounts` lists them, this one among them.
    public var accounts: [AccountChoice]
    /// The highlighted row: an index into ``accounts``, or `accounts.count` for "Sign in as someone else".
    public var selected: Int

    /// A chooser over `accounts`, the first account that is not this one highlighted (else "Sign in
    /// as someone else").
    public init(accounts: [AccountChoice]) {
        self.accounts = accounts
        self.selected = accounts.firstIndex { !$0.isCurrent } ?? accounts.count
    }

    /// The rows as shown: each account ("alice", "bob (this account)", with what tells apart two of
    /// one name), the last one being "Sign in as someone else".
    public var rows: [String] {
        let names = accounts.map(\.name)
        return accounts.map { choice in
            let repeated = names.filter { $0 == choice.name }.count > 1
            return ScreenText.accountRow(
                choice.name, detail: repeated ? choice.detail : nil, isCurrent: choice.isCurrent)
        } + [ScreenText.addAccountRow]
    }

    /// What a key does: ↑/↓ move, Esc (or `a`, `q`) closes, and Enter closes and switches (to a new
    /// account for "Sign in as someone else"; to nothing for this account's own row).
    mutating func reduce(_ key: Key) -> [ScreenEffect] {
        guard let command: AccountPickerCommand = Self.keyBindings.command(for: key) else { return [] }
        switch command {
        case .up: selected = max(0, selected - 1)
        case .down: selected = min(rows.count - 1, selected + 1)
        case .choose:
            guard accounts.indices.contains(selected) else { return [.route(.closeModal), .run(.switchAccount(nil))] }
            let chosen = accounts[selected]
            return chosen.isCurrent ? [.route(.closeModal)] : [.route(.closeModal), .run(.switchAccount(chosen.id))]
        case .close, .closeByOpeningKey, .closeByQuitKey: return [.route(.closeModal)]
        }
        return []
    }
}

extension ModalOpening {
    /// The Accounts chooser, when other accounts share the store root.
    package static let accounts = ModalOpening("accounts") { app in
        app.options.canSwitchAccounts ? Opened(modal: .accounts(AccountPickerState(accounts: app.accountChoices))) : nil
    }
}

/// What an Accounts chooser key does.
enum AccountPickerCommand: Hashable, CaseIterable {
    case up, down, choose, close, closeByOpeningKey, closeByQuitKey
}

extension AccountPickerState {
    /// The chooser's bindings; each key is written here and nowhere else (`a` is the dashboard's key
    /// that opens it, `q` the app's). Its help is the choices' help (`ScreenText.choiceHelp`).
    static var keyBindings: [KeyBinding<AccountPickerCommand>] {
        [
            KeyBinding(.up, [.up, .backTab], label: "↑", hint: .line(\.accountPickerHintsChoose), help: .hidden),
            KeyBinding(.down, [.down, .tab], label: "↓", hint: .sharesLine(separator: "/"), help: .hidden),
            KeyBinding(.choose, [.enter], label: "Enter", hint: .line(\.hintEnterSwitch), help: .hidden),
            KeyBinding(.close, [.escape], label: "Esc", hint: .line(\.accountPickerHintsBack), help: .hidden),
            KeyBinding(.closeByOpeningKey, DashboardState.keyBindings.binding(.accounts)?.keys ?? [], help: .hidden),
            KeyBinding(.closeByQuitKey, AppKeys.quit, help: .hidden),
        ]
    }

    /// The chooser's hints, made from ``keyBindings``.
    static var bindingHints: [HintEntry] { keyBindings.hintEntries(order: [.up, .choose, .close]) }
}
