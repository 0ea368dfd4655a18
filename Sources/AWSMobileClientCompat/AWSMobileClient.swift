import CognitoAuth
// Re-exported as the SDK's module re-exports it: ported files name `NSString`, `Date`, `DispatchQueue`
// with `import AWSMobileClient` alone.
@_exported import Foundation

/// AWSMobileClient's API on Latchkey: the shared instance, the SDK's completion handlers and names,
/// each mapped onto one `AuthClient` call.
///
/// Nothing here decides anything: states, waiting for re-login, refresh and storage are the core's.
///
/// Handlers are plain `@escaping` closures, as the SDK declares them, so SDK code compiles unchanged
/// in Swift 5 and Swift 6 mode. Where they run: a handler passed from an actor (a `@MainActor` view
/// controller, app delegate or SwiftUI model) runs on that actor; from nonisolated code it runs on the
/// main queue when the call was made on the main thread, else on a background queue as the SDK's do.
/// ``completionQueue`` sends every handler to one queue instead. Failures are always
/// ``AWSMobileClientError``.
///
/// ```swift
/// AWSMobileClient.default().initialize { state, error in … }
/// AWSMobileClient.default().signIn(username: "alice", password: secret) { result, error in … }
/// ```
public final class AWSMobileClient: Sendable {
    /// The core client every call goes to (nil when `default()` found no usable configuration).
    public let client: AuthClient?
    private let setupError: AWSMobileClientError?
    let mirror = StateMirror()
    /// The local sign-out ``signOut()`` started; later calls wait for it, so they see its result.
    private let pendingSignOut = Locked<Task<Void, Never>?>(nil)
    /// Whether the app set ``currentUserState`` to a signed-out state since the last sign-in.
    private let replaceOnNextSignIn = Locked(false)
    /// The last mirror refresh started: each waits for the one before it, so a late, stale reading never
    /// overwrites a newer one (a sign-out's refresh finishing after the next sign-in's).
    private let lastRefresh = Locked<Task<Void, Never>?>(nil)

    private static let shared = Locked<AWSMobileClient?>(nil)
    private static let queueOverride = Locked<DispatchQueue?>(nil)
    private static let serviceOverrides = Locked<
        (userPool: AWSServiceConfiguration?, identityPool: AWSServiceConfiguration?)
    >(
        (nil, nil))

    /// Where every completion handler, listener and `AWSTask` block runs; nil (the default) lets each
    /// run where its caller is (see the type's documentation).
    ///
    /// Set it to a background queue for programs that block the main thread until a handler ran (a
    /// semaphore in a command-line `main`): main-thread delivery would wait for the blocked thread.
    public static var completionQueue: DispatchQueue? {
        get { queueOverride.withLock { $0 } }
        set { queueOverride.withLock { $0 = newValue } }
    }

    static var completionQueueOverride: DispatchQueue? { completionQueue }

    /// The shared instance, built on first use from the located configuration (`$LATCHKEY_CONFIG`,
    /// else `$XDG_CONFIG_HOME/latchkey/awsconfiguration.json`; `awsconfiguration.json` in the current
    /// directory first, as AWSMobileClient reads it from the app bundle) and the default session store.
    /// A configuration problem is reported by `initialize(_:)`.
    public static func `default`() -> AWSMobileClient {
        shared.withLock { instance in
            if let instance { return instance }
            let made = AWSMobileClient(environment: ProcessInfo.processInfo.environment)
            instance = made
            return made
        }
    }

    /// The shared instance, by the SDK's older name (the SDK deprecates it in favour of `default()`).
    public static func sharedInstance() -> AWSMobileClient { self.default() }

    /// Makes `client` the instance `default()` returns from now on, for apps that build their own
    /// (another store, another configuration) and still call `AWSMobileClient.default()` everywhere.
    public static func useAsDefault(_ client: AWSMobileClient) {
        shared.withLock { $0 = client }
    }

    /// Overrides the user pool's and the identity pool's region and endpoint for the instance
    /// `default()` builds next (AWSMobileClient's hook for Amplify's service configurations).
    ///
    /// Call it before the first `default()`; an instance already built keeps its endpoints.
    public static func updateCognitoService(
        userPoolConfiguration: AWSServiceConfiguration?, identityPoolConfiguration: AWSServiceConfiguration?
    ) {
        serviceOverrides.withLock { $0 = (userPoolConfiguration, identityPoolConfiguration) }
    }

