import CognitoAuth
import Foundation
import TerminalKeys

/// What happens on a code challenge (SMS, TOTP, email, custom, or an address to set up).
public enum CodeChallengeAction: ChallengeScreenAction {
    /// A key was pressed.
    case keyPressed(Key)
    /// The code (or answer) was set in one piece.
    case answerChanged(String)
    /// Verify was pressed (or Enter in the code field): sends the code unless it is empty.
    case submitPressed
    /// Cancel was pressed (back to Sign in).
    case cancelPressed
    /// Resend code was pressed.
    case resendPressed
    /// `confirmSignIn` with the code finished: the next sign-in step, or why not.
    case confirmSignInFinished(Result<SignInStep, AuthError>)
    /// The sign-in was started again for a new code.
    case codeResent(Result<SignInStep, AuthError>)

    /// This screen's own action inside `action` (a resend's result included).
    public static func own(in action: ChallengeAction) -> Self? {
        switch action {
        case .code(let own): return own
        case .codeResent(let result): return .codeResent(result)
        default: return nil
        }
    }

    /// The action the code screens share, or nil for Resend code's own.
    var codeEntry: CodeEntryAction? {
        switch self {
        case .keyPressed(let key): return .keyPressed(key)
        case .answerChanged(let text): return .answerChanged(text)
        case .submitPressed: return .submitPressed
        case .cancelPressed: return .cancelPressed
        case .confirmSignInFinished(let result): return .confirmSignInFinished(result)
        case .resendPressed, .codeResent: return nil
        }
    }
}

/// SMS_MFA, SOFTWARE_TOKEN_MFA or CUSTOM_CHALLENGE: enter a code (or an answer).
public struct CodeChallengeState: Equatable, Sendable, ResendCodeCooldown {
    /// Which code is asked for.
    public enum Kind: Hashable, Sendable {
        /// A code sent by text message, as described.
        case sms(CodeDeliveryDetails)
        /// A code sent by email, as described (EMAIL_OTP).
        case email(CodeDeliveryDetails)
        /// A code from the authenticator app.
        case totp
        /// A custom challenge with these parameters.
        case custom([String: String])
        /// MFA_SETUP asking for the address codes go to: the field's label and a hint (email or phone number).
        case setUpDestination(label: String, hint: String)
    }

    /// The focusable items in Tab order.
    public typealias Focus = CodeEntryFocus

    /// The user signing in.
    public var username: String
    /// Which code is asked for.
    public var kind: Kind
    /// The code as typed, with its inline error.
    public var code: FieldState
    /// The item Tab / Shift-Tab / ↑ / ↓ move between.
    public var focus: Focus
    /// The request running (Verify, or Resend code), or nil.
    public var request: CodeRequest?
    /// The server error with the next step.
    public var banner: String?
    /// How Resend code gets a new code; nil hides the button.
    public var resend: CodeResend?
    /// Where the new code went, after Resend code.
    public var notice: String?
    /// Whether the request running is Resend code (not Verify).
    public var isResending: Bool { request == .resend }
    /// The current time, set by the app on every action, for the resend cooldown.
    public var now: Date = .distantPast
    /// When Resend code may be used again (a code was just sent), or nil.
    public var resendAvailableAt: Date?
    /// How long Resend code waits after a code was sent.
    public var resendCooldownLength: TimeInterval = ConfirmSignUpState.resendCooldown
    /// Whether a code was sent as the screen opened and its cooldown starts when the app first sets the clock.
    var startsCooldownOnClock = false

    /// Creates the screen for `username`'s challenge of `kind`; `resend` is set when the code can be sent again.
    public init(username: String, kind: Kind, resend: CodeResend? = nil) {
        self.username = username
        self.kind = kind
        // A custom challenge's answer and an email or phone number to set up can be anything; every
        // other code is digits.
        switch kind {
        case .custom, .setUpDestination: self.code = FieldState()
        default: self.code = .digitsOnly
        }
        self.focus = .code
        self.request = nil
        self.banner = nil
        self.resend = resend
        switch kind {
        case .sms, .email: self.startsCooldownOnClock = resend != nil
        default: break
        }
    }

    /// Sets the time (the app does on every action); the first time, a code sent as the screen
    /// opened starts the resend cooldown.
    package mutating func setClock(_ time: Date) {
        now = time
        if startsCooldownOnClock {
            startsCooldownOnClock = false
            startResendCooldown()
        }
    }

