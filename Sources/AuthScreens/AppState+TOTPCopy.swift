/// Ctrl-Y on the authenticator-app set-up screen: its `otpauth://` URI goes to the clipboard (OSC 52),
/// since at 80 columns the URI is wider than the screen and a wrapped copy breaks it.
extension AppState {
    /// The set-up screen showing (on its own or in the re-login prompt), or nil.
    public var totpSetupShowing: TOTPSetupState? {
        if let relogin {
            if case .totpSetup(let setup)? = relogin.challenge { return setup }
            return nil
        }
        if case .challenge(.totpSetup(let setup)) = screen { return setup }
        return nil
    }

    /// The browser sign-in waiting on the Sign in screen (not under the re-login prompt), or nil.
    public var hostedUIWaitShowing: HostedUIWait? {
        guard relogin == nil, case .signIn(let signIn) = screen else { return nil }
        return signIn.hostedUI
    }

    /// The effects of Ctrl-Y when the set-up screen or a browser sign-in's URL shows, else nil (the key
    /// goes on as usual).
    func copyTOTPURIKey(_ key: InputKey) -> [AuthEffect]? {
        guard key.isCtrl("y") else { return nil }
        if let setup = totpSetupShowing, !setup.uri.isEmpty { return [.copyTOTPURI(setup.uri)] }
        if let wait = hostedUIWaitShowing, !wait.url.isEmpty { return [.copySignInURL(wait.url)] }
        return nil
    }
}
