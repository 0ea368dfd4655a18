import Foundation

/// A waiter's identity inside the state machine.
package typealias WaiterID = UInt64

/// The auth core's decisions as a pure state machine: events in, actions out, no I/O.
///
/// The machine owns the whole session: one ``SessionState`` with its record as payload, the refresh
/// phase inside the signed-in case, the waiter queue, and the identity rules (which providers a
/// sign-in keeps, what a sign-out owes the service). The ``AuthClient`` actor feeds it events and
/// runs the actions it returns, in order: persist first, then notify, then resume or fail waiters.
/// Every waiter leaves the machine through exactly one `.resume` or `.fail` action, which is what
/// lets the actor resume each continuation exactly once.
struct AuthStateMachine: Sendable {
    /// The session: the machine's one state.
    private(set) var state: SessionState = .unknown
    /// The connectivity as last seen.
    private(set) var connectivity: Connectivity = .online
    /// Bumped by every sign-in and sign-out, so that late refresh answers for an old session are ignored.
    private(set) var generation: UInt64 = 0
    /// The calls waiting, by id (set in AuthStateMachine+StepUp.swift too, which moves them behind a step-up).
    var waiters: [WaiterID: Waiter] = [:]
    /// The last transient failure, for callers that will not wait out a retry.
    private var lastTransientError: AuthError?
    /// The margins and retry schedule this machine was created with.
    let policy: Policy

    /// Creates a machine in `unknown`.
    init(policy: Policy = .init()) {
        self.policy = policy
    }

    // MARK: Events

    /// Feeds one event at time `now` and returns the actions to run, in order.
    mutating func handle(_ event: Event, now: Date) -> [Action] {
        switch event {
        case .restored(let stored): return restored(stored)
        case .tokensRequested(let id, let options): return tokensRequested(id, options, now: now)
        case .refreshSucceeded(let tokens, let generation): return refreshSucceeded(tokens, generation, now: now)
        case .refreshFailed(let error, let generation, let jitter):
            return refreshFailed(error, generation, jitter: jitter, now: now)
        case .retryDue(let generation): return retryDue(generation, now: now)
        case .userPoolSignedIn(let signIn): return userPoolSignedIn(signIn, now: now)
        case .federatedSignedIn(let signIn): return federatedSignedIn(signIn, now: now)
        case .providerSignedOut(let key): return providerSignedOut(key, now: now)
        case .signOutRequested(let global): return signOutRequested(global: global, now: now)
        case .revocationSettled(let revocation): return revocationSettled(revocation, now: now)
        case .sessionCleared: return enterSignedOut(nil)
        case .releaseSignInWait: return releaseSignInWait()
        case .releaseStepUpWait: return releaseStepUpWait()
        case .waiterCancelled(let id): return waiterLeft(id, .cancelled)
        case .deadlinePassed(let id): return deadlinePassed(id)
        case .accessTokenRejected(let token): return accessTokenRejected(token)
        case .forceRefresh: return forceRefresh(now: now)
        case .reachedBackend: return markOnline()
        case .storeChangedExternally(let stored): return storeChangedExternally(stored, now: now)
        case .credentialsObtained(let identityId, let credentials, let asGuest):
            return credentialsObtained(identityId: identityId, credentials: credentials, asGuest: asGuest, now: now)
        case .credentialsInvalidated: return credentialsInvalidated()
        case .keySetFetched(let keySet): return keySetFetched(keySet)
        case .federatedTokensRejected: return invalidate(.federatedTokensInvalid, now: now)
        case .deviceChanged(let device): return deviceChanged(device, now: now)
        case .peerRotatedRefreshToken(let stored): return peerRotatedRefreshToken(stored)
        }
    }

    private mutating func restored(_ stored: PersistedSession?) -> [Action] {
        state = Self.sessionState(adopting: stored)
        return [.notify(userState, info)]
    }

