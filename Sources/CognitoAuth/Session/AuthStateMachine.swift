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
    /// Tuning and configuration that the machine's rules need.
    struct Policy: Sendable, Hashable {
        /// The preferred refresh margin (AWSMobileClient: 2 minutes), capped at a quarter of the token lifetime.
        var refreshMargin: TimeInterval = 120
        /// The delays between retries of a refresh that failed to reach the backend.
        var backoff: BackoffPolicy = .init()
        /// The user pool's key in a logins map, when a user pool is configured.
        var userPoolProviderKey: String?
        /// Identity merging and simultaneous accounts.
        var identityManager: IdentityManagerConfiguration = .init()
    }

    /// Why re-login is required.
    enum ReloginReason: Sendable, Hashable {
        /// The user pool's refresh token no longer works.
        case userPoolTokensInvalid
        /// Cognito Identity rejected the federated provider's token.
        case federatedTokensInvalid

        /// The user state AWSMobileClient reports for it.
        var userState: UserState {
            self == .userPoolTokensInvalid ? .signedOutUserPoolsTokenInvalid : .signedOutFederatedTokensInvalid
        }
    }

    /// Where the session stands: each case carries what exists in it, so no field can disagree with it.
    enum SessionState: Sendable, Hashable {
        /// Not yet restored from the store.
        case unknown
        /// Nobody is signed in; the record keeps what outlives a session (the key set, an owed revocation).
        case signedOut(PersistedSession?)
        /// Guest credentials from an identity pool.
        case guest(PersistedSession)
        /// Signed in, with where the refresh stands.
        case signedIn(PersistedSession, RefreshPhase)
        /// Signed in once; the user must sign in again before tokens are served.
        case reloginRequired(PersistedSession, ReloginReason)

        /// The user state, as AWSMobileClient names it.
        var userState: UserState {
            switch self {
            case .unknown: return .unknown
            case .signedOut: return .signedOut
            case .guest: return .guest
            case .signedIn: return .signedIn
            case .reloginRequired(_, let reason): return reason.userState
            }
        }

        /// The session record, when there is one.
        var record: PersistedSession? {
            switch self {
            case .unknown: return nil
            case .signedOut(let record): return record
            case .guest(let record), .signedIn(let record, _), .reloginRequired(let record, _): return record
            }
        }
    }

    /// Where the refresh stands.
    enum RefreshPhase: Sendable, Hashable {
        /// No refresh is running or scheduled.
        case idle
        /// A refresh request is in flight (attempt number, 1-based).
        case inFlight(attempt: Int)
        /// The last attempt failed transiently; the next one is due at `due`.
        case retryScheduled(attempt: Int, due: Date)
    }

    /// How a waiter is failed.
    enum Failure: Sendable, Hashable {
        /// With an auth error.
        case error(AuthError)
        /// With `CancellationError` (its own task was cancelled).
        case cancelled
    }

    /// What the owner must do.
    enum Action: Sendable, Hashable {
        /// Write this session (nil: remove it) to the store.
        case persist(PersistedSession?)
        /// Tell listeners about a state change.
        case notify(UserState, UserStateInfo)
        /// Resume these waiters with tokens (nil only for waiters that asked for the session, not tokens).
        case resume([WaiterID], CognitoTokens?)
        /// Fail these waiters with the given failure.
        case fail([WaiterID], Failure)
        /// Send REFRESH_TOKEN_AUTH; report the outcome with `generation`.
        case startRefresh(refreshToken: String, username: String?, generation: UInt64)
        /// Feed `.retryDue(generation:)` after `delay`.
        case scheduleRetry(delay: Duration, generation: UInt64)
        /// Publish the new connectivity.
        case connectivityChanged(Connectivity)
        /// Publish the new list of pending calls.
        case pendingCallsChanged
        /// Revoke at the service what a sign-out owes (GlobalSignOut when asked, then RevokeToken), and
        /// report `.revocationSettled` when done. The stored record already carries it, so it is
        /// retried by a later sign-in or sign-out if this fails or the process dies first.
        case revoke(PendingRevocation, accessToken: String?)
    }

    /// Something that happened, fed to the machine by the actor; ``handle(_:now:)`` answers with actions.
    enum Event: Sendable {
        /// The stored session was loaded at launch (nil: none).
        case restored(PersistedSession?)
        /// A caller asks for tokens.
        case tokensRequested(WaiterID, TokenRequestOptions)
        /// A refresh answered with tokens (already merged with the old refresh token).
        case refreshSucceeded(CognitoTokens, generation: UInt64)
        /// The refresh of `generation` failed; `jitter` in [0, 1) scales the retry delay if it is retried.
        case refreshFailed(AuthError, generation: UInt64, jitter: Double)
        /// A scheduled retry is due.
        case retryDue(generation: UInt64)
        /// A user-pool sign-in completed.
        case userPoolSignedIn(UserPoolSignIn)
        /// A federated (or developer-authenticated) sign-in completed with credentials.
        case federatedSignedIn(FederatedSignIn)
        /// The user signed out of one provider; with simultaneous accounts the others stay signed in.
        case providerSignedOut(key: String)
        /// The user signed out (globally: GlobalSignOut is owed too).
        case signOutRequested(global: Bool)
        /// Everything stored for the session is forgotten here, without contacting the service.
        case sessionCleared
        /// The service answered a `.revoke` (done, or the token was already invalid).
        case revocationSettled(PendingRevocation)
        /// The caller gave up waiting for sign-in.
        case releaseSignInWait
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
        /// Cognito Identity answered with credentials for this identity (as a guest when `asGuest`).
        case credentialsObtained(identityId: String, credentials: AWSCredentials, asGuest: Bool)
        /// The cached AWS credentials are to be dropped.
        case credentialsInvalidated
        /// The pool's key set was fetched and differs from the cached one.
        case keySetFetched(String)
        /// Cognito Identity rejected the federated provider's token.
        case federatedTokensRejected
        /// The tracked device was registered, changed or forgotten (see AuthStateMachine+Devices.swift).
        case deviceChanged(TrackedDevice?)
        /// While a refresh waits for the lock, a peer process rotated this session's refresh token.
        case peerRotatedRefreshToken(PersistedSession)
    }

    /// A completed user-pool sign-in.
    struct UserPoolSignIn: Sendable, Hashable {
        var tokens: CognitoTokens
        var username: String
        /// The key set fetched while verifying, if any.
        var keySet: String?
        /// The owed revocation that the sign-in managed to send (or found moot), to be dropped.
        var settledRevocation: PendingRevocation?
        /// The device this sign-in registered, when the pool issued one (nil keeps the stored one).
        var device: TrackedDevice? = nil
        /// Whether the tokens came from the hosted UI (its browser session is ended at sign-out too).
        var hostedUI: Bool = false
    }

    /// A completed federated sign-in.
    struct FederatedSignIn: Sendable, Hashable {
        /// The logins-map key (`FederatedProvider.developer` for a developer-authenticated identity).
        var providerKey: String
        var token: String
        var identityId: String
        var credentials: AWSCredentials
    }

    struct Waiter: Sendable, Hashable {
        var options: TokenRequestOptions
        var since: Date
        var reason: PendingCall.Reason
    }

    /// The session: the machine's one state.
    private(set) var state: SessionState = .unknown
    /// The connectivity as last seen.
    private(set) var connectivity: Connectivity = .online
    /// Bumped by every sign-in and sign-out, so that late refresh answers for an old session are ignored.
    private(set) var generation: UInt64 = 0
    private(set) var waiters: [WaiterID: Waiter] = [:]
    /// The last transient failure, for callers that will not wait out a retry.
    private var lastTransientError: AuthError?
    /// The margins and retry schedule this machine was created with.
    let policy: Policy

    /// Creates a machine in `unknown`.
    init(policy: Policy = .init()) {
        self.policy = policy
    }

    // MARK: Views of the state

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
            PendingCall(id: $0.key, label: $0.value.options.label, since: $0.value.since, reason: $0.value.reason)
        }
        .sorted { $0.id < $1.id }
    }

    /// The number of waiters.
    var waiterCount: Int { waiters.count }

    var info: UserStateInfo { UserStateInfo(username: session?.username, provider: session?.provider) }

    /// The user-pool user who is signed in, or must sign in again, when it is not `username`: a
    /// sign-in as `username` would replace that user's session.
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
        case .waiterCancelled(let id): return waiterLeft(id, .cancelled)
        case .deadlinePassed(let id): return waiterLeft(id, .error(.deadlineExceeded))
        case .accessTokenRejected(let token): return accessTokenRejected(token)
        case .forceRefresh: return forceRefresh(now: now)
        case .reachedBackend: return markOnline()
        case .storeChangedExternally(let stored): return storeChangedExternally(stored)
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
        if let tokens = cachedTokens(at: now) { return [.resume([id], tokens)] }
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
        let resumed = waiterIDs { $0.reason == .refresh }
        remove(resumed)
        var actions: [Action] = [.persist(session)]
        actions += markOnline()
        if !resumed.isEmpty { actions += [.resume(resumed, tokens), .pendingCallsChanged] }
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
        let impatient = waiterIDs { $0.reason == .refresh && !$0.options.waitForConnectivity }
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

    private mutating func signOutRequested(global: Bool, now: Date) -> [Action] {
        let old = session
        var owed: PendingRevocation?
        if let refreshToken = old?.tokens?.refreshToken {
            owed = PendingRevocation(refreshToken: refreshToken, global: global, username: old?.username)
        } else if var earlier = old?.pendingRevocation {
            earlier.global = earlier.global || global
            owed = earlier
        }
        var record: PersistedSession?
        if old != nil || owed != nil {
            var kept = PersistedSession(state: .signedOut, cachedJWKS: old?.cachedJWKS, updatedAt: now)
            kept.pendingRevocation = owed
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

    private mutating func storeChangedExternally(_ stored: PersistedSession?) -> [Action] {
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
            remove(waiting)
            var actions: [Action] = wasSignedIn && replaced == nil ? [] : [.notify(.signedIn, info)]
            if let replaced, !waiting.isEmpty {
                let error = AuthError.sessionReplaced(previous: replaced, current: record.username ?? "another user")
                actions += [.fail(waiting, .error(error)), .pendingCallsChanged]
            } else if !waiting.isEmpty {
                actions += [.resume(waiting, tokens), .pendingCallsChanged]
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
        updated.updatedAt = now
        updated.state = reason.userState
        state = .reloginRequired(updated, reason)
        return [.persist(updated), .notify(userState, info)] + waitForSignIn()
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

// MARK: - Identity

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
        session.tokens = signIn.tokens
        if !rules.allowSimultaneousActiveAccounts { session.federatedLogins = nil }
        // Another user's identity is not carried over unless identities merge.
        if !sameUser && !rules.allowIdentityMerging { session.identityId = nil }
        session.awsCredentials = nil
        if let keySet = signIn.keySet { session.cachedJWKS = keySet }
        if let settled = signIn.settledRevocation, session.pendingRevocation == settled {
            session.pendingRevocation = nil
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
            guest.updatedAt = now
            let changed = userState != .guest
            state = .guest(guest)
            return changed ? [.persist(guest), .notify(.guest, info)] : [.persist(guest)]
        }
        guard case .signedIn(var session, let phase) = state else { return [] }
        session.identityId = identityId
        session.awsCredentials = credentials
        session.updatedAt = now
        state = .signedIn(session, phase)
        return [.persist(session)]
    }

    mutating func credentialsInvalidated() -> [Action] {
        guard var record = session, record.awsCredentials != nil else { return [] }
        record.awsCredentials = nil
        replaceRecord(with: record)
        return [.persist(record)]
    }

    mutating func keySetFetched(_ keySet: String) -> [Action] {
        guard case .signedIn(var session, let phase) = state, session.cachedJWKS != keySet else { return [] }
        session.cachedJWKS = keySet
        state = .signedIn(session, phase)
        return [.persist(session)]
    }
}
