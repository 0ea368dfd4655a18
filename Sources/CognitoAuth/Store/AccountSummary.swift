import Foundation

/// One account as `latchkey accounts`, `switch` and the UI's Accounts chooser see it: read from its
/// own store and `account.json`, without the network.
package struct AccountSummary: Sendable, Hashable {
    /// The account's id (``AccountDirectory/defaultID`` or `account-N`).
    package var id: String
    /// The user in it: the stored session's username, else the one `account.json` recorded.
    package var username: String?
    /// The user pool `account.json` recorded, when it did.
    package var userPoolId: String?
    /// The stored session's state (``UserState/signedOut`` when none is stored); nil when unreadable.
    package var state: UserState?
    /// Why the store could not be read, when it could not.
    package var problem: String?
    /// Whether it is the active account.
    package var isActive: Bool
    /// Whether a sign-out here still owes the service a revocation (kept until it is sent).
    package var owesRevocation = false

    /// An account as read from its store.
    package init(
        id: String, username: String?, userPoolId: String?, state: UserState?, problem: String? = nil,
        isActive: Bool, owesRevocation: Bool = false
    ) {
        self.id = id
        self.username = username
        self.userPoolId = userPoolId
        self.state = state
        self.problem = problem
        self.isActive = isActive
        self.owesRevocation = owesRevocation
    }

    /// Whether a user is in this account (signed in, or signed in before and owing a re-login).
    package var isLive: Bool {
        guard username != nil, let state else { return false }
        return [.signedIn, .signedOutUserPoolsTokenInvalid, .signedOutFederatedTokensInvalid].contains(state)
    }

    /// The name `latchkey switch` takes for it: the username, else the id.
    package var name: String { username ?? id }

    /// `username@poolId`, which tells apart one username on two pools; the bare name when no pool
    /// was recorded.
    package var label: String { name + (userPoolId.map { "@" + $0 } ?? "") }

    /// Whether this account holds `username` on `userPoolId` (usernames compared after Unicode
    /// normalisation; a pool that either side does not know matches any).
    package func holds(username other: String, userPoolId pool: String?) -> Bool {
        guard let username else { return false }
        return AccountProfile(
            username: username, userPoolId: userPoolId, appClientId: nil, configPath: nil, configSection: nil
        ).matches(username: other, userPoolId: pool)
    }
}
