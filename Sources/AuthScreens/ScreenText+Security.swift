import CognitoAuth
import LatchkeyText

/// The dashboard's Security rows: MFA settings and the authenticator-app enrolment.
extension ScreenText {
    /// The Security row's label.
    public static var mfaLabel: String { Localized.text(\.mfaLabel) }
    /// While the settings load.
    public static var mfaLoading: String { Localized.text(\.mfaLoading) }
    /// The log line after `m` was pressed, while the MFA settings are read.
    public static var mfaReading: String { Localized.text(\.mfaReading) }
    /// Log: a Security key while a change or read is still running.
    public static var mfaBusy: String { Localized.text(\.mfaBusy) }
    /// Log: a change key before `m`.
    public static var mfaPressMFirst: String { ScreenText.namingKeys(\.mfaPressMFirst) }

    /// "email on (preferred) · totp off · sms off" and the keys; `x`/`X` only with a phone number.
    public static func mfaSummary(_ settings: MFASettings) -> String {
        let factors = [MFAType.email, .totp, .sms].map { type in
            let on = settings.enabled.contains(type)
            let preferred = settings.preferred == type ? Localized.text(\.mfaFactorPreferred) : ""
            let noPhone = type == .sms && !on && !settings.canUseSMS ? Localized.text(\.mfaFactorNoPhone) : ""
            let state = on ? Localized.text(\.mfaFactorOn) : Localized.text(\.mfaFactorOff)
            return "\(type.shortName) \(state)\(preferred)\(noPhone)"
        }.joined(separator: " · ")
        let sms = settings.canUseSMS ? Localized.text(\.mfaKeysSms) : ""
        return factors + Localized.text(\.mfaKeys) + sms
    }

    /// Log: `x` or `X` on an account without a phone number.
    public static var smsNeedsPhoneNumber: String { Localized.text(\.smsNeedsPhoneNumber) }

    /// Log: the settings arrived.
    static func mfaLoaded(_ settings: MFASettings) -> String {
        let on = settings.enabled.map(\.shortName)
        let factors =
            on.isEmpty
            ? Localized.text(\.mfaLoadedNone)
            : Localized.format(\.mfaLoadedOn, ["factors": on.joined(separator: ", ")])
        let preferred = settings.preferred.map { Localized.format(\.mfaLoadedPreferred, ["factor": $0.shortName]) }
        return Localized.format(\.mfaLog, ["message": factors + (preferred ?? "")])
    }

    /// Log: a change was sent.
    static func mfaChanging(_ change: [MFAType: MFAPreference]) -> String {
        let parts = change.sorted { $0.key.rawValue < $1.key.rawValue }.map { type, preference in
            switch preference {
            case .disabled: return Localized.format(\.mfaChangingOff, ["factor": type.shortName])
            case .enabled: return Localized.format(\.mfaChangingOn, ["factor": type.shortName])
            case .preferred: return Localized.format(\.mfaChangingPreferred, ["factor": type.shortName])
            }
        }
        return Localized.format(\.mfaLog, ["message": parts.joined(separator: ", ")])
    }

    /// The log line after `t` was pressed, while an authenticator-app enrolment starts.
    public static var totpStarting: String { Localized.text(\.totpStarting) }
    /// Log: the enrolment screen opened.
    public static var totpEnrolling: String { Localized.text(\.totpEnrolling) }
    /// Log: the authenticator app's code was accepted.
    public static var totpEnrolled: String { Localized.text(\.totpEnrolled) }

    /// Log: a read or change failed.
    static func mfaFailed(_ message: String) -> String {
        Localized.format(\.mfaLog, ["message": Localized.format(\.mfaFailed, ["message": message])])
    }
}
