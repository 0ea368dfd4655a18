import CognitoAuth
import Foundation
import LatchkeyText

/// The Sign in screen: its fields and links, the browser (hosted UI) sign-in rows and panel, and the
/// banners of a failed sign-in.
extension ScreenText {
    // MARK: Fields, links and status

    /// The Sign in screen's title and the header of its box: "Sign in".
    public static var signInTitle: String { Localized.text(\.signInTitle) }
    /// The Sign in screen's submit button: "Sign in".
    public static var signInButton: String { Localized.text(\.signInButton) }
    /// The link to Create account on Sign in, and the submit button on Create account itself.
    public static var createAccountButton: String { Localized.text(\.createAccountButton) }
    /// The link from Sign in to the Forgot password screen.
    public static var forgotPasswordLink: String { Localized.text(\.forgotPasswordLink) }
    /// The status line while the sign-in request is in flight: "Signing in…".
    public static var signingIn: String { Localized.text(\.signingIn) }
    /// The notice on Sign in after a sign-out: "Signed out.".
    public static var signedOutNotice: String { Localized.text(\.signedOutNotice) }
    /// The notice on Sign in (and the log line) when the session ended from another terminal or process.
    public static var signedOutElsewhere: String { Localized.text(\.signedOutElsewhere) }
    /// The notice when a sign-in finds the account unconfirmed and the confirmation screen opens with a new code.
    public static var accountNotConfirmed: String { Localized.text(\.accountNotConfirmed) }
    /// The confirmation screen's notice once the new code for an unconfirmed account went out.
    public static var accountNotConfirmedYet: String { Localized.text(\.accountNotConfirmedYet) }

    /// The username field's label on a pool that signs in with a username, an email or a phone number.
    public static func usernameLabel(_ kind: UsernameKind) -> String {
        switch kind {
        case .username: return usernameLabel
        case .email: return Localized.text(\.attributeEmail)
        case .phoneNumber: return Localized.text(\.attributePhoneNumber)
        case .emailOrPhoneNumber: return Localized.text(\.usernameLabelEmailOrPhone)
        }
    }

    /// The grey example inside the empty username field: "name or email", "+14155550100", ….
    public static func usernamePlaceholder(_ kind: UsernameKind) -> String {
        switch kind {
        case .username: return Localized.text(\.placeholderNameOrEmail)
        case .email: return "name@example.com"
        case .phoneNumber: return "+14155550100"
        case .emailOrPhoneNumber: return Localized.text(\.placeholderEmailOrPhone)
        }
    }

    // MARK: Browser sign-in (hosted UI)

