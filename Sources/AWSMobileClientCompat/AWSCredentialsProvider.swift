// Re-exported as the SDK's module re-exports AWSCore: a ported file signs requests (`SigV4Signer`) with
// `import AWSMobileClientCompat` alone, and there `AWSCredentialsProvider` is this module's protocol.
@_exported import AWSSigV4
import CognitoAuth
import Foundation

/// AWSCore's `AWSCredentialsProvider`: a source of AWS credentials as a task, as the SDK's service
/// clients take it.
///
/// It refines the signer's provider (`AWSSigV4.AWSCredentialsProvider`), so every provider here
/// (``AWSMobileClient``, ``AWSCognitoCredentialsProvider``, an app's own) can sign a request:
/// `try await SigV4Signer.signed(request, with: AWSMobileClient.default(), region:, service:)`.
/// Class-bound like the SDK's Objective-C protocol; unlike it, `Sendable` (the signer calls it from any task); in
/// Swift 5 mode an app's own class conforms as before.
public protocol AWSCredentialsProvider: AnyObject, AWSSigV4.AWSCredentialsProvider {
    /// Credentials valid now (fetched or refreshed when needed), as a task.
    func credentials() -> AWSTask<AWSCredentials>
    /// Forgets the cached credentials; the next ``credentials()`` fetches new ones.
    func invalidateCachedTemporaryCredentials()
}

extension AWSCredentialsProvider {
    /// The signer's view of ``credentials()``: the task's credentials, or its error.
    public func signingCredentials() async throws -> AWSSigningCredentials {
        let task = credentials()
        let credentials: AWSCredentials = try await withCheckedThrowingContinuation { continuation in
            task.continueWith(
                block: { finished in
                    if let result = finished.result {
                        continuation.resume(returning: result)
                    } else {
                        continuation.resume(
                            throwing: finished.error
                                ?? AWSMobileClientError.cognitoIdentityPoolNotConfigured(
                                    message: "The credentials provider returned no credentials."))
                    }
                    return nil
                }, isolation: nil)
        }
        return AWSSigningCredentials(
            accessKeyId: credentials.accessKey, secretAccessKey: credentials.secretKey,
            sessionToken: credentials.sessionKey)
    }
}

extension AWSMobileClient: AWSCredentialsProvider {
    /// The identity pool's credentials for signing, straight from the core (no task in between).
    public func signingCredentials() async throws -> AWSSigningCredentials {
        guard let client else {
            throw AWSMobileClientError.invalidConfiguration(
                message: "AWSMobileClient has no configuration, so it has no credentials to sign with.")
        }
        do {
            return try await client.credentialsProvider().signingCredentials()
        } catch {
            throw AWSMobileClientError.makeMobileClientError(from: error)
        }
    }
}

/// AWSCore's `AWSServiceManager`: the app-wide default service configuration.
public final class AWSServiceManager: Sendable {
    private static let shared = AWSServiceManager()
    private let configuration = Locked<AWSServiceConfiguration?>(nil)

    /// The shared manager, as the SDK's `AWSServiceManager.default()`.
    public static func `default`() -> AWSServiceManager { shared }

    /// The configuration service clients use when given none (nil until the app sets one).
    public var defaultServiceConfiguration: AWSServiceConfiguration! {
        get { configuration.withLock { $0 } }
        set { configuration.withLock { $0 = newValue } }
    }
}
