import CognitoAuth
import Foundation
import LatchkeyText

extension ScreenText {
    /// "Use a passkey": the sign-in button, and the method choice's passkey when it can be used.
    public static var usePasskeyButton: String { Localized.text(\.passkeyUseButton) }

    /// What the authenticator wants: "Touch your security key (YubiKey 5).", "Waiting for 1password…".
    public static func passkeyPrompt(_ prompt: PasskeyPrompt) -> String {
        switch prompt {
        case .touch(let name):
            return Localized.format(\.passkeyTouch, ["name": TerminalText.sanitized(name)])
        case .touchOneOf(let count):
            return Localized.format(\.passkeyTouchOneOf, ["count": String(count)])
        case .provider(let name):
            return Localized.format(\.passkeyWaitingFor, ["name": TerminalText.sanitized(name)])
        }
    }

    /// "2 attempts left" / "1 attempt left".
    public static func passkeyAttemptsLeft(_ count: Int) -> String {
        count == 1
            ? Localized.text(\.passkeyAttemptLeft) : Localized.format(\.passkeyAttemptsLeft, ["count": String(count)])
    }

    /// The event log's line for a ceremony that failed or was cancelled.
    static func passkeyCeremonyLog(_ failure: PasskeyFailure) -> String {
        failure.summary(.current)
    }

    /// "security key" / "this device" for an attachment, else the attachment as Cognito names it.
    public static func passkeyAttachment(_ attachment: String?) -> String {
        switch attachment {
        case "cross-platform": return Localized.text(\.passkeyAttachmentCrossPlatform)
        case "platform": return Localized.text(\.passkeyAttachmentPlatform)
        case let other?: return TerminalText.sanitized(other)
        case nil: return "-"
        }
    }
}
