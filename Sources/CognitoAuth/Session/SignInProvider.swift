import Foundation

/// A way of signing in whose token goes into the identity pool's logins map (the Mobile Hub helper's `AWSSignInProvider`).
public protocol SignInProvider: Sendable {
    /// The logins-map key, such as `graph.facebook.com` or the user pool's `cognito-idp.<region>.amazonaws.com/<id>`.
    var key: String { get }
    /// A readable name, such as "Facebook".
    var displayName: String { get }
    /// The current token for the logins map.
    func token() async throws -> String
    /// Whether this provider has a live session.
    func isLoggedIn() async -> Bool
    /// Ends this provider's session (others stay signed in when simultaneous accounts are allowed).
    func signOut() async throws
    /// Restores the provider's session from the store at launch; true when one was restored.
    func reloadSession() async -> Bool
}

/// The Cognito user pool as a sign-in provider.
public struct UserPoolSignInProvider: SignInProvider {
    /// The client whose session holds the user-pool tokens.
    public let client: AuthClient

    /// Creates the provider for the client's user pool.
    public init(client: AuthClient) { self.client = client }

    /// The pool's logins key.
    public var key: String { client.configuration.userPool?.providerKey ?? "cognito-idp" }
    /// The provider's readable name for the user pool's key (English: "Cognito user pool").
    public var displayName: String { FederatedProvider.displayName(for: key) }
    /// The current id token, refreshed first when needed (throws as `getTokens` does).
    public func token() async throws -> String { try await client.getTokens().idToken }
    /// Whether the session holds user-pool tokens.
    public func isLoggedIn() async -> Bool { await client.activeProviderKeys.contains(key) }
    /// Signs out of the user pool only.
    public func signOut() async throws { try await client.signOut(provider: key) }
    /// Loads the stored session if the client has not yet; true when user-pool tokens are then held.
    public func reloadSession() async -> Bool {
        await client.initialize()
        return await isLoggedIn()
    }
}

/// An external identity provider whose token the application obtained (Facebook, Google, Amazon,
/// Apple, any OIDC issuer or SAML provider ARN).
public struct ExternalTokenSignInProvider: SignInProvider {
    /// The client whose session holds this provider's token.
    public let client: AuthClient
    /// The logins-map key, such as `accounts.google.com` or an OIDC issuer without `https://`.
    public let key: String

    /// Creates a provider for `key`.
    public init(client: AuthClient, key: String) {
        self.client = client
        self.key = key
    }

    /// The readable name for ``key``, such as "Google"; unknown keys are shown as they are.
    public var displayName: String { FederatedProvider.displayName(for: key) }
    /// The provider's token as stored at sign-in; throws ``AuthError/notSignedIn`` when there is none.
    public func token() async throws -> String {
        guard let token = await client.session?.federatedLogins?[key] else { throw AuthError.notSignedIn }
        return token
    }
    /// Whether a token for this provider is stored.
    public func isLoggedIn() async -> Bool { await client.activeProviderKeys.contains(key) }
    /// Signs in with a token from the provider.
    public func signIn(token: String) async throws { try await client.federatedSignIn(providerName: key, token: token) }
    /// Signs out of this provider only.
    public func signOut() async throws { try await client.signOut(provider: key) }
    /// Loads the stored session if the client has not yet; true when it holds a token for this provider.
    public func reloadSession() async -> Bool {
        await client.initialize()
        return await isLoggedIn()
    }
}

/// A developer-authenticated identity: the application's backend issued an identity id and OpenID token.
public struct DeveloperAuthenticatedSignInProvider: SignInProvider {
    /// The client whose session holds the developer identity.
    public let client: AuthClient

    /// Creates the provider for the developer identity stored by `client`.
    public init(client: AuthClient) { self.client = client }

    /// The logins key of developer-authenticated identities, `cognito-identity.amazonaws.com`.
    public var key: String { FederatedProvider.developer }
    /// The readable name of developer-authenticated identities (English: "Developer authenticated").
    public var displayName: String { FederatedProvider.displayName(for: key) }
    /// The OpenID token the backend issued; throws ``AuthError/notSignedIn`` when none is stored.
    public func token() async throws -> String {
        guard let login = await client.session?.developerIdentity else { throw AuthError.notSignedIn }
        return login.token
    }
    /// Whether a developer identity is stored.
    public func isLoggedIn() async -> Bool { await client.activeProviderKeys.contains(key) }
    /// Signs in with the identity id and OpenID token from the application's backend.
    public func signIn(identityId: String, token: String) async throws {
        try await client.federatedSignIn(providerName: key, token: token, identityId: identityId)
    }
    /// Signs out of this provider only.
    public func signOut() async throws { try await client.signOut(provider: key) }
    /// Loads the stored session if the client has not yet; true when it holds a developer identity.
    public func reloadSession() async -> Bool {
        await client.initialize()
        return await isLoggedIn()
    }
}

/// The identity manager: registered sign-in providers, which are active, and which is current.
public actor IdentityManager {
    /// The client whose session the providers share.
    public let client: AuthClient
    private var providers: [any SignInProvider]

    /// Creates a manager with the providers the application supports.
    public init(client: AuthClient, providers: [any SignInProvider]) {
        self.client = client
        self.providers = providers
    }

    /// Adds `provider`, replacing any registered provider with the same key.
    public func register(_ provider: any SignInProvider) {
        providers.removeAll { $0.key == provider.key }
        providers.append(provider)
    }

    /// Restores every provider with a stored session (the helper's `interceptApplication`); returns their keys.
    @discardableResult
    public func interceptApplication() async -> [String] {
        var restored: [String] = []
        for provider in providers where await provider.reloadSession() {
            restored.append(provider.key)
        }
        return restored
    }

    /// The providers with a live session, the current one first.
    public var activeProviders: [any SignInProvider] {
        get async {
            let keys = await client.activeProviderKeys
            return keys.compactMap { key in providers.first { $0.key == key } }
        }
    }

    /// The current provider's readable name, or "Guest".
    public var authenticatedBy: String {
        get async {
            guard await client.userState == .signedIn, let key = await client.session?.provider else { return "Guest" }
            return providers.first { $0.key == key }?.displayName ?? FederatedProvider.displayName(for: key)
        }
    }

    /// The current provider's logins key, or nil for a guest.
    public var providerKey: String? {
        get async {
            guard await client.userState == .signedIn else { return nil }
            return await client.session?.provider
        }
    }
}
