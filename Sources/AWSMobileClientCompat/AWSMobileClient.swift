import CognitoAuth
import Foundation

/// AWSMobileClient's API on Latchkey: the shared instance, completion handlers and the anchor's
/// names, each mapped onto one `AuthClient` call.
///
/// Nothing here decides anything: states, waiting for re-login, refresh and storage are the core's.
/// Completion handlers run on a background task, as AWSMobileClient runs them on a background queue.
///
/// ```swift
/// AWSMobileClient.default().initialize { state, error in … }
/// AWSMobileClient.default().signIn(username: "alice", password: secret) { result, error in … }
/// ```
public final class AWSMobileClient: Sendable {
    /// The core client every call goes to (nil when `default()` found no usable configuration).
    public let client: AuthClient?
    private let setupError: AWSMobileClientError?
    private let mirror = StateMirror()

    private static let shared = Locked<AWSMobileClient?>(nil)

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

    /// Makes `client` the instance `default()` returns from now on, for apps that build their own
    /// (another store, another configuration) and still call `AWSMobileClient.default()` everywhere.
    public static func useAsDefault(_ client: AWSMobileClient) {
        shared.withLock { $0 = client }
    }

    /// A client over an existing core client (for apps that build their own, and for tests).
    public init(client: AuthClient) {
        self.client = client
        self.setupError = nil
    }

    /// A client built as `default()` builds one, from `environment` instead of the process's.
    public init(environment: [String: String]) {
        let local = FileManager.default.currentDirectoryPath + "/awsconfiguration.json"
        let explicit =
            (environment["LATCHKEY_CONFIG"] ?? "").isEmpty && FileManager.default.fileExists(atPath: local)
            ? local : nil
        let path = AuthConfiguration.locate(explicitPath: explicit, environment: environment)
        do {
            let configuration = try AuthConfiguration.load(path: path, section: nil, environment: environment)
            let store = try SessionStoreSelection.make(
                directory: FileSessionStore.defaultDirectory(environment: environment), environment: environment
            ).store
            let transport = try CurlTransport(network: NetworkOptions(environment: environment))
            client = AuthClient(configuration: configuration, store: store, transport: transport)
            setupError = nil
        } catch {
            client = nil
            setupError = .invalidConfiguration(message: String(describing: error))
        }
    }

    // MARK: State

    /// The user's state, as last seen (synchronous; `initialize(_:)` fills it).
    public var currentUserState: UserState { mirror.value.state }
    /// Whether someone is signed in.
    public var isSignedIn: Bool { currentUserState == .signedIn }
    /// The signed-in user's name.
    public var username: String? { mirror.value.username }
    /// The identity id, once the identity pool gave one.
    public var identityId: String? { mirror.value.identityId }
    /// The signed-in user's `sub`.
    public var userSub: String? { mirror.value.userSub }

    /// Restores the session (no network) and reports the state; also starts the state mirror.
    public func initialize(_ completionHandler: @escaping @Sendable (UserState?, (any Error)?) -> Void) {
        run(completionHandler) { client in
            let state = await client.initialize()
            await self.startMirroring(client)
            return state
        }
    }

    /// Adds a listener held by `object` (weakly: it stops when `object` goes away).
    public func addUserStateListener(_ object: AnyObject, _ callback: @escaping UserStateChangeCallback) {
        mirror.add(object, callback)
    }

    /// Removes the listeners `object` added.
    public func removeUserStateListener(_ object: AnyObject) {
        mirror.remove(object)
    }

    /// Fails the calls waiting for a sign-in (they get `AuthError`'s sign-in-wait error).
    public func releaseSignInWait() {
        guard let client else { return }
        Task { await client.releaseSignInWait() }
    }

    // MARK: Sign-in and sign-up

