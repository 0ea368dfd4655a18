import CognitoAuth
import LatchkeyText

/// Choosing how to sign in (USER_AUTH's SELECT_CHALLENGE) and which MFA factor to use.
extension ScreenText {
    /// The sign-in screen's button when the method is chosen next (USER_AUTH).
    public static var continueButton: String { Localized.text(\.continueButton) }
    /// The title of USER_AUTH's SELECT_CHALLENGE screen: "Choose how to sign in".
    public static var selectSignInMethodTitle: String { Localized.text(\.selectSignInMethodTitle) }
    /// The question above SELECT_CHALLENGE's methods: "How do you want to sign in?".
    public static var selectSignInMethodPrompt: String { Localized.text(\.selectSignInMethodPrompt) }
    /// When the pool offers nothing a terminal can use.
    public static var noSignInMethod: String { ScreenText.namingKeys(\.noSignInMethod) }
    /// The code screen's Resend code link.
    public static var resendSignInCodeButton: String { Localized.text(\.resendSignInCodeButton) }
    /// Status line while the sign-in starts again for a new code.
    public static var sendingNewCode: String { Localized.text(\.sendingNewCode) }
    /// The question above SELECT_MFA_TYPE's factors: "How do you want to verify this sign-in?".
    public static var selectMFAPrompt: String { Localized.text(\.selectMFAPrompt) }
    /// MFA_SETUP's question when the pool offers several factors.
    public static var mfaSetupPrompt: String { Localized.text(\.mfaSetupPrompt) }
    /// MFA_SETUP for SMS: the field's label.
    public static var phoneForCodesLabel: String { Localized.text(\.phoneForCodesLabel) }
    /// MFA_SETUP for email: the field's label.
    public static var emailForCodesLabel: String { Localized.text(\.emailForCodesLabel) }
    /// MFA_SETUP for email: what to enter.
    public static var emailForCodesHint: String { Localized.text(\.emailForCodesHint) }
    /// MFA_SETUP for SMS: the format.
    public static var phoneForCodesHint: String { Localized.text(\.phoneForCodesHint) }

    /// The menu label of a sign-in method.
    public static func signInMethodLabel(_ method: SignInMethod) -> String {
        switch method {
        case .password, .passwordSRP: return Localized.text(\.signInMethodPassword)
        case .emailOTP: return Localized.text(\.signInMethodEmailOTP)
        case .smsOTP: return Localized.text(\.signInMethodSmsOTP)
        case .webAuthn: return Localized.text(\.signInMethodWebAuthn)
        }
    }
}
