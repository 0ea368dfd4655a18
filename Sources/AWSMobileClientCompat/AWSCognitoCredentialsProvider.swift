import AWSSigV4
import CognitoAuth
import Foundation

/// AWSCore's `AWSCognitoCredentialsProvider`: an identity pool's credentials (guest, or the signed-in
/// user's when built over ``AWSMobileClient``), backed by the core's identity client.
///
/// ```swift
/// let provider = AWSCognitoCredentialsProvider(regionType: .EUWest2, identityPoolId: "eu-west-2:…")
/// AWSServiceManager.default().defaultServiceConfiguration =
///     AWSServiceConfiguration(region: .EUWest2, credentialsProvider: provider)
/// provider.getIdentityId().continueWith { task in print(task.result ?? "-"); return nil }
/// ```
public final class AWSCognitoCredentialsProvider: AWSCredentialsProvider, Sendable {
    /// The core client whose identity pool hands out the credentials.
    public let client: AuthClient
    /// The identity pool's id, such as `eu-west-2:1234…`.
    public let identityPoolId: String
    /// The identity pool's region.
    public let regionType: AWSRegionType
    private let cachedIdentityId = Locked<String?>(nil)
    /// The store clearing ``clearKeychain()`` started; later calls wait for it, so they see its result.
    private let pendingClear = Locked<Task<Void, Never>?>(nil)

    /// A guest provider for `identityPoolId` in `regionType`, as the SDK's initialiser.
    ///
    /// The identity id is kept in a store of its own (`<session store directory>/cognito-identity/<pool>`),
    /// as the SDK keeps it in the keychain. When the located `awsconfiguration.json` (the one
    /// `AWSMobileClient.default()` reads) names this identity pool, its endpoint is used.
    public convenience init(regionType: AWSRegionType, identityPoolId: String) {
        let environment = ProcessInfo.processInfo.environment
        var pool = IdentityPoolConfiguration(poolId: identityPoolId, region: regionType.regionName ?? "us-east-1")
        let path = AuthConfiguration.locate(explicitPath: nil, environment: environment)
        if let located = try? AuthConfiguration.load(path: path, section: nil, environment: environment),
            let configured = located.identityPool, configured.poolId == identityPoolId
        {
            pool.endpoint = configured.endpoint
        }
        let safeName = identityPoolId.map { $0.isLetter || $0.isNumber || $0 == "-" ? $0 : "_" }
        let directory =
            FileSessionStore.defaultDirectory(environment: environment) + "/cognito-identity/" + String(safeName)
        let client = AuthClient(
            configuration: AuthConfiguration(identityPool: pool), store: FileSessionStore(directory: directory))
        self.init(client: client, regionType: regionType)
    }

    /// The signed-in user's credentials from `identityProviderManager`'s identity pool, as the SDK's
    /// `AWSCognitoCredentialsProvider(regionType:identityPoolId:identityProviderManager:)` over
    /// AWSMobileClient; a client without configuration falls back to a guest provider.
    public convenience init(
        regionType: AWSRegionType, identityPoolId: String, identityProviderManager: AWSMobileClient
    ) {
        if let client = identityProviderManager.client, client.configuration.identityPool?.poolId == identityPoolId {
            self.init(client: client, regionType: regionType)
        } else {
            self.init(regionType: regionType, identityPoolId: identityPoolId)
        }
    }

    /// A provider over an existing core client that has an identity pool (for apps and tests).
    public init(client: AuthClient, regionType: AWSRegionType? = nil) {
        self.client = client
        self.identityPoolId = client.configuration.identityPool?.poolId ?? ""
        self.regionType =
            regionType ?? client.configuration.identityPool.map { AWSRegionType(regionName: $0.region) } ?? .Unknown
    }

    /// The identity id once known (after ``getIdentityId()`` or ``credentials()``), as the SDK's property.
    public var identityId: String? { cachedIdentityId.withLock { $0 } }

    /// The identity id (GetId when there is none yet), as a task.
    public func getIdentityId() -> AWSTask<NSString> {
        task { client in
            let id = try await client.getIdentityId()
            self.cachedIdentityId.withLock { $0 = id }
            return NSString(string: id)
        }
    }

    /// The identity's AWS credentials (cached until shortly before they expire), as a task.
    public func credentials() -> AWSTask<AWSCredentials> {
        task { client in
            let credentials = try await client.getAWSCredentials()
            let id = await client.session?.identityId
            self.cachedIdentityId.withLock { $0 = id }
            return AWSCredentials(credentials)
        }
    }

    /// The credentials for the signer, straight from the core.
    public func signingCredentials() async throws -> AWSSigningCredentials {
        await pendingClear.withLock { $0 }?.value
        do {
            return try await client.credentialsProvider().signingCredentials()
        } catch {
            throw AWSMobileClientError.makeMobileClientError(from: error)
        }
    }

    /// Forgets the cached credentials (the identity id stays); the next call fetches new ones.
    public func invalidateCachedTemporaryCredentials() {
        let client = client
        Task { await client.invalidateCachedTemporaryCredentials() }
    }

    /// Forgets the cached credentials, by the SDK's other name.
    public func clearCredentials() {
        invalidateCachedTemporaryCredentials()
    }

    /// Forgets the credentials and the identity id, here and in the store; the next call gets a new
    /// identity. Returns at once; the store is cleared on a background task that every later call of
    /// this provider waits for.
    public func clearKeychain() {
        cachedIdentityId.withLock { $0 = nil }
        let client = client
        pendingClear.withLock { pending in
            let previous = pending
            pending = Task {
                await previous?.value
                try? await client.clearLocalSession()
            }
        }
    }

    private func task<T>(_ body: @escaping @Sendable (AuthClient) async throws -> T) -> AWSTask<T> {
        let client = client
        return AWSTask.running(after: pendingClear.withLock { $0 }) { try await body(client) }
    }
}