    /// A client over an existing core client (for apps that build their own, and for tests).
    public init(client: AuthClient) {
        self.client = client
        self.setupError = nil
    }

    /// A client built as `default()` builds one, from `environment` instead of the process's.
    public convenience init(environment: [String: String]) {
        let local = FileManager.default.currentDirectoryPath + "/awsconfiguration.json"
        let explicit =
            (environment["LATCHKEY_CONFIG"] ?? "").isEmpty && FileManager.default.fileExists(atPath: local)
            ? local : nil
        let path = AuthConfiguration.locate(explicitPath: explicit, environment: environment)
        self.init(environment: environment) {
            try AuthConfiguration.load(path: path, section: nil, environment: environment)
        }
    }

    /// A client from an `awsconfiguration.json`-shaped dictionary, as the SDK's `init(configuration:)`,
    /// with the default session store. A configuration problem is reported by `initialize(_:)`.
    public convenience init(configuration: [String: Any]) {
        let environment = ProcessInfo.processInfo.environment
        self.init(environment: environment) {
            guard JSONSerialization.isValidJSONObject(configuration) else {
                throw AWSMobileClientError.invalidConfiguration(
                    message:
                        "The configuration dictionary is not JSON (strings, numbers, arrays and dictionaries only).")
            }
            let data = try JSONSerialization.data(withJSONObject: configuration)
            return try AuthConfiguration.parse(data, path: nil, section: nil, environment: environment)
        }
    }

    private init(environment: [String: String], configuration load: () throws -> AuthConfiguration) {
        do {
            var configuration = try load()
            let overrides = Self.serviceOverrides.withLock { $0 }
            if let override = overrides.userPool, var pool = configuration.userPool {
                pool.region = override.region ?? pool.region
                pool.endpoint = override.endpoint ?? pool.endpoint
                configuration.userPool = pool
            }
            if let override = overrides.identityPool, var pool = configuration.identityPool {
                pool.region = override.region ?? pool.region
                pool.endpoint = override.endpoint ?? pool.endpoint
                configuration.identityPool = pool
            }
            let store = try SessionStoreSelection.make(
                directory: FileSessionStore.defaultDirectory(environment: environment), environment: environment
            ).store
            let transport = try CurlTransport(network: NetworkOptions(environment: environment))
            client = AuthClient(configuration: configuration, store: store, transport: transport)
            setupError = nil
        } catch {
            client = nil
            setupError = AWSMobileClientError.invalidConfiguration(message: Self.messageForApps(error))
        }
    }

    /// A configuration problem in words for an app porting from the SDK: the core's fix already names the
    /// API and the configuration file, not the command line's flags; a missing file also names
    /// `AWSMobileClient(configuration:)`, the SDK's way to pass the configuration.
    static func messageForApps(_ error: any Error) -> String {
        guard var problem = error as? ConfigurationError else { return String(describing: error) }
        if problem.problem == "no configuration file here." {
            problem.fix =
                "Put awsconfiguration.json in the working directory, set LATCHKEY_CONFIG to its path, or pass "
                + "the configuration to AWSMobileClient(configuration:)."
        }
        return String(describing: problem)
    }

    // MARK: State

    /// The user's state, as last seen (synchronous; `initialize(_:)` fills it).
    ///
    /// Settable, as the SDK's: an app that sets a state other than `signedIn` (typically `.signedOut`
    /// before signing in as someone else) lets the next `signIn` replace the signed-in user's session
    /// (the calls waiting for that user fail). Setting it tells no listener and changes nothing
    /// stored; the next change of the core's state overwrites it.
    public var currentUserState: UserState {
        get { mirror.value.state }
        set {
            mirror.overrideState(newValue)
            replaceOnNextSignIn.withLock { $0 = newValue != .signedIn }
        }
    }
    /// Whether someone is signed in.
    public var isSignedIn: Bool { currentUserState == .signedIn }
    /// Whether someone is signed in, by the legacy `AWSSignInManager` name.
    public var isLoggedIn: Bool { isSignedIn }
    /// The signed-in user's name.
    public var username: String? { mirror.value.username }
    /// The identity id, once the identity pool gave one.
    public var identityId: String? { mirror.value.identityId }
    /// The signed-in user's `sub`.
    public var userSub: String? { mirror.value.userSub }
    /// The signed-in user's tracked devices.
    public var deviceOperations: DeviceOperations { DeviceOperations(self) }

