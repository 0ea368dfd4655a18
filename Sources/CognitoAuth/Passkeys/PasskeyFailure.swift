import Foundation

/// Why a passkey ceremony (sign-in with `WEB_AUTHN`, or registration) failed.
///
/// Cognito's seven WebAuthn exceptions each have a case, and so do the refusals Latchkey makes itself before any
/// authenticator is asked (a relying party other than the pinned one, options that are not WebAuthn's).
/// Text from the server or from an authenticator is sanitised before it is stored here.
public enum PasskeyFailure: Error, Sendable, Hashable {
    // MARK: Cognito's exceptions
    /// WebAuthnNotEnabledException: the pool does not allow passkeys (`WEB_AUTHN` is not a sign-in factor).
    case notEnabled(String)
    /// WebAuthnConfigurationMissingException: the pool has neither a relying party id nor a domain.
    case configurationMissing(String)
    /// WebAuthnChallengeNotFoundException: the registration's challenge expired or was never started.
    case challengeNotFound(String)
    /// WebAuthnRelyingPartyMismatchException: the credential was made for another relying party.
    case relyingPartyMismatch(String)
    /// WebAuthnOriginNotAllowedException: the origin in clientDataJSON is not the pool's relying party.
    case originNotAllowed(String)
    /// WebAuthnCredentialNotSupportedException: the credential's type or algorithm is not supported.
    case credentialNotSupported(String)
    /// WebAuthnClientMismatchException: the registration was finished with another app client's token.
    case clientMismatch(String)

    // MARK: Latchkey's own refusals
    /// The options name relying party `offered`, not the pinned `expected`: no authenticator was asked.
    case relyingPartyRefused(expected: String, offered: String)
    /// No relying party is pinned: none is configured and the configuration has no hosted-UI domain.
    case noRelyingParty
    /// The options (or an authenticator's answer) are not the WebAuthn JSON expected; `detail` says what is wrong.
    case malformed(String)
    /// No passkey authenticator is set up (no provider command, and no security key was plugged in).
    case noAuthenticator
    /// The person cancelled, or the provider exited with `status`; `message` is its sanitised stderr.
    case authenticatorFailed(status: Int32, message: String)
    /// The provider could not be started.
    case providerUnavailable(String)
    /// The authenticator did not answer within `seconds`.
    case timedOut(seconds: Int)
    /// The ceremony was cancelled by the caller (the task was cancelled).
    case cancelled
    /// DeleteWebAuthnCredential found no passkey with this id.
    case unknownCredential(String)
    /// The authenticator `authenticator` needs its PIN and nobody can be asked (no terminal, no screen).
    case pinRequired(authenticator: String)

    // MARK: Security keys (libfido2)
    /// No FIDO2 security key is plugged in (and no external provider is set).
    case noSecurityKey
    /// The security key `authenticator` failed with libfido2's error `code`, named `name` (`fido_strerr`'s text,
    /// e.g. `FIDO_ERR_NO_CREDENTIALS`); ``summary`` and ``nextStep`` say it in our words. Never carries a PIN.
    case securityKey(authenticator: String, code: Int32, name: String)

    /// Whether the failure is in the set-up (no provider, no relying party, a refused relying party), which the CLI
    /// reports as a configuration problem (exit code 2), not as a refused sign-in.
    public var isConfigurationProblem: Bool {
        switch self {
        case .noAuthenticator, .noRelyingParty, .providerUnavailable, .relyingPartyRefused, .noSecurityKey: return true
        default: return false
        }
    }

    /// Maps a Cognito WebAuthn exception type to its case; nil for any other type.
    package static func fromService(type: String, message: String) -> PasskeyFailure? {
        switch type {
        case "WebAuthnNotEnabledException": return .notEnabled(message)
        case "WebAuthnConfigurationMissingException": return .configurationMissing(message)
        case "WebAuthnChallengeNotFoundException": return .challengeNotFound(message)
        case "WebAuthnRelyingPartyMismatchException": return .relyingPartyMismatch(message)
        case "WebAuthnOriginNotAllowedException": return .originNotAllowed(message)
        case "WebAuthnCredentialNotSupportedException": return .credentialNotSupported(message)
        case "WebAuthnClientMismatchException": return .clientMismatch(message)
        default: return nil
        }
    }

