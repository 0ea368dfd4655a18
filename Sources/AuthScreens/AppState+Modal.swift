import CognitoAuth
import Foundation
import LatchkeyText
import TerminalKeys

// The modals over the dashboard, registered in one place: their cases, their actions and requests
// (nested, so an answer comes home to the modal that asked), their view models, the keys they take,
// and the key paths ``scope(_:_:)`` reduces them through. A new overlay is a case in each list here,
// its own file (state, action, request, opening, presentation), its drawing in `AppView+<Name>.swift`
// (a `DrawnModal` conformance) unless it is a panel, the key that opens it, and its words.

extension AppState {
    /// What shows over the dashboard, at most one at a time. ``AppState/modal`` holds it, and only while
    /// the base is the dashboard: an overlay cannot outlive the screen it belongs to.
    public enum Modal: Equatable, Sendable {
        /// The re-login prompt (the session needs a sign-in; calls may be waiting).
        case relogin(ReloginPromptState)
        /// The Devices view (`v`).
        case devices(DevicesState)
        /// The Sessions view (`S`).
        case sessions(SessionsState)
        /// The Profile view (`p`).
        case profile(ProfileState)
        /// "Remember this device?", offered once after a sign-in.
        case rememberDevice(RememberDevicePromptState)
        /// The Accounts chooser (`a`).
        case accounts(AccountPickerState)
        /// A yes/no question, such as "Sign out everywhere?" (`O`), answered with `y`.
        case question(DashboardQuestion)
        /// `y` waits for the token to copy (`i` or `a`).
        case copyToken
        /// The step-up prompt (a call needs a higher authentication level; StepUpPrompt.swift).
        case stepUp(StepUpPromptState)
        /// The Passkeys view (`k`).
        case passkeys(PasskeysState)
    }

    /// The Passkeys view, when it is the modal; setting a value opens it, nil closes it.
    public var passkeysView: PasskeysState? {
        get { if case .passkeys(let state) = modal { state } else { nil } }
        set { present(newValue.map(Modal.passkeys), closing: passkeysView != nil) }
    }

    /// The re-login prompt, when it is the modal; setting a value opens it, nil closes it.
    public var relogin: ReloginPromptState? {
        get { if case .relogin(let state) = modal { state } else { nil } }
        set { present(newValue.map(Modal.relogin), closing: relogin != nil) }
    }

    /// The Devices view, when it is the modal; setting a value opens it, nil closes it.
    public var devices: DevicesState? {
        get { if case .devices(let state) = modal { state } else { nil } }
        set { present(newValue.map(Modal.devices), closing: devices != nil) }
    }

    /// The Sessions view, when it is the modal; setting a value opens it, nil closes it.
    public var sessions: SessionsState? {
        get { if case .sessions(let state) = modal { state } else { nil } }
        set { present(newValue.map(Modal.sessions), closing: sessions != nil) }
    }

    /// The Profile view, when it is the modal; setting a value opens it, nil closes it.
    public var profile: ProfileState? {
        get { if case .profile(let state) = modal { state } else { nil } }
        set { present(newValue.map(Modal.profile), closing: profile != nil) }
    }

    /// "Remember this device?", when it is the modal; setting a value opens it, nil closes it.
    public var rememberDevicePrompt: RememberDevicePromptState? {
        get { if case .rememberDevice(let state) = modal { state } else { nil } }
        set { present(newValue.map(Modal.rememberDevice), closing: rememberDevicePrompt != nil) }
    }

    /// The Accounts chooser, when it is the modal; setting a value opens it, nil closes it.
    public var accountPicker: AccountPickerState? {
        get { if case .accounts(let state) = modal { state } else { nil } }
        set { present(newValue.map(Modal.accounts), closing: accountPicker != nil) }
    }

    /// Whether `y` on the dashboard waits for the token to copy (`i` or `a`).
    public var isChoosingTokenToCopy: Bool { modal == .copyToken }

    /// Opens `newModal`, or (nil) closes the modal when `closing` says the one being set is showing.
    private mutating func present(_ newModal: Modal?, closing: Bool) {
        if let newModal {
            modal = newModal
        } else if closing {
            modal = nil
        }
    }

    /// The modal's view model, or nil when no modal shows.
    var modalModel: (any ScreenPresentation)? {
        switch modal {
        case .relogin(let state): return state
        case .devices(let state): return state
        case .sessions(let state): return state
        case .profile(let state): return state
        case .rememberDevice(let state): return state
        case .accounts(let state): return state
        case .question(let question): return question
        case .copyToken: return TokenCopyChoice()
        case .stepUp(let state): return state
        case .passkeys(let state): return state
        case nil: return nil
        }
    }

    /// The box of text the modal shows, when it is of that kind (the renderer draws every panel alike).
    public var modalPanel: ModalPanel? { modalModel?.panel }

