import Foundation

/// The identity pool that issued a session's identity id and AWS credentials: the pool id and the
/// endpoint they came from, as resolved (the configuration's `Endpoint`, else
/// `AWS_ENDPOINT_URL_COGNITO_IDENTITY`, else `AWS_ENDPOINT_URL`, else AWS's public endpoint).
///
/// A stored session records it beside ``PersistedSession/identityId`` and
/// ``PersistedSession/awsCredentials``, as ``SessionIssuer`` records the user pool. A client whose
/// configuration names another identity pool or endpoint sends nothing of the session to it and
/// serves none of the cached credentials (``AuthError/identityIssuerMismatch(_:)``).
public struct IdentityIssuer: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The identity pool's id (`us-east-1:…`).
    public var identityPoolId: String
    /// The endpoint the identity requests went to (without a trailing slash).
    public var endpoint: String

    /// An identity issuer with the given facts.
    public init(identityPoolId: String, endpoint: String) {
        self.identityPoolId = identityPoolId
        self.endpoint = endpoint
    }

    /// The identity issuer a client on `pool` fetches identities and credentials from.
    public init(pool: IdentityPoolConfiguration) {
        self.init(identityPoolId: pool.poolId, endpoint: SessionIssuer.normalized(pool.resolvedEndpoint))
    }

    /// "identity pool us-east-1:…, http://127.0.0.1:5000": for messages (sanitise before printing).
    public var description: String { "identity pool \(identityPoolId), \(endpoint)" }

    /// Whether `pool` is this issuer: the same pool id and the same resolved endpoint.
    public func matches(_ pool: IdentityPoolConfiguration) -> Bool { self == IdentityIssuer(pool: pool) }
}

/// A stored identity used with a configuration that names another identity pool or endpoint.
public struct IdentityIssuerMismatch: Sendable, Hashable {
    /// Who the session belongs to, when known (nil for a guest).
    public var username: String?
    /// The identity pool and endpoint the stored identity and credentials came from.
    public var session: IdentityIssuer
    /// The identity pool and endpoint the configuration in use names; nil when it has none.
    public var configured: IdentityIssuer?

    /// A mismatch between `session` and `configured`.
    public init(username: String?, session: IdentityIssuer, configured: IdentityIssuer?) {
        self.username = username
        self.session = session
        self.configured = configured
    }
}

extension PersistedSession {
    /// Whether the record holds an identity id or AWS credentials (the identity leg).
    var holdsIdentity: Bool { identityId != nil || awsCredentials != nil }

    /// The mismatch between this record's identity leg and `configuration`'s identity pool, or nil
    /// when they agree, the record holds no identity, or the identity is not bound (a record from
    /// before identity binding: see ``boundIdentityId(isGuest:)``).
    public func identityIssuerMismatch(with configuration: AuthConfiguration) -> IdentityIssuerMismatch? {
        guard holdsIdentity, let recorded = identityIssuer else { return nil }
        let configured = configuration.identityPool.map(IdentityIssuer.init(pool:))
        guard recorded != configured else { return nil }
        return IdentityIssuerMismatch(username: username, session: recorded, configured: configured)
    }

    /// The identity id a client may reuse, given that the binding matched: the recorded one when it
    /// is bound. A record from before identity binding keeps a guest's identity id (it is bound to
    /// the current configuration on first use) but not a signed-in user's, whose identity is looked
    /// up again with GetId (the same logins give the same identity).
    func boundIdentityId(isGuest: Bool) -> String? {
        identityIssuer != nil || isGuest ? identityId : nil
    }
}
