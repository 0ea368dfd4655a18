import CognitoAuth
import Foundation
import TerminalKeys

/// The whole UI as a value: which screen shows, the dashboard, the re-login prompt over it, and the chrome.
///
/// ``reduce(_:)`` routes keys and results to the active screen, follows the routes the screens
/// return, and feeds auth events to the dashboard. It returns the effects the runtime runs.
public struct AppState: Equatable, Sendable {
    /// The full-screen view under any modal.
    public enum Screen: Equatable, Sendable {
        /// The Sign in screen (the first screen unless the options start on Create account).
        case signIn(SignInState)
        /// The Create account screen.
        case signUp(SignUpState)
        /// The sign-up confirmation code.
        case confirmSignUp(ConfirmSignUpState)
        /// The Forgot password screen (both steps).
        case forgotPassword(ForgotPasswordState)
        /// A sign-in challenge: a code, a new password, an MFA choice or an enrolment.
        case challenge(ChallengeState)
        /// The dashboard (its state is ``AppState/dashboard``).
        case dashboard
    }

    /// The options the app was started with (AWSAuthUI's, and the pool's settings).
    public var options: AuthUIOptions
    /// The full-screen view showing now; prompts and overlays are drawn over it.
    public var screen: Screen
    /// The dashboard, kept up to date by events even while another screen shows.
    public var dashboard: DashboardState
    /// The re-login prompt over the dashboard, when open.
    public var relogin: ReloginPromptState?
    /// Set by the renderer: the terminal is below the minimum size, so no form takes input.
    public var isTerminalTooSmall: Bool
    /// Whether the help overlay shows.
    public var isHelpVisible: Bool
    /// A message for the status line when nothing is in flight.
    public var statusMessage: String?
    /// The Devices view over the dashboard (`v`), when open.
    public var devices: DevicesState?
    /// The Profile view over the dashboard (`p`), when open.
    public var profile: ProfileState?
    /// Whether `y` on the dashboard waits for the token to copy (`i` or `a`).
    public var isChoosingTokenToCopy = false
    /// "Remember this device?" over the dashboard, when open.
    public var rememberDevicePrompt: RememberDevicePromptState?
    /// The Accounts chooser over the dashboard (`a`), when open.
    public var accountPicker: AccountPickerState?
    /// The device keys the remember prompt was offered for (once each).
    var rememberDeviceAsked: Set<String> = []
    /// What a finished global sign-out said, for the sign-in screen that follows it.
    var globalSignOutNotice: String?
    /// The password of the Sign in screen's request in flight, kept only until it finishes: an
    /// unconfirmed account is confirmed and then signed in with it, as after Create account.
    var signInPassword: SecretText?

    /// Creates the state on Sign in (or Create account with ``AuthUIOptions/startOnSignUp``).
    public init(options: AuthUIOptions = AuthUIOptions(), now: Date = Date(), timeZone: TimeZone = .current) {
        self.options = options
        self.dashboard = DashboardState(now: now, timeZone: timeZone, logCapacity: options.logCapacity)
        self.dashboard.poolRows = DashboardState.poolRows(options)
        self.relogin = nil
        self.isTerminalTooSmall = false
        self.isHelpVisible = false
        self.statusMessage = nil
        self.screen = .dashboard
        if options.startOnSignUp {
            self.screen = .signUp(makeSignUp(username: ""))
        } else {
            self.screen = .signIn(makeSignIn(username: options.prefilledUsername ?? "", notice: nil))
        }
        if let notice = options.storeNotice {
            // Shown inside the UI (the status line and the log), not printed behind the full screen.
            self.statusMessage = TerminalText.sanitized(notice)
            self.dashboard.append(ScreenText.storeWarning(notice))
        }
    }

    /// The current time (the dashboard's clock).
    public var now: Date {
        get { dashboard.now }
        set { dashboard.now = newValue }
    }

    /// Whether the dashboard is the screen showing.
    public var isOnDashboard: Bool { screen == .dashboard }

    // MARK: Children, as key paths for ``scope(_:_:)``

    /// The Sign in screen, when it shows; setting it shows it.
    var signInScreen: SignInState? {
        get { if case .signIn(let state) = screen { state } else { nil } }
        set { if let newValue { screen = .signIn(newValue) } }
    }

    /// The Create account screen, when it shows; setting it shows it.
    var signUpScreen: SignUpState? {
        get { if case .signUp(let state) = screen { state } else { nil } }
        set { if let newValue { screen = .signUp(newValue) } }
    }

    /// The sign-up confirmation screen, when it shows; setting it shows it.
    var confirmSignUpScreen: ConfirmSignUpState? {
        get { if case .confirmSignUp(let state) = screen { state } else { nil } }
        set { if let newValue { screen = .confirmSignUp(newValue) } }
    }

    /// The Forgot password screen, when it shows; setting it shows it.
    var forgotPasswordScreen: ForgotPasswordState? {
        get { if case .forgotPassword(let state) = screen { state } else { nil } }
        set { if let newValue { screen = .forgotPassword(newValue) } }
    }

    /// The challenge screen, when it shows; setting it shows it.
    var challengeScreen: ChallengeState? {
        get { if case .challenge(let state) = screen { state } else { nil } }
        set { if let newValue { screen = .challenge(newValue) } }
    }

    func makeSignIn(username: String, notice: String?) -> SignInState {
        var state = SignInState(
            username: username, notice: notice, showsCreateAccount: !options.disableSignUp, showsForgotPassword: true,
            canCancel: options.canCancel)
        state.usernameKind = options.usernameKind
        state.choosesMethod = options.choosesSignInMethod
        state.asksForPassword = options.asksForPassword
        state.webProviders = options.webProviders
        return state
    }

    func makeSignUp(username: String) -> SignUpState {
        SignUpState(
            username: username, policy: options.passwordPolicy, attributes: options.signUpAttributes,
            signsInAfterSignUp: options.signsInAfterSignUp, usernameKind: options.usernameKind,
            verificationMechanisms: options.verificationMechanisms)
    }
}
