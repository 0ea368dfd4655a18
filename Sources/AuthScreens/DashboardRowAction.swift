import CognitoAuth
import TerminalKeys

/// What a dashboard row does: its key hint, drawn at the row's right end, and the keys that act for
/// it. A click on the hint presses the keys, so the row does what the keyboard does.
public struct DashboardRowAction: Hashable, Sendable {
    /// The label of the row it belongs to ("Access token").
    public var label: String
    /// The hint: "r refresh", the key first.
    public var hint: String
    /// The keys, in order ("y" then "a" copies the access token).
    public var keys: [Key]

    /// Creates an action with its label, its key hint and the keys that trigger it.
    public init(label: String, hint: String, keys: [Key]) {
        self.label = label
        self.hint = hint
        self.keys = keys
    }
}

extension DashboardState {
    /// The rows' actions, for the rows that have one in the current state: sign in again from the
    /// state row, the Profile from the username, copy a token, refresh, try the backend again while
    /// offline, and read the MFA settings (from the pool's MFA row, until they are read).
    public var rowActions: [DashboardRowAction] {
        var actions: [DashboardRowAction] = []
        if userState.needsRelogin {
            actions.append(
                DashboardRowAction(
                    label: ScreenText.stateLabel, hint: ScreenText.rowHintSignIn, keys: [.character("s")]))
        }
        guard userState == .signedIn else { return actions }
        actions.append(
            DashboardRowAction(
                label: ScreenText.usernameLabel, hint: ScreenText.rowHintProfile, keys: [.character("p")]))
        if idToken != nil {
            actions.append(
                DashboardRowAction(
                    label: ScreenText.idTokenLabel, hint: ScreenText.rowHintCopy,
                    keys: [.character("y"), .character("i")]))
        }
        if accessToken != nil {
            actions.append(
                DashboardRowAction(
                    label: ScreenText.accessTokenLabel, hint: ScreenText.rowHintCopy,
                    keys: [.character("y"), .character("a")]))
        }
        if session?.hasRefreshToken == true {
            actions.append(
                DashboardRowAction(
                    label: ScreenText.refreshTokenLabel, hint: ScreenText.rowHintRefresh, keys: [.character("r")]))
        }
        if !connectivity.isOnline {
            actions.append(
                DashboardRowAction(
                    label: ScreenText.connectivityLabel, hint: ScreenText.rowHintTryNow, keys: [.character("c")]))
        }
        // Once read, the Security row lists its own keys in its value (they need the room).
        if mfaRequest == nil && mfa == nil {
            actions.append(
                DashboardRowAction(
                    label: ScreenText.poolLabel, hint: ScreenText.rowHintReadMFA, keys: [.character("m")]))
        }
        return actions
    }

    /// The action of the row labelled `label`, if it has one now.
    public func rowAction(for label: String) -> DashboardRowAction? {
        rowActions.first { $0.label == label }
    }
}