    /// Restores the session (no network) and reports the state; also starts the state mirror.
    public func initialize(
        _ completionHandler: @escaping (UserState?, (any Error)?) -> Void, isolation: (any Actor)? = #isolation
    ) {
        perform(isolation, completionHandler) { client in await client.userState }
    }

    /// Adds a listener held by `object` (weakly: it stops when `object` goes away). It runs on the
    /// actor that added it (see ``completionQueue``); the info has `username`, and after a sign-in
    /// `provider` (the pool's logins key) and `token` (the id token), as the SDK's.
    public func addUserStateListener(
        _ object: AnyObject, _ callback: @escaping UserStateChangeCallback, isolation: (any Actor)? = #isolation
    ) {
        mirror.add(object, callback, target: CompletionTarget.forCaller(isolation, override: Self.completionQueue))
        if let client { Task { await self.startMirroring(client) } }
    }

    /// Removes the listeners `object` added.
    public func removeUserStateListener(_ object: AnyObject) {
        mirror.remove(object)
    }

    /// Fails the calls waiting for a sign-in with ``AWSMobileClientError/unableToSignIn(message:)``.
    public func releaseSignInWait() {
        guard let client else { return }
        Task { await client.releaseSignInWait() }
    }

    // MARK: Sign-in and sign-up

    /// Signs in with the configured flow (SRP unless configured otherwise).
    ///
    /// `validationData` and `clientMetaData` go to InitiateAuth's `ClientMetadata` (the Lambda
    /// triggers of the sign-in), as AWSMobileClient sends them; `validationData` wins a shared key.
    /// Signing in as another user while one is signed in fails with `invalidState`, as the SDK, unless
    /// the app set ``currentUserState`` to a signed-out state first (then the new user replaces them).
    public func signIn(
        username: String, password: String, validationData: [String: String]? = nil,
        clientMetaData: [String: String] = [:],
        completionHandler: @escaping ((SignInResult?, (any Error)?) -> Void), isolation: (any Actor)? = #isolation
    ) {
        perform(isolation, completionHandler, metadata: clientMetaData) { client in
            let replacing = self.replaceOnNextSignIn.withLock { $0 }
            let step = try await client.signIn(
                username: username, password: password, flow: nil, method: nil,
                validationData: validationData ?? [:], replacingSession: replacing)
            if step == .done { self.replaceOnNextSignIn.withLock { $0 = false } }
            await self.refreshMirror(client)
            return SignInResult(step)
        }
    }

    /// Answers the pending challenge (a code, a new password, a custom answer, a choice).
    public func confirmSignIn(
        challengeResponse: String, userAttributes: [String: String] = [:], clientMetaData: [String: String] = [:],
        completionHandler: @escaping ((SignInResult?, (any Error)?) -> Void), isolation: (any Actor)? = #isolation
    ) {
        perform(isolation, completionHandler, metadata: clientMetaData) { client in
            let step = try await client.confirmSignIn(challengeResponse, attributes: userAttributes)
            await self.refreshMirror(client)
            return SignInResult(step)
        }
    }

    /// Creates an account in the user pool; the result says whether a confirmation code was sent.
    public func signUp(
        username: String, password: String, userAttributes: [String: String] = [:],
        validationData: [String: String] = [:], clientMetaData: [String: String] = [:],
        completionHandler: @escaping ((SignUpResult?, (any Error)?) -> Void), isolation: (any Actor)? = #isolation
    ) {
        perform(isolation, completionHandler, metadata: clientMetaData) { client in
            SignUpResult(
                try await client.register(
                    username: username, password: password, attributes: userAttributes, validationData: validationData))
        }
    }

    /// Confirms an account with its code.
    public func confirmSignUp(
        username: String, confirmationCode: String, clientMetaData: [String: String] = [:],
        completionHandler: @escaping ((SignUpResult?, (any Error)?) -> Void), isolation: (any Actor)? = #isolation
    ) {
        perform(isolation, completionHandler, metadata: clientMetaData) { client in
            SignUpResult(try await client.confirmSignUp(username: username, code: confirmationCode))
        }
    }

