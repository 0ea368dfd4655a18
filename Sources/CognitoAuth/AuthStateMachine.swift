import Foundation

/// A waiter's identity inside the state machine.
public typealias WaiterID = UInt64

/// The auth core's decisions as a pure state machine: events in, actions out, no I/O.
///
/// The ``AuthClient`` actor owns one, feeds it events, and runs the actions it returns, in order:
/// persist first, then notify, then resume or fail waiters. Every waiter leaves the machine through
/// exactly one `.resume` or `.fail` action, which is what lets the actor resume each continuation
/// exactly once.
public struct AuthStateMachine: Sendable {
    /// Tuning that the machine needs.
    public struct Policy: Sendable, Hashable {
        /// The preferred refresh margin (AWSMobileClient: 2 minutes), capped at a quarter of the token lifetime.
        public var refreshMargin: TimeInterval
        /// The retry schedule.
        public var backoff: BackoffPolicy
        /// The state after sign-out: `.guest` when an identity pool allows guests.
        public var stateAfterSignOut: UserState

        /// Creates a policy.
        public init(
            refreshMargin: TimeInterval = 120, backoff: BackoffPolicy = .init(),
            stateAfterSignOut: UserState = .signedOut
        ) {
            self.refreshMargin = refreshMargin
            self.backoff = backoff
            self.stateAfterSignOut = stateAfterSignOut
        }
    }

    /// Where the refresh stands.
    public enum RefreshPhase: Sendable, Hashable {
        /// No refresh running.
        case idle
        /// A refresh request is in flight (attempt number, 1-based).
        case inFlight(attempt: Int)
        /// The last attempt failed transiently; the next one is due at `due`.
        case retryScheduled(attempt: Int, due: Date)
    }

    /// How a waiter is failed.
    public enum Failure: Sendable, Hashable {
        /// With an auth error.
        case error(AuthError)
        /// With `CancellationError` (its own task was cancelled).
        case cancelled
    }

    /// What the owner must do.
    public enum Action: Sendable, Hashable {
        /// Write this session (nil: remove it) to the store.
        case persist(PersistedSession?)
        /// Tell listeners about a state change.
        case notify(UserState, UserStateInfo)
        /// Resume these waiters with tokens (nil only for waiters that asked for the session, not tokens).
        case resume([WaiterID], CognitoTokens?)
        /// Fail these waiters.
        case fail([WaiterID], Failure)
        /// Send REFRESH_TOKEN_AUTH; report the outcome with `generation`.
        case startRefresh(refreshToken: String, username: String?, generation: UInt64)
        /// Feed `.retryDue(generation:)` after `delay`.
        case scheduleRetry(delay: Duration, generation: UInt64)
        /// Publish the new connectivity.
        case connectivityChanged(Connectivity)
        /// Publish the new list of pending calls.
        case pendingCallsChanged
    }

    /// An input.
    public enum Event: Sendable {
        /// The stored session was loaded at launch (nil: none).
        case restored(PersistedSession?)
        /// A caller asks for tokens.
        case tokensRequested(WaiterID, TokenRequestOptions)
        /// A refresh answered with tokens (already merged with the old refresh token).
        case refreshSucceeded(CognitoTokens, generation: UInt64)
        /// A refresh failed.
        case refreshFailed(AuthError, generation: UInt64, jitter: Double)
        /// A scheduled retry is due.
        case retryDue(generation: UInt64)
        /// A sign-in completed with this session.
        case signedIn(PersistedSession)
        /// The caller gave up waiting for sign-in.
        case releaseSignInWait
        /// The user signed out.
        case signedOut
        /// A waiter's task was cancelled.
        case waiterCancelled(WaiterID)
        /// A waiter's deadline passed.
        case deadlinePassed(WaiterID)
        /// A service rejected this access token (revoked or expired early): the next request refreshes.
        case accessTokenRejected(String)
        /// Refresh now, even though the tokens are valid.
        case forceRefresh
        /// A request reached the backend.
        case reachedBackend
        /// Another process changed the stored session; adopt it.
        case storeChangedExternally(PersistedSession?)
        /// The session record changed in a way that needs no state change (identity id, credentials).
        case sessionUpdated(PersistedSession)
        /// Cognito Identity rejected the federated provider's token.
        case federatedTokensRejected
        /// Guest credentials were fetched with nobody signed in.
        case guestCredentialsObtained(PersistedSession)
    }

    struct Waiter: Sendable, Hashable {
        var options: TokenRequestOptions
        var since: Date
        var reason: PendingCall.Reason
    }

