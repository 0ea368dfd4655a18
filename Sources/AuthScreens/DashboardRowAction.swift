import CognitoAuth
import TerminalKeys

/// What a dashboard row does: its key hint, drawn at the row's right end, and the keys that act for
/// it. A click on the hint presses the keys, so the row does what the keyboard does.
public struct DashboardRowAction: Hashable, Sendable {
    /// The label of the row it belongs to ("Access token").
    public var label: String
    /// The hint's key label ("r"), from the binding.
    public var keyLabel: String
    /// What the hint says the key does ("refresh").
    public var action: String
    /// The keys, in order ("y" then "a" copies the access token).
    public var keys: [Key]

    /// Creates an action with its label, its hint's key label and words, and the keys that trigger it.
    public init(label: String, keyLabel: String, action: String, keys: [Key]) {
        self.label = label
        self.keyLabel = keyLabel
        self.action = action
        self.keys = keys
    }

    /// The hint: "r refresh", the key first.
    public var hint: String { keyLabel + " " + action }
}

extension DashboardState {
    /// The rows' actions, for the rows that have one in the current state: sign in again from the
    /// state row, the Profile from the username, copy a token, refresh, try the backend again while
    /// offline, and read the MFA settings (from the pool's MFA row, until they are read).
    public var rowActions: [DashboardRowAction] {
        var actions: [DashboardRowAction] = []
        if userState.needsRelogin { actions.append(Self.rowAction(ScreenText.stateLabel, .signInAgain)) }
        guard userState == .signedIn else { return actions }
        actions.append(Self.rowAction(ScreenText.usernameLabel, .profile))
        if idToken != nil { actions.append(Self.rowAction(ScreenText.idTokenLabel, .copyToken, then: .idToken)) }
        if accessToken != nil {
            actions.append(Self.rowAction(ScreenText.accessTokenLabel, .copyToken, then: .accessToken))
        }
        if session?.hasRefreshToken == true { actions.append(Self.rowAction(ScreenText.refreshTokenLabel, .refresh)) }
        if !connectivity.isOnline { actions.append(Self.rowAction(ScreenText.connectivityLabel, .call)) }
        // Once read, the Security row lists its own keys in its value (they need the room).
        if mfaRequest == nil && mfa == nil { actions.append(Self.rowAction(ScreenText.poolLabel, .readMFA)) }
        return actions
    }

    /// The row labelled `label`'s action: `command`'s key (then `choice`'s, for a token), its hint
    /// made from the binding's label and the row's text ("r refresh").
    static func rowAction(_ label: String, _ command: DashboardCommand, then choice: TokenCopyCommand? = nil)
        -> DashboardRowAction
    {
        let binding = keyBindings.binding(command)
        let next = choice.flatMap { TokenCopyChoice.keyBindings.binding($0)?.keys.first }
        return DashboardRowAction(
            label: label, keyLabel: binding?.label ?? "", action: ScreenText.rowHintAction(command) ?? "",
            keys: Array(binding?.keys.prefix(1) ?? []) + (next.map { [$0] } ?? []))
    }

    /// The action of the row labelled `label`, if it has one now.
    public func rowAction(for label: String) -> DashboardRowAction? {
        rowActions.first { $0.label == label }
    }
}
