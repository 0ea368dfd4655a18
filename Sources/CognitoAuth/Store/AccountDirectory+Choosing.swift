import Foundation

/// What a name given to `latchkey switch`, `--account` or `$LATCHKEY_ACCOUNT` stands for.
package enum AccountLookup: Sendable, Hashable {
    /// One account.
    case found(AccountSummary)
    /// Several accounts answer to the name (one user in two accounts, from before sign-in kept one
    /// account per user): the caller lists them and asks for an id.
    case ambiguous([AccountSummary])
    /// No account answers to it.
    case notFound
}

/// Where a sign-in goes (``AccountDirectory/accountForSignIn(username:userPoolId:among:)``).
package enum SignInAccount: Sendable, Hashable {
    /// An account that is there already.
    case existing(String)
    /// A new account (``AccountDirectory/createAccount()``).
    case new
}

/// The rules of several accounts, one copy for the command line and the full-screen UI: which
/// account a name means, where a sign-in goes, and which account is active after a sign-out.
extension AccountDirectory {
    /// Account `id` as read from its store (no network); `active` is the active account's id.
    package func summary(of id: String, environment: [String: String], active: String?) -> AccountSummary {
        let profile = profile(of: id)
        var summary = AccountSummary(
            id: id, username: profile?.username, userPoolId: profile?.userPoolId, state: nil, isActive: id == active)
        do {
            let selection = try SessionStoreSelection.make(
                directory: directory(for: id), environment: environment, lockTimeout: .milliseconds(500))
            let session = try selection.store.load()
            summary.state = session?.state ?? .signedOut
            summary.owesRevocation = session?.pendingRevocation != nil
            if let name = session?.username { summary.username = name }
        } catch {
            summary.problem = String(describing: error)
        }
        return summary
    }

    /// Every account, read from its own store (no network), in ``accountIDs()`` order.
    package func summaries(environment: [String: String]) -> [AccountSummary] {
        let active = activeID()
        return accountIDs().map { summary(of: $0, environment: environment, active: active) }
    }

    /// The account `wanted` names: an id, `username@poolId`, or a username.
    ///
    /// An id is exact. `username@poolId` matches only accounts that recorded that pool. A bare
    /// username matches every account holding it; when several do and only some have a user in
    /// them, those are meant. Two or more left is ``AccountLookup/ambiguous(_:)``: never a silent pick.
    package static func lookUp(_ wanted: String, among all: [AccountSummary]) -> AccountLookup {
        if let byID = all.first(where: { $0.id == wanted }) { return .found(byID) }
        var matches = all.filter { $0.userPoolId != nil && $0.label == wanted }
        if matches.isEmpty {
            let normalized = wanted.precomposedStringWithCanonicalMapping
            matches = all.filter { $0.username?.precomposedStringWithCanonicalMapping == normalized }
        }
        if matches.count > 1, matches.contains(where: \.isLive) { matches = matches.filter(\.isLive) }
        switch matches.count {
        case 0: return .notFound
        case 1: return .found(matches[0])
        default: return .ambiguous(matches)
        }
    }

    /// The account a sign-in as `username` on `userPoolId` goes to; one account per user.
    ///
    /// 1. The account already holding that user (the active one first, then one with the user still
    ///    in it): signing in again uses it, whichever account is active.
    /// 2. Else the active account, when nobody is in it.
    /// 3. Else (someone else is in the active account, who stays signed in) an account nobody is in,
    ///    else a new one.
    package static func accountForSignIn(username: String, userPoolId: String?, among all: [AccountSummary])
        -> SignInAccount
    {
        let active = all.first(where: \.isActive)
        if let active, active.holds(username: username, userPoolId: userPoolId) { return .existing(active.id) }
        let holders = all.filter { $0.holds(username: username, userPoolId: userPoolId) }
        if let holder = holders.first(where: \.isLive) ?? holders.first { return .existing(holder.id) }
        guard let active, active.isLive else { return .existing(active?.id ?? defaultID) }
        if let empty = all.first(where: { !$0.isLive && $0.problem == nil && $0.id != active.id }) {
            return .existing(empty.id)
        }
        return .new
    }

    /// The other account that already holds the user signed in to account `id`, if any: where that
    /// sign-in belongs (see ``settleSignIn(of:environment:)``).
    package static func otherHolder(of id: String, among all: [AccountSummary]) -> AccountSummary? {
        guard let account = all.first(where: { $0.id == id }), let username = account.username else { return nil }
        let holders = all.filter {
            $0.id != id && $0.problem == nil && $0.holds(username: username, userPoolId: account.userPoolId)
        }
        return holders.first(where: \.isLive) ?? holders.first
    }

    /// After a sign-in to account `id`: records what it signed in with, and (with `activates`, the
    /// default) makes it the active one. A process that only saw its session again (the UI quitting)
    /// passes `activates: false`, so a switch made elsewhere stands.
    /// - Throws: ``SessionStoreError`` when the record or the marker cannot be written.
    package func recordSignIn(
        id: String, username: String, configuration: AuthConfiguration, configSection: String?, activates: Bool = true
    ) throws(SessionStoreError) {
        let profile = AccountProfile(
            username: username, userPoolId: configuration.userPool?.poolId,
            appClientId: configuration.userPool?.appClientId,
            configPath: configuration.sourcePath.map { URL(fileURLWithPath: $0).standardizedFileURL.path },
            configSection: configSection)
        if self.profile(of: id) != profile { try record(profile, for: id) }
        if activates, activeID() != id { try activate(id) }
    }

    /// After signing out of account `id` (the command line's `sign-out` and `user delete`, the UI's
    /// `o`, `O` and Delete account): removes it when it is empty (not the default one) and owes the
    /// service nothing (a revocation that could not be sent keeps it until it is), and when it was
    /// the active one and another user is still signed in here, makes theirs the active account.
    /// - Returns: the account made active, if any.
    package func afterSignOut(of id: String, environment: [String: String]) -> AccountSummary? {
        let wasActive = activeID() == id
        let leaving = summary(of: id, environment: environment, active: nil)
        if id != Self.defaultID, leaving.state == .signedOut, leaving.problem == nil, !leaving.owesRevocation {
            try? removeAccount(id)
        }
        guard wasActive,
            let next = summaries(environment: environment).first(where: { $0.isLive && $0.id != id }),
            (try? activate(next.id)) != nil
        else { return nil }
        return next
    }
}
