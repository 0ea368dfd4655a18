import CognitoAuth
import Foundation
import LatchkeyText

/// The dashboard: its panels, the session rows with their values and click hints, the wide layout's
/// boxes, and its help and key hints.
extension ScreenText {
    // MARK: Panels

    /// The session panel's title: "Session".
    public static var dashboardTitle: String { Localized.text(\.dashboardTitle) }
    /// The event log panel's title: "Events".
    public static var eventLogTitle: String { Localized.text(\.eventLogTitle) }
    /// The panel of calls waiting for tokens: "Waiting calls".
    public static var pendingCallsTitle: String { Localized.text(\.pendingCallsTitle) }
    /// The wide dashboard's box of the identity id, the AWS credentials and the connectivity.
    public static var wideCredentialsTitle: String { Localized.text(\.wideCredentialsTitle) }
    /// The wide dashboard's box of the pool's and the user's MFA.
    public static var wideSecurityTitle: String { Localized.text(\.wideSecurityTitle) }
    /// The wide dashboard's box of the calls waiting for tokens and the work in flight.
    public static var wideCallsTitle: String { Localized.text(\.wideCallsTitle) }
    /// The wide dashboard's calls box when no call waits.
    public static var noCallsWaiting: String { Localized.text(\.uiNoCallsWaiting) }

    // MARK: Row labels

    /// The value of a row with nothing to show, and the old identity id when there was none: "none".
    public static var none: String { Localized.text(\.none) }
    /// The user shown for an unauthenticated (guest) identity: "Guest".
    public static var guest: String { Localized.text(\.guest) }
    /// The `logins` key of a developer-authenticated identity; Cognito's name, not translated.
    public static let developerProviderKey = "cognito-identity.amazonaws.com"
    /// The label of the user-state row (signedIn, signedOut, …).
    public static var stateLabel: String { Localized.text(\.stateLabel) }
    /// The label of the row naming the identity provider of the session.
    public static var providerLabel: String { Localized.text(\.providerLabel) }
    /// The label of the row naming who authenticated the session: the provider's readable name, or Guest.
    public static var authenticatedByLabel: String { Localized.text(\.authenticatedByLabel) }
    /// The label of the row listing the identity's active login providers.
    public static var activeProvidersLabel: String { Localized.text(\.activeProvidersLabel) }
    /// The label of the Cognito identity id row.
    public static var identityIdLabel: String { Localized.text(\.identityIdLabel) }
    /// The label of the ID token row (its expiry).
    public static var idTokenLabel: String { Localized.text(\.idTokenLabel) }
    /// The label of the access token row (its expiry).
    public static var accessTokenLabel: String { Localized.text(\.accessTokenLabel) }
    /// The label of the refresh token row (stored, refreshed, rejected).
    public static var refreshTokenLabel: String { Localized.text(\.refreshTokenLabel) }
    /// The label of the AWS credentials row (their expiry).
    public static var awsCredentialsLabel: String { Localized.text(\.awsCredentialsLabel) }
    /// The label of the online/offline row.
    public static var connectivityLabel: String { Localized.text(\.connectivityLabel) }
    /// The label of the row counting calls that wait for tokens.
    public static var pendingCallsLabel: String { Localized.text(\.pendingCallsLabel) }
    /// The label of the pool's settings row (its MFA setting).
    public static var poolLabel: String { Localized.text(\.poolLabel) }
    /// The label of the row listing configuration keys that were read but are not acted on yet.
    public static var notUsedYetLabel: String { Localized.text(\.notUsedYetLabel) }

    // MARK: Row values

    /// The connectivity row while the backend answers: "online".
    public static var online: String { Localized.text(\.online) }
    /// The refresh token row when a token is stored: "stored".
    public static var refreshTokenStored: String { Localized.text(\.refreshTokenStored) }
    /// The refresh token row after the server rejected the token: sign in again.
    public static var refreshTokenInvalid: String { Localized.text(\.refreshTokenInvalid) }

