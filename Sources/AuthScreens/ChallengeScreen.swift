import CognitoAuth
import Foundation
import TerminalKeys

/// What happens to whichever challenge screen shows: keys and the results of `confirmSignIn` and of
/// Resend code (the effects answer to the challenge, not to one screen), or one screen's own action.
public enum ChallengeAction: Sendable {
    /// A key was pressed.
    case keyPressed(Key)
    /// `confirmSignIn` finished: the next sign-in step, or why not.
    case confirmSignInFinished(Result<SignInStep, AuthError>)
    /// The sign-in was started again for a new code (USER_AUTH with the code method).
    case codeResent(Result<SignInStep, AuthError>)
    /// An action for the NEW_PASSWORD_REQUIRED screen.
    case newPassword(NewPasswordAction)
    /// For a code challenge.
    case code(CodeChallengeAction)
    /// An action for the MFA_SETUP screen (authenticator-app enrolment during a sign-in).
    case totpSetup(TOTPSetupAction)
    /// An action for the SELECT_MFA_TYPE screen.
    case selectMFAType(SelectMFATypeAction)
    /// An action for USER_AUTH's SELECT_CHALLENGE screen (choosing a sign-in method).
    case selectMethod(SelectSignInMethodAction)
}

/// A challenge's service calls, named after the core's: an answer, a sign-in method, or a new code.
public enum ChallengeRequest: Hashable, Sendable {
    /// `confirmSignIn(_:attributes:)`: a code, a new password or an MFA type; `confirmSignInFinished`.
    case confirmSignIn(answer: SecretText, attributes: [String: String])
    /// `selectSignInMethod(_:password:)`; `confirmSignInFinished`.
    case selectSignInMethod(SignInMethod, password: SecretText?)
    /// Re-initiates USER_AUTH with `method` (a code method) so that Cognito sends a new code; `codeResent`.
    case resendSignInCode(username: String, method: SignInMethod)
    /// `restartSignIn()`: the sign-in that asked for an MFA code starts again, so a new code is sent; `codeResent`.
    case restartSignIn

    /// Calls `service` and returns the action the answer comes back as (nil when cancelled).
    func perform(on service: some AuthClientService) async -> ChallengeAction? {
        switch self {
        case .confirmSignIn(let answer, let attributes):
            return await AuthEffect.outcome { try await service.confirmSignIn(answer.value, attributes: attributes) }
                .map { .confirmSignInFinished($0) }
        case .selectSignInMethod(let method, let password):
            return await AuthEffect.outcome { try await service.selectSignInMethod(method, password: password?.value) }
                .map { .confirmSignInFinished($0) }
        case .resendSignInCode(let username, let method):
            return await AuthEffect.outcome {
                try await service.signIn(username: username, password: nil, flow: .userAuth, method: method)
            }.map { .codeResent($0) }
        case .restartSignIn:
            return await AuthEffect.outcome { try await service.restartSignIn() }.map { .codeResent($0) }
        }
    }
}

/// What every challenge screen's action has: the key and the `confirmSignIn` result the challenge
/// passes on to whichever screen shows.
package protocol ChallengeScreenAction: Sendable {
    /// A key was pressed.
    static func keyPressed(_ key: Key) -> Self
    /// Wraps `confirmSignIn`'s outcome in this screen's own action.
    static func confirmSignInFinished(_ result: Result<SignInStep, AuthError>) -> Self
    /// This screen's own action inside `action` (nil: the action is for another screen).
    static func own(in action: ChallengeAction) -> Self?
}

extension ChallengeScreenAction {
    /// The action for this screen, or nil when `action` is for another screen.
    init?(_ action: ChallengeAction) {
        switch action {
        case .keyPressed(let key): self = .keyPressed(key)
        case .confirmSignInFinished(let result): self = .confirmSignInFinished(result)
        default:
            guard let own = Self.own(in: action) else { return nil }
            self = own
        }
    }
}

/// The shared ending of a challenge: signed in, another challenge, or an error banner.
enum ChallengeOutcome {
    static func finish(_ result: Result<SignInStep, AuthError>, username: String, banner: inout String?)
        -> [ScreenEffect]
    {
        switch result {
        case .success(.done): return [.route(.signedIn)]
        case .success(let step): return [.route(.challenge(step, username: username))]
        case .failure(let error):
            banner = ScreenText.challengeBanner(for: error)
            return []
        }
    }

    static func cancel(username: String) -> [ScreenEffect] {
        [.route(.signIn(username: username, notice: nil))]
    }
}

/// Any challenge screen, built from the step `signIn` or `confirmSignIn` returned.
public enum ChallengeState: Equatable, Sendable {
    /// NEW_PASSWORD_REQUIRED: the new password (and required attributes) form.
    case newPassword(NewPasswordState)
    /// SMS_MFA, SOFTWARE_TOKEN_MFA or CUSTOM_CHALLENGE.
    case code(CodeChallengeState)
    /// MFA_SETUP: the authenticator-app enrolment with its QR code.
    case totpSetup(TOTPSetupState)
    /// SELECT_MFA_TYPE: the choice between the offered MFA factors.
    case selectMFAType(SelectMFATypeState)
    /// USER_AUTH's SELECT_CHALLENGE: the sign-in methods.
    case selectMethod(SelectSignInMethodState)

