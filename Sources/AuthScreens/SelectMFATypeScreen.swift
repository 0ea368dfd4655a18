import CognitoAuth
import Foundation
import TerminalKeys

/// What happens on the MFA choice (SELECT_MFA_TYPE, or MFA_SETUP's choice).
public enum SelectMFATypeAction: ChallengeScreenAction {
    /// A key was pressed.
    case keyPressed(Key)
    /// An MFA type was chosen.
    case mfaTypeChosen(MFAType)
    /// Enter on the focused choice.
    case submitPressed
    /// Cancel was pressed (back to Sign in).
    case cancelPressed
    /// `confirmSignIn` with the chosen factor finished: the next sign-in step, or why not.
    case confirmSignInFinished(Result<SignInStep, AuthError>)

    /// This screen's own action inside `action`.
    public static func own(in action: ChallengeAction) -> Self? {
        if case .selectMFAType(let own) = action { own } else { nil }
    }
}

/// SELECT_MFA_TYPE: choose SMS or the authenticator app. No text field, so `q` quits here.
public struct SelectMFATypeState: Equatable, Sendable {
    /// The focusable items in Tab order.
    public enum Focus: Hashable, Sendable {
        /// The choice at this index of ``SelectMFATypeState/choices``.
        case choice(Int)
        /// The Cancel button; goes back to Sign in.
        case cancel
    }

    /// The user signing in.
    public var username: String
    /// The MFA types offered.
    public var choices: [MFAType]
    /// The highlighted factor (or Cancel), moved with ↑/↓ and Tab.
    public var focus: Focus
    /// The type sent, while `confirmSignIn` runs, or nil.
    public var request: MFAType?
    /// The server error with the next step.
    public var banner: String?
    /// Whether this is MFA_SETUP's choice (the factor to set up) rather than SELECT_MFA_TYPE's.
    public var isSetup: Bool

    /// Creates the screen with the first choice focused.
    public init(username: String, choices: [MFAType], isSetup: Bool = false) {
        self.username = username
        self.choices = choices.isEmpty ? MFAType.allCases : choices
        self.focus = .choice(0)
        self.request = nil
        self.banner = nil
        self.isSetup = isSetup
    }

    /// What the screen asks.
    public var prompt: String { isSetup ? ScreenText.mfaSetupPrompt : ScreenText.selectMFAPrompt }

    /// The focusable items in Tab order.
    public var focusOrder: [Focus] { choices.indices.map { .choice($0) } + [.cancel] }

    /// The label of each choice.
    public var choiceLabels: [String] { choices.map(ScreenText.mfaTypeLabel) }

    /// The status-line verb while in flight.
    public var activity: String? { isInFlight ? ScreenText.verifying : nil }
}

extension SelectMFATypeState: FormScreen {
    static var requestCancelledMessage: WritableKeyPath<SelectMFATypeState, String?> { \.banner }

    /// Always nil: this screen is a list of choices with no text field.
    public func fieldPath(_ focus: Focus) -> WritableKeyPath<SelectMFATypeState, FieldState>? { nil }

    func validationError(for focus: Focus) -> String? { nil }

    /// Applies an action and returns the effects to run.
    package mutating func reduce(_ action: SelectMFATypeAction) -> [ScreenEffect] {
        switch action {
        case .keyPressed(let key):
            switch handleFormKey(key) {
            case .handled, .edited, .submitted: return []
            case .activated(.choice(let index)):
                return choices.indices.contains(index) ? choose(choices[index]) : []
            case .activated(.cancel), .escaped: return ChallengeOutcome.cancel(username: username)
            case .cancelledInFlight:
                return cancelRequestInFlight()
            }
        case .submitPressed:
            if case .choice(let index) = focus, choices.indices.contains(index) { return choose(choices[index]) }
            return []
        case .cancelPressed: return isInFlight ? [] : ChallengeOutcome.cancel(username: username)
        case .mfaTypeChosen(let type): return choose(type)
        case .confirmSignInFinished(let result):
            guard isInFlight else { return [] }
            request = nil
            return ChallengeOutcome.finish(result, username: username, banner: &banner)
        }
    }

    private mutating func choose(_ type: MFAType) -> [ScreenEffect] {
        guard !isInFlight, choices.contains(type) else { return [] }
        banner = nil
        request = type
        return [.run(.challenge(.confirmSignIn(answer: SecretText(type.rawValue), attributes: [:])))]
    }
}