    /// Sends a new confirmation code.
    public func resendSignUpCode(
        username: String, clientMetaData: [String: String] = [:],
        completionHandler: @escaping ((SignUpResult?, (any Error)?) -> Void), isolation: (any Actor)? = #isolation
    ) {
        perform(isolation, completionHandler, metadata: clientMetaData) { client in
            SignUpResult(delivery: try await client.resendSignUpCode(username: username))
        }
    }

    /// Sends a password-reset code.
    public func forgotPassword(
        username: String, clientMetaData: [String: String] = [:],
        completionHandler: @escaping ((ForgotPasswordResult?, (any Error)?) -> Void),
        isolation: (any Actor)? = #isolation
    ) {
        perform(isolation, completionHandler, metadata: clientMetaData) { client in
            let result = try await client.forgotPassword(username: username)
            return ForgotPasswordResult(
                forgotPasswordState: .confirmationCodeSent,
                codeDeliveryDetails: UserCodeDeliveryDetails(result.delivery))
        }
    }

    /// Sets a new password with the reset code.
    public func confirmForgotPassword(
        username: String, newPassword: String, confirmationCode: String, clientMetaData: [String: String] = [:],
        completionHandler: @escaping ((ForgotPasswordResult?, (any Error)?) -> Void),
        isolation: (any Actor)? = #isolation
    ) {
        perform(isolation, completionHandler, metadata: clientMetaData) { client in
            try await client.confirmForgotPassword(username: username, newPassword: newPassword, code: confirmationCode)
            return ForgotPasswordResult(forgotPasswordState: .done, codeDeliveryDetails: nil)
        }
    }

    /// Changes the signed-in user's password.
    public func changePassword(
        currentPassword: String, proposedPassword: String,
        completionHandler: @escaping (((any Error)?) -> Void), isolation: (any Actor)? = #isolation
    ) {
        perform(isolation, { (_: Void?, error) in completionHandler(error) }) { client in
            try await client.changePassword(current: currentPassword, proposed: proposedPassword)
        }
    }

    /// Signs out: revokes the refresh token at the service (unless `invalidateTokens` is false), with
    /// GlobalSignOut first when `signOutGlobally`, then forgets the session here.
    public func signOut(
        options: SignOutOptions = SignOutOptions(), completionHandler: @escaping (((any Error)?) -> Void),
        isolation: (any Actor)? = #isolation
    ) {
        perform(isolation, { (_: Void?, error) in completionHandler(error) }) { client in
            if options.signOutGlobally {
                _ = try await client.signOut(.global)
            } else if options.invalidateTokens {
                _ = try await client.signOut(.local)
            } else {
                try await client.clearLocalSession()
            }
            await self.refreshMirror(client)
        }
    }

    /// Signs out here, at once and without the network, as the SDK's synchronous `signOut()`: the
    /// state is `signedOut` (and listeners are told) before it returns; the stored session is
    /// forgotten on a background task that every later call of this client waits for. Nothing is
    /// revoked at the service (use ``signOut(options:completionHandler:isolation:)`` for that).
    ///
    /// Should the store refuse the write, the session stays and the state returns to what it was.
    public func signOut() {
        mirror.update(state: .signedOut, username: nil, info: [:])
        guard let client else { return }
        pendingSignOut.withLock { pending in
            let previous = pending
            pending = Task {
                await previous?.value
                try? await client.clearLocalSession()
                await self.refreshMirror(client)
            }
        }
    }

    // MARK: Tokens and credentials

    /// The user-pool tokens, refreshed when needed; waits while a re-login is required.
    public func getTokens(_ completionHandler: @escaping TokenCompletion, isolation: (any Actor)? = #isolation) {
        perform(isolation, completionHandler) { client in Tokens(try await client.getTokens()) }
    }

    /// The identity id (getting credentials first when there is none yet), as a task.
    public func getIdentityId() -> AWSTask<NSString> {
        task { client in
            let id = try await client.getIdentityId()
            await self.refreshMirror(client)
            return NSString(string: id)
        }
    }

    /// AWS credentials from the identity pool (guest or signed in).
    public func getAWSCredentials(
        _ completionHandler: @escaping (AWSCredentials?, (any Error)?) -> Void, isolation: (any Actor)? = #isolation
    ) {
        perform(isolation, completionHandler) { client in
            let credentials = try await client.getAWSCredentials()
            await self.refreshMirror(client)
            return AWSCredentials(credentials)
        }
    }

