import CognitoAuth
import Foundation
import LatchkeyText
import TerminalKeys

/// The step-up prompt over the dashboard: a call asks for a higher authentication level (`acr`) than
/// the session's tokens carry, and waits.
///
/// It says which level is needed and how many calls wait, asks the pool what is missing
/// (`stepUp(acr:maxAge:)`, which credits the factors already used), and asks only for that factor: an
/// email or text-message code, or an authenticator code, or a passkey when an authenticator is set up
/// (``offersPasskey``): the passkey ceremony runs at once, over the prompt, and Enter runs it again after a
/// failure. Completing it resumes the waiting calls; Esc releases them (`releaseStepUpWait`, they fail with a
/// clear error).
public struct StepUpPromptState: Equatable, Sendable {
    /// The levels asked for, in priority order.
    public var acr: [String]
    /// The oldest authentication accepted, in seconds (nil: any).
    public var maxAge: Int?
    /// How many calls wait for the step-up.
    public var waitingCount: Int
    /// The user stepping up.
    public var username: String
    /// The factor being asked for, once the pool said which.
    public var challenge: ChallengeState?
    /// Whether the pool is being asked what is missing.
    public var isStarting: Bool
    /// Why the step-up cannot go on here (a refusal, or a factor this prompt cannot ask for).
    public var problem: String?
    /// Whether a passkey authenticator is set up, so a passkey asked for is answered here.
    public var offersPasskey = false
    /// Whether the pool asked for a passkey (the ceremony runs, or Enter runs it again after a failure).
    public var asksForPasskey = false
    /// Whether the passkey ceremony runs (the chosen WEB_AUTHN is being answered).
    public var isUsingPasskey = false

    /// Opens the prompt for `acr`, waiting for the pool's answer to the step-up it starts.
    public init(acr: [String], maxAge: Int?, waitingCount: Int, username: String) {
        self.acr = acr
        self.maxAge = maxAge
        self.waitingCount = waitingCount
        self.username = username
        self.challenge = nil
        self.isStarting = true
        self.problem = nil
    }

    /// The prompt's title: "Confirm it's you".
    public var title: String { ScreenText.stepUpTitle }
    /// "This needs a stronger sign-in (urn:cognito:loa:2)."
    public var message: String { ScreenText.stepUpMessage(acr.first ?? "") }
    /// "2 calls are waiting for it."
    public var waitingText: String { ScreenText.stepUpWaiting(waitingCount) }
    /// The code form's notice: the level and the waiting calls in one paragraph.
    public var notice: String { Localized.format(\.stepUpNotice, ["message": message, "waiting": waitingText]) }
    /// Whether a request runs.
    public var isInFlight: Bool { isStarting || isUsingPasskey || (challenge?.isInFlight ?? false) }
    /// The status-line verb while in flight.
    public var activity: String? {
        if isUsingPasskey { return ScreenText.stepUpPasskeyActivity }
        return isStarting ? ScreenText.stepUpStarting : challenge?.activity
    }
    /// Whether Enter runs the passkey ceremony again (it failed, and the pool asked for a passkey).
    public var canRetryPasskey: Bool { asksForPasskey && offersPasskey && !isInFlight }
    /// The passkey's line: what happens now, or how to try again.
    public var passkeyText: String? {
        guard asksForPasskey else { return nil }
        return isInFlight ? ScreenText.stepUpPasskeyTouch : ScreenText.stepUpPasskeyRetry
    }
    /// Whether the visible form has a text field.
    public var hasTextField: Bool { challenge?.hasTextField ?? false }
}

/// What happened in the step-up prompt.
public enum StepUpPromptAction: Sendable {
    /// A key was pressed.
    case keyPressed(Key)
    /// The pool answered the step-up: the missing factor's step, `.done`, or why not.
    case started(Result<SignInStep, AuthError>)
    /// An action for the factor's form (its answers come back as this).
    case challenge(ChallengeAction)
    /// The number of calls waiting for the step-up changed.
    case waitingCountChanged(Int)
}