    /// Signs in with the configured flow (SRP unless configured otherwise).
    ///
    /// `validationData` and `clientMetaData` go to InitiateAuth's `ClientMetadata` (the Lambda
    /// triggers of the sign-in), as AWSMobileClient sends them; `validationData` wins a shared key.
    /// The challenge answers carry the client's `AuthClientOptions.clientMetadata`.
    public func signIn(
        username: String, password: String, validationData: [String: String]? = nil,
        clientMetaData: [String: String] = [:],
        completionHandler: @escaping @Sendable (SignInResult?, (any Error)?) -> Void
    ) {
        let metadata = clientMetaData.merging(validationData ?? [:]) { $1 }
        run(completionHandler) { client in
            do {
                let step = try await client.signIn(username: username, password: password, validationData: metadata)
                await self.refreshMirror(client)
                return SignInResult(step)
            } catch let error as AuthError {
                // AWSMobileClient refuses a sign-in while a user is signed in with `invalidState`; the
                // core refuses only another user's (a re-login as the same user goes ahead).
                if case .anotherUserSignedIn = error {
                    throw AWSMobileClientError.invalidState(message: error.description)
                }
                throw error
            }
        }
    }

    /// Answers the pending challenge (a code, a new password, a custom answer, a choice).
    public func confirmSignIn(
        challengeResponse: String, userAttributes: [String: String] = [:],
        completionHandler: @escaping @Sendable (SignInResult?, (any Error)?) -> Void
    ) {
        run(completionHandler) { client in
            let step = try await client.confirmSignIn(challengeResponse, attributes: userAttributes)
            await self.refreshMirror(client)
            return SignInResult(step)
        }
    }

    /// Creates an account in the user pool; the result says whether a confirmation code was sent.
    public func signUp(
        username: String, password: String, userAttributes: [String: String] = [:],
        validationData: [String: String] = [:],
        completionHandler: @escaping @Sendable (SignUpResult?, (any Error)?) -> Void
    ) {
        run(completionHandler) { client in
            SignUpResult(
                try await client.register(
                    username: username, password: password, attributes: userAttributes, validationData: validationData))
        }
    }

    /// Confirms an account with its code.
    public func confirmSignUp(
        username: String, confirmationCode: String,
        completionHandler: @escaping @Sendable (SignUpResult?, (any Error)?) -> Void
    ) {
        run(completionHandler) { client in
            SignUpResult(try await client.confirmSignUp(username: username, code: confirmationCode))
        }
    }

    /// Sends a new confirmation code.
    public func resendSignUpCode(
        username: String, completionHandler: @escaping @Sendable (SignUpResult?, (any Error)?) -> Void
    ) {
        run(completionHandler) { client in
            SignUpResult(delivery: try await client.resendSignUpCode(username: username))
        }
    }

    /// Sends a password-reset code.
    public func forgotPassword(
        username: String, completionHandler: @escaping @Sendable (ForgotPasswordResult?, (any Error)?) -> Void
    ) {
        run(completionHandler) { client in
            let result = try await client.forgotPassword(username: username)
            return ForgotPasswordResult(
                forgotPasswordState: .confirmationCodeSent,
                codeDeliveryDetails: UserCodeDeliveryDetails(result.delivery))
        }
    }

    /// Sets a new password with the reset code.
    public func confirmForgotPassword(
        username: String, newPassword: String, confirmationCode: String,
        completionHandler: @escaping @Sendable (ForgotPasswordResult?, (any Error)?) -> Void
    ) {
        run(completionHandler) { client in
            try await client.confirmForgotPassword(username: username, newPassword: newPassword, code: confirmationCode)
            return ForgotPasswordResult(forgotPasswordState: .done, codeDeliveryDetails: nil)
        }
    }

    /// Changes the signed-in user's password.
    public func changePassword(
        currentPassword: String, proposedPassword: String, completionHandler: @escaping @Sendable ((any Error)?) -> Void
    ) {
        run({ _, error in completionHandler(error) }) { client in
            try await client.changePassword(current: currentPassword, proposed: proposedPassword)
        }
    }

    /// Signs out here (and everywhere with `signOutGlobally`), revoking the refresh token.
    public func signOut(
        options: SignOutOptions = SignOutOptions(), completionHandler: @escaping @Sendable ((any Error)?) -> Void
    ) {
        run({ _, error in completionHandler(error) }) { client in
            _ = try await client.signOut(options.signOutGlobally ? .global : .local)
            await self.refreshMirror(client)
        }
    }

    // MARK: Tokens and credentials