    /// AWS credentials as a task, as the SDK's `AWSCredentialsProvider.credentials()`.
    public func credentials() -> AWSTask<AWSCredentials> {
        task { client in
            let credentials = try await client.getAWSCredentials()
            await self.refreshMirror(client)
            return AWSCredentials(credentials)
        }
    }

    /// Forgets the cached AWS credentials (the next call fetches new ones).
    public func invalidateCachedTemporaryCredentials() {
        guard let client else { return }
        Task { await client.invalidateCachedTemporaryCredentials() }
    }

    /// Forgets the cached AWS credentials, by the SDK's other name.
    public func clearCredentials() {
        invalidateCachedTemporaryCredentials()
    }

    /// Signs in with a federated provider's token (the identity pool checks it).
    public func federatedSignIn(
        providerName: String, token: String, federatedSignInOptions: FederatedSignInOptions = FederatedSignInOptions(),
        completionHandler: @escaping ((UserState?, (any Error)?) -> Void), isolation: (any Actor)? = #isolation
    ) {
        perform(isolation, completionHandler) { client in
            let state = try await client.federatedSignIn(
                providerName: providerName, token: token, identityId: federatedSignInOptions.cognitoIdentityId,
                customRoleARN: federatedSignInOptions.customRoleARN)
            await self.refreshMirror(client)
            return state
        }
    }

    // MARK: User attributes

    /// The signed-in user's attributes (GetUser).
    public func getUserAttributes(
        completionHandler: @escaping (([String: String]?, (any Error)?) -> Void), isolation: (any Actor)? = #isolation
    ) {
        perform(isolation, completionHandler) { client in try await client.getUserAttributes() }
    }

    /// Changes attributes; the result says where verification codes went.
    public func updateUserAttributes(
        attributeMap: [String: String], clientMetaData: [String: String] = [:],
        completionHandler: @escaping (([UserCodeDeliveryDetails]?, (any Error)?) -> Void),
        isolation: (any Actor)? = #isolation
    ) {
        perform(isolation, completionHandler, metadata: clientMetaData) { client in
            try await client.updateUserAttributes(attributeMap).map(UserCodeDeliveryDetails.init)
        }
    }

    /// Sends a verification code for `attributeName` (GetUserAttributeVerificationCode).
    public func verifyUserAttribute(
        attributeName: String, clientMetaData: [String: String] = [:],
        completionHandler: @escaping ((UserCodeDeliveryDetails?, (any Error)?) -> Void),
        isolation: (any Actor)? = #isolation
    ) {
        perform(isolation, completionHandler, metadata: clientMetaData) { client in
            UserCodeDeliveryDetails(try await client.sendAttributeVerificationCode(attributeName))
        }
    }

    /// Confirms an attribute change with its code (VerifyUserAttribute).
    public func confirmUpdateUserAttributes(
        attributeName: String, code: String, completionHandler: @escaping (((any Error)?) -> Void),
        isolation: (any Actor)? = #isolation
    ) {
        confirmVerifyUserAttribute(
            attributeName: attributeName, code: code, completionHandler: completionHandler, isolation: isolation)
    }

    /// Verifies `attributeName` with its code (VerifyUserAttribute).
    public func confirmVerifyUserAttribute(
        attributeName: String, code: String, completionHandler: @escaping (((any Error)?) -> Void),
        isolation: (any Actor)? = #isolation
    ) {
        perform(isolation, { (_: Void?, error) in completionHandler(error) }) { client in
            try await client.verifyUserAttribute(attributeName, code: code)
        }
    }

