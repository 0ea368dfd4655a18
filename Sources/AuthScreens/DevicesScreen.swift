import CognitoAuth
import Foundation
import TerminalKeys

/// A change to one device, as data: remember or not, or forget.
public enum DeviceChange: Hashable, Sendable {
    /// `setDeviceRemembered(_:deviceKey:)`; a nil key means this machine's device.
    case remember(deviceKey: String?, remembered: Bool)
    /// Forgets device `deviceKey` with `forgetDevice(_:)`, removing it from the list.
    case forget(deviceKey: String)
}

/// One line of the Devices view, every field ready to show (server text sanitised).
public struct DeviceRow: Hashable, Sendable {
    /// The device's name, or "(no name)".
    public var name: String
    /// The key shortened to the id's first 8 characters: "1a2b3c4d…" (the region is the pool's).
    public var shortKey: String
    /// "remembered", "not remembered" or "?".
    public var remembered: String
    /// "2023-11-14 22:13 · 10.0.0.1" (last sign-in and IP), or "" when the pool says nothing.
    public var lastUsed: String
    /// Whether it is this machine's device.
    public var isCurrent: Bool
}

/// The Devices view (`v` on the dashboard): the user's devices, this machine marked, with keys to
/// forget one or toggle whether it is remembered.
///
/// Keys: ↑/↓ select, `f` forget (asks first for this machine), `r` remember / stop remembering,
/// `l` reload, Esc or `v` back to the dashboard.
public struct DevicesState: Equatable, Sendable {
    /// The devices as last listed.
    public var devices: [DeviceInfo] = []
    /// Whether a list has arrived at least once.
    public var hasLoaded = false
    /// The request in flight, or nil: the one model of "in flight", as on the forms.
    public var request: DevicesRequest?
    /// The index of the highlighted device row, moved with ↑/↓.
    public var selection = 0
    /// The key of this machine's device while "Forget this machine?" waits for `y`.
    public var confirmingForget: String?
    /// The last error, sanitised.
    public var error: String?
    /// The last outcome ("Device forgotten.").
    public var notice: String?

    /// Creates the view, loading.
    public init() {}

    /// What is running ("Loading devices…"), or nil.
    public var activity: String? {
        switch request {
        case .load?: return ScreenText.loadingDevices
        case .change(.forget)?: return ScreenText.forgettingDevice
        case .change(.remember(_, let remembered))?:
            return remembered ? ScreenText.rememberingDevice : ScreenText.unrememberingDevice
        case nil: return nil
        }
    }

    /// The selected device, if any.
    public var selected: DeviceInfo? { devices.indices.contains(selection) ? devices[selection] : nil }

    /// The rows, with times in `timeZone` (the system's local time when nil).
    public func rows(timeZone: TimeZone?) -> [DeviceRow] {
        devices.map { device in
            let name = device.name.map { TerminalText.sanitized($0) }.flatMap { $0.isEmpty ? nil : $0 }
            let remembered: String
            switch device.rememberedStatus {
            case "remembered": remembered = ScreenText.deviceRemembered
            case "not_remembered": remembered = ScreenText.deviceNotRemembered
            default: remembered = "?"
            }
            var used: [String] = []
            if let last = device.lastAuthenticated {
                used.append(ScreenText.dateTime(last, timeZone: timeZone))
            }
            if let ip = device.lastIPUsed.map({ TerminalText.sanitized($0) }), !ip.isEmpty { used.append(ip) }
            return DeviceRow(
                name: name ?? ScreenText.deviceNoName, shortKey: ScreenText.shortDeviceKey(device.deviceKey),
                remembered: remembered, lastUsed: used.joined(separator: " · "), isCurrent: device.isCurrent)
        }
    }

    /// The message when the list is empty.
    public var emptyText: String? {
        guard hasLoaded, devices.isEmpty, error == nil else { return nil }
        return ScreenText.noDevices
    }
}

