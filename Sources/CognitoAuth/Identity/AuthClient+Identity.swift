import Foundation
import Logging

extension AuthClient {
    /// The Cognito Identity id: cached and persisted; GetId is called only when there is none
    /// bound to this configuration's identity pool and endpoint (``IdentityIssuer``).
    public func getIdentityId() async throws -> String {
        if machine.userState == .unknown { initialize() }
        try checkIdentityIssuer()
        if let session = machine.session, session.identityIssuer != nil, let id = session.identityId { return id }
        _ = try await getAWSCredentials()
        guard let id = machine.session?.identityId else { throw AuthError.identityPoolNotConfigured }
        return id
    }

    /// How the stored identity id and credentials and this client's identity pool disagree about
    /// where they came from, or nil when they agree: with a mismatch nothing is sent (see ``IdentityIssuer``).
    public var identityIssuerMismatch: IdentityIssuerMismatch? {
        machine.session?.identityIssuerMismatch(with: configuration)
    }

    /// Throws ``AuthError/identityIssuerMismatch(_:)`` when the stored identity came from another
    /// identity pool or endpoint.
    func checkIdentityIssuer() throws(AuthError) {
        if let mismatch = identityIssuerMismatch { throw .identityIssuerMismatch(mismatch) }
    }

    /// Temporary AWS credentials for the current identity: guest when nobody is signed in and the
    /// identity pool allows it, authenticated with the logins of the active providers otherwise.
    ///
    /// Cached until a margin before `Expiration`; concurrent callers share one fetch. While re-login
    /// is required the call waits, like ``getTokens(_:)``.
    public func getAWSCredentials(_ options: TokenRequestOptions = TokenRequestOptions(label: "getAWSCredentials"))
        async throws -> AWSCredentials
    {
        guard configuration.identityPool != nil else { throw AuthError.identityPoolNotConfigured }
        var rejections = 0
        while true {
            if machine.userState == .unknown { initialize() }
            if machine.userState.needsRelogin {
                try await waitForSession(options)
            }
            // Another identity pool's or endpoint's identity is never used, nor sent anything.
            try checkIdentityIssuer()
            if let cached = validCachedCredentials() { return cached }
            let task: Task<AWSCredentials, any Error>
            if let running = identity.credentialsTask {
                task = running
            } else {
                task = Task { try await self.fetchCredentials(options) }
                identity.credentialsTask = task
            }
            do {
                let credentials = try await task.value
                if identity.credentialsTask == task { identity.credentialsTask = nil }
                return credentials
            } catch FederatedRejection.rejected {
                if identity.credentialsTask == task { identity.credentialsTask = nil }
                rejections += 1
                guard options.waitForSignIn, rejections < 5 else {
                    throw AuthError.reloginRequired(machine.userState)
                }
            } catch {
                if identity.credentialsTask == task { identity.credentialsTask = nil }
                throw error
            }
        }
    }

    /// Drops the cached AWS credentials; the next call fetches new ones.
    public func invalidateCachedTemporaryCredentials() {
        run(machine.handle(.credentialsInvalidated, now: clock.now()))
    }

    /// Signs in with an external provider's token (Facebook, Google, Amazon, Apple, an OIDC issuer,
    /// a SAML provider ARN) or a developer-authenticated identity (`identityId` and its OpenID token).
    ///
    /// The token is checked by fetching credentials with it. With identity merging on, the logins of
    /// providers already signed in are sent in the same map. Calls waiting for re-login resume.
    @discardableResult
    public func federatedSignIn(
        providerName: String, token: String, identityId: String? = nil, customRoleARN: String? = nil
    ) async throws -> UserState {
        guard let identityPool = configuration.identityPool else { throw AuthError.identityPoolNotConfigured }
        guard !token.isEmpty else { throw AuthError.invalidParameter("The provider token is empty.") }
        let isDeveloper = providerName == FederatedProvider.developer
        if isDeveloper && identityId == nil {
            throw AuthError.invalidParameter("A developer-authenticated identity needs its identity id.")
        }
        let merging = configuration.identityManager.allowIdentityMerging
        var logins: [String: String] = [:]
        if merging {
            // The identity id and logins merged in must be this identity pool's.
            try checkIdentityIssuer()
            if machine.userState == .signedIn {
                logins = try await currentLogins(TokenRequestOptions(label: "federatedSignIn"))
            }
        }
        logins[providerName] = token
        let api = identityAPI(identityPool)
        let previousId = machine.session?.identityId
        var id = isDeveloper ? identityId : (merging ? machine.session?.boundIdentityId(isGuest: false) : nil)
        if id == nil { id = try await reachingBackend { try await api.getId(logins: logins) } }
        guard let resolvedId = id else { throw AuthError.identityPoolNotConfigured }
        let result = try await reachingBackend {
            try await api.getCredentials(
                identityId: resolvedId, logins: logins, customRoleArn: customRoleARN ?? options.customRoleArn)
        }
        try requirePlausibleExpiration(result.credentials)
        if previousId != result.identityId { publish(.identityIdChanged(old: previousId, new: result.identityId)) }
        identity.credentialsTask = nil
        identity.customRoleARN = customRoleARN
        // Which providers stay signed in (merging, simultaneous accounts) is the machine's rule.
        let signIn = AuthStateMachine.FederatedSignIn(
            providerKey: providerName, token: token, identityId: result.identityId, credentials: result.credentials)
        if let failure = run(machine.handle(.federatedSignedIn(signIn), now: clock.now()), writes: .replace) {
            throw AuthError(storeError: failure)
        }
        publish(.credentialsRefreshed(expiration: result.credentials.expiration))
        return machine.userState
    }

