import Foundation

/// The signed-in user, as Amplify's `getCurrentUser()` names it.
public struct AuthUser: Sendable, Hashable {
    /// The user's Cognito username (the canonical one, even when the user signed in with an alias).
    public var username: String
    /// The user's id: the tokens' `sub` claim (the same as sign-up's `UserSub`).
    public var userId: String

    /// Creates a user from the Cognito username and the `sub` claim.
    public init(username: String, userId: String) {
        self.username = username
        self.userId = userId
    }
}

/// A snapshot of the whole session, as Amplify's `fetchAuthSession()`: each item is its own
/// `Result`, so one failure (no identity pool, a refresh that cannot reach the network) does not
/// hide the others.
public struct AuthSessionSnapshot: Sendable {
    /// The user state when the snapshot was taken.
    public var userState: UserState
    /// Whether someone is signed in (with the user pool or a federated provider).
    public var isSignedIn: Bool { userState == .signedIn }
    /// The signed-in user-pool user's `sub`, read from the stored tokens.
    public var userSub: Result<String, AuthError>
    /// Valid user-pool tokens (refreshed when needed; the snapshot never waits for a re-login).
    public var tokens: Result<CognitoTokens, AuthError>
    /// The Cognito Identity id.
    public var identityId: Result<String, AuthError>
    /// Temporary AWS credentials (guest credentials when nobody is signed in and the pool allows it).
    public var awsCredentials: Result<AWSCredentials, AuthError>
}

extension AuthClient {
    /// The signed-in user's username and id, read from the stored tokens without the network.
    ///
    /// Throws ``AuthError/notSignedIn`` when nobody is signed in with the user pool,
    /// ``AuthError/reloginRequired(_:)`` when the user must sign in again (the tokens are gone), and
    /// ``AuthError/invalidState(_:)`` when only a federated provider is signed in (no user-pool user).
    public func currentUser() throws(AuthError) -> AuthUser {
        if machine.userState == .unknown { initialize() }
        syncWithStore()
        let state = machine.userState
        if state.needsRelogin { throw .reloginRequired(state) }
        guard state == .signedIn, let session = machine.session else { throw .notSignedIn }
        guard let tokens = session.tokens else {
            throw .invalidState(
                "The session is signed in with \(TerminalText.sanitized(session.provider ?? "a federated provider")), "
                    + "not the user pool, so there is no user-pool user. Sign in with a username to get one.")
        }
        let claims = tokens.idClaims ?? tokens.accessClaims
        guard let sub = claims?.sub, !sub.isEmpty else {
            throw .invalidToken("the stored tokens carry no sub claim. Sign in again.")
        }
        guard let username = session.username ?? tokens.accessClaims?.username else {
            throw .invalidToken("the stored tokens carry no username. Sign in again.")
        }
        return AuthUser(username: username, userId: sub)
    }

    /// Takes a snapshot of the session: state, user id, tokens, identity id and AWS credentials.
    ///
    /// Tokens and credentials are refreshed when needed (this may use the network) but the snapshot
    /// never waits for a re-login: while one is required those items fail with
    /// ``AuthError/reloginRequired(_:)``. Without an identity pool, `identityId` and
    /// `awsCredentials` fail with ``AuthError/identityPoolNotConfigured`` and the rest is unaffected.
    public func fetchSession() async -> AuthSessionSnapshot {
        if machine.userState == .unknown { initialize() }
        syncWithStore()
        let noWait = TokenRequestOptions(waitForSignIn: false, waitForConnectivity: false, label: "fetchSession")
        let userSub: Result<String, AuthError>
        do throws(AuthError) {
            userSub = .success(try currentUser().userId)
        } catch {
            userSub = .failure(error)
        }
        let tokens: Result<CognitoTokens, AuthError>
        if configuration.userPool == nil {
            tokens = .failure(.configuration(Self.missingUserPool))
        } else if machine.userState == .signedIn, machine.session?.tokens == nil {
            tokens = .failure(userSub.failureValue ?? .notSignedIn)
        } else {
            tokens = await capture { try await self.getTokens(noWait) }
        }
        let credentials: Result<AWSCredentials, AuthError> = await capture {
            try await self.getAWSCredentials(noWait)
        }
        let identityId: Result<String, AuthError>
        if identityIssuerMismatch == nil, let id = machine.session?.identityId {
            identityId = .success(id)
        } else {
            identityId = .failure(credentials.failureValue ?? .identityPoolNotConfigured)
        }
        return AuthSessionSnapshot(
            userState: machine.userState, userSub: userSub, tokens: tokens, identityId: identityId,
            awsCredentials: credentials)
    }

    /// The logins map the identity pool is given for the current session: the user pool's id token
    /// (refreshed when needed) and the federated providers' tokens, keyed by provider.
    ///
    /// Empty when nobody is signed in. With identity merging every active provider is included,
    /// otherwise only the current one. Like ``getTokens(_:)`` it waits while a re-login is required
    /// (unless `options` say not to). The map holds live tokens: never log it.
    public func logins(_ options: TokenRequestOptions = TokenRequestOptions(label: "logins")) async throws
        -> [String: String]
    {
        if machine.userState == .unknown { initialize() }
        if machine.userState.needsRelogin { try await waitForSession(options) }
        return try await currentLogins(options)
    }

    static var missingUserPool: ConfigurationError {
        ConfigurationError(
            file: nil, key: "CognitoUserPool.Default", problem: "no user pool is configured.",
            fix: "Add the CognitoUserPool.Default section.")
    }

    /// Runs `body`, turning what it throws into an ``AuthError`` result.
    private func capture<T: Sendable>(_ body: () async throws -> T) async -> Result<T, AuthError> {
        do {
            return .success(try await body())
        } catch let error as AuthError {
            return .failure(error)
        } catch is CancellationError {
            return .failure(.invalidState("The session snapshot was cancelled."))
        } catch {
            return .failure(.internalError(String(describing: error)))
        }
    }
}

extension Result {
    /// The error, when this is a failure.
    var failureValue: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
