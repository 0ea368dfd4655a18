import CognitoAuth
import Foundation
import LatchkeyText
import TerminalKeys

/// The step-up prompt: the modal that opens over the dashboard when a call asks for a higher
/// authentication level than the session has.
extension ScreenText {
    /// The prompt's title: "Confirm it's you".
    public static var stepUpTitle: String { Localized.text(\.stepUpTitle) }
    /// "This needs a stronger sign-in ({acr}). Give the one factor still missing."
    public static func stepUpMessage(_ acr: String) -> String { Localized.format(\.stepUpMessage, ["acr": acr]) }
    /// "1 call is waiting for it." / "{count} calls are waiting for it."
    public static func stepUpWaiting(_ count: Int) -> String {
        count == 1
            ? Localized.text(\.stepUpWaitingOne) : Localized.format(\.stepUpWaitingOther, ["count": String(count)])
    }
    /// The status-line verb while the pool is asked what is missing.
    public static var stepUpStarting: String { Localized.text(\.stepUpStarting) }
    /// Said when the pool asks for a factor the prompt cannot take (a passkey, a method choice).
    public static var stepUpUnsupported: String { Localized.text(\.stepUpUnsupported) }
    /// The status-line verb while the passkey ceremony runs: "Waiting for the passkey…".
    public static var stepUpPasskeyActivity: String { Localized.text(\.passkeyActivity) }
    /// "The pool asks for your passkey: touch your security key when it asks."
    public static var stepUpPasskeyTouch: String { Localized.text(\.stepUpPasskeyTouch) }
    /// After a failed passkey: "Use your passkey again, or cancel: the calls waiting for it then fail."
    public static var stepUpPasskeyRetry: String { Localized.text(\.stepUpPasskeyRetry) }
    /// The status line after Esc: the waiting calls failed.
    public static var stepUpCancelledStatus: String { Localized.text(\.stepUpCancelledStatus) }
    /// The event log's line after a step-up.
    public static func steppedUp(_ acr: String) -> String { Localized.format(\.steppedUpLog, ["acr": acr]) }
    /// The event log's line when calls start waiting behind a step-up.
    public static func stepUpRequiredLog(acr: String, waiting: Int) -> String {
        Localized.format(\.stepUpRequiredLog, ["acr": acr, "count": String(waiting)])
    }
    /// One line of the waiting calls panel for a call waiting behind a step-up.
    public static func pendingCallStepUp(label: String, waited: String) -> String {
        Localized.format(\.pendingCallStepUp, ["label": label, "waited": waited])
    }
}

extension DashboardState {
    /// How many calls wait behind a step-up.
    public var callsWaitingForStepUp: Int { pendingCalls.filter { $0.reason == .stepUp }.count }
}

extension StepUpPromptState: ScreenModel {
    var hintEntries: [HintEntry]? {
        let cancel = FormKeys.escape.hint(\.hintEscCancel)
        if let challenge, problem == nil { return challenge.hints(escape: cancel) }
        if canRetryPasskey { return [FormKeys.enter.hint(\.stepUpHintUsePasskey), cancel] }
        return [cancel]
    }
    var hidesHelpHint: Bool { activity != nil }
    var helpLines: [String]? { hasTextField ? FormKeys.formHelpLines : FormKeys.choiceHelpLines }
    static func action(for key: Key) -> StepUpPromptAction { .keyPressed(key) }
}
