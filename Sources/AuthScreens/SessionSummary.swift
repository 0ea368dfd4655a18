import CognitoAuth
import Foundation

/// What the dashboard shows about the stored session, with every secret left out.
///
/// Built from `PersistedSession` by the runtime; the view-model state never holds a token.
public struct SessionSummary: Hashable, Sendable {
    /// The signed-in username (sanitised for the terminal), or nil when the session has none.
    public var username: String?
    /// The current provider's key (the user pool's logins key, or a federated provider's).
    public var provider: String?
    /// Every provider with a live login, current first.
    public var activeProviders: [String]
    /// The Cognito Identity id.
    public var identityId: String?
    /// The id token's expiry.
    public var idTokenExpiration: Date?
    /// The access token's expiry.
    public var accessTokenExpiration: Date?
    /// When the tokens were issued (for the remaining-lifetime bars).
    public var tokensIssuedAt: Date?
    /// Whether a refresh token is stored.
    public var hasRefreshToken: Bool
    /// When the user signed in, as the id token says (`auth_time`): when the refresh token was issued.
    public var authenticatedAt: Date?
    /// The AWS credentials' expiry.
    public var awsCredentialsExpiration: Date?
    /// When the AWS credentials were fetched (`awsCredentialsFetchedAt`, by whichever process fetched
    /// them): their lifetime, for the refresh rule and the bar.
    public var awsCredentialsFetchedAt: Date?
    /// When the session was last written.
    public var updatedAt: Date?
    /// This machine's device key when the pool tracks devices (not a secret; the device password is left out).
    public var deviceKey: String?
    /// Whether the pool left remembering this device to the user and no choice was made yet.
    public var deviceAwaitsRememberChoice = false

    /// Creates a summary; every field defaults to empty.
    public init(
        username: String? = nil, provider: String? = nil, activeProviders: [String] = [], identityId: String? = nil,
        idTokenExpiration: Date? = nil, accessTokenExpiration: Date? = nil, tokensIssuedAt: Date? = nil,
        hasRefreshToken: Bool = false, awsCredentialsExpiration: Date? = nil, updatedAt: Date? = nil,
        authenticatedAt: Date? = nil
    ) {
        self.username = username
        self.provider = provider
        self.activeProviders = activeProviders
        self.identityId = identityId
        self.idTokenExpiration = idTokenExpiration
        self.accessTokenExpiration = accessTokenExpiration
        self.tokensIssuedAt = tokensIssuedAt
        self.hasRefreshToken = hasRefreshToken
        self.awsCredentialsExpiration = awsCredentialsExpiration
        self.updatedAt = updatedAt
        self.authenticatedAt = authenticatedAt
    }

    /// Summarises a persisted session, dropping tokens, keys and logins.
    public init(_ session: PersistedSession) {
        var providers: [String] = []
        if let provider = session.provider { providers.append(provider) }
        for key in (session.federatedLogins ?? [:]).keys.sorted() where !providers.contains(key) {
            providers.append(key)
        }
        if session.developerIdentity != nil && !providers.contains(ScreenText.developerProviderKey) {
            providers.append(ScreenText.developerProviderKey)
        }
        // The username claim and the identity id came from the network: sanitised for the terminal.
        self.init(
            username: session.username.map { TerminalText.sanitized($0) }, provider: session.provider,
            activeProviders: providers,
            identityId: (session.identityId ?? session.developerIdentity?.identityId).map {
                TerminalText.sanitized($0)
            },
            idTokenExpiration: session.tokens?.idTokenExpiration,
            accessTokenExpiration: session.tokens?.accessTokenExpiration, tokensIssuedAt: session.tokens?.issuedAt,
            hasRefreshToken: session.tokens?.refreshToken != nil,
            awsCredentialsExpiration: session.awsCredentials?.expiration, updatedAt: session.updatedAt)
        self.deviceKey = session.device.map { TerminalText.sanitized($0.deviceKey) }
        self.deviceAwaitsRememberChoice = session.device?.awaitsRememberChoice == true
        self.authenticatedAt = session.tokens?.idTokenClaims.authTime
        self.awsCredentialsFetchedAt = session.awsCredentials == nil ? nil : session.awsCredentialsFetchedAt
    }
}
