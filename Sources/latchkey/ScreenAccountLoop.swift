import AuthScreens
import CognitoAuth
import LatchkeyText

/// The full-screen UI's account loop between two runs of the screens: which account the next run shows,
/// and what the account rules did on the way there.
///
/// The active account changes only when a person picks one: in the chooser, or by signing in here.
/// Quitting never changes it, so a `latchkey switch` made in another shell while the UI ran stands.
struct ScreenAccountLoop {
    /// The options the UI was started with.
    let global: GlobalOptions
    /// The account the next run shows.
    var accountID: String
    /// An account made for "Sign in as someone else"; removed again if nobody signs in to it.
    var newAccount: String?
    /// The account that sign-in goes back to when cancelled.
    var returnAccount: String?
    /// What the account rules did on the way to the next run, said there.
    var notice: String?
    /// The hosted UI's sign-out URL the last run could not open, shown by the next one (ux-3, item 9).
    var signOutURL: String?

    /// Removes the account made for "Sign in as someone else" when the UI ends before anyone signed in to it.
    func abandonNewAccount() {
        if let made = newAccount { UICommand.removeUnused(made, returnAccount: returnAccount, global: global) }
    }

    /// Settles a run that ended: adopts what other processes wrote meanwhile (a sign-out of this account
    /// elsewhere) first, so a session the store no longer holds is neither recorded nor called signed in;
    /// records the run's sign-in; drops an unused "someone else" account.
    /// - Returns: whether the run ended signed in.
    mutating func settle(after client: AuthClient, startingUser: String?) async -> Bool {
        notice = nil
        signOutURL = nil
        await client.syncWithStore()
        let signedIn = await client.userState == .signedIn
        if signedIn, let name = await client.username {
            // Only the record is kept up to date: whichever account is active now stays active (a sign-in in
            // the run activated its account when it happened; another process may have switched since). A
            // user who has an account here already keeps it.
            try? AccountResolution.recordSignIn(
                id: accountID, username: name, configuration: client.configuration, global: global,
                activates: false)
            if name != startingUser {
                let settled = AccountResolution.settleSignIn(id: accountID, global: global)
                accountID = settled.id
                notice = settled.message
            }
        } else if let made = newAccount, made == accountID {
            UICommand.removeUnused(made, returnAccount: returnAccount, global: global)
        }
        newAccount = nil
        returnAccount = nil
        return signedIn
    }

    /// Chooses the next run's account from what the screens asked for when they ended.
    mutating func follow(_ request: AccountRequest, signedIn: Bool) throws {
        switch request {
        case .account(let id):
            guard global.accounts.accountIDs().contains(id) else {
                throw CLIFailure(code: 2, message: Localized.format(\.cliAccountGone, ["name": id]))
            }
            do {
                try global.accounts.activate(id)
            } catch {
                throw AuthError(storeError: error)
            }
            accountID = id
        case .someoneElse:
            returnAccount = accountID
            do {
                accountID = try global.accounts.createAccount()
            } catch {
                throw AuthError(storeError: error)
            }
            newAccount = accountID
        case .handOver(let logoutNotice, let logoutURL):
            // The URL goes apart from the notices, so the next run shows it whole (ux-3, item 9).
            signOutURL = logoutURL
            // The same rule as `latchkey sign-out`: another signed-in account becomes the active one.
            if !signedIn, let next = global.accounts.afterSignOut(of: accountID, environment: global.environment) {
                accountID = next.id
                notice = ScreenText.switchedAfterSignOut(next.name)
            } else if !global.accounts.accountIDs().contains(accountID) {
                accountID = global.accounts.activeID()
                // The sign-out already made the other account active (as `latchkey sign-out` does): say so all the same.
                let next = global.accounts.summaries(environment: global.environment).first { $0.id == accountID }
                if let next, next.isLive, let name = next.username { notice = ScreenText.switchedAfterSignOut(name) }
            }
            let said = [logoutNotice, notice].compactMap { $0 }
            notice = said.isEmpty ? nil : said.joined(separator: " ")
        case .followActive(let id):
            // Another process chose this account (switch, sign-in, sign-out of the one shown): the UI follows
            // what it chose and leaves the active account as it is.
            let name =
                global.accounts.summaries(environment: global.environment)
                .first { $0.id == id }.flatMap(\.username) ?? id
            accountID = global.accounts.accountIDs().contains(id) ? id : global.accounts.activeID()
            notice = signedIn ? ScreenText.followedSwitch(name) : ScreenText.followedSignOut(name)
        }
    }
}