    /// The focusable items in Tab order.
    public var focusOrder: [Focus] { resend == nil ? [.code, .submit, .cancel] : [.code, .submit, .cancel, .resend] }

    /// The title for this kind of code.
    public var title: String { ScreenText.codeChallengeTitle(kind) }

    /// A custom challenge's public parameters as "name: value" lines (USERNAME left out), sanitised.
    public var challengeLines: [String] {
        guard case .custom(let parameters) = kind else { return [] }
        return parameters.filter { $0.key != "USERNAME" }.sorted { $0.key < $1.key }.map { key, value in
            let name = TerminalText.sanitized(key)
            return value.isEmpty ? name : "\(name): \(TerminalText.sanitized(value))"
        }
    }

    /// What to enter and where it came from.
    public var prompt: String { ScreenText.codeChallengePrompt(kind) }

    /// The number of digits expected (6 for SMS and TOTP, free-form for custom challenges).
    public var expectedDigits: Int? {
        if case .custom = kind { return nil }
        if case .setUpDestination = kind { return nil }
        return 6
    }

    /// The status-line verb while in flight.
    public var activity: String? {
        guard isInFlight else { return nil }
        return isResending ? ScreenText.sendingNewCode : ScreenText.verifying
    }
}

/// How a code screen's Resend code gets a new code: Cognito has no "resend" for sign-in codes, so
/// the sign-in starts again.
public enum CodeResend: Hashable, Sendable {
    /// USER_AUTH again with this code method (EMAIL_OTP / SMS_OTP as the first factor): a new code is sent.
    case method(SignInMethod)
    /// An MFA code after the password: the sign-in is initiated again (`AuthClient.restartSignIn()`,
    /// which still holds the password while the sign-in is unfinished) and the screen stays.
    case signInAgain
}

extension CodeChallengeState: FormScreen {
    /// The key path of the code field when `focus` is on it; nil for the buttons and links.
    public func fieldPath(_ focus: Focus) -> WritableKeyPath<CodeChallengeState, FieldState>? {
        focus == .code ? \.code : nil
    }

    func validationError(for focus: Focus) -> String? {
        focus == .code ? Validation.codeError(code.text, digits: expectedDigits) : nil
    }

    /// Applies an action and returns the effects to run.
    package mutating func reduce(_ action: CodeChallengeAction) -> [ScreenEffect] {
        switch action {
        case .keyPressed(let key) where focus == .resend && !isInFlight && FormKeys.activates(key):
            return resendCode()
        case .resendPressed:
            return resendCode()
        case .codeResent(let result):
            guard isResending else { return [] }
            request = nil
            focus = .code
            switch result {
            case .success(.emailOTP(let details)):
                kind = .email(details)
                notice = ScreenText.newCodeSent(details)
                startResendCooldown()
                return []
            case .success(.smsOTP(let details)), .success(.smsMFA(let details)):
                kind = .sms(details)
                notice = ScreenText.newCodeSent(details)
                startResendCooldown()
                return []
            case .success(.done):
                return [.route(.signedIn)]
            case .success(let step):
                return [.route(.challenge(step, username: username))]
            case .failure(let error):
                banner = ScreenText.challengeBanner(for: error)
                return []
            }
        case .confirmSignInFinished where isResending:
            return []
        default:
            guard let entry = action.codeEntry else { return [] }
            if case .confirmSignInFinished(.failure) = action { notice = nil }
            let wasInFlight = isInFlight
            let effects = reduceCodeEntry(entry)
            // A refused custom answer ends Cognito's session ("Incorrect username or password."): say so plainly.
            if wasInFlight, case .custom = kind,
                case .confirmSignInFinished(.failure(.notAuthorized(let message))) = action
            {
                banner = ScreenText.customAnswerRefused(message)
            }
            return effects
        }
    }

    private mutating func resendCode() -> [ScreenEffect] {
        guard !isInFlight, let resend else { return [] }
        guard resendCooldownSeconds == 0 else {
            notice = ScreenText.resendCodeWait
            return []
        }
        banner = nil
        notice = nil
        code.clear()
        code.error = nil
        switch resend {
        case .method(let method):
            request = .resend
            return [.run(.challenge(.resendSignInCode(username: username, method: method)))]
        case .signInAgain:
            request = .resend
            return [.run(.challenge(.restartSignIn))]
        }
    }
}
