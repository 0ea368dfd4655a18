import CognitoAuth
import LatchkeyText
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
        guard mfaRequest != nil || mfa != nil else { return [] }
        guard let mfa else { return [DashboardRow(label: ScreenText.mfaLabel, value: ScreenText.mfaLoading)] }
        return [DashboardRow(label: ScreenText.mfaLabel, value: ScreenText.mfaSummary(mfa))]
    }

    mutating func securityCommand(_ command: DashboardCommand) -> [ScreenEffect] {
        guard userState == .signedIn else { return [] }
        guard mfaRequest == nil else {
            // Never silently: the key is dropped, and the log says why.
            append(ScreenText.mfaBusy)
            return []
        }
        switch command {
        case .readMFA:
            mfaRequest = .load
            append(ScreenText.mfaReading)
            return [.run(.dashboard(.mfaSettings))]
        case .setUpTOTP:
            mfaRequest = .enrol
            append(ScreenText.totpStarting)
            return [.run(.totpEnrolment(.setUpTOTP))]
        case .emailMFA, .preferEmail, .totpOff, .smsMFA, .preferSMS:
            guard let mfa else {
                append(ScreenText.mfaPressMFirst)
                return []
            }
            let change: [MFAType: MFAPreference]
            switch command {
            case .emailMFA where mfa.enabled.contains(.email): return askBeforeTurningOff(.email, mfa)
            case .smsMFA where mfa.enabled.contains(.sms): return askBeforeTurningOff(.sms, mfa)
            case .totpOff:
                guard mfa.enabled.contains(.totp) else {
                    append(Localized.format(\.mfaAlreadyOff, ["factor": MFAType.totp.displayName]))
                    return []
                }
                return askBeforeTurningOff(.totp, mfa)
            case .emailMFA: change = [.email: .enabled]
            case .preferEmail: change = [.email: .preferred]
            case .smsMFA, .preferSMS:
                // Turning SMS off (asked above) stays possible without a phone number; turning it on does not.
                guard mfa.canUseSMS else {
                    append(ScreenText.smsNeedsPhoneNumber)
                    return []
                }
                change = [.sms: command == .preferSMS ? .preferred : .enabled]
            default: return []
            }
            return startMFAChange(change)
        default:
            return []
        }
    }

    /// Turning a factor off weakens the account, so it is asked first (``DashboardQuestion/turnFactorOff(_:isLast:)``).
    private func askBeforeTurningOff(_ factor: MFAType, _ mfa: MFASettings) -> [ScreenEffect] {
        [.route(.present(.question(.turnFactorOff(factor, isLast: mfa.enabled.allSatisfy { $0 == factor }))))]
    }

    /// Sends `change` (one at a time: a key pressed while one runs is dropped, and the log says why).
    mutating func startMFAChange(_ change: [MFAType: MFAPreference]) -> [ScreenEffect] {
        guard userState == .signedIn else { return [] }
        guard mfaRequest == nil else {
            append(ScreenText.mfaBusy)
            return []
        }
        mfaRequest = .change(change)
        append(ScreenText.mfaChanging(change))
        return [.run(.dashboard(.setMFAPreference(change)))]
    }

    mutating func mfaLoaded(_ result: Result<MFASettings, AuthError>) -> [ScreenEffect] {
        mfaRequest = nil
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
            mfaRequest = .load
            return [.run(.dashboard(.mfaSettings))]
        case .failure(let error):
            mfaRequest = nil
            append(ScreenText.mfaFailed(ScreenText.shortError(error)))
            return []
        }
    }
}