    /// A key for the modal: the effects, or nil when no modal shows.
    mutating func modalKeyPressed(_ key: Key) -> [AuthEffect]? {
        switch modal {
        case .relogin: return reduceRelogin(.keyPressed(key))
        case .devices: return reduceModal(.devices(.keyPressed(key)))
        case .sessions: return reduceModal(.sessions(.keyPressed(key)))
        case .profile: return reduceModal(.profile(.keyPressed(key)))
        case .rememberDevice: return scope(\.rememberDevicePrompt) { $0.reduce(key) }
        case .accounts: return scope(\.accountPicker) { $0.reduce(key) }
        case .copyToken:
            var choice = TokenCopyChoice()
            return perform(choice.reduce(key))
        case .question(var question): return perform(question.reduce(key))
        case .stepUp: return reduceStepUp(.keyPressed(key))
        case .passkeys: return reduceModal(.passkeys(.keyPressed(key)))
        case nil: return nil
        }
    }

    /// The modal's view model, for a renderer to draw (nil when no modal shows).
    public var modalContent: Any? { modalModel }

    /// A modal's action: to the modal it is for (an answer for a modal that closed meanwhile is dropped).
    mutating func reduceModal(_ action: ModalAction) -> [AuthEffect] {
        switch action {
        case .relogin(let action): return reduceReloginAnswer(action)
        case .devices(let action): return reduceDevices(action)
        case .sessions(let action): return scope(\.sessions) { $0.reduce(action) }
        case .profile(let action): return reduceProfile(action)
        case .stepUp(let action): return reduceStepUp(action)
        case .passkeys(let action): return scope(\.passkeysView) { $0.reduce(action) }
        }
    }
}

/// What happens inside a modal that has actions of its own, nested by modal.
public enum ModalAction: Sendable {
    /// For the re-login prompt (its own requests' answers, never another view's).
    case relogin(ReloginPromptAction)
    /// For the Devices view (and the answer to "Remember this device?").
    case devices(DevicesAction)
    /// For the Sessions view.
    case sessions(SessionsAction)
    /// For the Profile view.
    case profile(ProfileAction)
    /// For the step-up prompt.
    case stepUp(StepUpPromptAction)
    /// For the Passkeys view.
    case passkeys(PasskeysAction)
}

/// A modal's request: its answer comes back to the same modal (``ModalAction``).
public enum ModalRequest: Hashable, Sendable {
    /// The re-login prompt's sign-in or challenge.
    case relogin(ReloginRequest)
    /// The Devices view's (or the remember prompt's) request.
    case devices(DevicesRequest)
    /// The Sessions view's request.
    case sessions(SessionsRequest)
    /// The Profile view's request.
    case profile(ProfileRequest)
    /// The step-up prompt's request.
    case stepUp(StepUpRequest)
    /// The Passkeys view's request.
    case passkeys(PasskeysRequest)

    /// How the runtime runs it: the prompt's sign-in is a form's request (Esc cancels it); the views' calls run beside the others.
    var execution: AuthEffect.Execution {
        if case .relogin = self { return .formRequest }
        if case .stepUp(.challenge) = self { return .formRequest }
        return .background
    }

    /// Calls `service` and returns the modal's action its answer comes back as.
    func perform(on service: some AuthClientService) async -> ModalAction? {
        switch self {
        case .relogin(let request): return await request.perform(on: service).map(ModalAction.relogin)
        case .devices(let request): return await request.perform(on: service).map(ModalAction.devices)
        case .sessions(let request): return await request.perform(on: service).map(ModalAction.sessions)
        case .profile(let request): return await request.perform(on: service).map(ModalAction.profile)
        case .stepUp(let request): return await request.perform(on: service).map(ModalAction.stepUp)
        case .passkeys(let request): return await request.perform(on: service).map(ModalAction.passkeys)
        }
    }
}

extension AppState {
    /// The one-second tick for the modal that keeps time (the Sessions view reloads its list by it).
    mutating func modalTicked(_ time: Date) -> [AuthEffect] {
        guard case .sessions = modal else { return [] }
        return reduceModal(.sessions(.ticked(time)))
    }
}

extension AppState.Modal {
    /// Whether the modal takes every key, `q` and `?` included (a question waits for its answer).
    var takesEveryKey: Bool {
        if case .question = self { return true }
        return false
    }
}

/// A view the Profile view links to: its opening, the dashboard's command whose keys open it (so the key is
/// written once) and Profile's help line for it.
struct ProfileViewLink {
    /// How the view opens.
    let opening: ModalOpening
    /// The dashboard's command that opens it; Profile uses the same keys.
    let dashboardCommand: DashboardCommand
    /// Profile's help line for it.
    let help: TextKey
}

extension AppState {
    /// The views Profile opens too, in its help's order: an overlay reachable from Profile adds a line here, and
    /// Profile's own files stay as they are.
    static var viewsOpenedFromProfile: [ProfileViewLink] {
        [
            ProfileViewLink(opening: .sessions, dashboardCommand: .sessions, help: \.profileHelpSessions),
            ProfileViewLink(opening: .passkeys, dashboardCommand: .passkeys, help: \.profileHelpPasskeys),
        ]
    }
}