/// The step-up prompt's requests; their answers come home to the prompt.
public enum StepUpRequest: Hashable, Sendable {
    /// `stepUp(acr:maxAge:)`: answered by `started` (a new code is sent by asking again).
    case start(acr: [String], maxAge: Int?)
    /// The factor form's request (the code's answer).
    case challenge(ChallengeRequest)
    /// `selectSignInMethod(.webAuthn)`: the pool offered a choice with a passkey; answered by `started`.
    case usePasskey
    /// `releaseStepUpWait()`: the waiting calls fail (Esc).
    case release

    /// Calls `service` and returns the prompt's action its answer comes back as.
    func perform(on service: some AuthClientService) async -> StepUpPromptAction? {
        switch self {
        case .start(let acr, let maxAge):
            return await AuthEffect.outcome { try await service.stepUp(acr: acr, maxAge: maxAge) }.map { .started($0) }
        case .challenge(let request):
            return await request.perform(on: service).map(StepUpPromptAction.challenge)
        case .usePasskey:
            return await AuthEffect.outcome { try await service.selectSignInMethod(.webAuthn, password: nil) }.map {
                .started($0)
            }
        case .release:
            await service.releaseStepUpWait()
            return nil
        }
    }
}

extension StepUpPromptState {
    /// Applies an action. Returns effects and the routes `.signedIn` (stepped up) or `.cancelled`.
    package mutating func reduce(_ action: StepUpPromptAction) -> [ScreenEffect] {
        switch action {
        case .keyPressed(let key):
            if key == .escape, challenge?.isInFlight != true { return cancel() }
            if key == .enter, canRetryPasskey { return start() }
            guard var current = challenge, problem == nil else { return [] }
            let effects = current.reduce(.keyPressed(key))
            challenge = current
            return resolve(effects)
        case .started(.success(let step)):
            isStarting = false
            isUsingPasskey = false
            if step == .done { return [.route(.signedIn)] }
            if case .selectChallenge(let methods) = step, methods.contains(.webAuthn), offersPasskey {
                // The missing factor is the passkey: its ceremony runs now (the ceremony layer shows it).
                asksForPasskey = true
                isUsingPasskey = true
                return [.run(.stepUp(.usePasskey))]
            }
            guard let next = ChallengeState(step: step, username: username), Self.asksOneFactor(step) else {
                problem = ScreenText.stepUpUnsupported
                return []
            }
            challenge = next
            return []
        case .started(.failure(let error)):
            isStarting = false
            isUsingPasskey = false
            // A WEB_AUTHN challenge is answered inside the step-up itself: a passkey failure means it asked for one,
            // and trying again helps unless the set-up is wrong (no authenticator, no relying party).
            if case .passkey(let failure) = error { asksForPasskey = !failure.isConfigurationProblem }
            problem = ScreenText.challengeBanner(for: error)
            return []
        case .challenge(let action):
            guard var current = challenge else { return [] }
            let effects = current.reduce(action)
            challenge = current
            return resolve(effects)
        case .waitingCountChanged(let count):
            waitingCount = count
            return []
        }
    }

    /// Whether `step` asks for one factor this prompt can take (a code); a passkey or a sign-in
    /// method choice is not asked here.
    static func asksOneFactor(_ step: SignInStep) -> Bool {
        switch step {
        case .emailOTP, .smsOTP, .smsMFA, .softwareTokenMFA: return true
        default: return false
        }
    }

    /// Asks the pool again what is missing (a passkey asked for runs its ceremony again).
    private mutating func start() -> [ScreenEffect] {
        isStarting = true
        problem = nil
        challenge = nil
        return [.run(.stepUp(.start(acr: acr, maxAge: maxAge)))]
    }

    private func cancel() -> [ScreenEffect] {
        // Esc before the ceremony's screen took the keys: the ceremony stops too, not only the waiting calls.
        (isUsingPasskey ? [.run(.cancelPasskeyCeremony)] : []) + [.run(.stepUp(.release)), .route(.cancelled)]
    }