    /// Deletes the signed-in user's account (DeleteUser), then signs out here.
    public func deleteUser(completionHandler: @escaping (((any Error)?) -> Void), isolation: (any Actor)? = #isolation)
    {
        perform(isolation, { (_: Void?, error) in completionHandler(error) }) { client in
            try await client.deleteUser()
            await self.refreshMirror(client)
        }
    }

    /// Forgets everything stored for the session on this machine, without contacting the service
    /// (AWSMobileClient's `clearKeychain()`; see `AuthClient.clearLocalSession()`).
    ///
    /// Returns at once; the store is cleared on a background task. Use
    /// ``clearKeychain(completionHandler:isolation:)`` to know when it is done or whether it failed.
    public func clearKeychain() {
        clearKeychain { _ in }
    }

    /// Forgets everything stored for the session on this machine, then calls `completionHandler`
    /// (with the store's error when it could not be written).
    public func clearKeychain(
        completionHandler: @escaping (((any Error)?) -> Void), isolation: (any Actor)? = #isolation
    ) {
        perform(isolation, { (_: Void?, error) in completionHandler(error) }) { client in
            try await client.clearLocalSession()
            await self.refreshMirror(client)
        }
    }

    // MARK: Plumbing

    /// Runs `body` on the core client and sends its value (or its error, as ``AWSMobileClientError``)
    /// to `completion` where the caller's isolation says (see ``CompletionTarget``).
    func perform<T: Sendable>(
        _ isolation: (any Actor)?, _ completion: @escaping (T?, (any Error)?) -> Void,
        metadata: [String: String] = [:], _ body: @escaping @Sendable (AuthClient) async throws -> T
    ) {
        let reply = Completion(
            completion, target: CompletionTarget.forCaller(isolation, override: Self.completionQueue))
        guard let client else {
            reply.send(nil, setupError ?? .invalidConfiguration(message: "No configuration was found."))
            return
        }
        let pending = pendingSignOut.withLock { $0 }
        Task {
            await pending?.value
            await self.startMirroring(client)
            do {
                let value = try await AuthClient.CallMetadata.$current.withValue(metadata) { try await body(client) }
                reply.send(value, nil)
            } catch {
                reply.send(nil, AWSMobileClientError.makeMobileClientError(from: error))
            }
        }
    }

    /// Runs `body` on the core client and returns a task that finishes with its value or error.
    /// (Where the task's blocks run is chosen by each `continueWith` call, from its caller.)
    private func task<T>(_ body: @escaping @Sendable (AuthClient) async throws -> T) -> AWSTask<T> {
        let task = AWSTask<T>()
        guard let client else {
            task.finish(result: nil, error: setupError ?? .invalidConfiguration(message: "No configuration was found."))
            return task
        }
        let pending = pendingSignOut.withLock { $0 }
        let handle = UncheckedTask(task: task)
        Task {
            await pending?.value
            await self.startMirroring(client)
            do {
                handle.task.finish(result: try await body(client), error: nil)
            } catch {
                handle.task.finish(result: nil, error: AWSMobileClientError.makeMobileClientError(from: error))
            }
        }
        return task
    }

    /// Restores the session once and mirrors the core's user state from then on.
    private func startMirroring(_ client: AuthClient) async {
        guard mirror.startOnce() else { return }
        _ = await client.initialize()
        _ = await client.addUserStateListener { _, _ in
            Task { await self.refreshMirror(client) }
        }
        await refreshMirror(client)
    }

    /// Copies the core's state into the mirror; listeners hear of a change once, with the SDK's info.
    ///
    /// Refreshes run one after another, in the order they were asked for, each reading the state when its turn
    /// comes: many tasks ask (every call and every core event), and two reading at once could finish in the
    /// other order, leaving the mirror at the older state (CI saw `isSignedIn` false after `.signedIn` was heard).
    func refreshMirror(_ client: AuthClient) async {
        let refresh = lastRefresh.withLock { last -> Task<Void, Never> in
            let previous = last
            let next = Task {
                await previous?.value
                await self.copyStateToMirror(client)
            }
            last = next
            return next
        }
        await refresh.value
    }

    /// Reads the core's session and user state and records them in the mirror.
    private func copyStateToMirror(_ client: AuthClient) async {
        let session = await client.session
        let state = await client.userState
        var info: [String: String] = [:]
        if let username = session?.username { info["username"] = username }
        if state == .signedIn, let tokens = session?.tokens, let pool = client.configuration.userPool {
            info["provider"] = "cognito-idp.\(pool.region).amazonaws.com/\(pool.poolId)"
            info["token"] = tokens.idToken
        } else if let provider = session?.provider {
            info["provider"] = provider
        }
        mirror.update(state: state, username: session?.username, info: info)
        mirror.setIdentity(
            identityId: session?.identityId,
            userSub: session?.state == .signedIn ? session?.tokens?.idTokenClaims.subject : nil)
    }
}

/// An `AWSTask` handed to the task that finishes it.
///
/// `@unchecked Sendable` is safe: `AWSTask` guards its state with its lock, whatever its result type.
private struct UncheckedTask<T>: @unchecked Sendable {
    let task: AWSTask<T>
}
