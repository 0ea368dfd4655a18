import Foundation
import Logging

/// Everything an app (the terminal UI) calls on the auth core, in the core's own names and shapes.
///
/// Each part is a protocol declared beside the operations it lists, and ``AuthClient`` conforms to
/// every part itself: an operation is declared once, in the core, and a screen, a command or a test
/// fake reaches it through this one surface. There are no default bodies, so a fake says explicitly
/// what it does for each operation.
public typealias AuthClientService =
    AuthSessionService & SignInService & AccountService & UserAttributeService & MFAService & DeviceService
    & HostedUIService & SessionListService & StepUpService & PasskeyService

/// The session as an app watches it: the state, its events, the calls waiting, the tokens and the store.
public protocol AuthSessionService: Sendable {
    /// The configuration the client was created with (pools, endpoints, hosted UI).
    var configuration: AuthConfiguration { get }
    /// How long before the tokens expire the client refreshes them (``AuthClientOptions/refreshMargin``).
    var refreshMargin: TimeInterval { get }
    /// The current user state.
    var userState: UserState { get async }
    /// The stored session (tokens included: summarise it before showing it).
    var session: PersistedSession? { get async }
    /// The calls waiting for tokens.
    var pendingCalls: [PendingCall] { get async }
    /// The connectivity as last seen.
    var connectivity: Connectivity { get async }
    /// A stream of state, pending-call, connectivity and refresh events, starting with the current state.
    func events() async -> AsyncStream<AuthEvent>
    /// Adopts what another process wrote to the store since this one last looked (a cheap stamp check).
    func syncWithStore() async
    /// Fails every call waiting for sign-in.
    func releaseSignInWait() async
    /// Refreshes the tokens now.
    func forceRefresh() async
    /// Checks whether the backend answers (while offline); a `connectivityChanged` event follows when it does.
    func probeConnectivity() async
    /// The current tokens, refreshed if needed; waits for sign-in like any call.
    func getTokens(_ options: TokenRequestOptions?) async throws -> CognitoTokens
    /// STS GetCallerIdentity with the current AWS credentials (an identity pool must be configured).
    func getCallerIdentity(_ options: TokenRequestOptions) async throws -> CallerIdentity
    /// How long before the AWS credentials expire the client renews them (``AuthClientOptions/credentialsMargin``).
    var credentialsMargin: TimeInterval { get }
    /// The current AWS credentials, fetched again when the refresh rule (``RefreshMargin``) says they are due.
    func getAWSCredentials(_ options: TokenRequestOptions) async throws -> AWSCredentials
}

extension AuthSessionService {
    /// The library's default margin, for a service that does not refresh tokens by itself.
    public var refreshMargin: TimeInterval { AuthClientOptions().refreshMargin }
    /// The library's default credentials margin, for a service that does not renew credentials by itself.
    public var credentialsMargin: TimeInterval { AuthClientOptions().credentialsMargin }
}

extension AuthClient: AuthSessionService {
    /// The margin this client was created with (its options').
    public nonisolated var refreshMargin: TimeInterval { options.refreshMargin }
    /// The credentials margin this client was created with (its options').
    public nonisolated var credentialsMargin: TimeInterval { options.credentialsMargin }
}

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
    /// The store's change stamp as of this client's last read or write (the refresh's peer checks
    /// in AuthClient+Refresh.swift advance it too).
    var storeStamp: String?
    /// Why the store could not be read at ``initialize()`` (corrupt, unsafe, unreadable), if it could not.
    public private(set) var storeProblem: SessionStoreError?
    var pendingChallenge: PendingChallenge?
    /// The other user's session the last sign-in in this client replaced, and what became of that
    /// user's refresh token; nil when the last sign-in replaced nobody.
    public internal(set) var lastReplacement: SessionReplacement?
    /// The sign-in that led to the pending challenge, kept (password included, in memory only) so that
    /// ``restartSignIn()`` can re-initiate it for a new code; cleared when the sign-in ends.
    var lastSignInAttempt: SignInAttempt?
    /// The pool's key set, once fetched or restored.
    var jwksCache: String?
    var identity = IdentityState()
    /// Which refresh operation this backend answers, as learnt in this process.
    var refreshOperation: RefreshOperation = .unknown
    /// The step-up requirement last published (AuthClient+StepUp.swift).
    var publishedStepUp: StepUpRequirement?

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
        self.machine = AuthStateMachine(policy: Self.machinePolicy(configuration: configuration, options: options))
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

    /// How the stored session and this client's configuration disagree about who issued the session,
    /// or nil when they agree: with a mismatch nothing of the session is sent (see ``SessionIssuer``).
    public var sessionIssuerMismatch: SessionIssuerMismatch? { machine.session?.issuerMismatch(with: configuration) }

    /// Throws ``AuthError/sessionIssuerMismatch(_:)`` when the session belongs to another issuer.
    func checkSessionIssuer() throws(AuthError) {
        if let mismatch = sessionIssuerMismatch { throw .sessionIssuerMismatch(mismatch) }
    }

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
    ///
    /// Without `options` the client's ``AuthClientOptions/tokenRequestDefaults`` apply (the
    /// AWSMobileClient behaviour unless the client was made otherwise). A session another pool, app
    /// client or endpoint issued is refused with ``AuthError/sessionIssuerMismatch(_:)``, before
    /// anything is sent.
    public func getTokens(_ options: TokenRequestOptions? = nil) async throws -> CognitoTokens {
        let options = options ?? self.options.tokenRequestDefaults
        // Another process may have signed out or in since: a cached token is served only after the
        // store's stamp says nothing changed (one stat of the session file), never from memory alone.
        syncWithStore()
        try checkSessionIssuer()
        if let tokens = machine.cachedTokens(at: clock.now()), meets(options, tokens) { return tokens }
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
        guard sessionIssuerMismatch == nil else { return }
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

    /// Ends the waiting calls `ids` (their deadlines cancelled) with `finish`.
    private func finishCalls(
        _ ids: [WaiterID], _ finish: (CheckedContinuation<CognitoTokens?, any Error>) -> Void
    ) {
        for id in ids {
            deadlineTasks.removeValue(forKey: id)?.cancel()
            if let continuation = continuations.removeValue(forKey: id) { finish(continuation) }
        }
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
                finishCalls(ids) { $0.resume(returning: tokens) }
            case .fail(let ids, let failure):
                let error: any Error = if case .error(let error) = failure { error } else { CancellationError() }
                finishCalls(ids) { $0.resume(throwing: error) }
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
                publishStepUpChange()
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
            pool: pool, clientMetadata: options.clientMetadata.merging(CallMetadata.current) { $1 })
    }

    /// Verifies tokens against the pool's keys when enabled (see ``TokenVerifier``).
    func verify(_ tokens: CognitoTokens) async throws {
        guard options.verifyTokens, let pool = configuration.userPool else { return }
        try TokenVerifier.checkClaims(tokens, pool: pool, now: clock.now())
        if options.verifySignatures { try await verifySignatures(tokens) }
    }
}
