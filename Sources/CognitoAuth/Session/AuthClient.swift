import Foundation
import Logging

/// The auth core: AWSMobileClient's contract on Amazon Cognito, as one actor.
///
/// Decisions are made by `AuthStateMachine` (internal, pure); this actor feeds it events and runs its actions.
/// Calls that need tokens while re-login is required wait, resume after a successful sign-in, and
/// fail on ``releaseSignInWait()``. Network failures never change the user state.
public actor AuthClient {
    /// The configuration the client was created with (pools, endpoints, hosted UI).
    public nonisolated let configuration: AuthConfiguration
    /// Where the session is kept between runs; every state change is written here before it is announced.
    public nonisolated let store: any SessionStore
    /// The source of the current time for expiry checks and waits (a test clock in tests).
    public nonisolated let clock: any AuthClock
    nonisolated let random: any RandomSource
    nonisolated let transport: any HTTPTransport
    nonisolated let logger: Logger?
    /// Margins, timeouts and flags the client was created with.
    public nonisolated let options: AuthClientOptions

    var machine: AuthStateMachine
    private var continuations: [WaiterID: CheckedContinuation<CognitoTokens?, any Error>] = [:]
    private var deadlineTasks: [WaiterID: Task<Void, Never>] = [:]
    private var nextWaiterID: WaiterID = 0
    private var listeners: [UInt64: @Sendable (UserState, UserStateInfo) -> Void] = [:]
    private var stateStreams: [UInt64: AsyncStream<UserStateChange>.Continuation] = [:]
    private var eventStreams: [UInt64: AsyncStream<AuthEvent>.Continuation] = [:]
    private var nextListenerID: UInt64 = 0
    /// The store's change stamp as of this client's last read or write.
    private var storeStamp: String?
    /// Why the store could not be read at ``initialize()`` (corrupt, unsafe, unreadable), if it could not.
    public private(set) var storeProblem: SessionStoreError?
    var pendingChallenge: PendingChallenge?
    /// The sign-in that led to the pending challenge, kept (password included, in memory only) so that
    /// ``restartSignIn()`` can re-initiate it for a new code; cleared when the sign-in ends.
    var lastSignInAttempt: SignInAttempt?
    /// The pool's key set, once fetched or restored.
    var jwksCache: String?
    var identity = IdentityState()
    /// Which refresh operation this backend answers, as learnt in this process.
    var refreshOperation: RefreshOperation = .unknown

    /// Creates a client. Nothing touches the network or the store until a call needs it.
    public init(
        configuration: AuthConfiguration,
        store: any SessionStore,
        transport: any HTTPTransport = CurlTransport(),
        clock: any AuthClock = SystemAuthClock(),
        random: any RandomSource = SystemRandomSource(),
        logger: Logger? = nil,
        options: AuthClientOptions = AuthClientOptions()
    ) {
        self.configuration = configuration
        self.store = store
        self.transport = transport
        self.clock = clock
        self.random = random
        self.logger = logger
        self.options = options
        self.machine = AuthStateMachine(
            policy: .init(
                refreshMargin: options.refreshMargin, backoff: options.backoff,
                userPoolProviderKey: configuration.userPool?.providerKey,
                identityManager: configuration.identityManager))
    }

    // MARK: State

    /// Restores the session from the store without the network and returns the state.
    @discardableResult
    public func initialize() -> UserState {
        guard machine.userState == .unknown else { return machine.userState }
        // The stamp is read before the session: a write in between then makes this client's next
        // compare-and-swap conflict (and re-read), instead of passing over data it never saw.
        storeStamp = store.changeStamp()
        var stored: PersistedSession?
        do {
            stored = try store.load()
        } catch {
            storeProblem = error
            publish(.storeWarning(error.description))
            logger?.warning("session store unreadable", metadata: ["reason": "\(error.description)"])
        }
        run(machine.handle(.restored(stored), now: clock.now()))
        return machine.userState
    }

    /// The current user state.
    public var userState: UserState { machine.userState }

    /// The signed-in (or re-login-pending) username.
    public var username: String? { machine.session?.username }

    /// The persisted session record (tokens included): for status displays, which must mask it.
    public var session: PersistedSession? { machine.session }

    /// The calls waiting for tokens, oldest first.
    public var pendingCalls: [PendingCall] { machine.pendingCalls }

    /// The connectivity as last seen.
    public var connectivity: Connectivity { machine.connectivity }

    /// Adds a listener called after each persisted state change, in order; it is first called with the current state.
    @discardableResult
    public func addUserStateListener(_ listener: @escaping @Sendable (UserState, UserStateInfo) -> Void) -> UInt64 {
        nextListenerID += 1
        listeners[nextListenerID] = listener
        listener(machine.userState, machine.info)
        return nextListenerID
    }

    /// Removes the listener that ``addUserStateListener(_:)`` returned `token` for; unknown tokens are ignored.
    public func removeUserStateListener(_ token: UInt64) {
        listeners.removeValue(forKey: token)
    }

    /// A stream of state changes that starts with the current state.
    public func userStateChanges() -> AsyncStream<UserStateChange> {
        let (stream, continuation) = AsyncStream<UserStateChange>.makeStream(bufferingPolicy: .unbounded)
        nextListenerID += 1
        let id = nextListenerID
        stateStreams[id] = continuation
        continuation.yield(UserStateChange(state: machine.userState, info: machine.info))
        continuation.onTermination = { [weak self] _ in
            Task { await self?.removeStateStream(id) }
        }
        return stream
    }

    /// A stream of everything the dashboard shows: state, pending calls, connectivity, refreshes.
    public func events() -> AsyncStream<AuthEvent> {
        let (stream, continuation) = AsyncStream<AuthEvent>.makeStream(bufferingPolicy: .bufferingNewest(1024))
        nextListenerID += 1
        let id = nextListenerID
        eventStreams[id] = continuation
        continuation.yield(.stateChanged(UserStateChange(state: machine.userState, info: machine.info)))
        continuation.onTermination = { [weak self] _ in
            Task { await self?.removeEventStream(id) }
        }
        return stream
    }

    private func removeStateStream(_ id: UInt64) { stateStreams.removeValue(forKey: id) }
    private func removeEventStream(_ id: UInt64) { eventStreams.removeValue(forKey: id) }

    func publish(_ event: AuthEvent) {
        for continuation in eventStreams.values { continuation.yield(event) }
    }

    // MARK: Tokens

    /// Returns valid tokens: cached, refreshed (one request shared by all callers), or after re-login.
    ///
    /// With the default options a call made while re-login is required waits until sign-in
    /// succeeds, `releaseSignInWait()` fails it, `signOut()` fails it, its deadline passes, or its
    /// own task is cancelled.
    public func getTokens(_ options: TokenRequestOptions = .default) async throws -> CognitoTokens {
        // Another process may have signed out or in since: a cached token is served only after the
        // store's stamp says nothing changed (one stat of the session file), never from memory alone.
        syncWithStore()
        if let tokens = machine.cachedTokens(at: clock.now()) { return tokens }
        guard let tokens = try await wait(options) else { throw AuthError.notSignedIn }
        return tokens
    }

    /// Waits until the session is usable (signed in), through the same waiter list as `getTokens`.
    func waitForSession(_ options: TokenRequestOptions) async throws {
        var sessionOptions = options
        sessionOptions.needsUserPoolTokens = false
        _ = try await wait(sessionOptions)
    }

    private func wait(_ options: TokenRequestOptions) async throws -> CognitoTokens? {
        nextWaiterID += 1
        let id = nextWaiterID
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation {
                (continuation: CheckedContinuation<CognitoTokens?, any Error>) in
                if Task.isCancelled {
                    continuation.resume(throwing: CancellationError())
                    return
                }
                continuations[id] = continuation
                run(machine.handle(.tokensRequested(id, options), now: clock.now()))
                if let deadline = options.deadline, continuations[id] != nil {
                    let clock = self.clock
                    deadlineTasks[id] = Task { [weak self] in
                        do { try await clock.sleep(for: deadline) } catch { return }
                        await self?.deliver(.deadlinePassed(id))
                    }
                }
            }
        } onCancel: {
            Task { await self.deliver(.waiterCancelled(id)) }
        }
    }

    /// Fails every call waiting for sign-in with ``AuthError/signInWaitCancelled``.
    public func releaseSignInWait() {
        let before = machine.waiterCount
        run(machine.handle(.releaseSignInWait, now: clock.now()))
        publish(.signInWaitReleased(count: before - machine.waiterCount))
    }

    /// Refreshes the tokens now, even if they are still valid (the dashboard's `r`).
    public func forceRefresh() {
        run(machine.handle(.forceRefresh, now: clock.now()))
    }

    /// Marks the current access token as rejected by a service, so the next request refreshes.
    public func reportAccessTokenRejected(_ accessToken: String) {
        run(machine.handle(.accessTokenRejected(accessToken), now: clock.now()))
    }

    /// Re-reads the store when another process has written it, and adopts its session.
    public func syncWithStore() {
        let stamp = store.changeStamp()
        guard stamp != storeStamp, machine.userState != .unknown else { return }
        storeStamp = stamp
        run(machine.handle(.storeChangedExternally(loadForAdoption()), now: clock.now()))
    }

    func deliver(_ event: AuthStateMachine.Event) {
        run(machine.handle(event, now: clock.now()))
    }

    // MARK: Running actions

    /// How a batch's `.persist` writes: a user's own sign-in or sign-out replaces whatever is stored;
    /// anything computed from an earlier session (a refresh, a key-set or identity update) is a
    /// compare-and-swap against the stamp this client last saw.
    enum WriteMode {
        case replace
        case ifUnchanged
    }

    /// Runs the machine's actions in order. Returns the store error when a write failed.
    ///
    /// When a write fails, or another process changed the store first (a conflict), the rest of the
    /// batch describes a session the store does not hold: the client adopts what is stored instead
    /// (the machine's `storeChangedExternally`), skips the batch's notifications, and answers the
    /// batch's waiting calls from the adopted session, or fails them. So the state in memory never
    /// claims what the store does not hold.
    @discardableResult
    func run(_ actions: [AuthStateMachine.Action], writes mode: WriteMode = .ifUnchanged) -> SessionStoreError? {
        for (index, action) in actions.enumerated() {
            switch action {
            case .persist(let session):
                let condition: SessionStoreWriteCondition = mode == .replace ? .always : .unchangedSince(storeStamp)
                do {
                    switch try store.save(session, when: condition) {
                    case .written(let stamp):
                        storeStamp = stamp
                    case .conflict:
                        logger?.debug("the store changed meanwhile; adopting it instead of writing")
                        adoptStore(after: actions[(index + 1)...], failure: nil)
                        return nil
                    }
                } catch {
                    logger?.error("could not persist the session", metadata: ["reason": "\(error.description)"])
                    publish(.storeWarning(error.description))
                    adoptStore(after: actions[(index + 1)...], failure: error)
                    return error
                }
            case .notify(let state, let info):
                for listener in listeners.values { listener(state, info) }
                let change = UserStateChange(state: state, info: info)
                for continuation in stateStreams.values { continuation.yield(change) }
                publish(.stateChanged(change))
            case .resume(let ids, let tokens):
                for id in ids {
                    deadlineTasks.removeValue(forKey: id)?.cancel()
                    continuations.removeValue(forKey: id)?.resume(returning: tokens)
                }
            case .fail(let ids, let failure):
                for id in ids {
                    deadlineTasks.removeValue(forKey: id)?.cancel()
                    guard let continuation = continuations.removeValue(forKey: id) else { continue }
                    switch failure {
                    case .cancelled: continuation.resume(throwing: CancellationError())
                    case .error(let error): continuation.resume(throwing: error)
                    }
                }
            case .startRefresh(let refreshToken, let username, let generation):
                Task {
                    await self.performRefresh(refreshToken: refreshToken, username: username, generation: generation)
                }
            case .scheduleRetry(let delay, let generation):
                let clock = self.clock
                Task { [weak self] in
                    try? await clock.sleep(for: delay)
                    await self?.deliver(.retryDue(generation: generation))
                }
            case .connectivityChanged(let connectivity):
                publish(.connectivityChanged(connectivity))
            case .pendingCallsChanged:
                if !eventStreams.isEmpty { publish(.pendingCallsChanged(machine.pendingCalls)) }
            case .revoke(let revocation, let accessToken):
                // A sign-out awaits its own (settleSignOut); any other transition's is sent meanwhile.
                Task { await self.revokeOwed(revocation, accessToken: accessToken) }
            }
        }
        return nil
    }

    /// The stored session to adopt; an unreadable store publishes a warning and counts as empty.
    private func loadForAdoption() -> PersistedSession? {
        do {
            return try store.load()
        } catch {
            publish(.storeWarning(error.description))
            return nil
        }
    }

    /// After a write that did not happen: adopt the stored session, then settle the rest of the batch.
    private func adoptStore(after rest: ArraySlice<AuthStateMachine.Action>, failure: SessionStoreError?) {
        // Stamp first, then the session (see initialize()): never a newer stamp over older data.
        storeStamp = store.changeStamp()
        let stored = loadForAdoption()
        run(machine.handle(.storeChangedExternally(stored), now: clock.now()))
        for action in rest {
            switch action {
            case .persist, .notify:
                continue  // they describe the session that was not stored
            case .resume(let ids, _):
                // The batch's waiters left the machine: answer them from what is stored now, or,
                // when the stored session is signed in but needs a refresh, ask for tokens again.
                if let tokens = machine.cachedTokens(at: clock.now()) {
                    run([.resume(ids, tokens)])
                } else if failure == nil, machine.userState == .signedIn {
                    for id in ids { run(machine.handle(.tokensRequested(id, .default), now: clock.now())) }
                } else {
                    let error: AuthError = failure.map { AuthError(storeError: $0) } ?? .signedOut
                    run([.fail(ids, .error(error))])
                }
            default:
                run([action])
            }
        }
    }

    private func performRefresh(refreshToken: String, username: String?, generation: UInt64) async {
        // Cross-process single flight: under the store's refresh lock, re-read the store; when another
        // process has just refreshed this session, its tokens are this refresh's result and nothing
        // is sent. Without the lock (memory store, or a wait that ran out) each process refreshes.
        let lock = await store.refreshLock(timeout: options.requestTimeout + .seconds(5))
        defer { lock?.release() }
        if lock != nil, adoptPeerRefresh(generation: generation) { return }
        // With rotation, a peer may have replaced the refresh token without leaving tokens valid
        // beyond the margin (short lifetimes): refresh from the stored token, never the retired one.
        var refreshToken = refreshToken
        if lock != nil, let rotated = refreshTokenRotatedByPeer() { refreshToken = rotated }
        do {
            let tokens: CognitoTokens
            do {
                tokens = try await refreshTokens(refreshToken: refreshToken, username: username)
            } catch let error as AuthError where error.isRefreshTokenReuse {
                // Reuse: a peer may have rotated the token meanwhile. Re-read the store first, and
                // only when it holds nothing newer is the session rejected.
                logger?.debug("the refresh token was already rotated; re-reading the store")
                if adoptPeerRefresh(generation: generation) { return }
                guard let rotated = refreshTokenRotatedByPeer(), rotated != refreshToken else {
                    throw AuthError.notAuthorized(
                        "The session's refresh token was already used and has been retired by refresh-token rotation.")
                }
                tokens = try await refreshTokens(refreshToken: rotated, username: username)
            }
            run(machine.handle(.refreshSucceeded(tokens, generation: generation), now: clock.now()))
            publish(.tokensRefreshed(expiration: tokens.expiration))
        } catch {
            var authError = (error as? AuthError) ?? .network(kind: .other, message: "refresh failed")
            if authError.isRefreshTokenReuse {
                authError = .notAuthorized(
                    "The session's refresh token was already used and has been retired by refresh-token rotation.")
            }
            logger?.debug("refresh failed", metadata: ["transient": "\(authError.isTransient)"])
            publish(.refreshFailed(authError))
            run(
                machine.handle(
                    .refreshFailed(authError, generation: generation, jitter: random.unitInterval()), now: clock.now()))
        }
    }

    /// Adopts a peer's fresh tokens as this refresh's result, without writing them again; false when
    /// the store holds nothing newer for this session.
    private func adoptPeerRefresh(generation: UInt64) -> Bool {
        guard let peer = tokensRefreshedByPeer() else { return false }
        let actions = machine.handle(.refreshSucceeded(peer, generation: generation), now: clock.now())
        run(actions.filter { if case .persist = $0 { return false } else { return true } })
        publish(.tokensRefreshed(expiration: peer.expiration))
        return true
    }

    /// The stored tokens when another process refreshed this same session since this client last
    /// looked (same subject, valid beyond the refresh margin); the stamp is then taken as seen.
    private func tokensRefreshedByPeer() -> CognitoTokens? {
        let stamp = store.changeStamp()
        guard stamp != storeStamp, let stored = try? store.load(), stored.state == .signedIn,
            let tokens = stored.tokens, let mine = machine.session?.tokens,
            tokens.accessToken != mine.accessToken,
            tokens.idClaims?.sub != nil, tokens.idClaims?.sub == mine.idClaims?.sub,
            tokens.areValid(at: clock.now(), preferredMargin: options.refreshMargin)
        else { return nil }
        storeStamp = stamp
        return tokens
    }

    /// The stored refresh token when a peer rotated this same session's token (same subject, another
    /// refresh token): the stored record is adopted and its stamp taken as seen, so this client's
    /// result is then written over it by compare-and-swap.
    private func refreshTokenRotatedByPeer() -> String? {
        let stamp = store.changeStamp()
        guard let stored = try? store.load(), stored.state == .signedIn, let theirs = stored.tokens,
            let rotated = theirs.refreshToken, let mine = machine.session?.tokens, rotated != mine.refreshToken,
            theirs.idClaims?.sub != nil, theirs.idClaims?.sub == mine.idClaims?.sub
        else { return nil }
        storeStamp = stamp
        run(machine.handle(.peerRotatedRefreshToken(stored), now: clock.now()))
        return rotated
    }

    /// Refreshes with GetTokensFromRefreshToken (rotation on or off), sending the device key when the
    /// session has a device, the client secret when configured, and the options' client metadata.
    ///
    /// A backend that does not know the operation (an old local backend: `UnknownOperationException`,
    /// or a 500/501 that is not JSON) gets REFRESH_TOKEN_AUTH instead; that choice is remembered for
    /// the process only once REFRESH_TOKEN_AUTH worked. A rejection by the fallback never signs
    /// anyone out, since the operation AWS recommends never answered: it counts as a server error.
    /// The old refresh token is kept when none comes back.
    func refreshTokens(refreshToken: String, username: String?) async throws -> CognitoTokens {
        let api = try userPoolAPI()
        let device = machine.session?.device.flatMap { $0.username == machine.session?.username ? $0 : nil }
        let answer: UserPoolAPI.AuthAnswer
        if refreshOperation == .legacy {
            answer = try await legacyRefresh(api, refreshToken: refreshToken, username: username, device: device)
        } else {
            do {
                answer = try await api.getTokensFromRefreshToken(
                    refreshToken: refreshToken, deviceKey: device?.deviceKey, clientMetadata: options.clientMetadata)
            } catch let error as AuthError where refreshOperation == .unknown && error.isUnknownOperation {
                logger?.info("GetTokensFromRefreshToken is not available here; trying REFRESH_TOKEN_AUTH")
                do {
                    answer = try await legacyRefresh(
                        api, refreshToken: refreshToken, username: username, device: device)
                } catch AuthError.notAuthorized(let message) {
                    throw AuthError.internalError(
                        "GetTokensFromRefreshToken is unavailable and REFRESH_TOKEN_AUTH was refused (\(message))")
                }
                refreshOperation = .legacy
            }
        }
        if refreshOperation == .unknown { refreshOperation = .getTokens }
        guard let id = answer.idToken, let access = answer.accessToken else {
            throw AuthError.invalidResponse(status: 200, detail: "the token refresh answered without tokens")
        }
        let tokens = try CognitoTokens(
            idToken: id, accessToken: access, refreshToken: answer.refreshToken ?? refreshToken)
        try await verify(tokens)
        // A refresh never changes who is signed in: tokens for another subject are refused.
        if let before = machine.session?.tokens?.idClaims?.sub, let after = tokens.idClaims?.sub,
            before != after
        {
            throw AuthError.invalidToken("the refreshed tokens belong to another user than the session")
        }
        return tokens
    }

    private func legacyRefresh(
        _ api: UserPoolAPI, refreshToken: String, username: String?, device: TrackedDevice?
    ) async throws -> UserPoolAPI.AuthAnswer {
        let hashUser = username ?? machine.session?.tokens?.accessClaims?.username ?? ""
        var parameters = ["REFRESH_TOKEN": refreshToken]
        if let device { parameters["DEVICE_KEY"] = device.deviceKey }
        return try await api.initiateAuth(flow: "REFRESH_TOKEN_AUTH", parameters: parameters, username: hashUser)
    }

    // MARK: Wiring

    /// The typed user-pool operations on this client's configuration and transport.
    package func userPoolAPI() throws(AuthError) -> UserPoolAPI {
        guard let pool = configuration.userPool else {
            throw .configuration(
                ConfigurationError(
                    file: configuration.sourcePath, key: "CognitoUserPool.Default",
                    problem: "no user pool is configured.", fix: "Add the CognitoUserPool.Default section."))
        }
        return UserPoolAPI(
            client: AWSJSONClient(
                targetPrefix: AWSJSONClient.userPoolsTarget, endpoint: pool.resolvedEndpoint, transport: transport,
                timeout: options.requestTimeout, logger: logger),
            pool: pool, clientMetadata: options.clientMetadata)
    }

    /// Verifies tokens against the pool's keys when enabled (see ``TokenVerifier``).
    func verify(_ tokens: CognitoTokens) async throws {
        guard options.verifyTokens, let pool = configuration.userPool else { return }
        try TokenVerifier.checkClaims(tokens, pool: pool, now: clock.now())
        if options.verifySignatures { try await verifySignatures(tokens) }
    }
}

