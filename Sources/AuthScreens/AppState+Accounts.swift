import CognitoAuth
import Foundation

/// Several accounts: what the chooser lists, and when this run hands over to the host's account
/// rules (the command line's, in ``CognitoAuth``'s account directory), so the UI and `latchkey`
/// behave alike.
extension AppState {
    /// The Accounts chooser's accounts: ``AuthUIOptions/accounts``, this one named by the user
    /// signed in now (it may have been nobody when the run started).
    var accountChoices: [AccountChoice] {
        var choices = options.accounts
        let name = dashboard.username ?? dashboard.session?.username
        if let index = choices.firstIndex(where: \.isCurrent) {
            if let name { choices[index].username = name }
        } else if let name {
            choices.insert(AccountChoice(id: "", username: name, isCurrent: true), at: 0)
        }
        return choices
    }

    /// After this account was signed out (`o`, `O`, Delete account): when another account is signed
    /// in here, the run ends so the host can make it the active one, as `latchkey sign-out` does.
    mutating func handOverAfterSignOut() -> [AuthEffect] {
        guard options.canSwitchAccounts, !options.otherAccounts.isEmpty else { return [] }
        return [.handOver]
    }

    /// Once the user of a sign-in made in this run is known: when another account here holds that
    /// user, the run ends so the host moves the sign-in there (one account per user, as
    /// `latchkey sign-in` keeps it).
    mutating func handOverIfUserHasAnotherAccount() -> [AuthEffect] {
        guard checksSignedInUser, dashboard.userState == .signedIn,
            let name = dashboard.username ?? dashboard.session?.username
        else { return [] }
        checksSignedInUser = false
        guard options.canSwitchAccounts, options.accounts.contains(where: { !$0.isCurrent && $0.holds(name) }) else {
            return []
        }
        handOverNotice = nil
        handOverSignOutURL = nil
        return [.handOver]
    }
}