    /// A row on the sign-in screen: "Continue in browser" (the pool's own hosted page) or
    /// "Continue with Google" (the provider's display name, sanitised).
    public static func continueWith(provider: String) -> String {
        provider == HostedUIConfiguration.cognitoProvider
            ? Localized.text(\.hostedUIContinueInBrowser)
            : Localized.format(
                \.hostedUIContinueWith,
                ["provider": TerminalText.sanitized(HostedUIConfiguration.displayName(ofProvider: provider))])
    }
    /// The label of the browser panel's field that takes the pasted redirect URL or code.
    public static var pasteRedirectLabel: String { Localized.text(\.hostedUIPasteRedirectLabel) }
    /// The paste field's error when Enter is pressed with it empty.
    public static var pasteRequired: String { Localized.text(\.hostedUIPasteRequired) }
    /// The notice on Sign in after Esc on the browser panel.
    public static var browserSignInCancelled: String { Localized.text(\.hostedUICancelled) }
    /// The status-line verb while the browser panel waits for the redirect: "Waiting for the browser".
    public static var waitingForBrowser: String { Localized.text(\.hostedUIWaiting) }
    /// The browser panel's first line when a browser was opened here: finish there, this screen follows.
    public static var browserOpened: String { Localized.text(\.hostedUIBrowserOpened) }
    /// The browser panel's first line when no browser could be opened: open the URL below (or scan the QR code).
    public static var openURLElsewhere: String { Localized.text(\.hostedUIOpenURLElsewhere) }
    /// The browser panel's first line on a terminal too small for the QR code.
    public static var openURLShort: String { Localized.text(\.hostedUIOpenURLShort) }
    /// The browser panel's line above the `ssh -L` command, for a browser on another machine.
    public static var tunnelHint: String { Localized.text(\.hostedUITunnelHint) }
    /// The browser panel's line under the paste field: paste the URL with `?code=`, then Enter.
    public static var pasteHint: String {
        Localized.format(\.hostedUIPasteHint, ["enter": FormKeys.enter.label, "escape": FormKeys.escape.label])
    }
    /// The notice after signing out of a hosted-UI session when the browser's logout page was opened here.
    public static var hostedUILogoutOpened: String { Localized.text(\.hostedUILogoutOpened) }
    /// The Sign in screen's notice after signing out of a hosted-UI session with no browser here; the
    /// logout URL follows on rows of its own.
    public static var hostedUILogoutOpenBelow: String { ScreenText.namingKeys(\.hostedUILogoutOpenBelow) }
    /// The notice after signing out of a hosted-UI session with no browser here, with the logout `url`
    /// in it (the event log; the Sign in screen draws the URL on rows of its own).
    public static func hostedUILogoutToOpen(_ url: String) -> String {
        Localized.format(\.hostedUILogoutToOpen, ["url": TerminalText.sanitized(url)])
    }
    /// The browser panel's banner for a failure that pasting again can put right: its summary, then its next step.
    public static func hostedUIBanner(_ failure: HostedUIFailure) -> String {
        "\(failure.summary) \(failure.nextStep)"
    }

    // MARK: Banners

    /// A failed sign-in: our sentence for the error, then the next step on this screen (naming Create
    /// account or Forgot password only when the screen shows them), then the server's detail.
    public static func signInBanner(
        for error: AuthError, showsCreateAccount: Bool = true, showsForgotPassword: Bool = true
    ) -> String {
        switch error {
        case .notAuthorized(let message)
        where [.incorrectCredentials, .other].contains(NotAuthorizedVariant(message)):
            // At sign-in, an unexplained NotAuthorized is the wrong password too.
            let next =
                showsForgotPassword
                ? Localized.text(\.nextTryAgainOrForgot) : Localized.text(\.nextCheckPassword)
            let detail = error.serverDetail.map { Localized.text(\.errorSeparator) + details($0) } ?? ""
            return banner(.notAuthorized("Incorrect username or password."), next) + detail
        case .userNotFound:
            let next =
                showsCreateAccount ? Localized.text(\.nextCheckUsernameOrCreate) : Localized.text(\.nextCheckUsername)
            return banner(error, next)
        case .passwordResetRequired:
            let next =
                showsForgotPassword ? Localized.text(\.nextChooseForgot) : Localized.text(\.nextResetThenSignIn)
            return banner(error, next)
        case .notAuthorized(let message) where NotAuthorizedVariant(message) == .attemptsExceeded:
            let next =
                showsForgotPassword ? Localized.text(\.nextWaitOrForgot) : Localized.text(\.nextWait)
            return banner(error, next)
        case .anotherUserSignedIn(let signedIn, let attempted):
            return anotherUserBanner(signedIn: signedIn, attempted: attempted)
        default:
            return fallbackBanner(error)
        }
    }

    /// A sign-in as another user refused because `signedIn`'s session is here (the re-login prompt
    /// lets the username be edited; its waiting calls belong to `signedIn`). Both names are sanitised.
    public static func anotherUserBanner(signedIn: String, attempted: String) -> String {
        let current = TerminalText.sanitized(signedIn)
        return ScreenText.namingKeys(
            \.anotherUserBanner, ["current": current, "attempted": TerminalText.sanitized(attempted)])
    }
}
