import CognitoAuth
import Foundation

/// The UI follows the active account (the rule in docs/manual/accounts-and-store.md): when another
/// process makes another account active (`latchkey switch`, `sign-in`, `sign-out` of this account
/// with another still signed in), the run ends so the host starts the UI again on that account. It
/// never changes the active account back.
extension AuthScreensRuntime {
    /// The active account's id under ``AuthUIOptions/accountsRoot`` (a read of one small file), or nil
    /// when the UI does not switch accounts.
    func activeAccount() -> String? {
        guard state.options.canSwitchAccounts, let root = state.options.accountsRoot else { return nil }
        return AccountDirectory(root: root).activeID()
    }

    /// The tick's look at the active account: a change made elsewhere to another account than this
    /// one ends the run with ``Exit/followActiveAccount(_:)`` when nothing of the person's is under way
    /// (``AppState/canFollowActiveAccount``); otherwise the status line says it once, and `a` switches.
    func followActiveAccount() {
        guard exit == nil, let active = activeAccount(), active != seenActiveAccount else { return }
        seenActiveAccount = active
        let shown = state.options.accounts.first(where: \.isCurrent)?.id
        guard active != shown else { return }
        if state.canFollowActiveAccount {
            finish(.followActiveAccount(active))
        } else {
            let name = state.options.accounts.first { $0.id == active }?.name ?? active
            state.statusMessage = ScreenText.activeElsewhere(name)
            state.dashboard.append(ScreenText.activeElsewhere(name))
            onChange?(state)
        }
    }
}

extension AppState {
    /// Whether the UI may follow another process's change of the active account now: the dashboard
    /// with nothing over it and no sign-out running, or a Sign in with no password typed and no
    /// request or browser sign-in under way. A form being filled in is never taken away.
    public var canFollowActiveAccount: Bool {
        switch base {
        case .dashboard:
            return modal == nil && dashboard.signOutRequest == nil
        case .signIn(let signIn):
            return signIn.request == nil && signIn.password.isEmpty && signIn.hostedUI == nil
        default:
            return false
        }
    }
}
