import CognitoAuth
import Foundation
import LatchkeyText

/// The challenge screens a sign-in can meet: a new password (NEW_PASSWORD_REQUIRED), a code (SMS,
/// email, authenticator, custom), the choice of factor (SELECT_MFA_TYPE, MFA_SETUP) and the
/// authenticator set-up with its QR code (MFA_SETUP for TOTP).
extension ScreenText {
    // MARK: Titles and instructions

    /// The NEW_PASSWORD_REQUIRED screen's title: "Choose a new password".
    public static var newPasswordTitle: String { Localized.text(\.newPasswordTitle) }
    /// The NEW_PASSWORD_REQUIRED screen's first line: why a new password is needed before signing in.
    public static var newPasswordExplanation: String { Localized.text(\.newPasswordExplanation) }
    /// The authenticator set-up screen's title (MFA_SETUP for TOTP).
    public static var totpSetupTitle: String { Localized.text(\.totpSetupTitle) }
    /// The authenticator set-up screen's first line: scan the QR code or type the secret, then enter a code.
    public static var totpSetupInstructions: String { Localized.text(\.totpSetupInstructions) }
    /// The SELECT_MFA_TYPE screen's title: "Choose how to verify".
    public static var selectMFATitle: String { Localized.text(\.selectMFATitle) }
    /// The title of MFA_SETUP's choice of factor, and of the screen that asks for the factor's destination.
    public static var mfaSetupTitle: String { Localized.text(\.mfaSetupTitle) }

    /// The title of a code challenge: which code to enter (text message, email, authenticator, custom answer).
    public static func codeChallengeTitle(_ kind: CodeChallengeState.Kind) -> String {
        switch kind {
        case .sms: return Localized.text(\.codeChallengeTitleSms)
        case .email: return Localized.text(\.codeChallengeTitleEmail)
        case .totp: return Localized.text(\.codeChallengeTitleTotp)
        case .custom: return Localized.text(\.codeChallengeTitleCustom)
        case .setUpDestination: return mfaSetupTitle
        }
    }

    /// A code challenge's first line: what to enter, and where a sent code went ("email n***@e***").
    public static func codeChallengePrompt(_ kind: CodeChallengeState.Kind) -> String {
        switch kind {
        case .sms(let details), .email(let details):
            return Localized.format(\.codeChallengePromptSent, ["destination": deliveryPhrase(details)])
        case .totp: return Localized.text(\.codeChallengePromptTotp)
        case .custom: return Localized.text(\.codeChallengePromptCustom)
        case .setUpDestination(let label, let hint): return "\(label), \(hint)."
        }
    }

    // MARK: Fields, buttons and status

    /// The label of a custom challenge's answer field: "Answer".
    public static var answerLabel: String { Localized.text(\.answerLabel) }
    /// The label over the authenticator secret on the set-up screen: "Secret".
    public static var secretLabel: String { Localized.text(\.secretLabel) }
    /// The NEW_PASSWORD_REQUIRED screen's submit button: "Set password".
    public static var setPasswordButton: String { Localized.text(\.setPasswordButton) }
    /// The submit button of a code challenge and of the authenticator set-up: "Verify".
    public static var verifyButton: String { Localized.text(\.verifyButton) }
    /// The status line while the new password is sent: "Setting password…".
    public static var settingPassword: String { Localized.text(\.settingPassword) }
    /// The status line while a challenge answer is checked: "Verifying…".
    public static var verifying: String { Localized.text(\.verifying) }

    /// The row of an MFA factor on the choice screens: "Text message (SMS)", "Authenticator app", "Email".
    public static func mfaTypeLabel(_ type: MFAType) -> String {
        switch type {
        case .sms: return Localized.text(\.mfaTypeSms)
        case .totp: return Localized.text(\.mfaTypeTotp)
        case .email: return Localized.text(\.mfaTypeEmail)
        }
    }

    /// The help overlay's lines on a screen of choices (the MFA factor), one per key.
    public static var choiceHelp: [String] { FormKeys.choiceHelpLines }

    /// The bottom line's key hints on a screen of choices.
    public static var choiceHints: [String] { FormKeys.choiceHints.map(\.text) }

    // MARK: Banners

    /// A custom challenge's answer was refused and the sign-in ended, with Cognito's words (sanitised)
    /// in brackets when it gave any.
    public static func customAnswerRefused(_ message: String) -> String {
        let server = TerminalText.sanitized(message).trimmingCharacters(in: .whitespaces)
        return server.isEmpty
            ? ScreenText.namingKeys(\.customAnswerRefused)
            : ScreenText.namingKeys(\.customAnswerRefusedWithReason, ["reason": server])
    }

    /// A failed challenge answer: a wrong or refused code, a wrong password, an expired attempt (Esc to
    /// start over) or a new password against the policy.
    public static func challengeBanner(for error: AuthError) -> String {
        switch error {
        case .codeMismatch: return banner(error, Localized.text(\.nextCurrentCode))
        case .enableSoftwareTokenMFA: return Localized.text(\.challengeTotpRefused)
        case .notAuthorized(let message) where NotAuthorizedVariant(message) == .incorrectCredentials:
            return banner(error, ScreenText.namingKeys(\.nextPasswordAgain))
        case .notAuthorized: return ScreenText.namingKeys(\.challengeExpired)
        case .invalidPassword: return banner(error, Localized.text(\.nextMeetPolicy))
        default: return fallbackBanner(error)
        }
    }

    // MARK: Authenticator set-up: QR code and clipboard

    /// The TOTP set-up screen's key hint: the `otpauth://` URI goes to the clipboard (OSC 52).
    public static var hintCopyTOTPURI: String { AppKeys.binding(.copy).hint(\.hintCopyTOTPURI).text }
    /// The browser sign-in's hint while it waits: "Ctrl-Y copy URL".
    public static var hintCopySignInURL: String { AppKeys.binding(.copy).hint(\.hintCopySignInURL).text }
    /// Under the secret when the QR code is beside the form (the URI is wider than the screen).
    public static var totpCopyURIHint: String {
        Localized.format(\.totpCopyURIHint, ["key": AppKeys.binding(.copy).label])
    }
    /// Instead of the QR code when even half-block rendering cannot fit it: the `columns`×`rows` it
    /// needs, and what to do instead.
    public static func totpQRCodeDoesNotFit(columns: Int, rows: Int) -> String {
        ScreenText.namingKeys(\.totpQRCodeDoesNotFit, ["columns": String(columns), "rows": String(rows)])
    }
    /// Instead of the QR code when the URI is too long for any QR code the screen could show.
    public static var totpQRCodeUnavailable: String { ScreenText.namingKeys(\.totpQRCodeUnavailable) }
    /// The name of what Ctrl-Y copies on the TOTP set-up screen ("the otpauth:// URI"), in the status
    /// line and the log, whether the copy worked or failed.
    public static var totpURIName: String { Localized.text(\.tokenNameTotpURI) }
    /// Ctrl-Y where the terminal cannot take a clipboard.
    public static var copyTOTPURIUnsupported: String { Localized.text(\.copyTOTPURIUnsupported) }
}
