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
    let setupError: AWSMobileClientError?
    let mirror = StateMirror()
    /// The local sign-out ``signOut()`` started; later calls wait for it, so they see its result.
    let pendingSignOut = Locked<Task<Void, Never>?>(nil)
    /// Whether the app set ``currentUserState`` to a signed-out state since the last sign-in.
    private let replaceOnNextSignIn = Locked(false)
    /// The last mirror refresh started: each waits for the one before it, so a late, stale reading never
    /// overwrites a newer one (a sign-out's refresh finishing after the next sign-in's).
    let lastRefresh = Locked<Task<Void, Never>?>(nil)

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
}
