import Foundation

/// The user pool section of `awsconfiguration.json` (`CognitoUserPool.Default`).
public struct UserPoolConfiguration: Sendable, Hashable {
    /// The pool id, `<region>_<name>`.
    public var poolId: String
    /// The app client id.
    public var appClientId: String
    /// The app client secret, when the client has one (then SECRET_HASH is sent).
    public var appClientSecret: String?
    /// The region, such as `us-east-1`.
    public var region: String
    /// The endpoint override for local backends; nil means `https://cognito-idp.<region>.amazonaws.com/`.
    public var endpoint: URL?
    /// The flow sign-in starts with: `Auth.Default.authenticationFlowType`, or USER_PASSWORD_AUTH when
    /// `MigrationEnabled` is true, else USER_SRP_AUTH.
    public var authenticationFlow: AuthenticationFlow = .userSRP

    /// Creates a user-pool configuration; ``authenticationFlow`` starts as USER_SRP_AUTH.
    public init(
        poolId: String, appClientId: String, appClientSecret: String? = nil, region: String, endpoint: URL? = nil
    ) {
        self.poolId = poolId
        self.appClientId = appClientId
        self.appClientSecret = appClientSecret
        self.region = region
        self.endpoint = endpoint
    }

    /// The part of the pool id after the underscore, which SRP hashes.
    public var poolName: String {
        guard let underscore = poolId.firstIndex(of: "_") else { return poolId }
        return String(poolId[poolId.index(after: underscore)...])
    }

    /// The endpoint calls go to.
    public var resolvedEndpoint: URL {
        endpoint ?? URL(string: "https://cognito-idp.\(region).amazonaws.com/") ?? URL(fileURLWithPath: "/")
    }

    /// The key of this pool in an identity pool's logins map, and the tokens' `iss` host path.
    public var providerKey: String { "cognito-idp.\(region).amazonaws.com/\(poolId)" }

    /// The issuer the pool's tokens carry (Cognito's original form).
    public var issuer: String { "https://cognito-idp.\(region).amazonaws.com/\(poolId)" }

    /// Every issuer a token of this pool may carry: Cognito's original form
    /// (`https://cognito-idp.<region>.amazonaws.com/<pool>`), the form of pools with the updated issuer
    /// (`https://issuer-cognito-idp.<region>.amazonaws.com/<pool>`) and, with an endpoint override, the
    /// endpoint-based form some local emulators write (`<endpoint>/<pool>`).
    public var acceptedIssuers: [String] {
        var issuers = [issuer, "https://issuer-cognito-idp.\(region).amazonaws.com/\(poolId)"]
        if let endpoint { issuers.append(Self.joined(endpoint, poolId)) }
        return issuers
    }

    /// The pool's key set: `<endpoint>/<pool>/.well-known/jwks.json` with an endpoint override (Cognito and
    /// local emulators serve it beside the API), else `<issuer>/.well-known/jwks.json`.
    public var jwksURL: URL? {
        if let endpoint { return URL(string: Self.joined(endpoint, poolId) + "/.well-known/jwks.json") }
        return URL(string: issuer + "/.well-known/jwks.json")
    }

    /// `base` without trailing slashes, then `/` and `path`.
    static func joined(_ base: URL, _ path: String) -> String {
        var text = base.absoluteString
        while text.hasSuffix("/") { text.removeLast() }
        return text + "/" + path
    }
}

/// The identity pool section (`CredentialsProvider.CognitoIdentity.Default`).
public struct IdentityPoolConfiguration: Sendable, Hashable {
    /// The identity pool id, `<region>:<uuid>`.
    public var poolId: String
    /// The region the identity pool lives in, such as `us-east-1`.
    public var region: String
    /// The endpoint override; nil means `https://cognito-identity.<region>.amazonaws.com/`.
    public var endpoint: URL?

    /// Creates an identity-pool configuration; a nil `endpoint` means the AWS endpoint for `region`.
    public init(poolId: String, region: String, endpoint: URL? = nil) {
        self.poolId = poolId
        self.region = region
        self.endpoint = endpoint
    }

