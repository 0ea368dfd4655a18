import AWSSigV4
import Foundation

/// An `AWSCredentialsProvider` (module `AWSSigV4`) over an ``AuthClient``: Cognito Identity credentials for the
/// signed-in user (or the guest), refreshed through the core and waiting like any call.
///
/// Hand it to code that signs AWS requests (`SigV4Signer.signed(_:with:region:service:date:)`).
/// With the default options a call made while a re-login is required waits for the sign-in and
/// fails with ``AuthError/signInWaitCancelled`` on `releaseSignInWait()`; pass options with
/// `waitForSignIn: false` (or a deadline) to fail at once instead.
public struct CognitoCredentialsProvider: AWSCredentialsProvider {
    /// The client whose credentials are handed out.
    public let client: AuthClient
    /// How each fetch waits (for a sign-in, for the network) and its label in the client's calls.
    public let options: TokenRequestOptions

    /// A provider over `client`.
    public init(client: AuthClient, options: TokenRequestOptions = TokenRequestOptions(label: "signingCredentials")) {
        self.client = client
        self.options = options
    }

    /// The client's current AWS credentials, fetched or refreshed when they are missing or near expiry.
    public func signingCredentials() async throws -> AWSSigningCredentials {
        let credentials = try await client.getAWSCredentials(options)
        return AWSSigningCredentials(
            accessKeyId: credentials.accessKeyId, secretAccessKey: credentials.secretAccessKey,
            sessionToken: credentials.sessionToken)
    }
}

extension AuthClient {
    /// This client's credentials as an `AWSCredentialsProvider` for code that signs AWS requests.
    public nonisolated func credentialsProvider(
        _ options: TokenRequestOptions = TokenRequestOptions(label: "signingCredentials")
    ) -> CognitoCredentialsProvider {
        CognitoCredentialsProvider(client: self, options: options)
    }
}
