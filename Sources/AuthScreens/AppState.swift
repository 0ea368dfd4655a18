import CognitoAuth
import Foundation
import TerminalKeys

/// The whole UI as a value: the base screen, at most one modal over the dashboard, and the chrome.
///
/// ``reduce(_:)`` routes keys and results to the active screen, follows the routes the screens
/// return, and feeds auth events to the dashboard. It returns the effects the runtime runs.
public struct AppState: Equatable, Sendable {
    /// The options the app was started with (AWSAuthUI's, and the pool's settings).
    public var options: AuthUIOptions
    /// The full-screen view showing now; a modal may be drawn over the dashboard. Leaving the
    /// dashboard closes the modal.
    public var base: Screen {
        didSet { if !isOnDashboard { modal = nil } }
    }
    /// What shows over the dashboard, or nil; always nil on another base screen.
    public var modal: Modal? {
        didSet { if !isOnDashboard, modal != nil { modal = nil } }
    }
    /// The dashboard, kept up to date by events even while another screen shows.
    public var dashboard: DashboardState
    /// Set by the renderer: the terminal is below the minimum size, so no form takes input.
    public var isTerminalTooSmall: Bool
    /// Whether the help overlay shows. Help is chrome over whatever shows, base or modal (forms have
    /// it too), so it is not one of the dashboard's modals: it lists the keys of what is under it.
    public var isHelpVisible: Bool
    /// How many times a modal opened unasked (not by a key: the re-login prompt after a failed refresh,
    /// "Remember this device?" after a sign-in). The terminal app discards the input it holds when this
    /// grows, and sends each key with the count its screen showed (``AppAction/keyTyped(_:seenOpenings:)``),
    /// so a key typed before such a modal was drawn never reaches its fields. A count, not a time: two
    /// readings of a manual clock can be equal.
    public var unaskedOpenings = 0
    /// A message for the status line when nothing is in flight.
    public var statusMessage: String?
    /// The passkey ceremony screen, over everything else while a ceremony runs or says how it ended.
    public var passkeyCeremony: PasskeyCeremonyState?
    /// The device keys the remember prompt was offered for (once each).
    var rememberDeviceAsked: Set<String> = []
    /// What a finished global sign-out said, for the sign-in screen that follows it.
    var globalSignOutNotice: String?
    /// The password of the Sign in screen's request in flight, kept only until it finishes: an
    /// unconfirmed account is confirmed and then signed in with it, as after Create account.
    var signInPassword: SecretText?
    /// Set when a sign-in finishes in this run, until its user is known: a user who has another
    /// account here is handed over to it (``AuthEffect/handOver``).
    var checksSignedInUser = false
    /// What a sign-out said that the next run must still say when it hands over to another account
    /// (``AuthEffect/handOver``): that it was global, what to do about the hosted UI's browser session.
    var handOverNotice: String?
    /// The hosted UI's sign-out URL a sign-out could not open here, for the next run when it hands over to
    /// another account (``AuthUIOptions/hostedUISignOutURL``): sent apart from the notice, so it stays whole.
    var handOverSignOutURL: String?
    /// The hosted UI's sign-out URL the run before could not open (``AuthUIOptions/hostedUISignOutURL``):
    /// Ctrl-Y copies it on the dashboard (the event log has it too); nil otherwise.
    public internal(set) var pendingSignOutURL: String?

    /// Creates the state on Sign in (or Create account with ``AuthUIOptions/startOnSignUp``).
    public init(options: AuthUIOptions = AuthUIOptions(), now: Date = Date(), timeZone: TimeZone? = nil) {
        self.options = options
        self.dashboard = DashboardState(now: now, timeZone: timeZone, logCapacity: options.logCapacity)
        self.dashboard.poolRows = DashboardState.poolRows(options)
        self.dashboard.canSwitchAccounts = options.canSwitchAccounts
        self.dashboard.sampleCallACR = options.sampleCallACR
        self.modal = nil
        self.isTerminalTooSmall = false
        self.isHelpVisible = false
        self.statusMessage = nil
        self.base = .dashboard
        if options.startOnSignUp {
            self.base = .signUp(makeSignUp(username: ""))
        } else {
            self.base = .signIn(makeSignIn(username: options.prefilledUsername ?? "", notice: nil))
        }
        if let notice = options.storeNotice {
            // Shown inside the UI (whole on Sign in, else the status line; and the log), not printed behind the full screen.
            if case .signIn(var signIn) = base {
                signIn.storeWarning = ScreenText.storeWarningBanner(notice)
                self.base = .signIn(signIn)
            } else {
                self.statusMessage = TerminalText.sanitized(notice)
            }
            self.dashboard.append(ScreenText.storeWarning(notice))
        }
        // The sign-out came before the account rules' notice ("Switched to …"), so its URL is logged first.
        if let url = options.hostedUISignOutURL { showSignOutURLFromHandOver(url) }
        if let notice = options.accountNotice {
            self.statusMessage = TerminalText.sanitized(notice)
            self.dashboard.append(notice)
        }
    }

    /// The current time (the dashboard's clock).
    public var now: Date {
        get { dashboard.now }
        set { dashboard.now = newValue }
    }

    /// Whether the dashboard is the screen showing.
    public var isOnDashboard: Bool {
        if case .dashboard = base { return true }
        return false
    }

    func makeSignIn(username: String, notice: String?) -> SignInState {
        var state = SignInState(
            username: username, notice: notice, showsCreateAccount: !options.disableSignUp, showsForgotPassword: true,
            canCancel: options.canCancel || options.returnAccount != nil)
        state.backTo = options.returnAccount?.name
        state.hint = options.signInHint
        state.usernameKind = options.usernameKind
        state.choosesMethod = options.choosesSignInMethod
        state.asksForPassword = options.asksForPassword
        state.webProviders = options.webProviders
        state.offersPasskey = options.offersPasskey
        return state
    }

    func makeSignUp(username: String) -> SignUpState {
        SignUpState(
            username: username, policy: options.passwordPolicy, attributes: options.signUpAttributes,
            signsInAfterSignUp: options.signsInAfterSignUp, usernameKind: options.usernameKind,
            verificationMechanisms: options.verificationMechanisms)
    }
}
