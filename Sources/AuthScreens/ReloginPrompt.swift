import CognitoAuth
import Foundation
import TerminalKeys

/// The modal sign-in over the dashboard when the session can no longer be refreshed.
///
/// It says why ("Your session expired"), how many calls are waiting, fills in the username and
/// focuses the password. On a USER_AUTH pool it follows the sign-in screen instead: the username is
/// filled in, Continue asks the pool for its methods, and the method choice (password, a code by email
/// or text message) and any code screen follow inside the prompt. Signing in resumes the waiting calls;
/// Esc (or Cancel) releases them with `releaseSignInWait`. A challenge (MFA, new password) is answered
/// inside the prompt.
public struct ReloginPromptState: Equatable, Sendable {
    /// The state that opened the prompt.
    public var reason: UserState
    /// Why: expired, revoked, … (from the refresh failure the core reported).
    public var cause: ReloginCause = .unknown
    /// How many calls wait for the sign-in.
    public var waitingCount: Int
    /// The sign-in form (no links; Cancel always allowed).
    public var signIn: SignInState
    /// The challenge being answered, if the sign-in asked for one.
    public var challenge: ChallengeState?
    /// The password policy (for a new-password challenge).
    public var policy: PasswordPolicy

    /// Whether the pool's USER_AUTH flow is used (the method choice follows the username).
    public var choosesMethod: Bool
    /// Whether the sign-in form asks for a password (not for CUSTOM_AUTH without SRP).
    public var asksForPassword: Bool
    /// Whether "Use a passkey" is offered (a passkey authenticator is set up), so waiting calls resume after a touch.
    public var offersPasskey = false {
        didSet {
            signIn.offersPasskey = offersPasskey
            challenge?.allowPasskey(offersPasskey)
        }
    }

    /// Opens the prompt with the username filled in and the password focused (with `choosesMethod`,
    /// Continue focused: the pool's methods come next).
    public init(
        reason: UserState, username: String, waitingCount: Int, policy: PasswordPolicy = .cognitoDefault,
        choosesMethod: Bool = false, usernameKind: UsernameKind = .username, asksForPassword: Bool = true
    ) {
        self.reason = reason
        self.waitingCount = waitingCount
        self.choosesMethod = choosesMethod
        self.asksForPassword = asksForPassword
        self.signIn = Self.makeSignIn(
            username: username, notice: nil, choosesMethod: choosesMethod, usernameKind: usernameKind,
            asksForPassword: asksForPassword)
        self.challenge = nil
        self.policy = policy
    }

    static func makeSignIn(
        username: String, notice: String?, choosesMethod: Bool, usernameKind: UsernameKind, asksForPassword: Bool
    ) -> SignInState {
        var state = SignInState(
            username: username, notice: notice, showsCreateAccount: false, showsForgotPassword: asksForPassword,
            canCancel: true)
        state.usernameKind = usernameKind
        state.choosesMethod = choosesMethod
        state.asksForPassword = asksForPassword
        if !state.showsPassword && !username.isEmpty { state.focus = .signIn }
        return state
    }

    /// The sign-in form again for `username`, with `notice` (back from a reset started here: "Password
    /// changed. Sign in with the new password."), the password focused.
    mutating func returned(username: String, notice: String?) {
        challenge = nil
        signIn = Self.makeSignIn(
            username: username, notice: notice, choosesMethod: choosesMethod, usernameKind: signIn.usernameKind,
            asksForPassword: asksForPassword)
        signIn.offersPasskey = offersPasskey
    }

    /// The prompt's title: "Sign in again".
    public var title: String { ScreenText.reloginTitle }

    /// Why the prompt opened: "Your session was revoked: … Sign in again to continue."
    public var message: String { ScreenText.reloginReason(reason, cause: cause) }

    /// "2 calls are waiting for you to sign in."
    public var waitingText: String { ScreenText.waitingCalls(waitingCount) }

    /// Whether a request is running.
    public var isInFlight: Bool { challenge?.isInFlight ?? signIn.isInFlight }

    /// The status-line verb while in flight.
    public var activity: String? { challenge.map { $0.activity } ?? signIn.activity }

    /// Whether the visible form has a text field.
    public var hasTextField: Bool { challenge?.hasTextField ?? true }

    /// The username being signed in.
    public var username: String { challenge?.username ?? signIn.trimmedUsername }
}