/// A challenge awaiting `confirmSignIn`.
/// What ``AuthClient/restartSignIn()`` sends again.
struct SignInAttempt: Sendable {
    var username: String
    var password: String?
    var flow: AuthenticationFlow?
    var method: SignInMethod?
    var validationData: [String: String]
    /// Whether the sign-in may replace another user's session (see `signIn(…replacingSession:)`).
    var replacingSession: Bool = false
}

struct PendingChallenge: Sendable {
    var name: String
    var session: String?
    var username: String
    var parameters: [String: String]
    /// MFA_SETUP: the factor chosen to set up (`SOFTWARE_TOKEN_MFA` or `EMAIL_OTP`), once chosen.
    var setupFactor: MFAType?
    /// MFA_SETUP: the factors offered (`MFAS_CAN_SETUP`).
    var setupChoices: [MFAType] = []
}

/// The refresh operation a backend answers.
enum RefreshOperation: Sendable {
    /// Not yet known: GetTokensFromRefreshToken is tried first.
    case unknown
    /// The backend answered GetTokensFromRefreshToken, so it is used from now on.
    case getTokens
    /// The backend does not know GetTokensFromRefreshToken; REFRESH_TOKEN_AUTH worked.
    case legacy
}

/// Identity-pool state kept beside the machine.
struct IdentityState: Sendable {
    var credentialsTask: Task<AWSCredentials, any Error>?
    /// The role a `federatedSignIn(…customRoleARN:)` asked for: this process's later credential
    /// fetches assume it too, until a sign-out or another sign-in.
    var customRoleARN: String?
}
