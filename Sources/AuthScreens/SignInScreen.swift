import CognitoAuth
import Foundation
import TerminalKeys

/// The Sign in screen: username, masked password, Sign in, Create account, Forgot password and Cancel.
///
/// Submitting wipes the password from the state (it travels only in the effect). A failed sign-in
/// shows the server's error with the next step in ``banner``, keeps the username and focuses the
/// empty password field. The same state drives the re-login prompt, without the links.
public struct SignInState: Equatable, Sendable {
    /// The kinds of request the form sends.
    public enum Request: Hashable, Sendable {
        /// `signIn` with the password, or USER_AUTH's first step.
        case signIn
        /// A browser sign-in starting, or completing with a pasted redirect.
        case browserSignIn
    }

    /// The focusable items in Tab order.
    public enum Focus: Hashable, Sendable {
        /// The username (or email / phone number) field; focused first unless a username is filled in.
        case username
        /// The password field (secure).
        case password
        /// The Sign in button.
        case signIn
        /// "Use a passkey": shown when a passkey authenticator is set up; needs the username only.
        case passkey
        /// The Create account link.
        case createAccount
        /// The Forgot password link.
        case forgotPassword
        /// The Cancel button: shown when the options allow cancelling, and while a browser sign-in waits.
        case cancel
        /// A "Continue with <provider>" row (an index into ``SignInState/webProviders``).
        case web(Int)
        /// The field taking a pasted redirect URL or code, while a browser sign-in waits.
        case pasteRedirect
    }

    /// The username as typed, with its inline error.
    public var username: FieldState
    /// The password field (secure).
    public var password: FieldState
    /// The item Tab / Shift-Tab / ↑ / ↓ move between.
    public var focus: Focus
    /// The sign-in request running (submit is disabled), or nil.
    public var request: Request?
    /// The server error with the next step, shown above the buttons.
    public var banner: String?
    /// An informational message, such as "Password changed. Sign in with the new password."
    public var notice: String?
    /// A line kept for as long as the screen shows, such as the demo's password: unlike ``notice``, a
    /// sign-in attempt (and its failure) does not clear it, so the person who typed a wrong password
    /// still reads it (ux-3, item 8).
    public var hint: String?
    /// The session store's warning (the session is stored in plain text, and why), shown whole above
    /// the form until a sign-in starts; the event log keeps it.
    public var storeWarning: String?
    /// The hosted UI's sign-out address to open in a browser elsewhere (none opened here), drawn
    /// below ``notice`` on rows of its own and copied with Ctrl-Y; cleared when a sign-in starts.
    public var signOutURL: String?
    /// Whether the Create account link is shown.
    public var showsCreateAccount: Bool
    /// Whether the Forgot password link is shown.
    public var showsForgotPassword: Bool
    /// Whether Cancel (and Esc) is allowed.
    public var canCancel: Bool
    /// The account Cancel (and Esc) goes back to, when this is "Sign in as someone else": the
    /// link and the footer name it ("Back to alice", "Esc back to alice").
    public var backTo: String?

    /// Creates the screen; focus starts on the password when the username is filled in.
    /// What the username field holds (labelled "Email" on a pool whose users sign in with their email).
    public var usernameKind: UsernameKind = .username
    /// Whether the pool's USER_AUTH flow is used: the screen asks for the username only, then the
    /// method choice follows (password, a code by email or text message).
    public var choosesMethod: Bool = false {
        didSet { if choosesMethod && focus == .password { focus = .username } }
    }
    /// Whether the password field is shown: not with ``choosesMethod`` (the method comes next) nor for
    /// CUSTOM_AUTH without SRP (the custom challenge comes next).
    public var asksForPassword: Bool = true {
        didSet { if !asksForPassword && focus == .password { focus = .username } }
    }
    /// Whether the screen takes the username only.
    public var showsPassword: Bool { !choosesMethod && asksForPassword }
    /// The hosted UI's sign-in choices, one row each: `COGNITO` ("Continue in browser", the pool's own
    /// page) and each identity provider the configuration names ("Continue with Google"). Empty
    /// without an OAuth configuration.
    public var webProviders: [String] = []
    /// Whether "Use a passkey" is offered (``AuthUIOptions/offersPasskey``).
    public var offersPasskey = false
    /// The browser sign-in under way, when one is: the screen shows its URL, QR code and paste field.
    public var hostedUI: HostedUIWait?
    /// The pasted redirect URL or code (kept only while a browser sign-in waits).
    public var pastedRedirect = FieldState()
    /// Whether a "Continue with" row was pressed and the URL is being prepared.
    var webStarting = false

