import Foundation

/// The identity manager's rules: which providers a sign-in keeps, what signing out of one provider
/// leaves, and where identity-pool answers go. All of them change the session only through the
/// machine's state, like every other event.
extension AuthStateMachine {
    mutating func userPoolSignedIn(_ signIn: UserPoolSignIn, now: Date) -> [Action] {
        // The calls waiting for another user's session never get this user's tokens: they fail.
        guard let previous = signedInUser(otherThan: signIn.username) else {
            return userPoolSignedInKeepingWaiters(signIn, now: now)
        }
        let waiting = waiterIDs { _ in true }
        remove(waiting)
        var actions = userPoolSignedInKeepingWaiters(signIn, now: now)
        if !waiting.isEmpty {
            actions += [
                .fail(waiting, .error(.sessionReplaced(previous: previous, current: signIn.username))),
                .pendingCallsChanged,
            ]
        }
        return actions
    }

    private mutating func userPoolSignedInKeepingWaiters(_ signIn: UserPoolSignIn, now: Date) -> [Action] {
        let rules = policy.identityManager
        var session = self.session ?? PersistedSession(state: .signedIn, updatedAt: now)
        let sameUser = session.username == signIn.username
        session.username = signIn.username
        session.provider = policy.userPoolProviderKey
        session.issuer = policy.userPoolIssuer
        session.tokens = signIn.tokens
        if !rules.allowSimultaneousActiveAccounts { session.federatedLogins = nil }
        // Another user's identity is not carried over unless identities merge.
        if !sameUser && !rules.allowIdentityMerging { session.identityId = nil }
        session.awsCredentials = nil
        session.awsCredentialsFetchedAt = nil
        if session.identityId == nil { session.identityIssuer = nil }
        if let keySet = signIn.keySet { session.cachedJWKS = keySet }
        if let settled = signIn.settledRevocation, session.pendingRevocation == settled {
            session.pendingRevocation = nil
        }
        // Another user's refresh token, replaced here, is owed a revocation until it is sent.
        if let replaced = signIn.replacedRevocation, session.pendingRevocation == nil {
            session.pendingRevocation = replaced
        }
        if let device = signIn.device { session.device = device }
        session.hostedUI = signIn.hostedUI ? true : nil
        return enterSignedIn(session, now: now)
    }

    mutating func federatedSignedIn(_ signIn: FederatedSignIn, now: Date) -> [Action] {
        let rules = policy.identityManager
        let merging = rules.allowIdentityMerging
        let isDeveloper = signIn.providerKey == FederatedProvider.developer
        var session = self.session ?? PersistedSession(state: .signedIn, updatedAt: now)
        if isDeveloper {
            session.developerIdentity = DeveloperIdentityLogin(identityId: signIn.identityId, token: signIn.token)
        } else {
            var federated = merging ? (session.federatedLogins ?? [:]) : [:]
            federated[signIn.providerKey] = signIn.token
            session.federatedLogins = federated
        }
        var owed: PendingRevocation?
        let accessToken = session.tokens?.accessToken
        if !merging {
            if !isDeveloper { session.developerIdentity = nil }
            if !rules.allowSimultaneousActiveAccounts {
                // The user-pool login this replaces is signed out, and its refresh token revoked.
                if let refreshToken = session.tokens?.refreshToken, session.pendingRevocation == nil {
                    owed = PendingRevocation(refreshToken: refreshToken, global: false, username: session.username)
                    session.pendingRevocation = owed
                }
                session.tokens = nil
                session.username = nil
            }
        }
        session.provider = signIn.providerKey
        session.identityId = signIn.identityId
        session.awsCredentials = signIn.credentials
        session.awsCredentialsFetchedAt = now
        session.identityIssuer = policy.identityIssuer
        var actions = enterSignedIn(session, now: now)
        if let owed { actions.append(.revoke(owed, accessToken: accessToken)) }
        return actions
    }

    /// Signs out of one provider. The last one is a full sign-out; leaving the user pool while
    /// others stay owes the service the revocation of its refresh token, like any sign-out.
    mutating func providerSignedOut(_ key: String, now: Date) -> [Action] {
        guard case .signedIn(var session, _) = state else { return [] }
        let isUserPool = key == policy.userPoolProviderKey
        var owed: PendingRevocation?
        let accessToken = session.tokens?.accessToken
        if isUserPool, let tokens = session.tokens {
            if let refreshToken = tokens.refreshToken {
                owed = PendingRevocation(refreshToken: refreshToken, global: false, username: session.username)
            }
            session.tokens = nil
            session.username = nil
        }
        session.federatedLogins?.removeValue(forKey: key)
        if key == FederatedProvider.developer { session.developerIdentity = nil }
        guard let next = activeProviderKeys(in: session).first else {
            return signOutRequested(global: false, now: now)
        }
        session.provider = next
        session.awsCredentials = nil
        session.awsCredentialsFetchedAt = nil
        if let owed { session.pendingRevocation = owed }
        var actions = enterSignedIn(session, now: now)
        if let owed { actions.append(.revoke(owed, accessToken: accessToken)) }
        return actions
    }

    mutating func credentialsObtained(identityId: String, credentials: AWSCredentials, asGuest: Bool, now: Date)
        -> [Action]
    {
        if asGuest {
            let record: PersistedSession?
            switch state {
            case .unknown, .signedOut(nil): record = nil
            case .signedOut(let kept?), .guest(let kept): record = kept
            case .signedIn, .reloginRequired: return []
            }
            var guest = record ?? PersistedSession(state: .guest, updatedAt: now)
            guest.state = .guest
            guest.identityId = identityId
            guest.awsCredentials = credentials
            guest.awsCredentialsFetchedAt = now
            guest.identityIssuer = policy.identityIssuer
            guest.updatedAt = now
            let changed = userState != .guest
            enterGuest(guest)
            return changed ? [.persist(guest), .notify(.guest, info)] : [.persist(guest)]
        }
        guard case .signedIn(var session, _) = state else { return [] }
        session.identityId = identityId
        session.awsCredentials = credentials
        session.awsCredentialsFetchedAt = now
        session.identityIssuer = policy.identityIssuer
        session.updatedAt = now
        replaceRecord(with: session)
        return [.persist(session)]
    }

    mutating func credentialsInvalidated() -> [Action] {
        guard var record = session, record.awsCredentials != nil else { return [] }
        record.awsCredentials = nil
        record.awsCredentialsFetchedAt = nil
        replaceRecord(with: record)
        return [.persist(record)]
    }

    mutating func keySetFetched(_ keySet: String) -> [Action] {
        guard case .signedIn(var session, _) = state, session.cachedJWKS != keySet else { return [] }
        session.cachedJWKS = keySet
        replaceRecord(with: session)
        return [.persist(session)]
    }
}