    /// The user state.
    public private(set) var userState: UserState = .unknown
    /// The session record (tokens, username, identity).
    public private(set) var session: PersistedSession?
    /// The refresh phase.
    public private(set) var refresh: RefreshPhase = .idle
    /// The connectivity as last seen.
    public private(set) var connectivity: Connectivity = .online
    /// Bumped by every sign-in and sign-out, so that late refresh answers for an old session are ignored.
    public private(set) var generation: UInt64 = 0
    private(set) var waiters: [WaiterID: Waiter] = [:]
    /// The policy.
    public let policy: Policy

    /// Creates a machine in `unknown`.
    public init(policy: Policy = .init()) {
        self.policy = policy
    }

    /// The tokens when they are valid beyond the margin at `now` and the user is signed in: the fast path.
    public func cachedTokens(at now: Date) -> CognitoTokens? {
        guard userState == .signedIn, let tokens = session?.tokens,
            tokens.areValid(at: now, preferredMargin: policy.refreshMargin)
        else { return nil }
        return tokens
    }

    /// The calls waiting, oldest first.
    public var pendingCalls: [PendingCall] {
        waiters.map {
            PendingCall(id: $0.key, label: $0.value.options.label, since: $0.value.since, reason: $0.value.reason)
        }
        .sorted { $0.id < $1.id }
    }

    /// The number of waiters.
    public var waiterCount: Int { waiters.count }

    var info: UserStateInfo { UserStateInfo(username: session?.username, provider: session?.provider) }

    /// Feeds one event at time `now` and returns the actions to run, in order.
    public mutating func handle(_ event: Event, now: Date) -> [Action] {
        switch event {
        case .restored(let stored):
            return restore(stored, now: now)
        case .tokensRequested(let id, let options):
            return requestTokens(id, options, now: now)
        case .refreshSucceeded(let tokens, let generation):
            guard generation == self.generation, case .inFlight = refresh else { return [] }
            return refreshSucceeded(tokens, now: now)
        case .refreshFailed(let error, let generation, let jitter):
            guard generation == self.generation, case .inFlight(let attempt) = refresh else { return [] }
            return refreshFailed(error, attempt: attempt, jitter: jitter, now: now)
        case .retryDue(let generation):
            guard generation == self.generation, case .retryScheduled(let attempt, _) = refresh else { return [] }
            return startRefresh(attempt: attempt + 1, now: now)
        case .signedIn(let newSession):
            return signIn(newSession, now: now)
        case .releaseSignInWait:
            let released = waiterIDs { $0.reason == .signIn }
            guard !released.isEmpty else { return [] }
            remove(released)
            return [.fail(released, .error(.signInWaitCancelled)), .pendingCallsChanged]
        case .signedOut:
            return signOut(now: now)
        case .waiterCancelled(let id):
            guard waiters.removeValue(forKey: id) != nil else { return [] }
            return [.fail([id], .cancelled), .pendingCallsChanged] + stopRetryingIfIdle()
        case .deadlinePassed(let id):
            guard waiters.removeValue(forKey: id) != nil else { return [] }
            return [.fail([id], .error(.deadlineExceeded)), .pendingCallsChanged] + stopRetryingIfIdle()
        case .accessTokenRejected(let token):
            guard userState == .signedIn, var current = session, var tokens = current.tokens,
                tokens.accessToken == token
            else { return [] }
            tokens.accessTokenExpiration = .distantPast
            current.tokens = tokens
            session = current
            return []
        case .forceRefresh:
            guard userState == .signedIn, refresh == .idle else { return [] }
            guard session?.tokens?.refreshToken != nil else { return invalidate(now: now) }
            return startRefresh(attempt: 1, now: now)
        case .reachedBackend:
            return markOnline()
        case .storeChangedExternally(let stored):
            return adoptExternal(stored, now: now)
        case .sessionUpdated(let updated):
            session = updated
            return [.persist(updated)]
        case .federatedTokensRejected:
            return invalidateFederated(now: now)
        case .guestCredentialsObtained(let updated):
            guard userState == .signedOut || userState == .guest || userState == .unknown else { return [] }
            var guest = updated
            guest.state = .guest
            guest.updatedAt = now
            session = guest
            let changed = userState != .guest
            userState = .guest
            return changed ? [.persist(guest), .notify(.guest, info)] : [.persist(guest)]
        }
    }

    // MARK: Transitions

    private mutating func restore(_ stored: PersistedSession?, now: Date) -> [Action] {
        session = stored
        let restoredState: UserState
        switch stored?.state {
        case .signedIn?:
            restoredState =
                stored?.tokens != nil || stored?.federatedLogins?.isEmpty == false
                    || stored?.developerIdentity != nil ? .signedIn : .signedOutUserPoolsTokenInvalid
        case let state? where state != .unknown: restoredState = state
        default: restoredState = .signedOut
        }
        userState = restoredState
        return [.notify(restoredState, info)]
    }