    /// The screen for `step`, or nil for `.done`.
    public init?(step: SignInStep, username: String, policy: PasswordPolicy = .cognitoDefault) {
        switch step {
        case .done: return nil
        case .newPasswordRequired(let attributes):
            self = .newPassword(NewPasswordState(username: username, requiredAttributes: attributes, policy: policy))
        case .smsMFA(let details):
            self = .code(CodeChallengeState(username: username, kind: .sms(details), resend: .signInAgain))
        case .softwareTokenMFA: self = .code(CodeChallengeState(username: username, kind: .totp))
        case .customChallenge(let parameters):
            self = .code(CodeChallengeState(username: username, kind: .custom(parameters)))
        case .mfaSetup(let details): self = .totpSetup(TOTPSetupState(username: username, details: details))
        case .selectMFAType(let choices):
            self = .selectMFAType(SelectMFATypeState(username: username, choices: choices))
        case .emailOTP(let details):
            self = .code(CodeChallengeState(username: username, kind: .email(details), resend: .signInAgain))
        case .smsOTP(let details):
            self = .code(CodeChallengeState(username: username, kind: .sms(details), resend: .signInAgain))
        case .selectChallenge(let methods):
            self = .selectMethod(SelectSignInMethodState(username: username, methods: methods))
        case .selectMFASetup(let choices):
            self = .selectMFAType(SelectMFATypeState(username: username, choices: choices, isSetup: true))
        case .emailMFASetup:
            self = .code(
                CodeChallengeState(
                    username: username,
                    kind: .setUpDestination(label: ScreenText.emailForCodesLabel, hint: ScreenText.emailForCodesHint)))
        case .smsMFASetup:
            self = .code(
                CodeChallengeState(
                    username: username,
                    kind: .setUpDestination(label: ScreenText.phoneForCodesLabel, hint: ScreenText.phoneForCodesHint)))
        }
    }

    /// Applies an action to whichever challenge this is.
    package mutating func reduce(_ action: ChallengeAction) -> [ScreenEffect] {
        switch self {
        case .newPassword(var state):
            guard let action = NewPasswordAction(action) else { return [] }
            let effects = state.reduce(action)
            self = .newPassword(state)
            return effects
        case .code(var state):
            guard let action = CodeChallengeAction(action) else { return [] }
            let effects = state.reduce(action)
            self = .code(state)
            return effects
        case .totpSetup(var state):
            guard let action = TOTPSetupAction(action) else { return [] }
            let effects = state.reduce(action)
            self = .totpSetup(state)
            return effects
        case .selectMFAType(var state):
            guard let action = SelectMFATypeAction(action) else { return [] }
            let effects = state.reduce(action)
            self = .selectMFAType(state)
            return effects
        case .selectMethod(var state):
            guard let action = SelectSignInMethodAction(action) else { return [] }
            let effects = state.reduce(action)
            self = .selectMethod(state)
            return effects
        }
    }

    /// The user signing in.
    public var username: String {
        switch self {
        case .newPassword(let state): return state.username
        case .code(let state): return state.username
        case .totpSetup(let state): return state.username
        case .selectMFAType(let state): return state.username
        case .selectMethod(let state): return state.username
        }
    }

    /// Whether `confirmSignIn` is running.
    public var isInFlight: Bool {
        switch self {
        case .newPassword(let state): return state.isInFlight
        case .code(let state): return state.isInFlight
        case .totpSetup(let state): return state.isInFlight
        case .selectMFAType(let state): return state.isInFlight
        case .selectMethod(let state): return state.isInFlight
        }
    }

    /// The status-line verb while in flight.
    public var activity: String? {
        switch self {
        case .newPassword(let state): return state.activity
        case .code(let state): return state.activity
        case .totpSetup(let state): return state.activity
        case .selectMFAType(let state): return state.activity
        case .selectMethod(let state): return state.activity
        }
    }

    /// Whether the screen has a text field (MFA selection has none).
    public var hasTextField: Bool {
        if case .selectMFAType = self { return false }
        if case .selectMethod(let state) = self { return state.hasTextField }
        return true
    }

    /// The title at the top of the challenge screen, naming what it asks for (code, new password, MFA choice, set-up).
    public var title: String {
        switch self {
        case .newPassword: return ScreenText.newPasswordTitle
        case .code(let state): return state.title
        case .totpSetup: return ScreenText.totpSetupTitle
        case .selectMFAType(let state): return state.isSetup ? ScreenText.mfaSetupTitle : ScreenText.selectMFATitle
        case .selectMethod: return ScreenText.selectSignInMethodTitle
        }
    }

    /// Whether a revealable password field has focus (for the Ctrl-T hint).
    public var showsRevealHint: Bool {
        if case .newPassword(let state) = self {
            return state.focus == .newPassword || state.focus == .confirmPassword
        }
        if case .selectMethod(let state) = self { return state.focus == .password }
        return false
    }
}

extension ChallengeState {
    /// Lets the method choice offer the passkey when an authenticator is set up (other challenges ignore it).
    mutating func allowPasskey(_ allowed: Bool) {
        guard case .selectMethod(var state) = self else { return }
        state.canUsePasskey = allowed
        self = .selectMethod(state)
    }
}

extension AppAction {
    /// An action for the challenge screen.
    public static func challenge(_ action: ChallengeAction) -> AppAction { .screen(.challenge(action)) }
}

extension AuthEffect {
    /// A challenge's request (an answer, a method, a new code); its answer comes back to the screen as
    /// `AppAction.screen`.
    public static func challenge(_ request: ChallengeRequest) -> AuthEffect { .screen(.challenge(request)) }
}
