import CognitoAuth

/// Work the runtime does for the view models: auth-client calls and exits, as data.
///
/// Secrets travel as ``SecretText`` so that printing an effect never shows them.
public enum AuthEffect: Hashable, Sendable {
    /// `signIn(username:password:)`; the result comes back as `signInFinished`.
    case signIn(username: String, password: SecretText)
    /// `confirmSignIn(_:attributes:)`: a code, a new password or an MFA type; the result comes back as `confirmSignInFinished`.
    case confirmSignIn(answer: SecretText, attributes: [String: String])
    /// USER_AUTH `signIn(username:password:flow:method:)` without a method: the pool's methods come
    /// back as `signInFinished` (`SignInStep.selectChallenge(_:)`).
    case startUserAuth(username: String)
    /// `selectSignInMethod(_:password:)`; the result comes back as `confirmSignInFinished`.
    case selectSignInMethod(SignInMethod, password: SecretText?)
    /// Re-initiates USER_AUTH with `method` (a code method) so that Cognito sends a new code; `signInCodeResent`.
    case resendSignInCode(username: String, method: SignInMethod)
    /// `restartSignIn()`: the sign-in that asked for an MFA code starts again, so a new code is sent; `signInCodeResent`.
    case restartSignIn
    /// Creates an account with `signUp(username:password:attributes:)`; answered by `signUpFinished`.
    case signUp(username: String, password: SecretText, attributes: [String: String])
    /// Confirms a new account with `confirmSignUp(username:code:)`; answered by `confirmSignUpFinished`.
    case confirmSignUp(username: String, code: String)
    /// Sends the sign-up code again with `resendSignUpCode(username:)`; answered by `resendSignUpCodeFinished`.
    case resendSignUpCode(username: String)
    /// Starts a password reset with `forgotPassword(username:)`; answered by `forgotPasswordFinished`.
    case forgotPassword(username: String)
    /// Sets the new password with `confirmForgotPassword(username:newPassword:code:)`;
    /// answered by `confirmForgotPasswordFinished`.
    case confirmForgotPassword(username: String, newPassword: SecretText, code: String)
    /// Begins a browser sign-in through the hosted UI with `provider` (`COGNITO`, `Google`...): the
    /// URL, a browser opened where there is one, the loopback listener; `hostedUIStarted`, then
    /// `signInFinished` when the redirect arrives.
    case startHostedUISignIn(provider: String)
    /// Completes the waiting browser sign-in with a pasted redirect URL or code; `signInFinished`.
    case completeHostedUISignIn(pasted: SecretText)
    /// Ends the waiting browser sign-in (the listener closes).
    case cancelHostedUISignIn
    /// Cancels the form request in flight; its result is dropped.
    case cancelRequest
    /// `releaseSignInWait()`: the calls waiting for re-login fail.
    case releaseSignInWait
    /// `signOut(.local)` or `signOut(.global)`; `signOutFinished`.
    case signOut(global: Bool)
    /// Starts `count` GetUser calls numbered from `first` (labels "GetUser #n"); each ends with `sampleCallFinished`.
    case sampleCalls(first: Int, count: Int)
    /// Refreshes the tokens now with `forceRefresh()` (the dashboard's `r`); the outcome arrives as an auth event.
    case forceRefresh
    /// `probeConnectivity()`: while offline, whether the backend answers again.
    case probeConnectivity
    /// Reads the MFA settings with `mfaSettings()`; answered by `mfaSettingsLoaded`.
    case loadMFASettings
    /// Changes the MFA preferences with `setMFAPreference(_:)`; answered by `mfaPreferenceFinished`.
    case setMFAPreference([MFAType: MFAPreference])
    /// Starts an authenticator-app enrolment with `setUpTOTP()`; answered by `totpSetupStarted`.
    case setUpTOTP
    /// Finishes the enrolment with `verifyTOTPSetup(code:)`; answered by `totpSetupVerified`.
    case verifyTOTPSetup(code: SecretText)
    /// Lists the user's devices with `listDevices(pageSize:)`; answered by `devicesLoaded`.
    case loadDevices
    /// `setDeviceRemembered(_:deviceKey:)` or `forgetDevice(_:)`; `deviceChangeFinished`.
    case changeDevice(DeviceChange)
    /// Reads the token and hands it to the terminal's clipboard (never to the screen); `tokenCopied`.
    case copyToken(CopiedToken)
    /// Put an authenticator set-up's `otpauth://` URI on the clipboard (OSC 52); it is never logged.
    case copyTOTPURI(String)
    /// Copy the hosted UI's sign-in URL to the clipboard (OSC 52): drawn across rows, it does not copy whole.
    case copySignInURL(String)
    /// A Profile view request; its result comes back as `profile(_:)`.
    case profile(ProfileRequest)
    /// Reads the stored session again; `sessionLoaded` (after a sign-in, for the device it registered).
    case loadSession
    /// The user quit (Ctrl-C, `q`).
    case quit
    /// The user chose another account, by ``AccountChoice/id`` (nil: sign in as someone else); the UI
    /// ends so the host can start it again on that account's store.
    case switchAccount(String?)
    /// The account rules apply: this account was signed out while another is signed in here, or a
    /// sign-in here is of a user another account holds. The UI ends so the host can apply them
    /// (the command line's, in the core's account directory) and start it again.
    case handOver
    /// The user cancelled the sign-in UI (only when ``AuthUIOptions/canCancel``).
    case dismiss
}

/// Where a screen asks the app to go next.
package enum Route: Hashable, Sendable {
    /// Sign in, with the username filled in and an optional notice ("Password changed. …").
    case signIn(username: String, notice: String?)
    /// Create account, with the username carried over.
    case signUp(username: String)
    /// Enter the sign-up confirmation code; `password` is remembered for automatic sign-in;
    /// `sendNewCode` asks for a fresh code first (the account was found unconfirmed at sign-in).
    case confirmSignUp(username: String, delivery: CodeDeliveryDetails?, password: SecretText?, sendNewCode: Bool)
    /// Forgot password, with the username carried over.
    case forgotPassword(username: String)
    /// Answer a sign-in challenge.
    case challenge(SignInStep, username: String)
    /// Enter a first-factor code (USER_AUTH EMAIL_OTP / SMS_OTP) that `method` can send again.
    case signInCode(SignInStep, username: String, method: SignInMethod)
    /// Sign in now with the remembered password (after confirming a new account).
    case autoSignIn(username: String, password: SecretText)
    /// The sign-in completed: show the dashboard.
    case signedIn
    /// The user cancelled this sign-in.
    case cancelled
    /// Open the re-login prompt over the dashboard.
    case reloginPrompt
    /// Open the Devices view over the dashboard.
    case devices
    /// Open the Profile view over the dashboard.
    case profile
    /// Back to the dashboard (the authenticator enrolment ended).
    case dashboard
    /// Open the Accounts chooser over the dashboard (when other accounts share the store root).
    case accounts
    /// Ask "Sign out everywhere?" over the dashboard.
    case confirmGlobalSignOut
    /// Wait for the token to copy (`i` or `a`) over the dashboard.
    case copyToken
    /// Close the modal over the dashboard.
    case closeModal
}

/// What a screen's reducer returns: effects for the runtime, and routes for the app.
package enum ScreenEffect: Hashable, Sendable {
    /// An effect to run.
    case run(AuthEffect)
    /// A navigation request for ``AppState`` to carry out.
    case route(Route)
}