/// A Devices view request: the call to make, and (while it runs) the view's one model of "in flight".
public enum DevicesRequest: Hashable, Sendable {
    /// `listDevices(pageSize:)`; answered by `DevicesAction.loaded`.
    case load
    /// A remember, un-remember (`setDeviceRemembered(_:deviceKey:)`) or forget (`forgetDevice(_:)`);
    /// answered by `DevicesAction.changeFinished`.
    case change(DeviceChange)

    /// Calls `service` and returns the action the answer comes back as (nil when cancelled).
    func perform(on service: some AuthClientService) async -> DevicesAction? {
        switch self {
        case .load:
            return await AuthEffect.outcome { try await service.listDevices(pageSize: 60) }.map { .loaded($0) }
        case .change(let change):
            return await AuthEffect.outcome {
                switch change {
                case .remember(let key, let remembered):
                    try await service.setDeviceRemembered(remembered, deviceKey: key)
                case .forget(let key): try await service.forgetDevice(key)
                }
            }.map { .changeFinished(change, $0) }
        }
    }
}

/// What happened in the Devices view.
public enum DevicesAction: Sendable {
    /// A key was pressed.
    case keyPressed(Key)
    /// The list arrived (or failed).
    case loaded(Result<[DeviceInfo], AuthError>)
    /// A remember, un-remember or forget finished: done, or why not.
    case changeFinished(DeviceChange, Result<Void, AuthError>)
}

extension DevicesState {
    /// The view just opened over `app`'s dashboard: it loads the list.
    package static func opening(over app: AppState) -> (DevicesState, [ScreenEffect]) {
        var state = DevicesState()
        state.request = .load
        return (state, [.run(.devices(.load))])
    }

    /// Applies an action and returns the effects (and `.route(.closeModal)` to close).
    package mutating func reduce(_ action: DevicesAction) -> [ScreenEffect] {
        switch action {
        case .keyPressed(let key): return keyPressed(key)
        case .loaded(let result):
            request = nil
            switch result {
            case .success(let list):
                devices = list
                hasLoaded = true
                error = nil
                selection = min(selection, max(0, list.count - 1))
            case .failure(let failure):
                hasLoaded = true
                error = ScreenText.shortError(failure)
            }
            return []
        case .changeFinished(let change, let result):
            switch result {
            case .success:
                error = nil
                notice = ScreenText.deviceChanged(change)
            case .failure(let failure):
                error = ScreenText.shortError(failure)
            }
            request = .load
            return [.run(.devices(.load))]
        }
    }

    /// Starts `change`, clearing the notice and the error.
    mutating func start(_ change: DeviceChange) -> [ScreenEffect] {
        request = .change(change)
        notice = nil
        error = nil
        return [.run(.devices(.change(change)))]
    }
}

/// "Remember this device? (y/n)": offered once after a sign-in on a pool that remembers devices only
/// on the user's prompt. Any key closes it; `y` remembers, `n` records "not remembered".
public struct RememberDevicePromptState: Equatable, Sendable {
    /// This machine's device key.
    public var deviceKey: String

    /// Creates the prompt for this machine's device `deviceKey`.
    public init(deviceKey: String) { self.deviceKey = deviceKey }

    /// The answer for `key`: the change to make, or nil to just close.
    public func answer(_ key: Key) -> DeviceChange? {
        switch AnswerKeys.answer(key) {
        case .yes?: return .remember(deviceKey: nil, remembered: true)
        case .no?: return .remember(deviceKey: nil, remembered: false)
        case nil: return nil
        }
    }
}

// MARK: Registered with the app (AppState+Modal.swift lists the case)

extension ModalOpening {
    /// The Devices view, loading the list.
    package static let devices = ModalOpening("devices") { app in
        let (state, effects) = DevicesState.opening(over: app)
        return Opened(modal: .devices(state), effects: effects)
    }
}

extension AppAction {
    /// An action for the Devices view.
    package static func devices(_ action: DevicesAction) -> AppAction { .modal(.devices(action)) }
}

extension AuthEffect {
    /// The Devices view's (or the remember prompt's) request; its answer comes back to the view.
    package static func devices(_ request: DevicesRequest) -> AuthEffect { .modal(.devices(request)) }
}
