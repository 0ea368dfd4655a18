import Foundation

/// One account signed in under the store root, as the header and the Accounts chooser name it.
///
/// The host fills ``AuthUIOptions/accounts`` from its account directory; the UI never reads the
/// store itself. ``id`` is what ``AuthScreensRuntime/Exit/switchAccount(_:)`` hands back, so a
/// choice is exact even when one username is in two accounts.
public struct AccountChoice: Hashable, Sendable {
    /// The host's id for the account (`default`, `account-2`).
    public var id: String
    /// The user in it, when there is one.
    public var username: String?
    /// What tells it apart from another account with the same name (its pool, "pool not recorded");
    /// shown only when two rows would otherwise read the same.
    public var detail: String?
    /// Whether this UI runs on it.
    public var isCurrent: Bool

    /// An account choice.
    public init(id: String, username: String?, detail: String? = nil, isCurrent: Bool = false) {
        self.id = id
        self.username = username
        self.detail = detail
        self.isCurrent = isCurrent
    }

    /// The name it is shown by: the username, else the id.
    public var name: String { username ?? id }

    /// Whether `other` is this account's user (usernames compared after Unicode normalisation).
    func holds(_ other: String) -> Bool {
        username?.precomposedStringWithCanonicalMapping == other.precomposedStringWithCanonicalMapping
    }
}
