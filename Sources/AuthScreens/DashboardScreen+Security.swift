import CognitoAuth
import TerminalKeys

/// The dashboard's Security rows: the user's MFA factors, read and changed with single keys.
///
/// `m` reads them (GetUser), `e` turns email MFA on or off, `E` makes email the preferred factor,
/// `t` enrols an authenticator app (the secret, its `otpauth://` URI and QR code, then its code;
/// TOTP is then on and preferred), `T` turns the authenticator app (TOTP) off, `x` (text message) turns SMS MFA on or
/// off and `X` makes SMS the preferred factor (both only when the account has a phone number; otherwise
/// the log says why SMS cannot be turned on).
extension DashboardState {
    /// The Security row, "MFA" and the factors, once `m` read them (empty before).
    public var securityRows: [DashboardRow] {
        guard isChangingMFA || mfa != nil else { return [] }
        guard let mfa else { return [DashboardRow(label: ScreenText.mfaLabel, value: ScreenText.mfaLoading)] }
        return [DashboardRow(label: ScreenText.mfaLabel, value: ScreenText.mfaSummary(mfa))]
    }

    mutating func securityKey(_ key: Key) -> [ScreenEffect] {
        guard userState == .signedIn else { return [] }
        guard !isChangingMFA else {
            // Never silently: the key is dropped, and the log says why.
            append(ScreenText.mfaBusy)
            return []
        }
        switch key {
        case .character("m"):
            isChangingMFA = true
            append(ScreenText.mfaReading)
            return [.run(.loadMFASettings)]
        case .character("t"):
            isChangingMFA = true
            append(ScreenText.totpStarting)
            return [.run(.setUpTOTP)]
        case .character("e"), .character("E"), .character("T"), .character("x"), .character("X"):
            guard let mfa else {
                append(ScreenText.mfaPressMFirst)
                return []
            }
            let change: [MFAType: MFAPreference]
            switch key {
            case .character("e"): change = [.email: mfa.enabled.contains(.email) ? .disabled : .enabled]
            case .character("E"): change = [.email: .preferred]
            case .character("x"), .character("X"):
                // Turning SMS off stays possible without a phone number; turning it on does not.
                let turningOff = key == .character("x") && mfa.enabled.contains(.sms)
                guard turningOff || mfa.canUseSMS else {
                    append(ScreenText.smsNeedsPhoneNumber)
                    return []
                }
                change = [.sms: key == .character("X") ? .preferred : (turningOff ? .disabled : .enabled)]
            default: change = [.totp: .disabled]
            }
            isChangingMFA = true
            append(ScreenText.mfaChanging(change))
            return [.run(.setMFAPreference(change))]
        default:
            return []
        }
    }

    mutating func mfaLoaded(_ result: Result<MFASettings, AuthError>) -> [ScreenEffect] {
        isChangingMFA = false
        switch result {
        case .success(let settings):
            mfa = settings
            append(ScreenText.mfaLoaded(settings))
        case .failure(let error):
            append(ScreenText.mfaFailed(ScreenText.shortError(error)))
        }
        return []
    }

    mutating func mfaChanged(_ result: Result<Void, AuthError>) -> [ScreenEffect] {
        switch result {
        case .success:
            return [.run(.loadMFASettings)]
        case .failure(let error):
            isChangingMFA = false
            append(ScreenText.mfaFailed(ScreenText.shortError(error)))
            return []
        }
    }
}

extension ScreenText {
    /// The Security row's label.
    public static var mfaLabel: String { Localized.text("mfaLabel") }
    /// While the settings load.
    public static var mfaLoading: String { Localized.text("mfaLoading") }
    /// The log line after `m` was pressed, while the MFA settings are read.
    public static var mfaReading: String { Localized.text("mfaReading") }
    /// Log: a Security key while a change or read is still running.
    public static var mfaBusy: String { Localized.text("mfaBusy") }
    /// Log: a change key before `m`.
    public static var mfaPressMFirst: String { Localized.text("mfaPressMFirst") }

    /// "email on (preferred) · totp off · sms off" and the keys; `x`/`X` only with a phone number.
    public static func mfaSummary(_ settings: MFASettings) -> String {
        let factors = [MFAType.email, .totp, .sms].map { type in
            let on = settings.enabled.contains(type)
            let preferred = settings.preferred == type ? Localized.text("mfaFactor.preferred") : ""
            let noPhone = type == .sms && !on && !settings.canUseSMS ? Localized.text("mfaFactor.noPhone") : ""
            let state = on ? Localized.text("mfaFactor.on") : Localized.text("mfaFactor.off")
            return "\(type.shortName) \(state)\(preferred)\(noPhone)"
        }.joined(separator: " · ")
        let sms = settings.canUseSMS ? Localized.text("mfaKeys.sms") : ""
        return factors + Localized.text("mfaKeys") + sms
    }

    /// Log: `x` or `X` on an account without a phone number.
    public static var smsNeedsPhoneNumber: String { Localized.text("smsNeedsPhoneNumber") }

    /// Log: the settings arrived.
    static func mfaLoaded(_ settings: MFASettings) -> String {
        let on = settings.enabled.map(\.shortName)
        let factors =
            on.isEmpty
            ? Localized.text("mfaLoaded.none")
            : Localized.format("mfaLoaded.on", ["factors": on.joined(separator: ", ")])
        let preferred = settings.preferred.map { Localized.format("mfaLoaded.preferred", ["factor": $0.shortName]) }
        return Localized.format("mfaLog", ["message": factors + (preferred ?? "")])
    }

    /// Log: a change was sent.
    static func mfaChanging(_ change: [MFAType: MFAPreference]) -> String {
        let parts = change.sorted { $0.key.rawValue < $1.key.rawValue }.map { type, preference in
            switch preference {
            case .disabled: return Localized.format("mfaChanging.off", ["factor": type.shortName])
            case .enabled: return Localized.format("mfaChanging.on", ["factor": type.shortName])
            case .preferred: return Localized.format("mfaChanging.preferred", ["factor": type.shortName])
            }
        }
        return Localized.format("mfaLog", ["message": parts.joined(separator: ", ")])
    }

    /// The log line after `t` was pressed, while an authenticator-app enrolment starts.
    public static var totpStarting: String { Localized.text("totpStarting") }
    /// Log: the enrolment screen opened.
    public static var totpEnrolling: String { Localized.text("totpEnrolling") }
    /// Log: the authenticator app's code was accepted.
    public static var totpEnrolled: String { Localized.text("totpEnrolled") }

    /// Log: a read or change failed.
    static func mfaFailed(_ message: String) -> String {
        Localized.format("mfaLog", ["message": Localized.format("mfaFailed", ["message": message])])
    }
}