    /// The state a stored record stands for; the record's own `state` field is made to agree with it.
    static func sessionState(adopting stored: PersistedSession?) -> SessionState {
        guard var record = stored else { return .signedOut(nil) }
        let adopted: SessionState
        switch record.state {
        case .signedIn:
            let hasLogin =
                record.tokens != nil || record.federatedLogins?.isEmpty == false || record.developerIdentity != nil
            adopted = hasLogin ? .signedIn(record, .idle) : .reloginRequired(record, .userPoolTokensInvalid)
        case .guest: adopted = .guest(record)
        case .signedOutUserPoolsTokenInvalid: adopted = .reloginRequired(record, .userPoolTokensInvalid)
        case .signedOutFederatedTokensInvalid: adopted = .reloginRequired(record, .federatedTokensInvalid)
        case .signedOut, .unknown: adopted = .signedOut(record)
        }
        record.state = adopted.userState
        switch adopted {
        case .unknown, .signedOut: return .signedOut(record)
        case .guest: return .guest(record)
        case .signedIn: return .signedIn(record, .idle)
        case .reloginRequired(_, let reason): return .reloginRequired(record, reason)
        }
    }

    private mutating func tokensRequested(_ id: WaiterID, _ options: TokenRequestOptions, now: Date) -> [Action] {
        if let tokens = cachedTokens(at: now) { return tokensRequestedWithCache(id, options, tokens, now: now) }
        switch state {
        case .unknown, .signedOut, .guest:
            return [.fail([id], .error(.notSignedIn))]
        case .reloginRequired:
            guard options.waitForSignIn else { return [.fail([id], .error(.reloginRequired(userState)))] }
            return enqueue(id, options, reason: .signIn, now: now)
        case .signedIn(let session, let phase):
            guard options.needsUserPoolTokens else { return [.resume([id], session.tokens)] }
            // Federated-only sessions have no user-pool tokens.
            guard let tokens = session.tokens else { return [.fail([id], .error(.notSignedIn))] }
            guard tokens.refreshToken != nil else {
                return invalidate(.userPoolTokensInvalid, now: now) + tokensRequested(id, options, now: now)
            }
            switch phase {
            case .inFlight:
                return enqueue(id, options, reason: .refresh, now: now)
            case .retryScheduled:
                guard options.waitForConnectivity else { return [.fail([id], .error(lastNetworkError))] }
                return enqueue(id, options, reason: .refresh, now: now)
            case .idle:
                return enqueue(id, options, reason: .refresh, now: now) + startRefresh(attempt: 1, now: now)
            }
        }
    }

    private mutating func refreshSucceeded(_ tokens: CognitoTokens, _ generation: UInt64, now: Date) -> [Action] {
        guard generation == self.generation, case .signedIn(var session, .inFlight) = state else { return [] }
        session.tokens = tokens
        session.updatedAt = now
        state = .signedIn(session, .idle)
        lastTransientError = nil
        let resumed = waiterIDs { $0.reason == .refresh }
        var actions: [Action] = [.persist(session)]
        actions += markOnline()
        if !resumed.isEmpty { actions += resumeOrStepUp(resumed, tokens, now: now) }
        return actions
    }

    private mutating func refreshFailed(_ error: AuthError, _ generation: UInt64, jitter: Double, now: Date)
        -> [Action]
    {
        guard generation == self.generation, case .signedIn(let session, .inFlight(let attempt)) = state else {
            return []
        }
        // Any answer from the backend, even a rejection, ends an offline period.
        let reached = error.isNetworkFailure ? [] : markOnline()
        if case .notAuthorized = error {
            state = .signedIn(session, .idle)
            return reached + invalidate(.userPoolTokensInvalid, now: now)
        }
        guard error.isTransient else {
            // A 4xx other than NotAuthorized: the request itself is wrong; retrying will not help.
            state = .signedIn(session, .idle)
            let failed = waiterIDs { $0.reason == .refresh }
            remove(failed)
            return reached + (failed.isEmpty ? [] : [.fail(failed, .error(error)), .pendingCallsChanged])
        }
        var actions: [Action] = reached
        if error.isNetworkFailure {
            let since: Date
            if case .offline(let earlier, _) = connectivity { since = earlier } else { since = now }
            let offline = Connectivity.offline(since: since, lastError: error)
            if offline != connectivity {
                connectivity = offline
                actions.append(.connectivityChanged(offline))
            }
        }
        let impatient = waiterIDs {
            $0.reason == .refresh && (!$0.options.waitForConnectivity || $0.deadlinePassed)
        }
        remove(impatient)
        if !impatient.isEmpty { actions += [.fail(impatient, .error(error)), .pendingCallsChanged] }
        if waiters.values.contains(where: { $0.reason == .refresh }) {
            let delay = policy.backoff.delay(attempt: attempt, jitter: jitter)
            state = .signedIn(session, .retryScheduled(attempt: attempt, due: now.addingTimeInterval(delay.seconds)))
            actions.append(.scheduleRetry(delay: delay, generation: self.generation))
        } else {
            state = .signedIn(session, .idle)
        }
        lastTransientError = error
        return actions
    }

