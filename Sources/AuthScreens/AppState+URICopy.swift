import CognitoAuth
import LatchkeyText
import TerminalKeys

/// Ctrl-Y copies a URI the screen draws but a terminal selection would break: the authenticator set-up's
/// `otpauth://` URI (at 80 columns wider than the screen), a browser sign-in's URL and the hosted UI's
/// sign-out URL (each drawn across rows).
extension AppState {
    /// The set-up screen showing (on its own or in the re-login prompt), or nil.
    public var totpSetupShowing: TOTPSetupState? {
        switch (base, modal) {
        case (_, .relogin(let relogin)?):
            if case .totpSetup(let setup)? = relogin.challenge { return setup }
            return nil
        case (.challenge(.totpSetup(let setup)), nil): return setup
        default: return nil
        }
    }

    /// The browser sign-in waiting on the Sign in screen (not under the re-login prompt), or nil.
    public var hostedUIWaitShowing: HostedUIWait? {
        guard case .signIn(let signIn) = base else { return nil }
        return signIn.hostedUI
    }

    /// The effects of Ctrl-Y when the set-up screen or a browser sign-in's URL shows, else nil (the key
    /// goes on as usual).
    func copyURIKey(_ key: Key) -> [AuthEffect]? {
        guard AppKeys.isKey(key, of: .copy) else { return nil }
        if let setup = totpSetupShowing, !setup.uri.isEmpty { return [.copy(SecretText(setup.uri), as: .totpURI)] }
        if let wait = hostedUIWaitShowing, !wait.url.isEmpty { return [.copy(SecretText(wait.url), as: .signInURL)] }
        if modal == nil, case .signIn(let signIn) = base, let url = signIn.signOutURL, !url.isEmpty {
            return [.copy(SecretText(url), as: .signOutURL)]
        }
        if modal == nil, isOnDashboard, let url = pendingSignOutURL, !url.isEmpty {
            return [.copy(SecretText(url), as: .signOutURL)]
        }
        return nil
    }

    /// The dashboard's Ctrl-Y hint while ``pendingSignOutURL`` can be copied, else nil.
    var pendingSignOutURLHint: HintEntry? {
        guard modal == nil, isOnDashboard, pendingSignOutURL != nil else { return nil }
        return AppKeys.binding(.copy).hint(\.hintCopySignOutURL)
    }

    /// Shows the sign-out URL a run before could not open (ux-3, item 9): the sentence naming Ctrl-Y, then
    /// the URL as an event-log entry of its own (never run into the next notice), and whole on Sign in;
    /// Ctrl-Y copies it there and on the dashboard.
    mutating func showSignOutURLFromHandOver(_ url: String) {
        let url = TerminalText.sanitized(url)
        guard !url.isEmpty else { return }
        dashboard.append(ScreenText.hostedUILogoutOpenBelow)
        dashboard.append(url)
        pendingSignOutURL = url
        if case .signIn(var signIn) = base {
            signIn.notice = ScreenText.hostedUILogoutOpenBelow
            signIn.signOutURL = url
            base = .signIn(signIn)
        }
    }
}
