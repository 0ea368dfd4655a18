import Foundation

/// Margins, timeouts, verification switches and Cognito extras an ``AuthClient`` is created with.
public struct AuthClientOptions: Sendable {
    /// The preferred token refresh margin (capped at a quarter of the token lifetime).
    public var refreshMargin: TimeInterval = 120
    /// The AWS credentials refresh margin (AWSMobileClient: 10 minutes), capped at a quarter of their lifetime.
    public var credentialsMargin: TimeInterval = 600
    /// The total deadline of one HTTP request.
    public var requestTimeout: Duration = .seconds(15)
    /// The retry schedule for refreshes while offline or throttled.
    public var backoff: BackoffPolicy = .init()
    /// The device name given to an authenticator app enrolment.
    public var deviceName: String = "latchkey"
    /// Check the tokens' claims (`iss`, `aud` / `client_id`, `token_use`, `exp`) on sign-in and refresh.
    public var verifyTokens: Bool = true
    /// Also verify the tokens' signatures against the pool's JWKS (fetched once, cached in the session).
    public var verifySignatures: Bool = true
    /// A custom IAM role for identity-pool credentials.
    public var customRoleArn: String?
    /// Whether a device the pool tracks is remembered (true), not remembered (false), or left as the
    /// pool decides (nil: remembered unless the pool remembers devices only on the user's prompt).
    public var rememberDevice: Bool?

    /// Sent as `ClientMetadata` on every call that takes it, token refreshes included (for the pool's
    /// Lambda triggers).
    public var clientMetadata: [String: String] = [:]
    /// The sign-in flow; nil means the configured one (``UserPoolConfiguration/authenticationFlow``).
    public var authenticationFlow: AuthenticationFlow?
    /// How a call that needs tokens waits when it does not say (``AuthClient/getTokens(_:)`` without
    /// options, the account, MFA, attribute and device calls): by default it waits for a sign-in and
    /// for the backend, without a deadline (AWSMobileClient's behaviour, for apps with a sign-in
    /// screen). A program with no person to sign in, such as a command-line tool, sets
    /// `waitForSignIn: false` and a deadline here, once, so that no call can wait forever.
    public var tokenRequestDefaults: TokenRequestOptions = .default
    /// Passkeys: the authenticator and the pinned relying party; nil means passkeys are not set up.
    public var passkeys: PasskeySettings?

    /// Creates the defaults: 120 s token margin, 600 s credentials margin, 15 s requests, full verification.
    public init() {}
}
