import CognitoAuth
import Foundation
import TerminalKeys

/// The focusable items of a screen that asks for one code: the field, Verify and Cancel.
public enum CodeEntryFocus: Hashable, Sendable, CaseIterable {
    /// The code field (initial focus).
    case code
    /// The Verify button; Enter here sends the code.
    case submit
    /// The Resend code link (sign-in codes that can be sent again).
    case resend
    /// The Cancel button; goes back without sending anything.
    case cancel
}

/// What happens on a screen whose answer is one code; the authenticator set-up's whole action, and
/// the part of a code challenge's that is not Resend code.
public enum CodeEntryAction: ChallengeScreenAction {
    /// A key was pressed.
    case keyPressed(Key)
    /// The code was set in one piece.
    case answerChanged(String)
    /// Verify was pressed (or Enter in the code field): sends the code unless it is empty.
    case submitPressed
    /// Cancel was pressed (back to Sign in, or to the dashboard after an enrolment).
    case cancelPressed
    /// `confirmSignIn` (or, for an enrolment, `verifyTOTPSetup`) finished.
    case confirmSignInFinished(Result<SignInStep, AuthError>)

    /// The authenticator set-up's own action inside `action`.
    public static func own(in action: ChallengeAction) -> Self? {
        if case .totpSetup(let own) = action { own } else { nil }
    }
}

/// What a code screen's request is doing.
public enum CodeRequest: Hashable, Sendable {
    /// The code was sent (`confirmSignIn`, or `verifyTOTPSetup` for an enrolment).
    case verify
    /// Resend code: the sign-in starts again so that a new code is sent.
    case resend
}

/// A challenge screen whose answer is one code (SMS / TOTP / custom, and TOTP enrolment).
protocol CodeEntryScreen: FormScreen where Focus == CodeEntryFocus, Request == CodeRequest {
    /// The user signing in.
    var username: String { get }
    /// The code as typed, with its inline error.
    var code: FieldState { get set }
    /// The server error with the next step.
    var banner: String? { get set }
}

extension CodeChallengeState: CodeEntryScreen {}
extension TOTPSetupState: CodeEntryScreen {}

extension CodeEntryScreen {
    static var requestCancelledMessage: WritableKeyPath<Self, String?> { \.banner }

    /// Applies an action to a screen whose only field is a code: the shared reduce of the code challenges.
    mutating func reduceCodeEntry(_ action: CodeEntryAction) -> [ScreenEffect] {
        switch action {
        case .keyPressed(let key):
            switch handleFormKey(key) {
            case .handled, .edited: return []
            case .submitted, .activated(.submit), .activated(.code): return submitCode()
            case .activated(.resend): return []
            case .activated(.cancel), .escaped: return ChallengeOutcome.cancel(username: username)
            case .cancelledInFlight:
                return cancelRequestInFlight()
            }
        case .answerChanged(let text):
            code.setText(text)
            return []
        case .submitPressed: return submitCode()
        case .cancelPressed: return isInFlight ? [] : ChallengeOutcome.cancel(username: username)
        case .confirmSignInFinished(let result):
            guard isInFlight else { return [] }
            request = nil
            let effects = ChallengeOutcome.finish(result, username: username, banner: &banner)
            if case .failure = result {
                code.clear()
                focus = .code
            }
            return effects
        }
    }

    private mutating func submitCode() -> [ScreenEffect] {
        guard !isInFlight else { return [] }
        banner = nil
        guard validateAll() else { return [] }
        let answer = code.text.trimmingCharacters(in: .whitespaces)
        code.clear()
        request = .verify
        return [.run(.challenge(.confirmSignIn(answer: SecretText(answer), attributes: [:])))]
    }
}