    private mutating func retryDue(_ generation: UInt64, now: Date) -> [Action] {
        guard generation == self.generation, case .signedIn(_, .retryScheduled(let attempt, _)) = state else {
            return []
        }
        return startRefresh(attempt: attempt + 1, now: now)
    }

    /// Signs out: keeps only what outlives the session (the key set, the device) and owes the service
    /// a revocation of the refresh token (global when asked), sent by the actor as `.revoke`.
    mutating func signOutRequested(global: Bool, now: Date) -> [Action] {
        let old = session
        var owed: PendingRevocation?
        if let refreshToken = old?.tokens?.refreshToken {
            owed = PendingRevocation(
                refreshToken: refreshToken, global: global, username: old?.username, issuer: old?.effectiveIssuer)
        } else if var earlier = old?.pendingRevocation {
            earlier.global = earlier.global || global
            owed = earlier
        }
        var record: PersistedSession?
        if old != nil || owed != nil {
            var kept = PersistedSession(state: .signedOut, cachedJWKS: old?.cachedJWKS, updatedAt: now)
            kept.pendingRevocation = owed
            kept.issuer = old?.issuer
            kept.device = old?.device  // the machine stays registered for the next sign-in
            record = kept
        }
        var actions = enterSignedOut(record)
        if let owed { actions.append(.revoke(owed, accessToken: old?.tokens?.accessToken)) }
        return actions
    }

    private mutating func revocationSettled(_ revocation: PendingRevocation, now: Date) -> [Action] {
        // Only the record that still owes this very revocation changes; a sign-in meanwhile is kept.
        guard var record = session, record.pendingRevocation == revocation else { return [] }
        record.pendingRevocation = nil
        replaceRecord(with: record)
        return [.persist(record)]
    }

    private mutating func releaseSignInWait() -> [Action] {
        let released = waiterIDs { $0.reason == .signIn }
        guard !released.isEmpty else { return [] }
        remove(released)
        return [.fail(released, .error(.signInWaitCancelled)), .pendingCallsChanged]
    }

    /// A deadline bounds the wait for connectivity and retries, not one request in flight (which has
    /// the request timeout): a call waiting on a refresh request gets that request's outcome, and a
    /// call whose deadline passes between retries fails with the last attempt's error.
    private mutating func deadlinePassed(_ id: WaiterID) -> [Action] {
        guard let waiter = waiters[id] else { return [] }
        if waiter.reason == .refresh, case .signedIn(_, let phase) = state {
            if case .inFlight = phase {
                waiters[id]?.deadlinePassed = true
                return []
            }
            if case .retryScheduled = phase, let lastTransientError {
                return waiterLeft(id, .error(lastTransientError))
            }
        }
        return waiterLeft(id, .error(.deadlineExceeded))
    }

    private mutating func waiterLeft(_ id: WaiterID, _ failure: Failure) -> [Action] {
        guard waiters.removeValue(forKey: id) != nil else { return [] }
        if case .signedIn(let session, .retryScheduled) = state,
            !waiters.values.contains(where: { $0.reason == .refresh })
        {
            state = .signedIn(session, .idle)
        }
        return [.fail([id], failure), .pendingCallsChanged]
    }

