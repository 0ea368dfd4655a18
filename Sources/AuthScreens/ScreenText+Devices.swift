import CognitoAuth
import Foundation
import LatchkeyText
import TerminalKeys

/// The Devices view (`v` on the dashboard) and the remember-this-device prompt.
extension ScreenText {
    /// The Devices view's title.
    public static var devicesTitle: String { Localized.text(\.devicesTitle) }
    /// The status line while `listDevices(pageSize:)` runs: "Loading devices…".
    public static var loadingDevices: String { Localized.text(\.loadingDevices) }
    /// The status line while `forgetDevice(_:)` runs: "Forgetting the device…".
    public static var forgettingDevice: String { Localized.text(\.forgettingDevice) }
    /// The status line while a device is being marked remembered: "Remembering the device…".
    public static var rememberingDevice: String { Localized.text(\.rememberingDevice) }
    /// The status line while a device is being marked not remembered.
    public static var unrememberingDevice: String { Localized.text(\.unrememberingDevice) }
    /// A device row's status when the device is remembered: "remembered".
    public static var deviceRemembered: String { Localized.text(\.deviceRemembered) }
    /// A device row's status when the device is not remembered: "not remembered".
    public static var deviceNotRemembered: String { Localized.text(\.deviceNotRemembered) }
    /// A device without a name.
    public static var deviceNoName: String { Localized.text(\.deviceNoName) }
    /// The marker of this machine's device.
    public static var thisMachine: String { Localized.text(\.thisMachine) }
    /// The text shown in place of the list when the user has no devices.
    public static var noDevices: String { Localized.text(\.noDevices) }
    /// The forget confirmation for this machine.
    public static var confirmForgetThisMachine: String { ScreenText.namingKeys(\.confirmForgetThisMachine) }
    /// Forgetting this machine was declined.
    public static var forgetCancelled: String { Localized.text(\.forgetCancelled) }
    /// The Devices view's key hints, made from its key bindings (`DevicesState.keyBindings`).
    public static var devicesHints: [String] { DevicesState.bindingHints.map(\.text) }
    /// The Devices view's help, made from its key bindings.
    public static var devicesHelp: [String] { DevicesState.helpLines }
    /// The remember-device prompt's title: "Remember this device?".
    public static var rememberDeviceTitle: String { Localized.text(\.rememberDeviceTitle) }
    /// The remember-device prompt's explanation of what remembering does.
    public static var rememberDeviceMessage: String { Localized.text(\.rememberDeviceMessage) }
    /// The remember-device prompt's key line: "y remember · n don't · any other key: ask later".
    public static var rememberDeviceFooter: String {
        let answers = [
            AnswerKeys.binding(.yes).hint(\.rememberDeviceYes), AnswerKeys.binding(.no).hint(\.rememberDeviceNo),
        ]
        let later = Localized.text(\.hintAnyOtherKey) + ": " + Localized.text(\.rememberDeviceLater)
        return (answers.map(\.text) + [later]).joined(separator: hintSeparator)
    }

    /// "1a2b3c4d…": the first 8 characters of the id after the region (the same for every device).
    public static func shortDeviceKey(_ key: String) -> String {
        let clean = TerminalText.sanitized(key)
        let id = clean.firstIndex(of: "_").map { clean[clean.index(after: $0)...] } ?? clean[...]
        return String(id.prefix(8)) + (id.count > 8 ? "…" : "")
    }

    /// "2023-11-14 22:13" in `timeZone` (the system's local time when nil), the date clamped to
    /// 1970...2100 as the core clamps server times.
    public static func dateTime(_ date: Date, timeZone: TimeZone?) -> String {
        TimeFormatting.dateTime(ClaimTime.clamped(date), timeZone: timeZone)
    }

    /// The outcome of a change: "Device forgotten.".
    public static func deviceChanged(_ change: DeviceChange) -> String {
        switch change {
        case .forget: return Localized.text(\.deviceChangedForget)
        case .remember(_, true): return Localized.text(\.deviceChangedRemembered)
        case .remember(_, false): return Localized.text(\.deviceChangedNotRemembered)
        }
    }

    /// The dashboard log line of the remember prompt's answer.
    static func rememberAnswerLogged(_ change: DeviceChange, _ result: Result<Void, AuthError>) -> String {
        switch result {
        case .success: return Localized.format(\.devicesLog, ["message": deviceChanged(change)])
        case .failure(let error): return Localized.format(\.devicesLogFailed, ["message": shortError(error)])
        }
    }
}