    private mutating func resolve(_ effects: [ScreenEffect]) -> [ScreenEffect] {
        var result: [ScreenEffect] = []
        for effect in effects {
            switch effect {
            case .run(.screen(.challenge(.restartSignIn))), .run(.screen(.challenge(.resendSignInCode))):
                // A new code: the step-up is asked for again, which sends one.
                result += start()
            case .run(.screen(.challenge(let request))): result.append(.run(.stepUp(.challenge(request))))
            case .run: result.append(effect)
            case .route(.signedIn): result.append(effect)
            case .route(.cancelled): result += cancel()
            case .route(.challenge(let step, _)):
                if let next = ChallengeState(step: step, username: username) { challenge = next }
            case .route: break
            }
        }
        return result
    }
}

// MARK: Registered with the app (AppState+Modal.swift lists the case)

extension ModalOpening {
    /// The step-up prompt for the calls waiting behind a step-up; nothing when none waits or it is open.
    package static let stepUp = ModalOpening("stepUp") { app in
        guard app.stepUpPrompt == nil, let call = app.dashboard.pendingCalls.first(where: { $0.reason == .stepUp })
        else { return nil }
        let acr = call.acr.isEmpty ? ["urn:cognito:loa:1"] : call.acr
        let maxAge = call.maxAge.map { Int($0.components.seconds) }
        var prompt = StepUpPromptState(
            acr: acr, maxAge: maxAge, waitingCount: app.dashboard.callsWaitingForStepUp,
            username: app.dashboard.username ?? app.dashboard.session?.username ?? "")
        prompt.offersPasskey = app.options.offersPasskey
        return Opened(
            modal: .stepUp(prompt), effects: [.run(.stepUp(.start(acr: acr, maxAge: maxAge)))], clearsStatus: true)
    }
}

extension AppAction {
    /// An action for the step-up prompt (its own requests' answers come back as this).
    package static func stepUp(_ action: StepUpPromptAction) -> AppAction { .modal(.stepUp(action)) }
}

extension AuthEffect {
    /// The step-up prompt's request; its answer comes back to the prompt.
    package static func stepUp(_ request: StepUpRequest) -> AuthEffect { .modal(.stepUp(request)) }
}

extension AppState {
    /// The step-up prompt, when it is the modal; setting a value opens it, nil closes it.
    public var stepUpPrompt: StepUpPromptState? {
        get { if case .stepUp(let state) = modal { state } else { nil } }
        set {
            if let newValue {
                modal = .stepUp(newValue)
            } else if stepUpPrompt != nil {
                modal = nil
            }
        }
    }

    /// Runs an action in the step-up prompt and follows its routes (stepped up, cancelled).
    mutating func reduceStepUp(_ action: StepUpPromptAction) -> [AuthEffect] {
        guard var prompt = stepUpPrompt else { return [] }
        let effects = prompt.reduce(action)
        stepUpPrompt = prompt
        var result: [AuthEffect] = []
        for effect in effects {
            switch effect {
            case .run(let authEffect): result.append(authEffect)
            case .route(.signedIn):
                dashboard.append(ScreenText.steppedUp(prompt.acr.first ?? ""))
                stepUpPrompt = nil
                statusMessage = nil
            case .route(.cancelled):
                stepUpPrompt = nil
                statusMessage = ScreenText.stepUpCancelledStatus
            case .route: break
            }
        }
        return result
    }

    /// After the waiting calls changed: opens the prompt for a new step-up, keeps its count, and
    /// closes it when no call waits for it any more (a peer stepped up, or the calls gave up).
    mutating func followStepUpCalls() -> [AuthEffect] {
        let waiting = dashboard.callsWaitingForStepUp
        if let prompt = stepUpPrompt {
            if waiting == 0 && !prompt.isInFlight {
                stepUpPrompt = nil
                return []
            }
            return reduceStepUp(.waitingCountChanged(waiting))
        }
        guard waiting > 0, isOnDashboard, modal == nil else { return [] }
        return navigate(.present(.stepUp))
    }
}
