import CognitoAuth
import Foundation
import LatchkeyText

/// Forgot password: the first step sends a reset code, the second takes it with a new password.
extension ScreenText {
    /// The Forgot password screen's title: "Reset your password".
    public static var forgotPasswordTitle: String { Localized.text(\.forgotPasswordTitle) }
    /// The first step's submit button, which asks Cognito to send the reset code.
    public static var sendCodeButton: String { Localized.text(\.sendCodeButton) }
    /// The second step's submit button, which sends the code with the new password.
    public static var resetPasswordButton: String { Localized.text(\.resetPasswordButton) }
    /// The status line while a code is being sent (Forgot password, Resend code): "Sending code…".
    public static var sendingCode: String { Localized.text(\.sendingCode) }
    /// The status line while the code and new password are sent: "Resetting password…".
    public static var resettingPassword: String { Localized.text(\.resettingPassword) }
    /// The notice on Sign in after the reset: sign in with the new password.
    public static var passwordChanged: String { Localized.text(\.passwordChanged) }

    /// The second step's first line: where the reset code went ("email n***@e***").
    public static func resetCodeSent(_ delivery: CodeDeliveryDetails) -> String {
        Localized.format(\.resetCodeSent, ["destination": deliveryPhrase(delivery)])
    }

    /// A failed Forgot password step: unknown user, a new password against the policy, or a code
    /// problem as ``codeBanner(for:)`` words it.
    public static func forgotPasswordBanner(for error: AuthError) -> String {
        switch error {
        case .userNotFound: return banner(error, Localized.text(\.nextCheckUsername))
        case .invalidPassword: return banner(error, Localized.text(\.nextMeetPolicy))
        case .codeMismatch, .expiredCode: return codeBanner(for: error)
        default: return fallbackBanner(error)
        }
    }
}
