import Foundation

/// Temporary AWS credentials from Cognito Identity.
public struct AWSCredentials: Sendable, Hashable, Codable {
    /// The access key id.
    public var accessKeyId: String
    /// The secret access key.
    public var secretAccessKey: String
    /// The session token that must accompany the key pair on every signed request.
    public var sessionToken: String
    /// When Cognito Identity says the credentials stop working.
    public var expiration: Date

    /// Wraps credentials as Cognito Identity's GetCredentialsForIdentity returned them.
    public init(accessKeyId: String, secretAccessKey: String, sessionToken: String, expiration: Date) {
        self.accessKeyId = accessKeyId
        self.secretAccessKey = secretAccessKey
        self.sessionToken = sessionToken
        self.expiration = expiration
    }
}

extension AWSCredentials: CustomStringConvertible, CustomDebugStringConvertible {
    /// A description with the secret and the session token masked.
    public var description: String {
        "AWSCredentials(accessKeyId: \(accessKeyId), secretAccessKey: \(CognitoTokens.mask(secretAccessKey)), "
            + "sessionToken: \(CognitoTokens.mask(sessionToken)), expiration: \(expiration))"
    }

    /// The same masked description.
    public var debugDescription: String { description }
}

/// Everything persisted about a session, restored at launch without the network.
public struct PersistedSession: Sendable, Hashable, Codable {
    /// The record's format version; only version 1 exists so far.
    public var version: Int = 1
    /// The state to restore.
    public var state: UserState
    /// The username, kept after a token invalidation so that re-login can prefill it.
    public var username: String?
    /// The current provider's key.
    public var provider: String?
    /// The user-pool tokens, when the user signed in through the user pool or its hosted UI.
    public var tokens: CognitoTokens?
    /// The Cognito Identity id.
    public var identityId: String?
    /// The last AWS credentials, reused until they near expiry; nil when none were fetched.
    public var awsCredentials: AWSCredentials?
    /// When ``awsCredentials`` were fetched, so that their refresh margin follows their issued
    /// lifetime (never the record's last write, ``updatedAt``); nil in records written before it was kept.
    public var awsCredentialsFetchedAt: Date?
    /// The identity pool and endpoint ``identityId`` and ``awsCredentials`` came from; nil in records
    /// written before identity binding. A client on another identity pool or endpoint refuses them
    /// (``identityIssuerMismatch(with:)``).
    public var identityIssuer: IdentityIssuer?
    /// Logins of federated providers, by provider key (tokens: secret, persisted like the user-pool tokens).
    public var federatedLogins: [String: String]?
    /// A developer-authenticated identity's OpenID token, when that provider is active.
    public var developerIdentity: DeveloperIdentityLogin?
    /// The cached JWKS of the user pool (JSON text), so verification works offline.
    public var cachedJWKS: String?
    /// A revocation still owed to the service: set when a sign-out could not reach it, retried by the
    /// next sign-out or sign-in.
    public var pendingRevocation: PendingRevocation?
    /// The device this machine registered for the user (device tracking), kept across sign-outs
    /// so that the next sign-in can answer DEVICE_SRP_AUTH; nil when the pool tracks no devices.
    /// Its password is a secret, stored like the tokens. Records written before devices decode as nil.
    public var device: TrackedDevice?
    /// True when the session was signed in through the hosted UI (OAuth 2.0 with PKCE), so that
    /// sign-out ends the hosted UI's browser session too; nil for every other sign-in.
    public var hostedUI: Bool?
    /// The user pool, app client, region and endpoint that issued the session, recorded at sign-in;
    /// nil in records written before issuers were recorded (``effectiveIssuer`` then reads the
    /// tokens' claims). A client on another issuer refuses the session (``issuerMismatch(with:)``).
    public var issuer: SessionIssuer?
    /// When the session was written.
    public var updatedAt: Date

    /// Creates a session record.
    public init(
        state: UserState, username: String? = nil, provider: String? = nil, tokens: CognitoTokens? = nil,
        identityId: String? = nil, awsCredentials: AWSCredentials? = nil, federatedLogins: [String: String]? = nil,
        developerIdentity: DeveloperIdentityLogin? = nil, cachedJWKS: String? = nil, updatedAt: Date
    ) {
        self.state = state
        self.username = username
        self.provider = provider
        self.tokens = tokens
        self.identityId = identityId
        self.awsCredentials = awsCredentials
        self.federatedLogins = federatedLogins
        self.developerIdentity = developerIdentity
        self.cachedJWKS = cachedJWKS
        self.updatedAt = updatedAt
    }
}

/// A refresh token that a sign-out could not revoke at the service yet.
public struct PendingRevocation: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The refresh token to revoke (secret).
    public var refreshToken: String
    /// Whether the user asked for a global sign-out (GlobalSignOut is owed too).
    public var global: Bool
    /// Whose token it is, for messages.
    public var username: String?
    /// The issuer the token belongs to, so that it is revoked there and nowhere else; nil in records
    /// written before issuers were recorded.
    public var issuer: SessionIssuer?

    /// Creates a pending revocation of a token `issuer` issued.
    public init(refreshToken: String, global: Bool, username: String?, issuer: SessionIssuer? = nil) {
        self.refreshToken = refreshToken
        self.global = global
        self.username = username
        self.issuer = issuer
    }

    /// A description with the token masked.
    public var description: String {
        "PendingRevocation(refreshToken: \(CognitoTokens.mask(refreshToken)), global: \(global), username: \(username ?? "-"))"
    }
}

/// A developer-authenticated identity: an identity id and the OpenID token Cognito issued for it.
public struct DeveloperIdentityLogin: Sendable, Hashable, Codable {
    /// The Cognito Identity id the application's backend registered the user under.
    public var identityId: String
    /// The OpenID token the backend obtained for that identity (a secret: never logged).
    public var token: String

    /// Pairs an identity id with the OpenID token issued for it.
    public init(identityId: String, token: String) {
        self.identityId = identityId
        self.token = token
    }
}
