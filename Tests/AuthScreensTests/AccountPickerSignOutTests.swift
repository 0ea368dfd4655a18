import AuthScreens
import AuthScreensTesting
import CognitoAuth
import TerminalKeys
import Testing

/// The Accounts chooser must not outlive the dashboard it was drawn over (issue 28, aes-2 §7.1).
@Suite struct AccountPickerSignOutTests {
    @Test("A sign-out by another process closes the Accounts chooser; keys then reach Sign in")
    func accountPickerClosesOnSignOut() {
        var options = AuthUIOptions()
        options.accounts = [AccountChoice(id: "account-2", username: "bob")]
        options.canSwitchAccounts = true
        var state = AppState(options: options)
        _ = state.reduce(.sessionEvent(.stateChanged(.signedIn, username: "alice", provider: nil)))
        _ = state.reduce(.keyPressed(.character("a")))
        #expect(state.accountPicker != nil)
        // Another process signs out; the UI adopts it (syncWithStore → stateChanged(.signedOut)).
        _ = state.reduce(.sessionEvent(.stateChanged(.signedOut, username: nil, provider: nil)))
        guard case .signIn = state.base else {
            Issue.record("expected Sign in")
            return
        }
        #expect(state.modal == nil, "the chooser is not drawn on Sign in, so it must not take keys")
        #expect(
            state.reduce(.keyPressed(.enter)) != [.switchAccount("account-2")], "Enter on Sign in switched accounts")
    }

    @Test("No modal survives leaving the dashboard, whichever was open")
    func noModalOutlivesTheDashboard() {
        var options = AuthUIOptions()
        options.accounts = [AccountChoice(id: "account-2", username: "bob")]
        options.canSwitchAccounts = true
        let modals: [AppState.Modal] = [
            .accounts(AccountPickerState(accounts: [AccountChoice(id: "account-2", username: "bob")])),
            .question(.signOutEverywhere), .copyToken,
            .rememberDevice(RememberDevicePromptState(deviceKey: "k")), .devices(DevicesState()),
            .profile(ProfileState(username: "alice")),
            .relogin(ReloginPromptState(reason: .signedOutUserPoolsTokenInvalid, username: "alice", waitingCount: 0)),
        ]
        for modal in modals {
            var state = AppState(options: options)
            _ = state.reduce(.sessionEvent(.stateChanged(.signedIn, username: "alice", provider: nil)))
            state.modal = modal
            #expect(state.modal == modal)
            _ = state.reduce(.sessionEvent(.stateChanged(.signedOut, username: nil, provider: nil)))
            #expect(state.modal == nil, "\(modal) outlived the sign-out")
            state.modal = modal
            #expect(state.modal == nil, "\(modal) opened over Sign in")
        }
    }
}