    /// The endpoint calls go to.
    public var resolvedEndpoint: URL {
        endpoint ?? URL(string: "https://cognito-identity.\(region).amazonaws.com/") ?? URL(fileURLWithPath: "/")
    }
}

/// The identity manager section (`IdentityManager.Default`).
public struct IdentityManagerConfiguration: Sendable, Hashable {
    /// Whether logins from several providers may be merged into one identity.
    public var allowIdentityMerging: Bool
    /// Whether several providers may be signed in at once; requires identity merging.
    public var allowSimultaneousActiveAccounts: Bool

    /// Creates identity manager settings; both default to off, as in AWSMobileClient.
    public init(allowIdentityMerging: Bool = false, allowSimultaneousActiveAccounts: Bool = false) {
        self.allowIdentityMerging = allowIdentityMerging
        self.allowSimultaneousActiveAccounts = allowSimultaneousActiveAccounts
    }
}

/// Latchkey's own section (`Latchkey`): local-backend overrides and UI options.
public struct LatchkeyConfiguration: Sendable, Hashable {
    /// The STS endpoint override.
    public var stsEndpoint: URL?
    /// The JWKS URL override for token verification.
    public var jwksURL: URL?
    /// The local backend's test-aid URL, when the configuration was written by the launcher.
    public var testAidURL: URL?
    /// UI options, passed through as JSON for the terminal UI to read.
    public var ui: JSONValue?
    /// Passkey settings (`Latchkey.Passkeys`: `RelyingPartyId`, `Provider`), read by ``PasskeyRelyingParty``.
    public var passkeys: JSONValue?

    /// Creates Latchkey's settings; every nil override means the AWS default.
    public init(stsEndpoint: URL? = nil, jwksURL: URL? = nil, testAidURL: URL? = nil, ui: JSONValue? = nil) {
        self.stsEndpoint = stsEndpoint
        self.jwksURL = jwksURL
        self.testAidURL = testAidURL
        self.ui = ui
    }
}

/// Everything the auth core reads from `awsconfiguration.json` (or Amplify's `amplifyconfiguration.json`).
public struct AuthConfiguration: Sendable, Hashable {
    /// The user pool, when configured.
    public var userPool: UserPoolConfiguration?
    /// The identity pool, when configured.
    public var identityPool: IdentityPoolConfiguration?
    /// How sign-ins from several providers share one identity (`IdentityManager.Default`).
    public var identityManager: IdentityManagerConfiguration
    /// Latchkey's own section: endpoint overrides for local backends and UI options.
    public var latchkey: LatchkeyConfiguration
    /// The user pool's settings (password policy, sign-up attributes, MFA), as far as the file states them.
    public var poolSettings: PoolSettings
    /// The hosted UI (OAuth 2.0 sign-in in a browser), when the file configures one a terminal can use.
    public var hostedUI: HostedUIConfiguration?
    /// Why the file's OAuth section cannot be used (a custom-scheme redirect, the implicit grant, a
    /// plain-http domain), when it has one; password sign-in is unaffected.
    public var hostedUIProblem: ConfigurationError?
    /// The hosted UI domain the file names, also when the hosted UI cannot be used (then for messages only).
    public var hostedUIDomain: String?
    /// The file this came from, for messages.
    public var sourcePath: String?
    /// What was read and from where: format, section, the origin of each setting.
    public var source: ConfigurationSource

    /// Creates a configuration from its parts; at least one pool is needed for a client to do anything.
    public init(
        userPool: UserPoolConfiguration? = nil,
        identityPool: IdentityPoolConfiguration? = nil,
        identityManager: IdentityManagerConfiguration = .init(),
        latchkey: LatchkeyConfiguration = .init(),
        poolSettings: PoolSettings = .init(),
        sourcePath: String? = nil,
        source: ConfigurationSource = .init()
    ) {
        self.userPool = userPool
        self.identityPool = identityPool
        self.identityManager = identityManager
        self.latchkey = latchkey
        self.poolSettings = poolSettings
        self.sourcePath = sourcePath
        self.source = source
    }
}
