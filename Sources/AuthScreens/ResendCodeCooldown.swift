import Foundation

/// A code screen whose Resend code waits ``ConfirmSignUpState/resendCooldown`` after a code was sent,
/// the link counting down ("Resend code (28 s)"): the sign-up confirmation, the reset code of Forgot
/// password, and the sign-in code screens (USER_AUTH's email or SMS code, and the SMS_MFA and
/// EMAIL_OTP MFA codes).
public protocol ResendCodeCooldown {
    /// The current time, advanced by the app's tick.
    var now: Date { get set }
    /// When Resend code may be used again (a code was just sent), or nil.
    var resendAvailableAt: Date? { get set }
    /// How long Resend code waits after a code was sent (the app's ``AuthUIOptions/resendCooldown``).
    var resendCooldownLength: TimeInterval { get set }
}

extension ResendCodeCooldown {
    /// The whole seconds left before Resend code works again; 0 when it works now.
    public var resendCooldownSeconds: Int {
        guard let resendAvailableAt else { return 0 }
        let left = resendAvailableAt.timeIntervalSince(now)
        return left > 0 ? Int(left.rounded(.up)) : 0
    }

    /// The Resend code link: with the seconds left while it waits.
    public var resendLinkLabel: String {
        let wait = resendCooldownSeconds
        return wait > 0 ? ScreenText.resendCodeCooldown(wait) : ScreenText.resendCodeLink
    }

    /// A code was sent now: Resend code waits.
    mutating func startResendCooldown() {
        resendAvailableAt = now.addingTimeInterval(resendCooldownLength)
    }
}

extension ChallengeState {
    /// Sets the clock and the cooldown's length of a code screen that can resend (see
    /// ``CodeChallengeState/setClock(_:)``); other challenges have none.
    mutating func setClock(_ time: Date, cooldown: TimeInterval) {
        guard case .code(var code) = self, code.resend != nil else { return }
        code.resendCooldownLength = cooldown
        code.setClock(time)
        self = .code(code)
    }
}

extension AppState {
    /// Gives the code screen showing (on its own or in the re-login prompt) the app's time, and every
    /// code screen the cooldown's length from the options.
    mutating func setChallengeClocks() {
        let cooldown = options.resendCooldown
        switch base {
        case .challenge(var challenge):
            challenge.setClock(now, cooldown: cooldown)
            base = .challenge(challenge)
        case .confirmSignUp(var state) where state.resendCooldownLength != cooldown:
            state.resendCooldownLength = cooldown
            base = .confirmSignUp(state)
        case .forgotPassword(var state) where state.resendCooldownLength != cooldown:
            state.resendCooldownLength = cooldown
            base = .forgotPassword(state)
        default:
            break
        }
        if var prompt = relogin, var challenge = prompt.challenge {
            challenge.setClock(now, cooldown: cooldown)
            prompt.challenge = challenge
            relogin = prompt
        }
    }
}
