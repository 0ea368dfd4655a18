import Foundation
import LatchkeyText

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

    /// The sentence to show in English, with the next step; server text is sanitised.
    public var description: String { description(.english) }

    /// The sentence to show in `language`, with the next step; server text is sanitised.
    public func description(_ language: Language) -> String {
        func text(_ key: KeyPath<TextCatalog, String>, _ value: (name: String, text: String)? = nil) -> String {
            guard let value else { return Localized.text(key, in: language) }
            return Localized.format(key, [value.name: TerminalText.sanitized(value.text)], in: language)
        }
        switch self {
        case .sessionTrackingNotEnabled: return text(\.tokenErrorSessionTrackingOff)
        case .cannotRevokeCurrentSession(let id): return text(\.tokenErrorCurrentSession, ("id", id))
        case .sessionNotFound(let id): return text(\.tokenErrorSessionNotFound, ("id", id))
        case .clientSecretMissing(let clientId): return text(\.tokenErrorSecretMissing, ("client", clientId))
        case .clientSecretRejected(let clientId): return text(\.tokenErrorSecretRejected, ("client", clientId))
        case .clientCredentialsNotEnabled(let clientId, let route):
            return text(
                route == "GetClientToken" ? \.tokenErrorFlowForAPI : \.tokenErrorFlowForEndpoint, ("client", clientId))
        case .scopeNotAllowed(let detail): return text(\.tokenErrorScope, ("detail", detail))
        case .tokenEndpointNeedsDomain: return text(\.tokenErrorNeedsDomain)
        case .tokenExchangeNotEnabled(let clientId): return text(\.tokenErrorExchangeOff, ("client", clientId))
        case .invalidTokenAnswer(let detail): return text(\.tokenErrorBadAnswer, ("detail", detail))
        }
    }
}