    /// Signs out of one provider; with simultaneous accounts the others stay signed in.
    ///
    /// Signing out of the last provider is a full local sign-out; leaving the user pool revokes its
    /// refresh token (kept owed in the store when the service cannot be reached).
    public func signOut(provider key: String) async throws {
        guard machine.userState == .signedIn else { return }
        pendingChallenge = nil
        lastSignInAttempt = nil
        identity.credentialsTask?.cancel()
        identity.credentialsTask = nil
        var result = SignOutResult(scope: .local)
        result.hadSession = true
        try await settleSignOut(machine.handle(.providerSignedOut(key: key), now: clock.now()), result: result)
    }

    /// The logins-map keys of every provider with a live session, the current one first.
    public var activeProviderKeys: [String] {
        guard machine.userState == .signedIn || machine.userState.needsRelogin, let session = machine.session else {
            return []
        }
        return activeProviderKeys(in: session)
    }

    func activeProviderKeys(in session: PersistedSession) -> [String] {
        machine.activeProviderKeys(in: session)
    }

    // MARK: Internals

    private enum FederatedRejection: Error { case rejected }

    /// The cached credentials when they may be handed out: fetched from this configuration's identity
    /// pool and endpoint (a record without that binding is fetched afresh), with a known fetch time,
    /// an expiry Cognito Identity could have issued, and more than ``RefreshMargin``'s margin left
    /// (``AuthClientOptions/credentialsMargin``, or a quarter of a lifetime under an hour).
    private func validCachedCredentials() -> AWSCredentials? {
        guard let session = machine.session, let credentials = session.awsCredentials,
            let pool = configuration.identityPool, session.identityIssuer?.matches(pool) == true,
            let fetchedAt = session.awsCredentialsFetchedAt
        else { return nil }
        let state = machine.userState
        guard state == .signedIn || state == .guest else { return nil }
        let now = clock.now()
        let latest = min(now, fetchedAt).addingTimeInterval(Self.longestCredentialsLifetime)
        guard credentials.expiration <= latest else { return nil }
        let fresh = RefreshMargin.isFresh(
            at: now, expiration: credentials.expiration, issuedAt: fetchedAt, preferred: options.credentialsMargin)
        return fresh ? credentials : nil
    }

    /// The longest Cognito Identity credentials last (12 hours, the longest role session), with 5
    /// minutes for clock skew: an `Expiration` further ahead did not come from Cognito Identity.
    static let longestCredentialsLifetime: TimeInterval = 12 * 3600 + 300

    /// Throws when freshly fetched credentials expire at or before now (a wrong clock, or a broken
    /// server), or further ahead than Cognito Identity ever issues (not Cognito Identity, or a wrong clock).
    private func requirePlausibleExpiration(_ credentials: AWSCredentials) throws {
        let now = clock.now()
        let formatter = ISO8601DateFormatter()
        let expiration = formatter.string(from: credentials.expiration)
        if credentials.expiration <= now {
            throw AuthError.invalidResponse(
                status: 200,
                detail:
                    "GetCredentialsForIdentity sent AWS credentials that had already expired "
                    + "(Expiration \(expiration)); check the system clock, then try again")
        }
        if credentials.expiration > now.addingTimeInterval(Self.longestCredentialsLifetime) {
            let endpoint = configuration.identityPool.map { SessionIssuer.normalized($0.resolvedEndpoint) } ?? "?"
            throw AuthError.invalidResponse(
                status: 200,
                detail:
                    "GetCredentialsForIdentity at \(endpoint) sent AWS credentials that expire at \(expiration), "
                    + "more than 12 hours ahead, which Cognito Identity never issues; they were not stored or used. "
                    + "Check that the identity endpoint is Cognito Identity and that the system clock is right")
        }
    }

    func identityAPI(_ pool: IdentityPoolConfiguration) -> IdentityPoolAPI {
        IdentityPoolAPI(
            client: AWSJSONClient(
                targetPrefix: AWSJSONClient.identityTarget, endpoint: pool.resolvedEndpoint, transport: transport,
                timeout: options.requestTimeout, logger: logger),
            pool: pool)
    }

