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
    /// The loopback port could not be opened (another program holds it).
    case listenerUnavailable(port: Int, reason: String)

    /// What went wrong, one sentence.
    public var summary: String {
        switch self {
        case .stateMismatch:
            return "The redirect does not belong to this sign-in (its state does not match)."
        case .missingState: return "The redirect URL has no state, so it cannot be checked."
        case .noCode: return "That is neither the redirect URL nor an authorization code."
        case .authorizationDenied(let error, let description):
            return "The hosted UI did not sign you in (\(error)\(description.map { ": " + $0 } ?? ""))."
        case .codeRejected(let description):
            return "The authorization code was refused\(description.map { " (" + $0 + ")" } ?? ""): "
                + "it was used already, has expired, or belongs to another sign-in."
        case .tokenRequestRefused(let error, let description):
            return "The token endpoint refused the request (\(error)\(description.map { ": " + $0 } ?? ""))."
        case .timedOut(let seconds): return "No redirect arrived within \(seconds) seconds."
        case .cancelled: return "The browser sign-in was cancelled."
        case .listenerUnavailable(let port, let reason):
            return "Port \(port) on 127.0.0.1 could not be opened for the redirect (\(reason))."
        }
    }

    /// The next step, one sentence.
    public var nextStep: String {
        switch self {
        case .stateMismatch:
            return "Paste the URL from the browser tab this sign-in opened, or start again (latchkey sign-in --web)."
        case .missingState: return "Paste the whole URL from the browser's address bar, or just the code."
        case .noCode:
            return
                "Paste the whole URL the browser ended at (it starts with the redirect URI and has ?code=), or the code."
        case .authorizationDenied:
            return
                "Try again (latchkey sign-in --web); if it persists, ask the pool's administrator to check the app client's OAuth settings."
        case .codeRejected: return "Start again (latchkey sign-in --web) and use the new code at once, only once."
        case .tokenRequestRefused:
            return
                "Check AppClientId (and the client secret) in the configuration, and that the app client allows the authorization code grant."
        case .timedOut: return "Start again (latchkey sign-in --web), or give more time with --timeout."
        case .cancelled: return "Start again when ready (latchkey sign-in --web)."
        case .listenerUnavailable:
            return "Close the program using that port, or paste the redirect URL instead (--no-browser)."
        }
    }
}