/// What happened in the re-login prompt.
public enum ReloginPromptAction: Sendable {
    /// A key was pressed.
    case keyPressed(Key)
    /// An action for the sign-in form.
    case signIn(SignInAction)
    /// An action for the challenge form.
    case challenge(ChallengeAction)
    /// The number of calls waiting for sign-in changed.
    case waitingCountChanged(Int)
}

/// The re-login prompt's requests: its sign-in form's and its challenge's, sent as the prompt's own so
/// that their answers come home to it (`AppAction.relogin`), whatever shows when they arrive.
public enum ReloginRequest: Hashable, Sendable {
    /// The prompt's sign-in form's request.
    case signIn(SignInRequest)
    /// The prompt's challenge's request (an answer, a method, a new code).
    case challenge(ChallengeRequest)

    /// Calls `service` and returns the prompt's action its answer comes back as.
    func perform(on service: some AuthClientService) async -> ReloginPromptAction? {
        switch self {
        case .signIn(let request): return await request.perform(on: service).map(ReloginPromptAction.signIn)
        case .challenge(let request): return await request.perform(on: service).map(ReloginPromptAction.challenge)
        }
    }
}

extension ReloginPromptState {
    /// Applies an action. Returns effects and the routes `.signedIn` (close, calls resume) or `.cancelled` (close).
    package mutating func reduce(_ action: ReloginPromptAction) -> [ScreenEffect] {
        switch action {
        case .keyPressed(let key):
            if challenge != nil { return reduce(.challenge(.keyPressed(key))) }
            return reduce(.signIn(.keyPressed(key)))
        case .signIn(let signInAction):
            return resolve(signIn.reduce(signInAction))
        case .challenge(let challengeAction):
            guard var current = challenge else { return [] }
            let effects = current.reduce(challengeAction)
            challenge = current
            return resolve(effects)
        case .waitingCountChanged(let count):
            waitingCount = count
            return []
        }
    }

    private mutating func resolve(_ effects: [ScreenEffect]) -> [ScreenEffect] {
        var result: [ScreenEffect] = []
        for effect in effects {
            switch effect {
            case .run(.screen(.signIn(let request))): result.append(.run(.relogin(.signIn(request))))
            case .run(.screen(.challenge(let request))): result.append(.run(.relogin(.challenge(request))))
            case .run: result.append(effect)
            case .route(.signedIn): result.append(effect)
            case .route(.cancelled):
                result.append(.run(.session(.releaseSignInWait)))
                result.append(effect)
            case .route(.challenge(let step, let username)):
                if var next = ChallengeState(step: step, username: username, policy: policy) {
                    next.allowPasskey(offersPasskey)
                    challenge = next
                } else {
                    result.append(.route(.signedIn))
                }
            case .route(.signInCode(let step, let username, let method)):
                // A first-factor code (USER_AUTH EMAIL_OTP / SMS_OTP): its Resend code asks for the same method.
                switch step {
                case .emailOTP(let details):
                    challenge = .code(
                        CodeChallengeState(username: username, kind: .email(details), resend: .method(method)))
                case .smsOTP(let details):
                    challenge = .code(
                        CodeChallengeState(username: username, kind: .sms(details), resend: .method(method)))
                default:
                    if let next = ChallengeState(step: step, username: username, policy: policy) {
                        challenge = next
                    } else {
                        result.append(.route(.signedIn))
                    }
                }
            case .route(.forgotPassword):
                result.append(effect)
            case .route(.signIn(let username, let notice)):
                returned(username: username, notice: notice)
            case .route:
                break
            }
        }
        return result
    }
}

// MARK: Registered with the app (AppState+Modal.swift lists the case)

extension ModalOpening {
    /// The re-login prompt, for the user named on the dashboard; nothing when it is open already.
    package static let relogin = ModalOpening("relogin") { app in
        app.relogin == nil ? Opened(modal: .relogin(app.makeReloginPrompt()), clearsStatus: true) : nil
    }
}

extension AppAction {
    /// An action for the re-login prompt (its own requests' answers come back as this).
    package static func relogin(_ action: ReloginPromptAction) -> AppAction { .modal(.relogin(action)) }
}

extension AuthEffect {
    /// The re-login prompt's request; its answer comes back to the prompt.
    package static func relogin(_ request: ReloginRequest) -> AuthEffect { .modal(.relogin(request)) }
}
