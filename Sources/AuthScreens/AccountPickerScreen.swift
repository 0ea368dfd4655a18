import TerminalKeys

/// The Accounts chooser over the dashboard (`a`): the other accounts signed in under the same store
/// root, then "Sign in as someone else". ↑/↓ choose, Enter switches, Esc closes.
///
/// Switching needs another client (each account has its own store), so the choice ends this UI run
/// with ``AuthScreensRuntime/Exit/switchAccount(_:)``; the host starts the UI again on that account.
public struct AccountPickerState: Equatable, Sendable {
    /// The other accounts, by name, in the order `latchkey accounts` lists them.
    public var accounts: [String]
    /// The highlighted row: an index into ``accounts``, or `accounts.count` for "Sign in as someone else".
    public var selected: Int

    /// A chooser over `accounts`, the first one highlighted.
    public init(accounts: [String]) {
        self.accounts = accounts
        self.selected = 0
    }

    /// The rows as shown, the last one being "Sign in as someone else".
    public var rows: [String] { accounts + [ScreenText.addAccountRow] }

    /// What a key does: ↑/↓ move, Esc (or `a`, `q`) closes, and Enter closes and switches (to
    /// nobody for "Sign in as someone else").
    mutating func reduce(_ key: Key) -> [ScreenEffect] {
        switch key {
        case .up, .backTab: selected = max(0, selected - 1)
        case .down, .tab: selected = min(rows.count - 1, selected + 1)
        case .enter:
            return [.route(.closeModal), .run(.switchAccount(selected < accounts.count ? accounts[selected] : nil))]
        case .escape: return [.route(.closeModal)]
        default:
            if key.isCharacter("q") || key.isCharacter("a") { return [.route(.closeModal)] }
        }
        return []
    }
}
