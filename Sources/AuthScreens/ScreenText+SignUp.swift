import CognitoAuth
import Foundation
import LatchkeyText

/// Create account and the confirmation-code screen that follows it.
extension ScreenText {
    /// The Create account screen's title: "Create account".
    public static var signUpTitle: String { Localized.text(\.signUpTitle) }
    /// The confirmation-code screen's title: "Confirm your account".
    public static var confirmSignUpTitle: String { Localized.text(\.confirmSignUpTitle) }
    /// The confirmation screen's submit button: "Confirm".
    public static var confirmButton: String { Localized.text(\.confirmButton) }
    /// The link that asks for a new code (confirmation and Forgot password), before its cooldown count.
    public static var resendCodeLink: String { Localized.text(\.resendCodeLink) }
    /// The status line while Create account is in flight: "Creating account…".
    public static var creatingAccount: String { Localized.text(\.creatingAccount) }
    /// The status line while the confirmation code is checked: "Confirming…".
    public static var confirming: String { Localized.text(\.confirming) }

    /// The line on Create account saying where the code will go ("your email or your phone (SMS)"),
    /// from the pool's verification mechanisms; nil when the configuration does not say.
    public static func verificationNotice(_ mechanisms: [String]) -> String? {
        let places = mechanisms.compactMap { mechanism -> String? in
            switch mechanism.lowercased() {
            case "email": return Localized.text(\.verificationEmail)
            case "phone_number", "phone", "sms": return Localized.text(\.verificationPhone)
            default: return nil
            }
        }
        guard !places.isEmpty else { return nil }
        return Localized.format(
            \.verificationNotice, ["places": places.joined(separator: Localized.text(\.verificationOr))])
    }

    // MARK: Notices

    /// The notice on Sign in after Create account when the pool needs no confirmation.
    public static var accountCreated: String { Localized.text(\.accountCreated) }
    /// The notice on Sign in after confirming, when the app does not sign in by itself.
    public static var accountConfirmed: String { Localized.text(\.accountConfirmed) }
    /// The notice after confirming while the app signs in with the password just chosen.
    public static var accountConfirmedSigningIn: String { Localized.text(\.accountConfirmedSigningIn) }

    /// The confirmation screen's first line: where the sign-up code went ("email n***@e***"), or a
    /// general sentence when Cognito did not say.
    public static func signUpCodeSent(_ delivery: CodeDeliveryDetails?) -> String {
        guard let delivery else { return Localized.text(\.signUpCodeSentUnknown) }
        return Localized.format(\.signUpCodeSent, ["destination": deliveryPhrase(delivery)])
    }

    /// The confirmation screen's first line after a new code went out: where, and to enter it.
    public static func newCodeSentEnterIt(_ delivery: CodeDeliveryDetails) -> String {
        Localized.format(\.newCodeSentEnterIt, ["destination": deliveryPhrase(delivery)])
    }

    /// The notice after Resend code: where the new code went.
    public static func newCodeSent(_ delivery: CodeDeliveryDetails) -> String {
        Localized.format(\.newCodeSent, ["destination": deliveryPhrase(delivery)])
    }

    // MARK: Banners

    /// A failed Create account: taken username or alias, or a password against the policy, with the next step.
    public static func signUpBanner(for error: AuthError) -> String {
        switch error {
        case .usernameExists: return banner(error, ScreenText.namingKeys(\.nextOtherUsername))
        case .aliasExists: return banner(error, ScreenText.namingKeys(\.nextOtherAlias))
        case .invalidPassword: return banner(error, Localized.text(\.nextMeetPolicy))
        default: return fallbackBanner(error)
        }
    }

    /// A failed confirmation or resend (here and on Forgot password): a wrong code says check it or
    /// resend, an expired one says resend.
    public static func codeBanner(for error: AuthError) -> String {
        switch error {
        case .codeMismatch: return banner(error, Localized.text(\.nextCheckCode))
        case .expiredCode: return banner(error, Localized.text(\.nextResend))
        default: return fallbackBanner(error)
        }
    }
}
