import CognitoAuth
import Foundation
import TerminalKeys

// The base screens, registered in one place: their cases, their actions and requests (nested, so an
// answer comes home to the screen that asked), their view models and the key paths ``scope(_:_:)``
// reduces them through. A new base screen is a case in each list here, its own file (state, action,
// request, its `BaseScreenModel` conformance, its `ScreenOpening`, the `AppAction`/`AuthEffect`
// shorthands), its drawing in `AppView+<Name>.swift` (a `DrawnScreen` conformance), and its words.
// The dashboard is a base screen too, but its state lives beside the others (``AppState/dashboard``:
// events reach it whatever shows), so its actions and requests stay at the root.

extension AppState {
    /// The full-screen view under any modal.
    public enum Screen: Equatable, Sendable {
        /// The Sign in screen (the first screen unless the options start on Create account).
        case signIn(SignInState)
        /// The Create account screen.
        case signUp(SignUpState)
        /// The sign-up confirmation code.
        case confirmSignUp(ConfirmSignUpState)
        /// The Forgot password screen (both steps).
        case forgotPassword(ForgotPasswordState)
        /// A sign-in challenge: a code, a new password, an MFA choice or an enrolment.
        case challenge(ChallengeState)
        /// The dashboard (its state is ``AppState/dashboard``), with ``AppState/modal`` over it.
        case dashboard
    }

    // MARK: Children, as key paths for ``scope(_:_:)``

    /// The Sign in screen, when it shows; setting it shows it.
    var signInScreen: SignInState? {
        get { if case .signIn(let state) = base { state } else { nil } }
        set { if let newValue { base = .signIn(newValue) } }
    }

    /// The Create account screen, when it shows; setting it shows it.
    var signUpScreen: SignUpState? {
        get { if case .signUp(let state) = base { state } else { nil } }
        set { if let newValue { base = .signUp(newValue) } }
    }

    /// The sign-up confirmation screen, when it shows; setting it shows it.
    var confirmSignUpScreen: ConfirmSignUpState? {
        get { if case .confirmSignUp(let state) = base { state } else { nil } }
        set { if let newValue { base = .confirmSignUp(newValue) } }
    }

    /// The Forgot password screen, when it shows; setting it shows it.
    var forgotPasswordScreen: ForgotPasswordState? {
        get { if case .forgotPassword(let state) = base { state } else { nil } }
        set { if let newValue { base = .forgotPassword(newValue) } }
    }

    /// The challenge screen, when it shows; setting it shows it.
    var challengeScreen: ChallengeState? {
        get { if case .challenge(let state) = base { state } else { nil } }
        set { if let newValue { base = .challenge(newValue) } }
    }

    // MARK: Dispatch

    /// The base screen's view model.
    var baseModel: any BaseScreenModel {
        switch base {
        case .signIn(let state): return state
        case .signUp(let state): return state
        case .confirmSignUp(let state): return state
        case .forgotPassword(let state): return state
        case .challenge(let state): return state
        case .dashboard: return dashboard
        }
    }

    /// The base screen's view model, for a renderer to draw (the dashboard's state on the dashboard).
    public var baseContent: Any { baseModel }

    /// A key for the base screen: the screen's own action for it, reduced as any other.
    mutating func baseKeyPressed(_ key: Key) -> [AuthEffect] {
        reduceAction(baseModel.keyAction(key))
    }

    /// A base screen's action: to the screen it is for (an answer for a screen that no longer shows is dropped).
    mutating func reduceScreen(_ action: ScreenAction) -> [AuthEffect] {
        switch action {
        case .signIn(let action): return reduceSignIn(action)
        case .signUp(let action): return scope(\.signUpScreen) { $0.reduce(action) }
        case .confirmSignUp(let action): return scope(\.confirmSignUpScreen) { $0.reduce(action) }
        case .forgotPassword(let action): return scope(\.forgotPasswordScreen) { $0.reduce(action) }
        case .challenge(let action): return reduceChallenge(action)
        }
    }
}

/// What happens inside a base screen (other than the dashboard), nested by screen: its keys' effects and
/// its requests' answers come back to the screen that asked.
public enum ScreenAction: Sendable {
    /// For the Sign in screen.
    case signIn(SignInAction)
    /// For the Create account screen.
    case signUp(SignUpAction)
    /// For the sign-up confirmation code.
    case confirmSignUp(ConfirmSignUpAction)
    /// For the Forgot password screen.
    case forgotPassword(ForgotPasswordAction)
    /// For the challenge screen.
    case challenge(ChallengeAction)
}

/// A base screen's request: its answer comes back to the same screen (``ScreenAction``). Every one is a
/// form's request (one at a time, Esc cancels it).
public enum ScreenRequest: Hashable, Sendable {
    /// A Sign in screen's request.
    case signIn(SignInRequest)
    /// Create account's request.
    case signUp(SignUpRequest)
    /// The sign-up confirmation's request.
    case confirmSignUp(ConfirmSignUpRequest)
    /// Forgot password's request.
    case forgotPassword(ForgotPasswordRequest)
    /// A challenge's request (an answer, a method, a new code).
    case challenge(ChallengeRequest)

    /// Calls `service` and returns the screen's action its answer comes back as.
    func perform(on service: some AuthClientService) async -> ScreenAction? {
        switch self {
        case .signIn(let request): return await request.perform(on: service).map(ScreenAction.signIn)
        case .signUp(let request): return await request.perform(on: service).map(ScreenAction.signUp)
        case .confirmSignUp(let request): return await request.perform(on: service).map(ScreenAction.confirmSignUp)
        case .forgotPassword(let request):
            return await request.perform(on: service).map(ScreenAction.forgotPassword)
        case .challenge(let request): return await request.perform(on: service).map(ScreenAction.challenge)
        }
    }
}

/// A base screen's view model: a ``ScreenModel`` whose actions travel from the app's root as one
/// ``AppAction``, so a key for the screen needs no list of screens.
protocol BaseScreenModel: ScreenModel {
    /// The app's action that carries `action` to this screen.
    static func appAction(_ action: Action) -> AppAction
}

extension BaseScreenModel {
    /// The app's action a key press sends this screen.
    func keyAction(_ key: Key) -> AppAction { Self.appAction(Self.action(for: key)) }
}
