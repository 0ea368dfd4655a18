import Foundation
import LatchkeyText

/// Why a sign-in through the hosted UI (OAuth 2.0 authorization code with PKCE) failed.
///
/// Text that came from the server or the browser (`error`, `error_description`) is sanitised
/// before it is stored here, so it can reach a terminal as it is.
public enum HostedUIFailure: Error, Sendable, Hashable {
    /// The redirect's `state` is not the one this sign-in sent: it belongs to another sign-in
    /// (an old browser tab) or was forged.
    case stateMismatch
    /// A redirect URL with a code but no `state`.
    case missingState
    /// The pasted text is neither a redirect URL with a code nor a code.
    case noCode
    /// The hosted UI redirected with `error=` (the user cancelled, or the client is not allowed).
    case authorizationDenied(error: String, description: String?)
    /// The token endpoint refused the code (`invalid_grant`): used already, expired, or another
    /// sign-in's code (PKCE verifier mismatch).
    case codeRejected(description: String?)
    /// The token endpoint refused the request for another reason (`invalid_client`, `unauthorized_client`...).
    case tokenRequestRefused(error: String, description: String?)
    /// No redirect arrived in time.
    case timedOut(seconds: Int)
    /// The user cancelled the wait.
    case cancelled
    /// The loopback port could not be opened on `address` (`127.0.0.1` or `[::1]`): another program
    /// holds it, and would receive the browser's redirect in latchkey's place.
    case listenerUnavailable(port: Int, address: String, reason: String)

    /// What went wrong, one sentence.
    public var summary: String { summary(.english) }

    /// ``summary`` in `language` (English where it has no translation).
    public func summary(_ language: Language) -> String {
        func format(_ key: TextKey, _ values: KeyValuePairs<String, String>) -> String {
            Localized.format(key, values, in: language)
        }
        switch self {
        case .authorizationDenied(let error, let description):
            return format(
                description == nil
                    ? \.errorHostedUIAuthorizationDeniedSummary
                    : \.errorHostedUIAuthorizationDeniedWithDescriptionSummary,
                ["error": error, "description": description ?? ""])
        case .codeRejected(let description):
            return format(
                description == nil
                    ? \.errorHostedUICodeRejectedSummary : \.errorHostedUICodeRejectedWithDescriptionSummary,
                ["description": description ?? ""])
        case .tokenRequestRefused(let error, let description):
            return format(
                description == nil
                    ? \.errorHostedUITokenRequestRefusedSummary
                    : \.errorHostedUITokenRequestRefusedWithDescriptionSummary,
                ["error": error, "description": description ?? ""])
        case .timedOut(let seconds):
            return format(\.errorHostedUITimedOutSummary, ["seconds": String(seconds)])
        case .listenerUnavailable(let port, let address, let reason):
            return format(
                \.errorHostedUIListenerUnavailableSummary, ["port": String(port), "address": address, "reason": reason])
        default:
            return Localized.text(wordingKeys.summary, in: language)
        }
    }

    /// The next step, one sentence.
    public var nextStep: String { nextStep(.english) }

    /// ``nextStep`` in `language` (English where it has no translation).
    public func nextStep(_ language: Language) -> String {
        Localized.text(wordingKeys.nextStep, in: language)
    }

    /// The texts of the failure's summary (without placeholders filled) and next step.
    var wordingKeys: (summary: TextKey, nextStep: TextKey) {
        switch self {
        case .stateMismatch: return (\.errorHostedUIStateMismatchSummary, \.errorHostedUIStateMismatchNextStep)
        case .missingState: return (\.errorHostedUIMissingStateSummary, \.errorHostedUIMissingStateNextStep)
        case .noCode: return (\.errorHostedUINoCodeSummary, \.errorHostedUINoCodeNextStep)
        case .authorizationDenied:
            return (\.errorHostedUIAuthorizationDeniedSummary, \.errorHostedUIAuthorizationDeniedNextStep)
        case .codeRejected: return (\.errorHostedUICodeRejectedSummary, \.errorHostedUICodeRejectedNextStep)
        case .tokenRequestRefused:
            return (\.errorHostedUITokenRequestRefusedSummary, \.errorHostedUITokenRequestRefusedNextStep)
        case .timedOut: return (\.errorHostedUITimedOutSummary, \.errorHostedUITimedOutNextStep)
        case .cancelled: return (\.errorHostedUICancelledSummary, \.errorHostedUICancelledNextStep)
        case .listenerUnavailable:
            return (\.errorHostedUIListenerUnavailableSummary, \.errorHostedUIListenerUnavailableNextStep)
        }
    }
}