    private mutating func requestTokens(_ id: WaiterID, _ options: TokenRequestOptions, now: Date) -> [Action] {
        if let tokens = cachedTokens(at: now) { return [.resume([id], tokens)] }
        if !options.needsUserPoolTokens {
            switch userState {
            case .signedIn: return [.resume([id], session?.tokens)]
            case .signedOutUserPoolsTokenInvalid, .signedOutFederatedTokensInvalid:
                guard options.waitForSignIn else { return [.fail([id], .error(.reloginRequired(userState)))] }
                return enqueue(id, options, reason: .signIn, now: now)
            case .unknown, .guest, .signedOut:
                return [.fail([id], .error(.notSignedIn))]
            }
        }
        switch userState {
        case .signedIn:
            guard let tokens = session?.tokens else {
                // Federated-only sessions have no user-pool tokens.
                return [.fail([id], .error(.notSignedIn))]
            }
            guard tokens.refreshToken != nil else {
                return invalidate(now: now) + requestTokens(id, options, now: now)
            }
            switch refresh {
            case .inFlight:
                return enqueue(id, options, reason: .refresh, now: now)
            case .retryScheduled:
                guard options.waitForConnectivity else {
                    return [.fail([id], .error(lastNetworkError))]
                }
                return enqueue(id, options, reason: .refresh, now: now)
            case .idle:
                return enqueue(id, options, reason: .refresh, now: now) + startRefresh(attempt: 1, now: now)
            }
        case .signedOutUserPoolsTokenInvalid, .signedOutFederatedTokensInvalid:
            guard options.waitForSignIn else { return [.fail([id], .error(.reloginRequired(userState)))] }
            return enqueue(id, options, reason: .signIn, now: now)
        case .unknown, .guest, .signedOut:
            return [.fail([id], .error(.notSignedIn))]
        }
    }

    private mutating func refreshSucceeded(_ tokens: CognitoTokens, now: Date) -> [Action] {
        refresh = .idle
        var updated = session ?? PersistedSession(state: .signedIn, updatedAt: now)
        updated.tokens = tokens
        updated.updatedAt = now
        session = updated
        let resumed = waiterIDs { $0.reason == .refresh }
        remove(resumed)
        var actions: [Action] = [.persist(updated)]
        actions += markOnline()
        if !resumed.isEmpty { actions += [.resume(resumed, tokens), .pendingCallsChanged] }
        return actions
    }

