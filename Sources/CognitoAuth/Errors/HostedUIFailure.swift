import Foundation

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

    /// ``summary`` in the words `lookup` gives (English when it has none for the key).
    public func summary(_ lookup: AuthTextLookup) -> String {
        switch self {
        case .authorizationDenied(let error, let description):
            return lookup.format(
                description == nil
                    ? "error.hostedUI.authorizationDenied.summary"
                    : "error.hostedUI.authorizationDeniedWithDescription.summary",
                ["error": error, "description": description ?? ""])
        case .codeRejected(let description):
            return lookup.format(
                description == nil
                    ? "error.hostedUI.codeRejected.summary" : "error.hostedUI.codeRejectedWithDescription.summary",
                ["description": description ?? ""])
        case .tokenRequestRefused(let error, let description):
            return lookup.format(
                description == nil
                    ? "error.hostedUI.tokenRequestRefused.summary"
                    : "error.hostedUI.tokenRequestRefusedWithDescription.summary",
                ["error": error, "description": description ?? ""])
        case .timedOut(let seconds):
            return lookup.format("error.hostedUI.timedOut.summary", ["seconds": String(seconds)])
        case .listenerUnavailable(let port, let address, let reason):
            return lookup.format(
                "error.hostedUI.listenerUnavailable.summary",
                ["port": String(port), "address": address, "reason": reason])
        default:
            return lookup.text("error.hostedUI.\(wordingName).summary")
        }
    }

    /// The next step, one sentence.
    public var nextStep: String { nextStep(.english) }

    /// ``nextStep`` in the words `lookup` gives (English when it has none for the key).
    public func nextStep(_ lookup: AuthTextLookup) -> String {
        lookup.text("error.hostedUI.\(wordingName).nextStep")
    }

    /// The failure's name in the wording keys (`error.hostedUI.<name>.summary`).
    var wordingName: String {
        switch self {
        case .stateMismatch: return "stateMismatch"
        case .missingState: return "missingState"
        case .noCode: return "noCode"
        case .authorizationDenied: return "authorizationDenied"
        case .codeRejected: return "codeRejected"
        case .tokenRequestRefused: return "tokenRequestRefused"
        case .timedOut: return "timedOut"
        case .cancelled: return "cancelled"
        case .listenerUnavailable: return "listenerUnavailable"
        }
    }

    /// Every wording key of the hosted UI's failures with its English text (part of
    /// ``AuthError/englishWording``). Placeholders in braces are filled by ``summary(_:)``.
    static let englishWording: [String: String] = [
        "error.hostedUI.stateMismatch.summary":
            "The redirect does not belong to this sign-in (its state does not match).",
        "error.hostedUI.missingState.summary": "The redirect URL has no state, so it cannot be checked.",
        "error.hostedUI.noCode.summary": "That is neither the redirect URL nor an authorization code.",
        "error.hostedUI.authorizationDenied.summary": "The hosted UI did not sign you in ({error}).",
        "error.hostedUI.authorizationDeniedWithDescription.summary":
            "The hosted UI did not sign you in ({error}: {description}).",
        "error.hostedUI.codeRejected.summary":
            "The authorization code was refused: it was used already, has expired, or belongs to another sign-in.",
        "error.hostedUI.codeRejectedWithDescription.summary":
            "The authorization code was refused ({description}): it was used already, has expired, or belongs to another sign-in.",
        "error.hostedUI.tokenRequestRefused.summary": "The token endpoint refused the request ({error}).",
        "error.hostedUI.tokenRequestRefusedWithDescription.summary":
            "The token endpoint refused the request ({error}: {description}).",
        "error.hostedUI.timedOut.summary": "No redirect arrived within {seconds} seconds.",
        "error.hostedUI.cancelled.summary": "The browser sign-in was cancelled.",
        "error.hostedUI.listenerUnavailable.summary":
            "Port {port} on {address} could not be opened for the redirect ({reason}); a program that holds it would receive the browser's redirect instead of latchkey.",
        "error.hostedUI.stateMismatch.nextStep":
            "Paste the URL from the browser tab this sign-in opened, or start again (latchkey sign-in --web).",
        "error.hostedUI.missingState.nextStep": "Paste the whole URL from the browser's address bar, or just the code.",
        "error.hostedUI.noCode.nextStep":
            "Paste the whole URL the browser ended at (it starts with the redirect URI and has ?code=), or the code.",
        "error.hostedUI.authorizationDenied.nextStep":
            "Try again (latchkey sign-in --web); if it persists, ask the pool's administrator to check the app client's OAuth settings.",
        "error.hostedUI.codeRejected.nextStep":
            "Start again (latchkey sign-in --web) and use the new code at once, only once.",
        "error.hostedUI.tokenRequestRefused.nextStep":
            "Check AppClientId (and the client secret) in the configuration, and that the app client allows the authorization code grant.",
        "error.hostedUI.timedOut.nextStep": "Start again (latchkey sign-in --web), or give more time with --timeout.",
        "error.hostedUI.cancelled.nextStep": "Start again when ready (latchkey sign-in --web).",
        "error.hostedUI.listenerUnavailable.nextStep":
            "Close the program using that port (or register a redirect URI with a free port, such as http://127.0.0.1:PORT/callback), or paste the redirect URL instead (--no-browser).",
    ]
}
