import Foundation
import LatchkeyText

/// The Cognito Identity operations on the wire, typed; no state, no policy.
package struct IdentityPoolAPI: Sendable {
    /// The JSON 1.1 client.
    package let client: AWSJSONClient
    /// The identity pool configuration.
    package let pool: IdentityPoolConfiguration

    /// Creates the API over a JSON client.
    package init(client: AWSJSONClient, pool: IdentityPoolConfiguration) {
        self.client = client
        self.pool = pool
    }

    /// GetId: the identity id for these logins (none: an unauthenticated identity).
    package func getId(logins: [String: String]) async throws -> String {
        var body: [String: JSONValue] = ["IdentityPoolId": .string(pool.poolId)]
        if !logins.isEmpty { body["Logins"] = .strings(logins) }
        let json = try await client.call("GetId", .object(body))
        guard let id = json["IdentityId"]?.stringValue, !id.isEmpty else {
            throw AuthError.invalidResponse(status: 200, detail: "GetId answered without IdentityId")
        }
        try IdentityAnswerShape.checkIdentityId(id, operation: "GetId")
        return id
    }

    /// GetCredentialsForIdentity: temporary AWS credentials, and the identity id they belong to.
    package func getCredentials(identityId: String, logins: [String: String], customRoleArn: String?) async throws
        -> (credentials: AWSCredentials, identityId: String)
    {
        var body: [String: JSONValue] = ["IdentityId": .string(identityId)]
        if !logins.isEmpty { body["Logins"] = .strings(logins) }
        if let customRoleArn { body["CustomRoleArn"] = .string(customRoleArn) }
        let json = try await client.call("GetCredentialsForIdentity", .object(body))
        let credentials = json["Credentials"]
        guard let accessKey = credentials?["AccessKeyId"]?.stringValue,
            let secret = credentials?["SecretKey"]?.stringValue,
            let sessionToken = credentials?["SessionToken"]?.stringValue,
            let expiration = credentials?["Expiration"].flatMap(Self.date)
        else {
            throw AuthError.invalidResponse(
                status: 200, detail: "GetCredentialsForIdentity answered without complete Credentials")
        }
        try IdentityAnswerShape.checkCredentials(accessKeyId: accessKey, secretKey: secret, sessionToken: sessionToken)
        if let answered = json["IdentityId"]?.stringValue {
            try IdentityAnswerShape.checkIdentityId(answered, operation: "GetCredentialsForIdentity")
        }
        let answeredId = json["IdentityId"]?.stringValue ?? identityId
        return (
            AWSCredentials(
                accessKeyId: accessKey, secretAccessKey: secret, sessionToken: sessionToken, expiration: expiration),
            answeredId
        )
    }

    /// Reads an expiration given as epoch seconds (possibly fractional, possibly a string) or ISO 8601,
    /// clamped to ``ClaimTime`` (1970 to 2100); a number that is not finite reads as no expiration.
    static func date(_ value: JSONValue) -> Date? {
        if let seconds = value.doubleValue {
            return ClaimTime.clamped(seconds).map { Date(timeIntervalSince1970: $0) }
        }
        if let text = value.stringValue {
            let formatter = ISO8601DateFormatter()
            formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
            if let date = formatter.date(from: text) { return ClaimTime.clamped(date) }
            formatter.formatOptions = [.withInternetDateTime]
            return formatter.date(from: text).map(ClaimTime.clamped)
        }
        return nil
    }
}

/// The logins-map keys of well-known external identity providers.
public enum FederatedProvider {
    /// The logins key of Facebook sign-in, `graph.facebook.com`.
    public static let facebook = "graph.facebook.com"
    /// The logins key of Google sign-in, `accounts.google.com`.
    public static let google = "accounts.google.com"
    /// The logins key of Login with Amazon, `www.amazon.com`.
    public static let amazon = "www.amazon.com"
    /// Sign in with Apple.
    public static let apple = "appleid.apple.com"
    /// Developer-authenticated identities (an OpenID token from GetOpenIdTokenForDeveloperIdentity).
    public static let developer = "cognito-identity.amazonaws.com"

    /// A readable name for a provider key.
    public static func displayName(for key: String) -> String { displayName(for: key, .english) }

    /// A readable name for a provider key, in `language` for the generic names (the product names
    /// stay as they are).
    public static func displayName(for key: String, _ language: Language) -> String {
        switch key {
        case facebook: return "Facebook"
        case google: return "Google"
        case amazon: return "Login with Amazon"
        case apple: return "Sign in with Apple"
        case developer: return Localized.text(\.providerDeveloper, in: language)
        default:
            if key.hasPrefix("cognito-idp.") { return Localized.text(\.providerCognitoUserPool, in: language) }

            if key.hasPrefix("arn:aws:iam::") && key.contains(":saml-provider/") { return "SAML" }
            return "OpenID Connect (\(key))"
        }
    }
}