    /// What went wrong, one sentence of our own.
    public var summary: String {
        switch self {
        case .notEnabled: return "This user pool does not allow passkeys."
        case .configurationMissing: return "This user pool has no relying party for passkeys."
        case .challengeNotFound: return "The passkey registration expired before it was finished."
        case .relyingPartyMismatch: return "The passkey was made for another site than this user pool's."
        case .originNotAllowed: return "The user pool refused the passkey's origin."
        case .credentialNotSupported: return "The user pool does not accept this kind of passkey."
        case .clientMismatch: return "The passkey registration was finished by another app client than started it."
        case .relyingPartyRefused(let expected, let offered):
            return "The server asked for a passkey for \"\(offered)\", but this configuration expects \"\(expected)\"; "
                + "nothing was signed."
        case .noRelyingParty: return "No relying party is set for passkeys."
        case .malformed(let detail): return "The passkey request is not valid WebAuthn: \(detail)."
        case .noAuthenticator: return "No security key is plugged in, and no passkey provider is set up."
        case .authenticatorFailed(let status, let message):
            let said = message.isEmpty ? "" : ": \(message)"
            return "The passkey provider stopped (exit status \(status))\(said)."
        case .providerUnavailable(let reason): return "The passkey provider could not be started: \(reason)."
        case .timedOut(let seconds): return "The passkey authenticator did not answer within \(seconds) seconds."
        case .cancelled: return "The passkey ceremony was cancelled."
        case .unknownCredential(let id): return "No passkey of this user has the id \"\(id)\"."
        case .pinRequired(let name): return "The security key \"\(name)\" needs its PIN, and nobody can be asked here."
        case .noSecurityKey: return "No FIDO2 security key is plugged in."
        case .securityKey(let name, let code, let error):
            return "The security key \"\(name)\": \(SecurityKeyError.sentence(code)) (\(error))."
        }
    }

    /// The next step, one sentence.
    public var nextStep: String {
        switch self {
        case .notEnabled, .configurationMissing:
            return "Ask the pool's administrator to allow WEB_AUTHN sign-in and set the pool's relying party, "
                + "or sign in another way."
        case .challengeNotFound: return "Add the passkey again, and answer the authenticator sooner."
        case .relyingPartyMismatch, .originNotAllowed:
            return "Set LATCHKEY_PASSKEY_RP_ID (or Latchkey.Passkeys.RelyingPartyId) to the pool's relying party id."
        case .credentialNotSupported: return "Use an authenticator that makes ES256 (P-256) or RS256 passkeys."
        case .clientMismatch: return "Sign in again with this app client, then add the passkey."
        case .relyingPartyRefused:
            return "If the server is right, set LATCHKEY_PASSKEY_RP_ID (or Latchkey.Passkeys.RelyingPartyId) to its "
                + "relying party; otherwise check the endpoint in the configuration."
        case .noRelyingParty:
            return "Set LATCHKEY_PASSKEY_RP_ID or Latchkey.Passkeys.RelyingPartyId to the pool's relying party id."
        case .malformed: return "Check the endpoint, or the passkey provider, and try again."
        case .noAuthenticator:
            return "Plug in a FIDO2 security key, or set LATCHKEY_PASSKEY_PROVIDER (or Latchkey.Passkeys.Provider) to "
                + "a provider command, or sign in another way."
        case .authenticatorFailed, .timedOut, .cancelled: return "Try again, or sign in another way."
        case .unknownCredential: return "List the passkeys and their ids with `latchkey passkey list`."
        case .pinRequired: return "Run the command on a terminal, or use the drop-in screens (`latchkey`)."
        case .noSecurityKey:
            return
                "Plug in a security key and try again, or set LATCHKEY_PASSKEY_PROVIDER (or Latchkey.Passkeys.Provider) "
                + "to a passkey provider command."
        case .securityKey(_, let code, _): return SecurityKeyError.nextStep(code)
        case .providerUnavailable:
            return "Check LATCHKEY_PASSKEY_PROVIDER (or Latchkey.Passkeys.Provider) names a command that runs."
        }
    }
}