    /// The logins map of the current session: the user pool's id token and the federated tokens.
    func currentLogins(_ options: TokenRequestOptions) async throws -> [String: String] {
        // Another issuer's id token is never given to this configuration's identity pool, nor any
        // login to an identity pool or endpoint other than the one the session's identity is bound to.
        try checkSessionIssuer()
        try checkIdentityIssuer()
        guard machine.userState == .signedIn, let session = machine.session else { return [:] }
        var logins: [String: String] = [:]
        let merging = configuration.identityManager.allowIdentityMerging
        let current = session.provider
        if session.tokens != nil, let pool = configuration.userPool, merging || current == pool.providerKey {
            logins[pool.providerKey] = try await getTokens(options).idToken
        }
        for (key, token) in session.federatedLogins ?? [:] where merging || key == current {
            logins[key] = token
        }
        if let developer = session.developerIdentity, merging || current == FederatedProvider.developer {
            logins[FederatedProvider.developer] = developer.token
        }
        return logins
    }

    /// Gets AWS credentials from the identity pool for the current logins (none for a guest): GetId
    /// when no identity id is known, then GetCredentialsForIdentity, retrying once with a new identity
    /// or refreshed tokens when the pool rejects the cached ones.
    private func fetchCredentials(_ options: TokenRequestOptions) async throws -> AWSCredentials {
        guard let pool = configuration.identityPool else { throw AuthError.identityPoolNotConfigured }
        let api = identityAPI(pool)
        let startedAs = machine.userState
        var logins = try await currentLogins(options)
        let isGuest = logins.isEmpty
        if isGuest && startedAs == .signedIn {
            // Signed in but with no usable login (should not happen): do not fall back to guest silently.
            throw AuthError.notSignedIn
        }
        let isFederated = !isGuest && logins.keys.contains { $0 != configuration.userPool?.providerKey }
        var identityId =
            machine.session?.developerIdentity?.identityId ?? machine.session?.boundIdentityId(isGuest: isGuest)
        var attempts = 0
        while true {
            attempts += 1
            let previousId = machine.session?.identityId
            do {
                let id: String
                if let identityId {
                    id = identityId
                } else {
                    id = try await reachingBackend { try await api.getId(logins: logins) }
                    identityId = id
                }
                let result = try await reachingBackend {
                    try await api.getCredentials(
                        identityId: id, logins: logins,
                        customRoleArn: self.identity.customRoleARN ?? self.options.customRoleArn)
                }
                return try adoptCredentials(result, startedAs: startedAs, previousId: previousId, asGuest: isGuest)
            } catch AuthError.resourceNotFound where identityId != nil && attempts < 2 {
                // The cached identity no longer exists: get a new one.
                identityId = nil
            } catch AuthError.notAuthorized(let message) {
                if isGuest {
                    throw AuthError.guestAccessNotAllowed
                }
                if isFederated {
                    run(machine.handle(.federatedTokensRejected, now: clock.now()))
                    logger?.debug("federated token rejected", metadata: ["message": "\(message.prefix(80))"])
                    throw FederatedRejection.rejected
                }
                // The user pool's id token was rejected: refresh once, then give up.
                guard attempts < 2, let token = logins[configuration.userPool?.providerKey ?? ""] else {
                    throw AuthError.notAuthorized(message)
                }
                if let tokens = machine.session?.tokens, tokens.idToken == token {
                    reportAccessTokenRejected(tokens.accessToken)
                }
                logins = try await currentLogins(options)
            }
        }
    }

    /// Keeps credentials GetCredentialsForIdentity returned: refuses expired ones and ones fetched for
    /// a session that has since changed (``AuthError/invalidState(_:)``), then stores and announces them.
    private func adoptCredentials(
        _ result: (credentials: AWSCredentials, identityId: String), startedAs: UserState, previousId: String?,
        asGuest isGuest: Bool
    ) throws -> AWSCredentials {
        // Credentials that are already expired, or that no Cognito Identity issues, are never cached or handed out.
        try requirePlausibleExpiration(result.credentials)
        // The session may have changed while the request was out (sign-out, a new sign-in).
        guard machine.userState == startedAs || (startedAs == .signedOut && machine.userState == .guest) else {
            throw AuthError.invalidState("The session changed while credentials were being fetched; try again.")
        }
        if previousId != result.identityId {
            publish(.identityIdChanged(old: previousId, new: result.identityId))
        }
        run(
            machine.handle(
                .credentialsObtained(identityId: result.identityId, credentials: result.credentials, asGuest: isGuest),
                now: clock.now()))
        publish(.credentialsRefreshed(expiration: result.credentials.expiration))
        return result.credentials
    }
}

/// Identity-pool state kept beside the machine.
struct IdentityState: Sendable {
    var credentialsTask: Task<AWSCredentials, any Error>?
    /// The role a `federatedSignIn(…customRoleARN:)` asked for: this process's later credential
    /// fetches assume it too, until a sign-out or another sign-in.
    var customRoleARN: String?
}
