import Foundation

/// The environment `latchkey exec` gives its child: the AWS variables that would compete with
/// Latchkey's credentials removed, and either the container-credentials endpoint or one set of keys.
public struct ExecEnvironment: Sendable, Equatable {
    /// How the child gets its credentials.
    public enum Delivery: Sendable, Equatable {
        /// `AWS_CONTAINER_CREDENTIALS_FULL_URI` and `AWS_CONTAINER_AUTHORIZATION_TOKEN`: the SDK asks again when it needs to.
        case endpoint(uri: String, authorizationToken: String)
        /// `AWS_ACCESS_KEY_ID`, `AWS_SECRET_ACCESS_KEY`, `AWS_SESSION_TOKEN`, `AWS_CREDENTIAL_EXPIRATION`, once.
        case keys(AWSCredentials)
    }

    /// Variables that choose other credentials in the AWS SDKs' chains, removed with a notice
    /// (as aws-vault does): a profile, static keys, another container endpoint, a web identity.
    public static let conflicting = [
        "AWS_PROFILE", "AWS_DEFAULT_PROFILE", "AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY", "AWS_SESSION_TOKEN",
        "AWS_SECURITY_TOKEN", "AWS_CREDENTIAL_EXPIRATION", "AWS_CONTAINER_CREDENTIALS_FULL_URI",
        "AWS_CONTAINER_CREDENTIALS_RELATIVE_URI", "AWS_CONTAINER_AUTHORIZATION_TOKEN",
        "AWS_CONTAINER_AUTHORIZATION_TOKEN_FILE", "AWS_WEB_IDENTITY_TOKEN_FILE", "AWS_ROLE_ARN",
    ]

    /// The child's variables.
    public var variables: [String: String]
    /// The conflicting variables that were set and are removed, sorted (for the notice).
    public var removed: [String]

    /// Builds the child's environment from `base` (the parent's): conflicting variables removed,
    /// `delivery`'s variables set, and `AWS_REGION` / `AWS_DEFAULT_REGION` set to `region` unless
    /// either is already set (then the one missing takes the other's value).
    public init(base: [String: String], delivery: Delivery, region: String?) {
        var variables = base
        removed = Self.conflicting.filter { base[$0] != nil }.sorted()
        for name in Self.conflicting { variables.removeValue(forKey: name) }
        switch delivery {
        case .endpoint(let uri, let token):
            variables["AWS_CONTAINER_CREDENTIALS_FULL_URI"] = uri
            variables["AWS_CONTAINER_AUTHORIZATION_TOKEN"] = token
        case .keys(let credentials):
            variables["AWS_ACCESS_KEY_ID"] = credentials.accessKeyId
            variables["AWS_SECRET_ACCESS_KEY"] = credentials.secretAccessKey
            variables["AWS_SESSION_TOKEN"] = credentials.sessionToken
            variables["AWS_CREDENTIAL_EXPIRATION"] = ContainerCredentialsServer.iso8601(credentials.expiration)
        }
        let given = [base["AWS_REGION"], base["AWS_DEFAULT_REGION"]].compactMap { $0 }.first { !$0.isEmpty }
        if let chosen = given ?? region.flatMap({ $0.isEmpty ? nil : $0 }) {
            if (variables["AWS_REGION"] ?? "").isEmpty { variables["AWS_REGION"] = chosen }
            if (variables["AWS_DEFAULT_REGION"] ?? "").isEmpty { variables["AWS_DEFAULT_REGION"] = chosen }
        }
        self.variables = variables
    }

    /// `NAME=value` strings for `posix_spawn`'s `envp`, sorted by name.
    public var entries: [String] {
        variables.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
    }
}