    /// The refresh token row after a failed refresh, `message` sanitised:
    /// "stored; refresh failed at {time}: {message}".
    public static func refreshFailedAt(_ time: String, _ message: String) -> String {
        Localized.format(\.refreshFailedAt, ["time": time, "message": TerminalText.sanitized(message)])
    }

    // MARK: Live (#29): the refresh ahead of expiry, the refresh token's lifetime, the work in flight

    /// The refresh token row: "stored since {time}; Cognito sends no expiry" (`time` when it was issued).
    public static func refreshTokenStoredSince(_ time: String) -> String {
        Localized.format(\.refreshTokenStoredSince, ["time": time])
    }
    /// The refresh token row when the sign-in time is unknown: "stored; Cognito sends no expiry".
    public static var refreshTokenStoredNoExpiry: String { Localized.text(\.refreshTokenStoredNoExpiry) }
    /// A token row's note when the dashboard will refresh the tokens: "refreshes {time}" (`time` "22:55").
    public static func tokensRefreshAt(_ time: String) -> String { Localized.format(\.tokensRefreshAt, ["time": time]) }
    /// A token row's note when the dashboard refreshes the tokens within a minute: "refreshes in {duration}".
    public static func tokensRefreshIn(_ duration: String) -> String {
        Localized.format(\.tokensRefreshIn, ["duration": duration])
    }
    /// A token row's note while a refresh runs: "refreshing…".
    public static var tokensRefreshing: String { Localized.text(\.tokensRefreshing) }
    /// A token row's expiry and note: "{expiry}, {note}".
    public static func expiryWithNote(_ expiry: String, _ note: String) -> String {
        Localized.format(\.expiryWithNote, ["expiry": expiry, "note": note])
    }
    /// The log line when the dashboard refreshes the tokens ahead of their expiry.
    public static var autoRefreshStarted: String { Localized.text(\.autoRefreshStarted) }
    /// The log line when the dashboard refreshes tokens that expired (the backend was away).
    public static var autoRefreshOfExpiredStarted: String { Localized.text(\.autoRefreshOfExpiredStarted) }
    /// What runs, on the calls line and the status line: "Running: {items}", the items joined with " · ".
    public static func running(_ items: [String]) -> String {
        Localized.format(\.running, ["items": items.joined(separator: hintSeparator)])
    }
    /// Several sample calls running: "{count} GetUser calls".
    public static func runningSampleCalls(_ count: Int) -> String {
        Localized.format(\.runningSampleCalls, ["count": String(count)])
    }
    /// A token refresh running: "token refresh".
    public static var runningTokenRefresh: String { Localized.text(\.runningTokenRefresh) }

    /// The connectivity row while offline: "offline since {time} ({relative}): {message}" (`message` sanitised).
    public static func offlineSince(_ time: String, _ relative: String, _ message: String) -> String {
        Localized.format(
            \.offlineSince, ["time": time, "relative": relative, "message": TerminalText.sanitized(message)])
    }

    /// The pending calls row: ``none`` for 0, else "{count} waiting".
    public static func pendingSummary(_ count: Int) -> String {
        count == 0 ? none : Localized.format(\.pendingSummary, ["count": String(count)])
    }

    /// One line of the waiting calls panel: "{label} — waiting for sign-in, {waited}" (or for a refresh).
    public static func pendingCallLine(label: String, reason: PendingCall.Reason, waited: String) -> String {
        switch reason {
        case .signIn: return Localized.format(\.pendingCallSignIn, ["label": label, "waited": waited])
        case .refresh: return Localized.format(\.pendingCallRefresh, ["label": label, "waited": waited])
        }
    }

    /// An expiry as absolute and relative time: "14:32:05 (in 42 min)" or "14:00:00 (expired 3 min ago)".
    public static func expiry(_ clock: String, remaining: TimeInterval) -> String {
        remaining > 0
            ? Localized.format(\.expiryFuture, ["clock": clock, "duration": TimeFormatting.duration(remaining)])
            : Localized.format(\.expiryPast, ["clock": clock, "duration": TimeFormatting.duration(-remaining)])
    }

