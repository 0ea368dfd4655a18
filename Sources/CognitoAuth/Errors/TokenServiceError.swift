import Foundation

/// Why a sessions, machine-to-machine or token-exchange call failed, in Latchkey's words with the next step.
///
/// Cognito's own exceptions for these operations are terse or shared between causes; each case here
/// names one cause. Other failures (network, re-login required, throttling) stay ``AuthError``s.
public enum TokenServiceError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The pool does not track user sessions (`OperationNotEnabledException`).
    case sessionTrackingNotEnabled
    /// The session asked to be revoked is this client's own; Cognito refuses that, so nothing was sent.
    case cannotRevokeCurrentSession(id: String)
    /// No session of the user has this id (revoked already, expired, or mistyped).
    case sessionNotFound(id: String)
    /// A machine client needs its secret, and none was given.
    case clientSecretMissing(clientId: String)
    /// The app client is unknown to the pool, or its secret was refused.
    case clientSecretRejected(clientId: String)
    /// The app client may not get machine-to-machine tokens by this route.
    case clientCredentialsNotEnabled(clientId: String, route: String)
    /// A scope was not granted: the app client is not allowed it, or no resource server defines it.
    case scopeNotAllowed(detail: String)
    /// `--via token-endpoint` needs the hosted UI's domain, and the configuration has none.
    case tokenEndpointNeedsDomain
    /// The app client may not exchange tokens (GetDerivedToken).
    case tokenExchangeNotEnabled(clientId: String)
    /// The answer held no usable token.
    case invalidTokenAnswer(String)

    /// The kind, for a caller that acts on it (the CLI's exit code: 1, 2 or 4 as for ``AuthError``).
    public var failureKind: AuthFailureKind {
        switch self {
        case .sessionNotFound, .clientSecretRejected, .invalidTokenAnswer: return .authentication
        default: return .configuration
        }
    }

    /// The sentence to show, with the next step; server text is sanitised.
    public var description: String {
        switch self {
        case .sessionTrackingNotEnabled:
            return "This user pool does not track sessions (OperationNotEnabledException). Its administrator can "
                + "turn session tracking on (SetUserPoolSessionConfiguration, Essentials or Plus tier)."
        case .cannotRevokeCurrentSession(let id):
            return "Session \(TerminalText.sanitized(id)) is this one; Cognito does not revoke the caller's own "
                + "session. Run `latchkey sign-out` to end it."
        case .sessionNotFound(let id):
            return "No session \(TerminalText.sanitized(id)) was found: it may have ended already. "
                + "Run `latchkey sessions` to see the current ones."
        case .clientSecretMissing(let clientId):
            return "App client \(TerminalText.sanitized(clientId)) needs its secret: set LATCHKEY_CLIENT_SECRET "
                + "or pass --client-secret-stdin and write it on standard input."
        case .clientSecretRejected(let clientId):
            return "App client \(TerminalText.sanitized(clientId)) was refused: the pool does not know it or its "
                + "secret is wrong. Check the client id and the secret (an app client may have two active secrets)."
        case .clientCredentialsNotEnabled(let clientId, let route):
            return "App client \(TerminalText.sanitized(clientId)) may not get machine tokens through \(route): "
                + "its administrator must give it "
                + (route == "GetClientToken"
                    ? "ALLOW_CLIENT_TOKEN_AUTH as its only ExplicitAuthFlows entry."
                    : "the client_credentials OAuth flow (AllowedOAuthFlows).")
        case .scopeNotAllowed(let detail):
            return "A scope was not granted (\(TerminalText.sanitized(detail))). Ask only for scopes of the pool's "
                + "resource servers (identifier/scope) that the app client is allowed, or leave --scope out."
        case .tokenEndpointNeedsDomain:
            return "--via token-endpoint needs the user pool's domain (Auth.Default.OAuth.WebDomain); "
                + "configure it or use --via api."
        case .tokenExchangeNotEnabled(let clientId):
            return "App client \(TerminalText.sanitized(clientId)) may not exchange tokens: its administrator must "
                + "add ALLOW_TOKEN_EXCHANGE_IMPERSONATION to its ExplicitAuthFlows."
        case .invalidTokenAnswer(let detail):
            return "The token answer was not usable: \(TerminalText.sanitized(detail))."
        }
    }
}
