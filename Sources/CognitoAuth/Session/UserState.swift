/// The user's authentication state, named exactly as AWSMobileClient names it.
public enum UserState: String, Sendable, Hashable, Codable, CaseIterable {
    /// Not yet initialised from the store.
    case unknown
    /// No sign-in; AWS credentials come from an identity pool that allows guests.
    case guest
    /// Signed in with valid (or refreshable) tokens.
    case signedIn
    /// Nobody is signed in and no guest identity is in use.
    case signedOut
    /// The user-pool session can no longer be refreshed; the user must sign in again.
    case signedOutUserPoolsTokenInvalid
    /// The federated provider's token was rejected; the user must sign in to that provider again.
    case signedOutFederatedTokensInvalid

    /// Whether this state asks the user to sign in again (calls may wait for it).
    public var needsRelogin: Bool {
        self == .signedOutUserPoolsTokenInvalid || self == .signedOutFederatedTokensInvalid
    }
}

/// What listeners learn with each state change.
public struct UserStateInfo: Sendable, Hashable {
    /// The username of the session, when there is one.
    public var username: String?
    /// The provider key of the session, such as the user pool's logins key or `graph.facebook.com`.
    public var provider: String?

    /// Creates an info value.
    public init(username: String? = nil, provider: String? = nil) {
        self.username = username
        self.provider = provider
    }
}

/// One delivered state change.
public struct UserStateChange: Sendable, Hashable {
    /// The state the client changed to; the store already holds it.
    public var state: UserState
    /// The username and provider that go with the new state.
    public var info: UserStateInfo

    /// Creates a change record.
    public init(state: UserState, info: UserStateInfo = UserStateInfo()) {
        self.state = state
        self.info = info
    }
}
