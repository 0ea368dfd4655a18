/// The key material used to compute an AWS Signature Version 4.
///
/// The secret access key and the session token are never shown by `description`,
/// `debugDescription` or a mirror (`dump`, test failure messages): they are replaced
/// by a mask, so logging a value of this type does not leak a secret.
public struct AWSSigningCredentials: Sendable, Equatable {
    /// The access key ID, for example `AKIDEXAMPLE`; it appears in every `Authorization` header.
    public var accessKeyId: String

    /// The secret access key from which signing keys are derived; never sent, never printed.
    public var secretAccessKey: String

    /// The session token of temporary credentials (from STS or Cognito), or `nil` for long-term keys.
    ///
    /// An empty string is treated like `nil`: no `X-Amz-Security-Token` header is added.
    public var sessionToken: String?

    /// Creates credentials from an access key pair and an optional session token.
    public init(accessKeyId: String, secretAccessKey: String, sessionToken: String? = nil) {
        self.accessKeyId = accessKeyId
        self.secretAccessKey = secretAccessKey
        self.sessionToken = sessionToken
    }

    /// The session token when there is a non-empty one.
    var effectiveSessionToken: String? {
        guard let sessionToken, !sessionToken.isEmpty else { return nil }
        return sessionToken
    }

    /// The text that stands in for a secret in descriptions.
    static let mask = "<redacted>"
}

extension AWSSigningCredentials: CustomStringConvertible, CustomDebugStringConvertible {
    /// A description with the secret access key and session token masked.
    public var description: String {
        let token = sessionToken == nil ? "nil" : Self.mask
        return
            "AWSSigningCredentials(accessKeyId: \(accessKeyId), secretAccessKey: \(Self.mask), sessionToken: \(token))"
    }

    /// The same masked text as `description`.
    public var debugDescription: String { description }
}

extension AWSSigningCredentials: CustomReflectable {
    /// A mirror whose children show the access key ID and masks for the secrets.
    public var customMirror: Mirror {
        Mirror(
            self,
            children: [
                "accessKeyId": accessKeyId,
                "secretAccessKey": Self.mask,
                "sessionToken": sessionToken == nil ? "nil" : Self.mask,
            ],
            displayStyle: .struct
        )
    }
}