    private mutating func accessTokenRejected(_ token: String) -> [Action] {
        guard case .signedIn(var session, let phase) = state, var tokens = session.tokens,
            tokens.accessToken == token
        else { return [] }
        tokens.accessTokenExpiration = .distantPast
        session.tokens = tokens
        state = .signedIn(session, phase)
        return []
    }

    private mutating func forceRefresh(now: Date) -> [Action] {
        guard case .signedIn(let session, .idle) = state else { return [] }
        guard session.tokens?.refreshToken != nil else { return invalidate(.userPoolTokensInvalid, now: now) }
        return startRefresh(attempt: 1, now: now)
    }

    private mutating func storeChangedExternally(_ stored: PersistedSession?, now: Date) -> [Action] {
        let adopted = Self.sessionState(adopting: stored)
        let wasSignedIn = userState == .signedIn
        switch adopted {
        case .unknown, .signedOut, .guest:
            // A peer signed out: adopt it without writing again, and fail what waits.
            guard wasSignedIn || userState.needsRelogin else { return [] }
            generation &+= 1
            state = adopted
            let everyone = waiterIDs { _ in true }
            remove(everyone)
            var actions: [Action] = [.notify(userState, info)]
            if !everyone.isEmpty { actions += [.fail(everyone, .error(.signedOut)), .pendingCallsChanged] }
            return actions
        case .reloginRequired:
            guard wasSignedIn else { return [] }
            generation &+= 1
            state = adopted
            return [.notify(userState, info)] + waitForSignIn()
        case .signedIn(let record, _):
            guard let tokens = record.tokens else { return [] }
            // A refresh of our own in flight answers for this session; it is adopted afterwards.
            if case .signedIn(_, let phase) = state, phase != .idle { return [] }
            // A peer signed in as another user: this client's waiters wanted the previous user's.
            let replaced = record.username.flatMap { signedInUser(otherThan: $0) }
            state = adopted
            let waiting = waiterIDs { _ in true }
            var actions: [Action] = wasSignedIn && replaced == nil ? [] : [.notify(.signedIn, info)]
            if let replaced, !waiting.isEmpty {
                remove(waiting)
                let error = AuthError.sessionReplaced(previous: replaced, current: record.username ?? "another user")
                actions += [.fail(waiting, .error(error)), .pendingCallsChanged]
            } else if !waiting.isEmpty {
                // A peer's step-up (or sign-in) resumes the calls its tokens satisfy; the rest keep waiting.
                actions += resumeOrStepUp(waiting, tokens, now: now)
            }
            return actions
        }
    }

    // MARK: Shared transitions

    /// Enters `signedIn` with `session` (a new sign-in): persist, notify, and answer every waiter.
    mutating func enterSignedIn(_ newSession: PersistedSession, now: Date) -> [Action] {
        generation &+= 1
        var updated = newSession
        updated.state = .signedIn
        updated.updatedAt = now
        if updated.cachedJWKS == nil { updated.cachedJWKS = session?.cachedJWKS }
        state = .signedIn(updated, .idle)
        var actions: [Action] = [.persist(updated), .notify(.signedIn, info)]
        actions += markOnline()
        let sessionWaiters = waiterIDs { !$0.options.needsUserPoolTokens }
        let tokenWaiters = waiterIDs { $0.options.needsUserPoolTokens }
        remove(sessionWaiters)
        var answers: [Action] = sessionWaiters.isEmpty ? [] : [.resume(sessionWaiters, updated.tokens)]
        if !tokenWaiters.isEmpty {
            if let tokens = updated.tokens {
                // A step-up's sign-in resumes the calls its tokens satisfy; the others keep waiting.
                answers += resumeOrStepUp(tokenWaiters, tokens, now: now).filter { $0 != .pendingCallsChanged }
            } else {
                remove(tokenWaiters)
                answers.append(.fail(tokenWaiters, .error(.notSignedIn)))
            }
        }
        if !sessionWaiters.isEmpty || !tokenWaiters.isEmpty { answers.append(.pendingCallsChanged) }
        return actions + answers
    }