    private mutating func refreshFailed(_ error: AuthError, attempt: Int, jitter: Double, now: Date) -> [Action] {
        // Any answer from the backend, even a rejection, ends an offline period.
        let reached = error.isNetworkFailure ? [] : markOnline()
        if case .notAuthorized = error {
            refresh = .idle
            return reached + invalidate(now: now)
        }
        guard error.isTransient else {
            // A 4xx other than NotAuthorized: the request itself is wrong; retrying will not help.
            refresh = .idle
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
        let impatient = waiterIDs { $0.reason == .refresh && !$0.options.waitForConnectivity }
        remove(impatient)
        if !impatient.isEmpty { actions += [.fail(impatient, .error(error)), .pendingCallsChanged] }
        if waiters.values.contains(where: { $0.reason == .refresh }) {
            let delay = policy.backoff.delay(attempt: attempt, jitter: jitter)
            refresh = .retryScheduled(attempt: attempt, due: now.addingTimeInterval(delay.seconds))
            actions.append(.scheduleRetry(delay: delay, generation: generation))
        } else {
            refresh = .idle
        }
        lastTransientError = error
        return actions
    }

    private mutating func signIn(_ newSession: PersistedSession, now: Date) -> [Action] {
        generation &+= 1
        refresh = .idle
        var updated = newSession
        updated.state = .signedIn
        updated.updatedAt = now
        if updated.cachedJWKS == nil { updated.cachedJWKS = session?.cachedJWKS }
        session = updated
        userState = .signedIn
        var actions: [Action] = [.persist(updated), .notify(.signedIn, info)]
        actions += markOnline()
        let sessionWaiters = waiterIDs { !$0.options.needsUserPoolTokens }
        let tokenWaiters = waiterIDs { $0.options.needsUserPoolTokens }
        remove(sessionWaiters + tokenWaiters)
        if !sessionWaiters.isEmpty { actions.append(.resume(sessionWaiters, updated.tokens)) }
        if !tokenWaiters.isEmpty {
            if let tokens = updated.tokens {
                actions.append(.resume(tokenWaiters, tokens))
            } else {
                actions.append(.fail(tokenWaiters, .error(.notSignedIn)))
            }
        }
        if !sessionWaiters.isEmpty || !tokenWaiters.isEmpty { actions.append(.pendingCallsChanged) }
        return actions
    }

    private mutating func signOut(now: Date) -> [Action] {
        generation &+= 1
        refresh = .idle
        let everyone = waiterIDs { _ in true }
        remove(everyone)
        let kept = session.map { old in
            PersistedSession(state: policy.stateAfterSignOut, cachedJWKS: old.cachedJWKS, updatedAt: now)
        }
        session = kept
        userState = policy.stateAfterSignOut
        var actions: [Action] = [.persist(kept), .notify(userState, info)]
        if !everyone.isEmpty { actions += [.fail(everyone, .error(.signedOut)), .pendingCallsChanged] }
        return actions
    }

    /// The session can no longer be refreshed: keep the username for re-login, drop the tokens.
    private mutating func invalidate(now: Date) -> [Action] {
        invalidate(to: .signedOutUserPoolsTokenInvalid, now: now)
    }

    /// Marks the federated login invalid (Cognito Identity rejected the provider's token).
    private mutating func invalidateFederated(now: Date) -> [Action] {
        invalidate(to: .signedOutFederatedTokensInvalid, now: now)
    }

    /// Moves a signed-in session to a re-login state: persist, notify, and turn waiters into sign-in waiters.
    private mutating func invalidate(to state: UserState, now: Date) -> [Action] {
        guard userState == .signedIn else { return [] }
        generation &+= 1
        refresh = .idle
        var updated = session ?? PersistedSession(state: state, updatedAt: now)
        updated.state = state
        if state == .signedOutUserPoolsTokenInvalid { updated.tokens = nil }
        updated.awsCredentials = nil
        updated.updatedAt = now
        session = updated
        userState = state
        return [.persist(updated), .notify(userState, info)] + waitForSignIn()
    }

    /// Fails the waiters that do not want to wait for sign-in; the others now wait for it.
    private mutating func waitForSignIn() -> [Action] {
        var actions: [Action] = []
        let impatient = waiterIDs { !$0.options.waitForSignIn }
        remove(impatient)
        if !impatient.isEmpty { actions.append(.fail(impatient, .error(.reloginRequired(userState)))) }
        for key in waiters.keys { waiters[key]?.reason = .signIn }
        actions.append(.pendingCallsChanged)
        return actions
    }

    private mutating func adoptExternal(_ stored: PersistedSession?, now: Date) -> [Action] {
        let storedState = stored?.state ?? .signedOut
        if storedState == .signedOut || storedState == .guest || storedState == .unknown {
            // A peer signed out: adopt it without writing again, and fail what waits.
            guard userState == .signedIn || userState.needsRelogin else { return [] }
            generation &+= 1
            refresh = .idle
            session = stored
            userState = storedState == .guest ? .guest : .signedOut
            let everyone = waiterIDs { _ in true }
            remove(everyone)
            var actions: [Action] = [.notify(userState, info)]
            if !everyone.isEmpty { actions += [.fail(everyone, .error(.signedOut)), .pendingCallsChanged] }
            return actions
        }
        guard let stored else { return [] }
        if storedState.needsRelogin && userState == .signedIn {
            generation &+= 1
            refresh = .idle
            session = stored
            userState = storedState
            return [.notify(userState, info)] + waitForSignIn()
        }
        if stored.state == .signedIn, stored.tokens != nil, userState != .signedIn || refresh == .idle {
            let wasSignedIn = userState == .signedIn
            session = stored
            userState = .signedIn
            let waiting = waiterIDs { _ in true }
            remove(waiting)
            var actions: [Action] = wasSignedIn ? [] : [.notify(.signedIn, info)]
            if let tokens = stored.tokens, !waiting.isEmpty {
                actions += [.resume(waiting, tokens), .pendingCallsChanged]
            }
            return actions
        }
        return []
    }

    private mutating func startRefresh(attempt: Int, now: Date) -> [Action] {
        guard let refreshToken = session?.tokens?.refreshToken else { return invalidate(now: now) }
        refresh = .inFlight(attempt: attempt)
        return [.startRefresh(refreshToken: refreshToken, username: session?.username, generation: generation)]
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

    private mutating func stopRetryingIfIdle() -> [Action] {
        if case .retryScheduled = refresh, !waiters.values.contains(where: { $0.reason == .refresh }) {
            refresh = .idle
        }
        return []
    }

    private var lastNetworkError: AuthError {
        if case .offline(_, let error) = connectivity { return error }
        return lastTransientError ?? .network(kind: .other, message: "the backend could not be reached")
    }

    private var lastTransientError: AuthError?

    private func waiterIDs(where predicate: (Waiter) -> Bool) -> [WaiterID] {
        waiters.filter { predicate($0.value) }.map(\.key).sorted()
    }

    private mutating func remove(_ ids: [WaiterID]) {
        for id in ids { waiters.removeValue(forKey: id) }
    }
}
