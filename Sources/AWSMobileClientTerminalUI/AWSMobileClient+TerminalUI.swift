import AWSMobileClientCompat
import AuthScreens
import CognitoAuth
import TerminalUI

extension AWSMobileClient {
    /// Makes `showSignIn` present Latchkey's full-screen terminal UI (sign-in, sign-up, forgot password,
    /// every challenge), as linking AWSAuthUI made the SDK's `showSignIn` present its screens.
    ///
    /// The screens follow the configuration's `Latchkey.UI` section and pool settings, with the
    /// `SignInUIOptions` that apply on a terminal (`canCancel`, `disableSignUpButton`,
    /// `startWithSignUpScreen`). `showSignIn` completes with `signedIn` when the user signed in before
    /// leaving the UI, and with `userCancelledSignIn` otherwise.
    public static func useTerminalSignInUI() {
        signInPresenter = { client, uiOptions in
            var options = AuthUIOptions(
                ui: client.configuration.latchkey.ui, poolSettings: client.configuration.poolSettings)
            options.canCancel = uiOptions.canCancel
            options.disableSignUp = uiOptions.disableSignUpButton
            options.startOnSignUp = uiOptions.startWithSignUpScreen
            do {
                _ = try await AuthTerminalApp.runInTerminal(service: client, options: options)
            } catch {
                throw AWSMobileClientError.invalidState(
                    message: "The sign-in screens need a terminal: \(error). Run the program in a terminal.")
            }
            let state = await client.userState
            guard state == .signedIn else {
                throw AWSMobileClientError.userCancelledSignIn(message: "The user cancelled the sign in operation.")
            }
            return state
        }
    }
}