    /// Creates the screen; the password field has focus when `username` is filled in,
    /// and Cancel shows only with `canCancel`.
    public init(
        username: String = "", notice: String? = nil, showsCreateAccount: Bool = true,
        showsForgotPassword: Bool = true, canCancel: Bool = false
    ) {
        self.username = FieldState(text: username)
        self.password = FieldState(isSecure: true)
        self.focus = username.isEmpty ? .username : .password
        self.request = nil
        self.banner = nil
        self.notice = notice
        self.showsCreateAccount = showsCreateAccount
        self.showsForgotPassword = showsForgotPassword
        self.canCancel = canCancel
    }

    /// The focusable items in Tab order.
    public var focusOrder: [Focus] {
        if hostedUI != nil { return [.pasteRedirect, .cancel] }
        var order: [Focus] = showsPassword ? [.username, .password, .signIn] : [.username, .signIn]
        if offersPasskey { order.append(.passkey) }
        if showsCreateAccount { order.append(.createAccount) }
        if showsForgotPassword { order.append(.forgotPassword) }
        if canCancel { order.append(.cancel) }
        // The browser rows sit under the form's buttons and links.
        order += webProviders.indices.map { .web($0) }
        return order
    }

    /// Whether Sign in can be pressed.
    public var canSubmit: Bool { !isInFlight }

    /// The status-line verb while in flight.
    public var activity: String? {
        if isInFlight { return ScreenText.signingIn }
        return hostedUI != nil ? ScreenText.waitingForBrowser : nil
    }

    /// The username as it will be sent.
    var trimmedUsername: String { username.text.trimmingCharacters(in: .whitespaces) }

    /// Whether the Ctrl-T hint shows (only while the password has focus).
    public var showsRevealHint: Bool { focus == .password }

    /// The label of web row `index`: "Continue in browser" or "Continue with Google".
    public func webLabel(_ index: Int) -> String {
        guard webProviders.indices.contains(index) else { return "" }
        return ScreenText.continueWith(provider: webProviders[index])
    }
}

/// What happened on the Sign in screen.
public enum SignInAction: Sendable {
    /// A key was pressed.
    case keyPressed(Key)
    /// The username was set in one piece.
    case usernameChanged(String)
    /// The password was set in one piece.
    case passwordChanged(String)
    /// An item was focused directly.
    case focusChanged(SignInState.Focus)
    /// Sign in was pressed.
    case submitPressed
    /// Create account was pressed.
    case createAccountPressed
    /// Forgot password was pressed.
    case forgotPasswordPressed
    /// Cancel was pressed: stops a browser sign-in, else ends the sign-in when the options allow it.
    case cancelPressed
    /// The sign-in request finished.
    case signInFinished(Result<SignInStep, AuthError>)
    /// A browser sign-in started (the URL is ready) or could not start.
    case hostedUIStarted(Result<HostedUIWait, AuthError>)
}

extension SignInState: FormScreen {
    static var requestCancelledMessage: WritableKeyPath<SignInState, String?> { \.notice }

    /// The key path of the username, password or pasted-redirect field at `focus`; nil for the buttons and links.
    public func fieldPath(_ focus: Focus) -> WritableKeyPath<SignInState, FieldState>? {
        switch focus {
        case .username: return \.username
        case .password: return \.password
        case .pasteRedirect: return \.pastedRedirect
        default: return nil
        }
    }

