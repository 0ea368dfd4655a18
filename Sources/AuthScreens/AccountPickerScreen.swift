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

    /// What a key does: nil keeps the chooser open; `.some(nil)` closes it; `.some(.some(choice))`
    /// switches (`choice` is nil for "Sign in as someone else").
    package mutating func reduce(_ key: Key) -> AccountChoice? {
        switch key {
        case .up, .backTab: selected = max(0, selected - 1)
        case .down, .tab: selected = min(rows.count - 1, selected + 1)
        case .enter: return .switchTo(selected < accounts.count ? accounts[selected] : nil)
        case .escape: return .close
        default:
            if key.isCharacter("q") || key.isCharacter("a") { return .close }
        }
        return nil
    }
}

/// What the Accounts chooser decided.
package enum AccountChoice: Equatable, Sendable {
    /// The picker closed (Esc) without switching accounts.
    case close
    /// Switch to this account, or (nil) sign in as someone else in a new account.
    case switchTo(String?)
}
