import CognitoAuth
import Foundation
import LatchkeyText

/// The dashboard's event log: one line per thing that happened (sample calls, refreshes, sign-outs,
/// state changes). Server text in a line is sanitised.
extension ScreenText {
    // MARK: Sample calls (GetUser)

    /// The name of sample call `number`, "GetUser #3", in the log and the waiting calls panel; not translated.
    public static func sampleCallLabel(_ number: Int) -> String { "GetUser #\(number)" }
    /// "{call} started", when `c` or `C` starts sample call `number`.
    public static func sampleCallStarted(_ number: Int) -> String {
        Localized.format(\.sampleCallStarted, ["call": sampleCallLabel(number)])
    }
    /// "{call} ok", when sample call `number` succeeded.
    public static func sampleCallOK(_ number: Int) -> String {
        Localized.format(\.sampleCallOk, ["call": sampleCallLabel(number)])
    }
    /// "{call} failed: {message}", when sample call `number` failed.
    public static func sampleCallFailed(_ number: Int, _ message: String) -> String {
        Localized.format(
            \.sampleCallFailed, ["call": sampleCallLabel(number), "message": TerminalText.sanitized(message)])
    }
    /// Sample call `number` failed because the re-login prompt it waited for was cancelled.
    public static func sampleCallCancelled(_ number: Int) -> String {
        Localized.format(\.sampleCallCancelled, ["call": sampleCallLabel(number)])
    }

    // MARK: Session

    /// `r` pressed: "Refresh requested".
    public static var refreshRequested: String { Localized.text(\.refreshRequested) }
    /// `o` pressed: "Signing out…"; also the status line while either sign-out runs.
    public static var signingOut: String { Localized.text(\.signingOut) }
    /// `O` confirmed: "Signing out everywhere…".
    public static var signingOutEverywhere: String { Localized.text(\.signingOutEverywhere) }
    /// A sign-out on this device finished.
    public static var signedOutHere: String { Localized.text(\.signedOutHere) }
    /// A global sign-out finished: refresh tokens revoked everywhere, access tokens valid until they expire.
    public static var signedOutEverywhere: String { Localized.text(\.signedOutEverywhere) }
    /// Connectivity came back after an offline spell.
    public static var backOnline: String { Localized.text(\.backOnline) }
    /// The re-login prompt opened because the session needs a sign-in.
    public static var reloginOpened: String { Localized.text(\.reloginOpened) }

    /// A sign-out's network part failed (`global`: the everywhere sign-out, still signed out here).
    public static func signOutFailed(global: Bool, _ message: String) -> String {
        let message = TerminalText.sanitized(message)
        return global
            ? Localized.format(\.signOutFailedGlobal, ["message": message])
            : Localized.format(\.signOutFailed, ["message": message])
    }
    /// The user state changed: "State: {state} ({username})", without the brackets when no one is signed in.
    public static func stateChanged(_ state: UserState, username: String?) -> String {
        guard let username else { return Localized.format(\.stateChanged, ["state": state.rawValue]) }
        return Localized.format(
            \.stateChangedWithUser, ["state": state.rawValue, "username": TerminalText.sanitized(username)])
    }
    /// The backend became unreachable: "Offline: {message}".
    public static func wentOffline(_ message: String) -> String {
        Localized.format(\.wentOffline, ["message": TerminalText.sanitized(message)])
    }
    /// Tokens were refreshed; `expiry` is the new expiry as a clock time.
    public static func tokensRefreshed(_ expiry: String) -> String {
        Localized.format(\.tokensRefreshed, ["expiry": expiry])
    }
    /// A refresh failed: "Refresh failed: {message}".
    public static func refreshFailed(_ message: String) -> String {
        Localized.format(\.refreshFailed, ["message": TerminalText.sanitized(message)])
    }
    /// The re-login prompt was cancelled and `count` calls waiting for it were released (they fail).
    public static func signInWaitReleased(_ count: Int) -> String {
        count == 1
            ? Localized.text(\.signInWaitReleasedOne)
            : Localized.format(\.signInWaitReleasedOther, ["count": String(count)])
    }
    /// The identity id changed: "Identity id changed: {old} → {new}", ``none`` when there was none.
    public static func identityChanged(old: String?, new: String) -> String {
        TerminalText.sanitized(Localized.format(\.identityChanged, ["old": old ?? none, "new": new]))
    }
    /// AWS credentials were fetched; `expiry` is their expiry as a clock time.
    public static func credentialsRefreshed(_ expiry: String) -> String {
        Localized.format(\.credentialsRefreshed, ["expiry": expiry])
    }

    /// "AWS credentials not renewed: …; tried again shortly" (the dashboard's own renewal failed).
    public static func awsCredentialsRenewFailed(_ message: String) -> String {
        Localized.format(\.awsCredentialsRenewFailed, ["message": message])
    }
    /// The session store reported a problem: "Session store: {message}".
    public static func storeWarning(_ message: String) -> String {
        Localized.format(\.storeWarning, ["message": TerminalText.sanitized(message)])
    }
    /// The store's warning as Sign in shows it, whole, as a sentence: "Storing the session in plain text at …".
    public static func storeWarningBanner(_ message: String) -> String {
        let text = TerminalText.sanitized(message)
        return text.prefix(1).uppercased() + text.dropFirst()
    }
    /// The re-login prompt's sign-in succeeded: "Signed in again as {username}".
    public static func signedInAgain(_ username: String) -> String {
        Localized.format(\.signedInAgain, ["username": TerminalText.sanitized(username)])
    }
    /// A sign-in failed: "Sign-in failed: {reason}", `reason` as ``shortError(_:)`` gives it.
    public static func signInFailedLog(_ reason: String) -> String {
        Localized.format(\.signInFailedLog, ["reason": reason])
    }
}