    /// Enters `signedOut` and writes `record`: every waiter fails with `.signedOut`.
    private mutating func enterSignedOut(_ record: PersistedSession?) -> [Action] {
        generation &+= 1
        state = .signedOut(record)
        let everyone = waiterIDs { _ in true }
        remove(everyone)
        var actions: [Action] = [.persist(record), .notify(userState, info)]
        if !everyone.isEmpty { actions += [.fail(everyone, .error(.signedOut)), .pendingCallsChanged] }
        return actions
    }

    /// Moves a signed-in session to re-login: persist, notify, and turn waiters into sign-in waiters.
    mutating func invalidate(_ reason: ReloginReason, now: Date) -> [Action] {
        guard case .signedIn(var updated, _) = state else { return [] }
        generation &+= 1
        if reason == .userPoolTokensInvalid { updated.tokens = nil }
        updated.awsCredentials = nil
        updated.awsCredentialsFetchedAt = nil
        updated.updatedAt = now
        updated.state = reason.userState
        state = .reloginRequired(updated, reason)
        return [.persist(updated), .notify(userState, info)] + waitForSignIn()
    }

    /// Enters `guest` with `record`: guest credentials arrived while nobody was signed in.
    mutating func enterGuest(_ record: PersistedSession) {
        state = .guest(record)
    }

    /// Replaces the record in the current state, keeping the case (and the refresh phase).
    mutating func replaceRecord(with record: PersistedSession) {
        switch state {
        case .unknown: break
        case .signedOut: state = .signedOut(record)
        case .guest: state = .guest(record)
        case .signedIn(_, let phase): state = .signedIn(record, phase)
        case .reloginRequired(_, let reason): state = .reloginRequired(record, reason)
        }
    }

    /// Fails the waiters that do not want to wait for sign-in; the others now wait for it.
    private mutating func waitForSignIn() -> [Action] {
        var actions: [Action] = []
        let impatient = waiterIDs { !$0.options.waitForSignIn }
        remove(impatient)
        if !impatient.isEmpty { actions.append(.fail(impatient, .error(.reloginRequired(userState)))) }
        // A call whose deadline passed during the refresh that ended here waits no longer.
        let late = waiterIDs { $0.deadlinePassed }
        remove(late)
        if !late.isEmpty { actions.append(.fail(late, .error(.deadlineExceeded))) }
        for key in waiters.keys { waiters[key]?.reason = .signIn }
        actions.append(.pendingCallsChanged)
        return actions
    }

    private mutating func startRefresh(attempt: Int, now: Date) -> [Action] {
        guard case .signedIn(let session, _) = state, let refreshToken = session.tokens?.refreshToken else {
            return invalidate(.userPoolTokensInvalid, now: now)
        }
        state = .signedIn(session, .inFlight(attempt: attempt))
        return [.startRefresh(refreshToken: refreshToken, username: session.username, generation: generation)]
    }

    private mutating func enqueue(_ id: WaiterID, _ options: TokenRequestOptions, reason: PendingCall.Reason, now: Date)
        -> [Action]
    {
        waiters[id] = Waiter(options: options, since: now, reason: reason)
        return [.pendingCallsChanged]
    }

    private mutating func markOnline() -> [Action] {
        guard !connectivity.isOnline else { return [] }
        connectivity = .online
        return [.connectivityChanged(.online)]
    }

    private var lastNetworkError: AuthError {
        if case .offline(_, let error) = connectivity { return error }
        return lastTransientError ?? .network(kind: .other, message: "the backend could not be reached")
    }

    func waiterIDs(where predicate: (Waiter) -> Bool) -> [WaiterID] {
        waiters.filter { predicate($0.value) }.map(\.key).sorted()
    }

    mutating func remove(_ ids: [WaiterID]) {
        for id in ids { waiters.removeValue(forKey: id) }
    }
}
