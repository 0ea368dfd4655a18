import Foundation

/// What a container-credentials endpoint answers one request with: credentials, or the reason there are none.
public enum ContainerCredentialsAnswer: Sendable, Equatable {
    /// Credentials to hand out (the AWS SDKs' `AccessKeyId`, `SecretAccessKey`, `Token`, `Expiration`).
    case credentials(AWSCredentials)
    /// No credentials: the HTTP status and the SDKs' error JSON (`code`, `message`).
    case refused(status: Int, code: String, message: String)
}

/// Where a ``ContainerCredentialsServer`` gets the credentials it hands out.
///
/// The server owns the socket, the bearer check and the JSON; the source owns the session. Tests
/// inject a source of their own; ``SessionCredentialsSource`` serves a signed-in ``AuthClient``.
public protocol ContainerCredentialsSource: Sendable {
    /// Answers one request; called concurrently, once per authorised `GET`.
    func containerCredentials() async -> ContainerCredentialsAnswer
}