    func validationError(for focus: Focus) -> String? {
        switch focus {
        case .username: return trimmedUsername.isEmpty ? ScreenText.usernameRequired : nil
        case .password: return showsPassword && password.isEmpty ? ScreenText.passwordRequired : nil
        default: return nil
        }
    }

    /// Applies an action and returns the effects to run.
    package mutating func reduce(_ action: SignInAction) -> [ScreenEffect] {
        switch action {
        case .keyPressed(let key): return keyPressed(key)
        case .usernameChanged(let text):
            username.setText(text)
            return []
        case .passwordChanged(let text):
            password.setText(text)
            return []
        case .focusChanged(let item):
            moveFocus(to: item)
            return []
        case .submitPressed: return submit()
        case .createAccountPressed: return activate(.createAccount)
        case .forgotPasswordPressed: return activate(.forgotPassword)
        case .cancelPressed: return activate(.cancel)
        case .hostedUIStarted(let result): return hostedUIStarted(result)
        case .signInFinished(let result): return signInFinished(result)
        }
    }

    /// Handles a key through the form: editing, moving focus, submitting, or cancelling (the
    /// browser sign-in first, when one is starting or waiting).
    private mutating func keyPressed(_ key: Key) -> [ScreenEffect] {
        switch handleFormKey(key) {
        case .handled: return []
        case .edited:
            // The server's complaint was about what was typed before; it is stale now.
            banner = nil
            return []
        case .submitted: return submit()
        case .activated(let item): return activate(item)
        case .escaped:
            if hostedUI != nil { return cancelHostedUI() }
            return canCancel ? [.route(.cancelled)] : []
        case .cancelledInFlight:
            if hostedUI != nil || webStarting { return cancelHostedUI() }
            focus = choosesMethod ? .username : .password
            return cancelRequestInFlight()
        }
    }

    /// Takes the browser sign-in's start: waits for the redirect to be pasted, or shows why it
    /// could not start.
    private mutating func hostedUIStarted(_ result: Result<HostedUIWait, AuthError>) -> [ScreenEffect] {
        guard webStarting else { return [] }
        webStarting = false
        request = nil
        switch result {
        case .success(let wait):
            hostedUI = wait
            pastedRedirect = FieldState()
            focus = .pasteRedirect
            banner = nil
        case .failure(let error):
            banner = ScreenText.signInBanner(
                for: error, showsCreateAccount: showsCreateAccount, showsForgotPassword: showsForgotPassword)
        }
        return []
    }

    /// Takes a sign-in's result: routes to the next step, or shows why it failed.
    private mutating func signInFinished(_ result: Result<SignInStep, AuthError>) -> [ScreenEffect] {
        guard isInFlight || hostedUI != nil else { return [] }
        request = nil
        if hostedUI != nil { return hostedUISignInFinished(result) }
        switch result {
        case .success(.done):
            return [.route(.signedIn)]
        case .success(.emailOTP(let details)) where choosesMethod:
            return [.route(.signInCode(.emailOTP(details), username: trimmedUsername, method: .emailOTP))]
        case .success(.smsOTP(let details)) where choosesMethod:
            return [.route(.signInCode(.smsOTP(details), username: trimmedUsername, method: .smsOTP))]
        case .success(let step):
            return [.route(.challenge(step, username: trimmedUsername))]
        case .failure(.userNotConfirmed) where showsCreateAccount:
            return [
                .route(
                    .confirmSignUp(username: trimmedUsername, delivery: nil, password: nil, sendNewCode: true))
            ]
        case .failure(let error):
            banner = ScreenText.signInBanner(
                for: error, showsCreateAccount: showsCreateAccount, showsForgotPassword: showsForgotPassword)
            password.clear()
            password.error = nil
            focus = choosesMethod ? .username : .password
            return []
        }
    }

