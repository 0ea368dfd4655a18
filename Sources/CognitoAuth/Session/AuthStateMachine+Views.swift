import Foundation

/// Read-only views of the machine's state, for the actor and for tests.
extension AuthStateMachine {
    /// The user state, as AWSMobileClient names it.
    var userState: UserState { state.userState }

    /// The session record (tokens, username, identity).
    var session: PersistedSession? { state.record }

    /// The refresh phase (idle unless signed in).
    var refresh: RefreshPhase {
        if case .signedIn(_, let phase) = state { return phase }
        return .idle
    }

    /// The tokens when they are valid beyond the margin at `now` and the user is signed in: the fast path.
    func cachedTokens(at now: Date) -> CognitoTokens? {
        guard case .signedIn(let session, _) = state, let tokens = session.tokens,
            tokens.areValid(at: now, preferredMargin: policy.refreshMargin)
        else { return nil }
        return tokens
    }

    /// The calls waiting, oldest first.
    var pendingCalls: [PendingCall] {
        waiters.map {
            var call = PendingCall(
                id: $0.key, label: $0.value.options.label, since: $0.value.since, reason: $0.value.reason)
            call.acr = $0.value.options.acr
            call.maxAge = $0.value.options.maxAge
            return call
        }
        .sorted { $0.id < $1.id }
    }

    /// The number of waiters.
    var waiterCount: Int { waiters.count }

    var info: UserStateInfo { UserStateInfo(username: session?.username, provider: session?.provider) }

    /// The user-pool user who is signed in, or must sign in again, when it is not `username`: a
    /// sign-in as `username` would replace that user's session.
    /// The revocation owed for the refresh token of another user than `username` whose session is
    /// here (signed in, or waiting for a re-login): what replacing that session leaves to revoke.
    func replacedRevocation(by username: String) -> PendingRevocation? {
        guard let previous = signedInUser(otherThan: username), let record = session,
            let refreshToken = record.tokens?.refreshToken
        else { return nil }
        return PendingRevocation(
            refreshToken: refreshToken, global: false, username: previous, issuer: record.effectiveIssuer)
    }

    func signedInUser(otherThan username: String) -> String? {
        switch state {
        case .signedIn(let record, _), .reloginRequired(let record, _):
            guard let current = record.username, current != username else { return nil }
            return current
        case .unknown, .signedOut, .guest:
            return nil
        }
    }

    /// The logins-map keys of every provider with a live session in `session`, the current one first.
    func activeProviderKeys(in session: PersistedSession) -> [String] {
        var keys: [String] = []
        if session.tokens != nil, let key = policy.userPoolProviderKey { keys.append(key) }
        keys += (session.federatedLogins ?? [:]).keys.sorted()
        if session.developerIdentity != nil { keys.append(FederatedProvider.developer) }
        if let current = session.provider, let index = keys.firstIndex(of: current) {
            keys.remove(at: index)
            keys.insert(current, at: 0)
        }
        return keys
    }
}
