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
    /// What is running ("Loading devices…"), or nil.
    public var activity: String?
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

    /// The selected device, if any.
    public var selected: DeviceInfo? { devices.indices.contains(selection) ? devices[selection] : nil }

    /// The rows, with times in `timeZone`.
    public func rows(timeZone: TimeZone) -> [DeviceRow] {
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
    /// The view just opened: it loads the list.
    package static func opening() -> (DevicesState, [ScreenEffect]) {
        var state = DevicesState()
        state.activity = ScreenText.loadingDevices
        return (state, [.run(.loadDevices)])
    }

    /// Applies an action and returns the effects (and `.route(.dashboard)` to close).
    package mutating func reduce(_ action: DevicesAction) -> [ScreenEffect] {
        switch action {
        case .keyPressed(let key): return keyPressed(key)
        case .loaded(let result):
            activity = nil
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
            activity = ScreenText.loadingDevices
            return [.run(.loadDevices)]
        }
    }

    private mutating func keyPressed(_ key: Key) -> [ScreenEffect] {
        if let key0 = confirmingForget {
            confirmingForget = nil
            guard key.isCharacter("y") || key.isCharacter("Y") else {
                notice = ScreenText.forgetCancelled
                return []
            }
            return start(.forget(deviceKey: key0), ScreenText.forgettingDevice)
        }
        switch key {
        case .escape, .character("v"): return [.route(.dashboard)]
        case .up: selection = max(0, selection - 1)
        case .down: selection = min(max(0, devices.count - 1), selection + 1)
        case .character("l"):
            guard activity == nil else { return [] }
            activity = ScreenText.loadingDevices
            return [.run(.loadDevices)]
        case .character("f"):
            guard activity == nil, let device = selected else { return [] }
            if device.isCurrent {
                confirmingForget = device.deviceKey
                return []
            }
            return start(.forget(deviceKey: device.deviceKey), ScreenText.forgettingDevice)
        case .character("r"):
            guard activity == nil, let device = selected else { return [] }
            let remembered = device.rememberedStatus != "remembered"
            return start(
                .remember(deviceKey: device.deviceKey, remembered: remembered),
                remembered ? ScreenText.rememberingDevice : ScreenText.unrememberingDevice)
        default: break
        }
        return []
    }

    private mutating func start(_ change: DeviceChange, _ verb: String) -> [ScreenEffect] {
        activity = verb
        notice = nil
        error = nil
        return [.run(.changeDevice(change))]
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
        if key.isCharacter("y") || key.isCharacter("Y") { return .remember(deviceKey: nil, remembered: true) }
        if key.isCharacter("n") || key.isCharacter("N") { return .remember(deviceKey: nil, remembered: false) }
        return nil
    }
}

extension ScreenText {
    /// The Devices view's title.
    public static var devicesTitle: String { Localized.text("devicesTitle") }
    /// The dashboard hint and help line.
    public static var hintDevices: String { Localized.text("hintDevices") }
    /// The status line while `listUserDevices()` runs: "Loading devices…".
    public static var loadingDevices: String { Localized.text("loadingDevices") }
    /// The status line while `forgetDevice(_:)` runs: "Forgetting the device…".
    public static var forgettingDevice: String { Localized.text("forgettingDevice") }
    /// The status line while a device is being marked remembered: "Remembering the device…".
    public static var rememberingDevice: String { Localized.text("rememberingDevice") }
    /// The status line while a device is being marked not remembered.
    public static var unrememberingDevice: String { Localized.text("unrememberingDevice") }
    /// A device row's status when the device is remembered: "remembered".
    public static var deviceRemembered: String { Localized.text("deviceRemembered") }
    /// A device row's status when the device is not remembered: "not remembered".
    public static var deviceNotRemembered: String { Localized.text("deviceNotRemembered") }
    /// A device without a name.
    public static var deviceNoName: String { Localized.text("deviceNoName") }
    /// The marker of this machine's device.
    public static var thisMachine: String { Localized.text("thisMachine") }
    /// The text shown in place of the list when the user has no devices.
    public static var noDevices: String { Localized.text("noDevices") }
    /// The forget confirmation for this machine.
    public static var confirmForgetThisMachine: String { Localized.text("confirmForgetThisMachine") }
    /// Forgetting this machine was declined.
    public static var forgetCancelled: String { Localized.text("forgetCancelled") }
    /// The Devices view's key hints.
    public static var devicesHints: [String] {
        [
            "devicesHints.select",
            "devicesHints.forget",
            "devicesHints.remember",
            "devicesHints.back",
            "devicesHints.quit",
            "devicesHints.reload",
        ].map(Localized.text)
    }
    /// The Devices view's help.
    public static var devicesHelp: [String] {
        [
            "devicesHelp.select",
            "devicesHelp.forget",
            "devicesHelp.remember",
            "devicesHelp.reload",
            "devicesHelp.back",
            "devicesHelp.help",
            "devicesHelp.quit",
        ].map(Localized.text)
    }
    /// The remember-device prompt's title: "Remember this device?".
    public static var rememberDeviceTitle: String { Localized.text("rememberDeviceTitle") }
    /// The remember-device prompt's explanation of what remembering does.
    public static var rememberDeviceMessage: String { Localized.text("rememberDeviceMessage") }
    /// The remember-device prompt's key line: "y remember · n don't · any other key: ask later".
    public static var rememberDeviceFooter: String { Localized.text("rememberDeviceFooter") }

    /// "1a2b3c4d…": the first 8 characters of the id after the region (the same for every device).
    public static func shortDeviceKey(_ key: String) -> String {
        let clean = TerminalText.sanitized(key)
        let id = clean.firstIndex(of: "_").map { clean[clean.index(after: $0)...] } ?? clean[...]
        return String(id.prefix(8)) + (id.count > 8 ? "…" : "")
    }

    /// "2023-11-14 22:13" in `timeZone`.
    public static func dateTime(_ date: Date, timeZone: TimeZone) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let p = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: date)
        return String(
            format: "%04d-%02d-%02d %02d:%02d", p.year ?? 0, p.month ?? 0, p.day ?? 0, p.hour ?? 0, p.minute ?? 0)
    }

    /// The outcome of a change: "Device forgotten.".
    public static func deviceChanged(_ change: DeviceChange) -> String {
        switch change {
        case .forget: return Localized.text("deviceChanged.forget")
        case .remember(_, true): return Localized.text("deviceChanged.remembered")
        case .remember(_, false): return Localized.text("deviceChanged.notRemembered")
        }
    }

    /// The dashboard log line of the remember prompt's answer.
    static func rememberAnswerLogged(_ change: DeviceChange, _ result: Result<Void, AuthError>) -> String {
        switch result {
        case .success: return Localized.format("devicesLog", ["message": deviceChanged(change)])
        case .failure(let error): return Localized.format("devicesLog.failed", ["message": shortError(error)])
        }
    }
}