    /// Takes the result of a browser sign-in that was waiting for its redirect: signed in, still
    /// waiting for another paste, or ended with the reason shown.
    private mutating func hostedUISignInFinished(_ result: Result<SignInStep, AuthError>) -> [ScreenEffect] {
        switch result {
        case .success(.done):
            hostedUI = nil
            pastedRedirect = FieldState()
            return [.route(.signedIn)]
        case .failure(.hostedUI(let failure)) where Self.mayPasteAgain(failure):
            // Still waiting: the listener stays open and another paste is welcome.
            banner = ScreenText.hostedUIBanner(failure)
            pastedRedirect.clear()
            return []
        case .failure(let error):
            hostedUI = nil
            pastedRedirect = FieldState()
            focus = webProviders.isEmpty ? .username : .web(0)
            banner = ScreenText.signInBanner(
                for: error, showsCreateAccount: showsCreateAccount, showsForgotPassword: showsForgotPassword)
            return [.run(.cancelHostedUISignIn)]
        case .success:
            hostedUI = nil
            return []
        }
    }

    /// Failures a person can put right by pasting again while the browser sign-in waits.
    static func mayPasteAgain(_ failure: HostedUIFailure) -> Bool {
        switch failure {
        case .stateMismatch, .missingState, .noCode: return true
        default: return false
        }
    }

    /// Esc while a browser sign-in waits (or starts): back to the form, the listener closed.
    private mutating func cancelHostedUI() -> [ScreenEffect] {
        hostedUI = nil
        webStarting = false
        request = nil
        pastedRedirect = FieldState()
        focus = webProviders.isEmpty ? .username : .web(0)
        notice = ScreenText.browserSignInCancelled
        return [.run(.cancelHostedUISignIn)]
    }

    private mutating func activate(_ item: Focus) -> [ScreenEffect] {
        guard !isInFlight else { return [] }
        switch item {
        case .web(let index):
            guard webProviders.indices.contains(index) else { return [] }
            banner = nil
            notice = nil
            signOutURL = nil
            request = .browserSignIn
            webStarting = true
            return [.run(.startHostedUISignIn(provider: webProviders[index]))]
        case .pasteRedirect: return submit()
        case .cancel where hostedUI != nil: return cancelHostedUI()
        case .username, .password, .signIn: return submit()
        case .passkey: return signInWithPasskey()
        case .createAccount: return showsCreateAccount ? [.route(.signUp(username: trimmedUsername))] : []
        case .forgotPassword: return showsForgotPassword ? [.route(.forgotPassword(username: trimmedUsername))] : []
        case .cancel: return canCancel ? [.route(.cancelled)] : []
        }
    }

    /// "Use a passkey": the username only (no password), then the ceremony screen shows over this one.
    private mutating func signInWithPasskey() -> [ScreenEffect] {
        banner = nil
        if let error = validationError(for: .username) {
            username.error = error
            focus = .username
            return []
        }
        username.error = nil
        password.clear()
        notice = nil
        storeWarning = nil
        signOutURL = nil
        request = .signIn
        return [.run(.signIn(.passkey(username: trimmedUsername)))]
    }

    private mutating func submit() -> [ScreenEffect] {
        guard canSubmit else { return [] }
        if hostedUI != nil {
            let pasted = pastedRedirect.text.trimmingCharacters(in: .whitespacesAndNewlines)
            guard !pasted.isEmpty else {
                pastedRedirect.error = ScreenText.pasteRequired
                return []
            }
            banner = nil
            request = .browserSignIn
            return [.run(.completeHostedUISignIn(pasted: SecretText(pasted)))]
        }
        banner = nil
        guard validateAll() else { return [] }
        let secret = SecretText(password.text)
        password.clear()
        notice = nil
        storeWarning = nil
        signOutURL = nil
        request = .signIn
        if choosesMethod { return [.run(.signIn(.startUserAuth(username: trimmedUsername)))] }
        return [.run(.signIn(.signIn(username: trimmedUsername, password: secret)))]
    }
}
