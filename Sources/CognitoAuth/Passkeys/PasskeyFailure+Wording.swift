import LatchkeyText

extension PasskeyFailure {
    /// ``summary`` in `language` (the catalogs' words; English where a case has none).
    public func summary(_ language: Language) -> String {
        func format(_ key: TextKey, _ values: KeyValuePairs<String, String>) -> String {
            Localized.format(key, values, in: language)
        }
        switch self {
        case .relyingPartyRefused(let expected, let offered):
            return format(\.errorPasskeyRelyingPartyRefusedSummary, ["expected": expected, "offered": offered])
        case .malformed(let detail): return format(\.errorPasskeyMalformedSummary, ["detail": detail])
        case .authenticatorFailed(let status, let message) where message.isEmpty:
            return format(\.errorPasskeyAuthenticatorFailedSummary, ["status": String(status)])
        case .authenticatorFailed(let status, let message):
            return format(
                \.errorPasskeyAuthenticatorFailedWithMessageSummary, ["status": String(status), "message": message])
        case .providerUnavailable(let reason):
            return format(\.errorPasskeyProviderUnavailableSummary, ["reason": reason])
        case .timedOut(let seconds): return format(\.errorPasskeyTimedOutSummary, ["seconds": String(seconds)])
        case .unknownCredential(let id): return format(\.errorPasskeyUnknownCredentialSummary, ["id": id])
        case .pinRequired(let name): return format(\.errorPasskeyPINRequiredSummary, ["name": name])
        case .securityKey(let name, let code, let error):
            return format(
                \.errorPasskeySecurityKeySummary,
                ["name": name, "reason": SecurityKeyError.sentence(code, in: language), "error": error])
        default:
            return wordingKeys.map { Localized.text($0.summary, in: language) } ?? summary
        }
    }

    /// ``nextStep`` in `language` (English where a case has none).
    public func nextStep(_ language: Language) -> String {
        if case .securityKey(_, let code, _) = self { return SecurityKeyError.nextStep(code, in: language) }
        return wordingKeys.map { Localized.text($0.nextStep, in: language) } ?? nextStep
    }

    /// The catalog texts of a case's summary (without its placeholders filled) and next step; nil for a case
    /// the catalogs do not word yet (it is said in English).
    var wordingKeys: (summary: TextKey, nextStep: TextKey)? {
        switch self {
        case .notEnabled: return (\.errorPasskeyNotEnabledSummary, \.errorPasskeyPoolNextStep)
        case .configurationMissing: return (\.errorPasskeyConfigurationMissingSummary, \.errorPasskeyPoolNextStep)
        case .challengeNotFound:
            return (\.errorPasskeyChallengeNotFoundSummary, \.errorPasskeyChallengeNotFoundNextStep)
        case .relyingPartyMismatch:
            return (\.errorPasskeyRelyingPartyMismatchSummary, \.errorPasskeyRelyingPartyNextStep)
        case .originNotAllowed: return (\.errorPasskeyOriginNotAllowedSummary, \.errorPasskeyRelyingPartyNextStep)
        case .credentialNotSupported:
            return (\.errorPasskeyCredentialNotSupportedSummary, \.errorPasskeyCredentialNotSupportedNextStep)
        case .clientMismatch: return (\.errorPasskeyClientMismatchSummary, \.errorPasskeyClientMismatchNextStep)
        case .relyingPartyRefused:
            return (\.errorPasskeyRelyingPartyRefusedSummary, \.errorPasskeyRelyingPartyRefusedNextStep)
        case .noRelyingParty: return (\.errorPasskeyNoRelyingPartySummary, \.errorPasskeyRelyingPartyNextStep)
        case .malformed: return (\.errorPasskeyMalformedSummary, \.errorPasskeyMalformedNextStep)
        case .noAuthenticator: return (\.errorPasskeyNoAuthenticatorSummary, \.errorPasskeyNoAuthenticatorNextStep)
        case .authenticatorFailed: return (\.errorPasskeyAuthenticatorFailedSummary, \.errorPasskeyTryAgainNextStep)
        case .providerUnavailable:
            return (\.errorPasskeyProviderUnavailableSummary, \.errorPasskeyProviderUnavailableNextStep)
        case .timedOut: return (\.errorPasskeyTimedOutSummary, \.errorPasskeyTryAgainNextStep)
        case .cancelled: return (\.errorPasskeyCancelledSummary, \.errorPasskeyTryAgainNextStep)
        case .unknownCredential:
            return (\.errorPasskeyUnknownCredentialSummary, \.errorPasskeyUnknownCredentialNextStep)
        case .pinRequired: return (\.errorPasskeyPINRequiredSummary, \.errorPasskeyPINRequiredNextStep)
        case .noSecurityKey: return (\.errorPasskeyNoSecurityKeySummary, \.errorPasskeyNoSecurityKeyNextStep)
        // The summary's reason and the next step come from SecurityKeyError's table for the code.
        case .securityKey: return (\.errorPasskeySecurityKeySummary, \.errorPasskeyTryAgainNextStep)
        }
    }
}