    /// The user-pool tokens, refreshed when needed; waits while a re-login is required.
    public func getTokens(_ completionHandler: @escaping @Sendable (Tokens?, (any Error)?) -> Void) {
        run(completionHandler) { client in Tokens(try await client.getTokens()) }
    }

    /// The identity id (getting credentials first when there is none yet).
    public func getIdentityId(_ completionHandler: @escaping @Sendable (String?, (any Error)?) -> Void) {
        run(completionHandler) { client in
            let id = try await client.getIdentityId()
            await self.refreshMirror(client)
            return id
        }
    }

    /// AWS credentials from the identity pool (guest or signed in).
    public func getAWSCredentials(_ completionHandler: @escaping @Sendable (AWSCredentials?, (any Error)?) -> Void) {
        run(completionHandler) { client in
            let credentials = try await client.getAWSCredentials()
            await self.refreshMirror(client)
            return credentials
        }
    }

    /// Signs in with a federated provider's token (the identity pool checks it).
    public func federatedSignIn(
        providerName: String, token: String, federatedSignInOptions: FederatedSignInOptions = FederatedSignInOptions(),
        completionHandler: @escaping @Sendable (UserState?, (any Error)?) -> Void
    ) {
        run(completionHandler) { client in
            let state = try await client.federatedSignIn(
                providerName: providerName, token: token, identityId: federatedSignInOptions.cognitoIdentityId,
                customRoleARN: federatedSignInOptions.customRoleARN)
            await self.refreshMirror(client)
            return state
        }
    }

    /// The signed-in user's attributes (GetUser).
    public func getUserAttributes(completionHandler: @escaping @Sendable ([String: String]?, (any Error)?) -> Void) {
        run(completionHandler) { client in try await client.getUserAttributes() }
    }

    /// Changes attributes; the result says where verification codes went.
    public func updateUserAttributes(
        attributeMap: [String: String],
        completionHandler: @escaping @Sendable ([UserCodeDeliveryDetails]?, (any Error)?) -> Void
    ) {
        run(completionHandler) { client in
            try await client.updateUserAttributes(attributeMap).map(UserCodeDeliveryDetails.init)
        }
    }

    /// Forgets everything stored for the session on this machine, without contacting the service
    /// (AWSMobileClient's `clearKeychain()`; see `AuthClient.clearLocalSession()`).
    ///
    /// Returns at once; the store is cleared on a background task. Use
    /// ``clearKeychain(completionHandler:)`` to know when it is done or whether it failed.
    public func clearKeychain() {
        clearKeychain { _ in }
    }

    /// Forgets everything stored for the session on this machine, then calls `completionHandler`
    /// (with the store's error when it could not be written).
    public func clearKeychain(completionHandler: @escaping @Sendable ((any Error)?) -> Void) {
        run({ _, error in completionHandler(error) }) { client in
            try await client.clearLocalSession()
            await self.refreshMirror(client)
        }
    }

    /// Forgets the cached AWS credentials (the next call fetches new ones).
    public func clearCredentials() {
        guard let client else { return }
        Task { await client.invalidateCachedTemporaryCredentials() }
    }

    // MARK: Plumbing

    private func run<T: Sendable>(
        _ completion: @escaping @Sendable (T?, (any Error)?) -> Void,
        _ body: @escaping @Sendable (AuthClient) async throws -> T
    ) {
        guard let client else {
            completion(nil, setupError ?? AWSMobileClientError.notInitialized)
            return
        }
        Task {
            do {
                completion(try await body(client), nil)
            } catch {
                completion(nil, error)
            }
        }
    }

    private func startMirroring(_ client: AuthClient) async {
        guard mirror.startOnce() else { return }
        _ = await client.addUserStateListener { [mirror] state, info in
            mirror.update(state: state, username: info.username)
        }
        await refreshMirror(client)
    }

    private func refreshMirror(_ client: AuthClient) async {
        let session = await client.session
        // The state goes through `update`, which tells the listeners of a change exactly once
        // whichever of this and the core's listener comes first.
        mirror.update(state: await client.userState, username: session?.username)
        mirror.setIdentity(
            identityId: session?.identityId,
            userSub: session?.state == .signedIn ? session?.tokens?.idTokenClaims.subject : nil)
    }
}
