import CognitoAuth
import Foundation

extension AWSMobileClient {
    // MARK: Tokens and credentials

    /// The user-pool tokens, refreshed when needed; waits while a re-login is required.
    public func getTokens(_ completionHandler: @escaping TokenCompletion, isolation: (any Actor)? = #isolation) {
        perform(isolation, completionHandler) { client in Tokens(try await client.getTokens()) }
    }

    /// The identity id (getting credentials first when there is none yet), as a task.
    public func getIdentityId() -> AWSTask<NSString> {
        task { client in
            let id = try await client.getIdentityId()
            await self.refreshMirror(client)
            return NSString(string: id)
        }
    }

    /// AWS credentials from the identity pool (guest or signed in).
    public func getAWSCredentials(
        _ completionHandler: @escaping (AWSCredentials?, (any Error)?) -> Void, isolation: (any Actor)? = #isolation
    ) {
        perform(isolation, completionHandler) { client in
            let credentials = try await client.getAWSCredentials()
            await self.refreshMirror(client)
            return AWSCredentials(credentials)
        }
    }

    /// AWS credentials as a task, as the SDK's `AWSCredentialsProvider.credentials()`.
    public func credentials() -> AWSTask<AWSCredentials> {
        task { client in
            let credentials = try await client.getAWSCredentials()
            await self.refreshMirror(client)
            return AWSCredentials(credentials)
        }
    }

    /// Forgets the cached AWS credentials (the next call fetches new ones).
    public func invalidateCachedTemporaryCredentials() {
        guard let client else { return }
        Task { await client.invalidateCachedTemporaryCredentials() }
    }

    /// Forgets the cached AWS credentials, by the SDK's other name.
    public func clearCredentials() {
        invalidateCachedTemporaryCredentials()
    }

    /// Signs in with a federated provider's token (the identity pool checks it).
    public func federatedSignIn(
        providerName: String, token: String, federatedSignInOptions: FederatedSignInOptions = FederatedSignInOptions(),
        completionHandler: @escaping ((UserState?, (any Error)?) -> Void), isolation: (any Actor)? = #isolation
    ) {
        perform(isolation, completionHandler) { client in
            let state = try await client.federatedSignIn(
                providerName: providerName, token: token, identityId: federatedSignInOptions.cognitoIdentityId,
                customRoleARN: federatedSignInOptions.customRoleARN)
            await self.refreshMirror(client)
            return state
        }
    }
}