    /// The pool row's MFA value: "MFA: optional (TOTP, SMS)"; nil when the pool's setting is not stated.
    public static func mfaSummary(configuration: String?, methods: [String]) -> String? {
        guard configuration != nil || !methods.isEmpty else { return nil }
        let setting: String
        var isOff = false
        switch configuration?.uppercased() {
        // Cognito says ON / OPTIONAL / OFF; Amplify Gen 2 files say REQUIRED / OPTIONAL / NONE.
        case "ON"?, "REQUIRED"?: setting = Localized.text(\.mfaRequired)
        case "OPTIONAL"?: setting = Localized.text(\.mfaOptional)
        case "OFF"?, "NONE"?:
            setting = Localized.text(\.mfaOff)
            isOff = true
        case let other?: setting = TerminalText.sanitized(other).lowercased()
        case nil: setting = Localized.text(\.mfaNotStated)
        }
        let shown = methods.map { TerminalText.sanitized($0).uppercased() }
        guard !shown.isEmpty, !isOff else { return Localized.format(\.mfaSummary, ["setting": setting]) }
        return Localized.format(
            \.mfaSummaryWithMethods, ["setting": setting, "methods": shown.joined(separator: ", ")])
    }

    // MARK: Row hints (the key a click on the row stands for)

    /// The state row's hint when the session needs a sign-in: "s sign in".
    public static var rowHintSignIn: String { rowHint(.signInAgain) ?? "" }
    /// The username row's hint: "p profile".
    public static var rowHintProfile: String { rowHint(.profile) ?? "" }
    /// A token row's hint (`y`, then the token's key).
    public static var rowHintCopy: String { rowHint(.copyToken) ?? "" }
    /// The refresh token row's hint: "r refresh".
    public static var rowHintRefresh: String { rowHint(.refresh) ?? "" }
    /// The connectivity row's hint while offline (a call tells whether the backend is back).
    public static var rowHintTryNow: String { rowHint(.call) ?? "" }
    /// The pool's MFA row's hint, before the settings were read.
    public static var rowHintReadMFA: String { rowHint(.readMFA) ?? "" }

    // MARK: Help and key hints

    /// The dashboard's help lines, made from its key bindings (`DashboardState.keyBindings`).
    public static var dashboardHelp: [String] { DashboardState.helpLines }

    /// The dashboard's bottom-line key hints, made from its key bindings; the app adds "s sign in again"
    /// and "a accounts" when they apply.
    public static var dashboardHints: [String] {
        DashboardState.hintOrder.filter { $0 != .signInAgain && $0 != .accounts }.compactMap(dashboardHint)
    }

    /// The hint of the dashboard binding of `command` ("p profile"), or nil when it has none.
    static func dashboardHint(_ command: DashboardCommand) -> String? {
        DashboardState.keyBindings.entries(\.hint).first { $0.bindings.first?.command == command }?.hintEntry.text
    }

    /// A dashboard row's click hint: the binding's label and the row's text ("r refresh", "y copy").
    static func rowHint(_ command: DashboardCommand) -> String? {
        guard let action = rowHintAction(command), let binding = DashboardState.keyBindings.binding(command) else {
            return nil
        }
        return binding.label + " " + action
    }

    /// What a row's hint says `command` does ("refresh"), or nil when no row has it.
    static func rowHintAction(_ command: DashboardCommand) -> String? {
        let texts: [DashboardCommand: TextKey] = [
            .signInAgain: \.rowHintsSignIn, .profile: \.rowHintsProfile, .copyToken: \.rowHintsCopy,
            .refresh: \.rowHintsRefresh, .call: \.rowHintsTryNow, .readMFA: \.rowHintsReadMFA,
        ]
        return texts[command].map(Localized.text)
    }
}
