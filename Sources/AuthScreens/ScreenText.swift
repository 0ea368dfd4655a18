import CognitoAuth
import Foundation

/// Every user-visible string of the auth screens, in one place, so the renderer and the tests share them.
public enum ScreenText {
    // MARK: Masking and glyphs

    /// What replaces a secret in descriptions and dumps.
    public static let redacted = "<redacted>"
    /// The character drawn for each masked password character.
    public static let maskCharacter: Character = "•"
    /// The glyph of a met password rule.
    public static let checkMet = "✓"
    /// The glyph of an unmet password rule.
    public static let checkUnmet = "✗"
    /// The glyph before a field's validation error.
    public static let errorGlyph = "✗"
    /// Spinner frames for the status line while a request is in flight.
    public static let spinnerFrames = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]

    // MARK: Titles

    /// The app's name.
    public static let appName = "Latchkey"
    /// Sign in.
    public static let signInTitle = "Sign in"
    /// Create account.
    public static let signUpTitle = "Create account"
    /// The confirmation-code screen.
    public static let confirmSignUpTitle = "Confirm your account"
    /// Forgot password.
    public static let forgotPasswordTitle = "Reset your password"
    /// NEW_PASSWORD_REQUIRED.
    public static let newPasswordTitle = "Choose a new password"
    /// NEW_PASSWORD_REQUIRED explanation.
    public static let newPasswordExplanation = "Your account needs a new password before you can sign in."
    /// MFA_SETUP.
    public static let totpSetupTitle = "Set up an authenticator app"
    /// MFA_SETUP instructions.
    public static let totpSetupInstructions =
        "Scan the QR code with your authenticator app, or type the secret. Then enter the 6-digit code it shows."
    /// SELECT_MFA_TYPE.
    public static let selectMFATitle = "Choose how to verify"
    /// MFA_SETUP's choice of factor.
    public static let mfaSetupTitle = "Set up MFA"
    /// The dashboard.
    public static let dashboardTitle = "Session"
    /// The event log panel.
    public static let eventLogTitle = "Events"
    /// The pending calls panel.
    public static let pendingCallsTitle = "Waiting calls"
    /// The re-login prompt.
    public static let reloginTitle = "Sign in again"
    /// The help overlay.
    public static let helpTitle = "Keys"

    /// The title for a code challenge.
    public static func codeChallengeTitle(_ kind: CodeChallengeState.Kind) -> String {
        switch kind {
        case .sms: return "Enter the text-message code"
        case .email: return "Enter the emailed code"
        case .totp: return "Enter the authenticator code"
        case .custom: return "Answer the challenge"
        case .setUpDestination: return mfaSetupTitle
        }
    }

    /// What to enter for a code challenge, and where the code came from.
    public static func codeChallengePrompt(_ kind: CodeChallengeState.Kind) -> String {
        switch kind {
        case .sms(let details), .email(let details):
            return "Enter the 6-digit code we sent in \(TerminalText.sanitized(details.phrase))."
        case .totp: return "Enter the 6-digit code from your authenticator app."
        case .custom: return "Enter the answer to the challenge."
        case .setUpDestination(let label, let hint): return "\(label), \(hint)."
        }
    }

    // MARK: Labels and buttons

    /// Username field.
    public static let usernameLabel = "Username"
    /// Password field.
    public static let passwordLabel = "Password"
    /// New password field.
    public static let newPasswordLabel = "New password"
    /// Confirm password field.
    public static let confirmPasswordLabel = "Confirm password"
    /// Code field.
    public static let codeLabel = "Code"
    /// A custom challenge's answer field.
    public static let answerLabel = "Answer"

    /// A custom challenge's answer was refused and the sign-in ended, with Cognito's words (sanitised).
    public static func customAnswerRefused(_ message: String) -> String {
        let server = TerminalText.sanitized(message).trimmingCharacters(in: .whitespaces)
        return "The answer was not accepted" + (server.isEmpty ? "." : " (\(server)).") + " Press Esc to start over."
    }
    /// TOTP secret label.
    public static let secretLabel = "Secret"
    /// Password policy heading.
    public static let policyHeading = "The password needs:"
    /// Sign in button.
    public static let signInButton = "Sign in"
    /// Create account link (on Sign in) and button (on Create account).
    public static let createAccountButton = "Create account"
    /// Forgot password link.
    public static let forgotPasswordLink = "Forgot password"
    /// Cancel button.
    public static let cancelButton = "Cancel"
    /// Back to sign in link.
    public static let backToSignInLink = "Back to sign in"
    /// Confirm button.
    public static let confirmButton = "Confirm"
    /// Resend code link.
    public static let resendCodeLink = "Resend code"
    /// Send code button.
    public static let sendCodeButton = "Send code"
    /// Reset password button.
    public static let resetPasswordButton = "Reset password"
    /// Back link.
    public static let backLink = "Back"
    /// Set password button.
    public static let setPasswordButton = "Set password"
    /// Verify button.
    public static let verifyButton = "Verify"

    /// The label of a sign-up attribute.
    public static func attributeLabel(_ attribute: SignUpAttribute) -> String {
        attributeLabel(named: attribute.attributeName)
    }

    /// The label of any Cognito attribute name: `email` → "Email", `family_name` → "Family name".
    public static func attributeLabel(named name: String) -> String {
        switch name {
        case "email": return "Email"
        case "phone_number": return "Phone number"
        case "birthdate": return "Birth date"
        case "zoneinfo": return "Time zone"
        case "updated_at": return "Updated at"
        default:
            let words = TerminalText.sanitized(name).replacingOccurrences(of: "custom:", with: "")
                .replacingOccurrences(of: "_", with: " ")
            return words.prefix(1).uppercased() + words.dropFirst()
        }
    }

    /// An example value for an attribute field.
    public static func attributePlaceholder(_ attribute: SignUpAttribute) -> String {
        switch attribute {
        case .email: return "name@example.com"
        case .phoneNumber: return "+14155550100"
        case .birthdate: return "YYYY-MM-DD"
        case .profile, .picture, .website: return "https://…"
        case .updatedAt: return "seconds since 1970"
        case .zoneinfo: return "Europe/Paris"
        case .locale: return "en-US"
        default: return ""
        }
    }

    /// The username field's label on a pool that signs in with a username, an email or a phone number.
    public static func usernameLabel(_ kind: UsernameKind) -> String {
        switch kind {
        case .username: return usernameLabel
        case .email: return "Email"
        case .phoneNumber: return "Phone number"
        case .emailOrPhoneNumber: return "Email or phone"
        }
    }

    /// The username field's example.
    public static func usernamePlaceholder(_ kind: UsernameKind) -> String {
        switch kind {
        case .username: return "name or email"
        case .email: return "name@example.com"
        case .phoneNumber: return "+14155550100"
        case .emailOrPhoneNumber: return "name@example.com or +1415…"
        }
    }

    /// Where the verification code goes, from the pool's verification mechanisms; nil when not stated.
    public static func verificationNotice(_ mechanisms: [String]) -> String? {
        let places = mechanisms.compactMap { mechanism -> String? in
            switch mechanism.lowercased() {
            case "email": return "your email"
            case "phone_number", "phone", "sms": return "your phone (SMS)"
            default: return nil
            }
        }
        guard !places.isEmpty else { return nil }
        return "We will send a verification code to \(places.joined(separator: " or "))."
    }

    /// The dashboard's MFA line: "MFA: optional (TOTP, SMS)"; nil when the pool's setting is not stated.
    public static func mfaSummary(configuration: String?, methods: [String]) -> String? {
        guard configuration != nil || !methods.isEmpty else { return nil }
        let setting: String
        switch configuration?.uppercased() {
        // Cognito says ON / OPTIONAL / OFF; Amplify Gen 2 files say REQUIRED / OPTIONAL / NONE.
        case "ON"?, "REQUIRED"?: setting = "required"
        case "OPTIONAL"?: setting = "optional"
        case "OFF"?, "NONE"?: setting = "off"
        case let other?: setting = TerminalText.sanitized(other).lowercased()
        case nil: setting = "not stated"
        }
        let shown = methods.map { TerminalText.sanitized($0).uppercased() }
        return "MFA: \(setting)"
            + (shown.isEmpty || setting == "off" ? "" : " (\(shown.joined(separator: ", ")))")
    }

    /// The dashboard label of the pool's settings row.
    public static let poolLabel = "Pool"
    /// The dashboard label of the keys read but not acted on.
    public static let notUsedYetLabel = "Not used yet"

    /// The label of an MFA type choice.
    public static func mfaTypeLabel(_ type: MFAType) -> String {
        switch type {
        case .sms: return "Text message (SMS)"
        case .totp: return "Authenticator app"
        case .email: return "Email"
        }
    }

    /// The Ctrl-T hint shown while a password field has focus.
    public static func revealHint(isRevealed: Bool) -> String {
        isRevealed ? "Ctrl-T hide password" : "Ctrl-T show password"
    }

    // MARK: Validation

    /// Empty username.
    public static let usernameRequired = "Enter a username."
    /// Username with spaces (Create account).
    public static let usernameHasSpaces = "A username cannot contain spaces."
    /// Empty password.
    public static let passwordRequired = "Enter a password."
    /// Empty confirm-password field.
    public static let confirmPasswordRequired = "Repeat the new password."
    /// Different passwords.
    public static let passwordsDoNotMatch = "The passwords do not match."
    /// Empty code.
    public static let codeRequired = "Enter the code."
    /// Malformed email.
    public static let invalidEmail = "Enter an email address such as name@example.com."
    /// Malformed phone number.
    public static let invalidPhone = "Enter the phone number with its country code, such as +14155550100."
    /// An invalid email-or-phone username.
    public static let invalidEmailOrPhone = "Enter an email address or a phone number such as +14155550100."
    /// An attribute longer than Cognito allows.
    public static func attributeTooLong(_ label: String) -> String { "\(label) is too long (2048 characters at most)." }
    /// An invalid date.
    public static func invalidDate(_ label: String) -> String {
        "Enter \(label.lowercased()) as YYYY-MM-DD, such as 1990-04-23."
    }
    /// An invalid URL.
    public static func invalidURL(_ label: String) -> String {
        "Enter \(label.lowercased()) as a URL starting with https://."
    }
    /// An invalid number of seconds.
    public static func invalidSeconds(_ label: String) -> String {
        "Enter \(label.lowercased()) as seconds since 1970."
    }

    /// A code of the wrong shape.
    public static func codeMustBeDigits(_ digits: Int) -> String { "The code has \(digits) digits." }

    /// An empty required attribute.
    public static func attributeRequired(_ label: String) -> String { "\(label) is required." }

    /// A policy rule as listed beside the password.
    public static func policyRule(_ rule: PasswordPolicy.Rule) -> String {
        switch rule {
        case .minimumLength(let length): return "At least \(length) characters"
        case .uppercase: return "An uppercase letter"
        case .lowercase: return "A lowercase letter"
        case .number: return "A number"
        case .symbol: return "A symbol, such as ! @ # $"
        }
    }

    /// The error under a password that misses `rule`.
    public static func passwordNeeds(_ rule: PasswordPolicy.Rule) -> String {
        switch rule {
        case .minimumLength(let length): return "The password needs at least \(length) characters."
        case .uppercase: return "The password needs an uppercase letter."
        case .lowercase: return "The password needs a lowercase letter."
        case .number: return "The password needs a number."
        case .symbol: return "The password needs a symbol."
        }
    }

    // MARK: Activity (status line while in flight)

    /// Sign in in flight.
    public static let signingIn = "Signing in…"
    /// Sign up in flight.
    public static let creatingAccount = "Creating account…"
    /// Confirm sign-up in flight.
    public static let confirming = "Confirming…"
    /// A code is being sent.
    public static let sendingCode = "Sending code…"
    /// Confirm forgot password in flight.
    public static let resettingPassword = "Resetting password…"
    /// New password challenge in flight.
    public static let settingPassword = "Setting password…"
    /// A challenge answer in flight.
    public static let verifying = "Verifying…"

    // MARK: Notices

    /// Esc during a request.
    public static let requestCancelled = "Cancelled. Nothing was sent after that point; try again when ready."
    /// After Create account when no confirmation is needed.
    public static let accountCreated = "Account created. Sign in."
    /// After confirming, without automatic sign-in.
    public static let accountConfirmed = "Account confirmed. Sign in with your password."
    /// After confirming, with automatic sign-in.
    public static let accountConfirmedSigningIn = "Account confirmed. Signing in…"
    /// After a password reset.
    public static let passwordChanged = "Password changed. Sign in with the new password."
    /// After signing out.
    public static let signedOutNotice = "Signed out."
    /// When the account turned out to be unconfirmed at sign-in.
    public static let accountNotConfirmed = "Your account is not confirmed yet. We are sending a new code."

    /// Where the sign-up code went.
    public static func signUpCodeSent(_ delivery: CodeDeliveryDetails?) -> String {
        guard let delivery else { return "Enter the confirmation code that was sent to you." }
        return "We sent a confirmation code in \(TerminalText.sanitized(delivery.phrase)). Enter it below."
    }

    /// After Resend code.
    public static func newCodeSent(_ delivery: CodeDeliveryDetails) -> String {
        "A new code was sent in \(TerminalText.sanitized(delivery.phrase))."
    }

    /// After Forgot password's first step.
    public static func resetCodeSent(_ delivery: CodeDeliveryDetails) -> String {
        "We sent a reset code in \(TerminalText.sanitized(delivery.phrase)). Enter it with a new password."
    }

    // MARK: Banners (server errors with the next step)

    /// A failed sign-in: our sentence for the error, then the next step on this screen.
    public static func signInBanner(
        for error: AuthError, showsCreateAccount: Bool = true, showsForgotPassword: Bool = true
    ) -> String {
        switch error {
        case .notAuthorized(let message)
        where [.incorrectCredentials, .other].contains(NotAuthorizedVariant(message)):
            // At sign-in, an unexplained NotAuthorized is the wrong password too.
            let next =
                showsForgotPassword
                ? "Try again, or choose Forgot password below." : "Check the password and try again."
            let detail = error.serverDetail.map { " Details: \(sentence($0, or: ""))" } ?? ""
            return banner(.notAuthorized("Incorrect username or password."), next) + detail
        case .userNotFound:
            let next =
                showsCreateAccount ? "Check the username, or choose Create account below." : "Check the username."
            return banner(error, next)
        case .passwordResetRequired:
            let next = showsForgotPassword ? "Choose Forgot password below to reset it." : "Reset it, then sign in."
            return banner(error, next)
        case .notAuthorized(let message) where NotAuthorizedVariant(message) == .attemptsExceeded:
            let next =
                showsForgotPassword ? "Wait a few minutes, or choose Forgot password below." : "Wait a few minutes."
            return banner(error, next)
        case .anotherUserSignedIn(let signedIn, let attempted):
            return anotherUserBanner(signedIn: signedIn, attempted: attempted)
        default:
            return fallbackBanner(error)
        }
    }

    /// A sign-in as another user refused because `signedIn`'s session is here (the re-login prompt
    /// lets the username be edited; its waiting calls belong to `signedIn`).
    public static func anotherUserBanner(signedIn: String, attempted: String) -> String {
        let current = TerminalText.sanitized(signedIn)
        return "This is \(current)'s session, so \(TerminalText.sanitized(attempted)) cannot sign in over it "
            + "(\(current)'s waiting calls would fail). Sign in as \(current), or press Esc and sign out (o) first."
    }

    /// A failed Create account.
    public static func signUpBanner(for error: AuthError) -> String {
        switch error {
        case .usernameExists: return banner(error, "Choose another username, or press Esc to sign in.")
        case .aliasExists: return banner(error, "Use another one, or press Esc to sign in to that account.")
        case .invalidPassword: return banner(error, "Choose one that meets the policy shown.")
        default: return fallbackBanner(error)
        }
    }

    /// A failed confirmation or resend.
    public static func codeBanner(for error: AuthError) -> String {
        switch error {
        case .codeMismatch: return banner(error, "Check the code, or choose Resend code below.")
        case .expiredCode: return banner(error, "Choose Resend code below for a new one.")
        default: return fallbackBanner(error)
        }
    }

    /// A failed Forgot password step.
    public static func forgotPasswordBanner(for error: AuthError) -> String {
        switch error {
        case .userNotFound: return banner(error, "Check the username.")
        case .invalidPassword: return banner(error, "Choose one that meets the policy shown.")
        case .codeMismatch, .expiredCode: return codeBanner(for: error)
        default: return fallbackBanner(error)
        }
    }

    /// A failed challenge answer.
    public static func challengeBanner(for error: AuthError) -> String {
        switch error {
        case .codeMismatch: return banner(error, "Enter the current code.")
        case .enableSoftwareTokenMFA: return "The code was not accepted. Enter the current code from the app."
        case .notAuthorized(let message) where NotAuthorizedVariant(message) == .incorrectCredentials:
            return banner(error, "Enter the password again, or press Esc to start over.")
        case .notAuthorized: return "The sign-in attempt expired. Press Esc to start over."
        case .invalidPassword: return banner(error, "Choose one that meets the policy shown.")
        default: return fallbackBanner(error)
        }
    }

    /// Our summary of `error`, the screen's next step, and the server's text as a detail when it adds something.
    static func banner(_ error: AuthError, _ next: String) -> String {
        var parts = [error.summary ?? firstSentence(TerminalText.sanitized(error.description)) + ".", next]
        if let detail = error.serverDetail { parts.append("Details: \(sentence(detail, or: ""))") }
        return parts.joined(separator: " ")
    }

    /// Any other error: our wording (summary, next step, detail) where there is one, else the description.
    static func fallbackBanner(_ error: AuthError) -> String {
        TerminalText.sanitized(error.worded ?? error.description)
    }

    /// An error in a few words, for the log and the dashboard: the server's message, else the first sentence.
    public static func shortError(_ error: AuthError) -> String {
        var short: String
        switch error {
        case .notAuthorized(let message), .userNotFound(let message), .userNotConfirmed(let message),
            .usernameExists(let message), .aliasExists(let message), .codeMismatch(let message),
            .expiredCode(let message), .invalidPassword(let message), .passwordResetRequired(let message),
            .tooManyRequests(let message), .limitExceeded(let message), .tooManyFailedAttempts(let message),
            .forbidden(let message):
            short = error.summary ?? (message.isEmpty ? firstSentence(error.description) : message)
        case .internalError(let message):
            short = "internal error: \(message)"
        case .service(let type, let message):
            short = "\(type): \(message)"
        default:
            short = firstSentence(error.description)
        }
        short = TerminalText.sanitized(short).trimmingCharacters(in: .whitespaces)
        if short.hasSuffix(".") { short.removeLast() }
        if short.count > 100 { short = String(short.prefix(99)) + "…" }
        return short
    }

    static func firstSentence(_ text: String) -> String {
        guard let range = text.range(of: ". ") else { return text }
        return String(text[..<range.lowerBound])
    }

    // MARK: Re-login prompt

    /// Why the prompt opened, when nothing more than the state is known.
    public static func reloginReason(_ state: UserState) -> String { reloginReason(state, cause: .unknown) }

    /// How many calls wait for the sign-in.
    public static func waitingCalls(_ count: Int) -> String {
        switch count {
        case 0: return "No calls are waiting."
        case 1: return "1 call is waiting for you to sign in."
        default: return "\(count) calls are waiting for you to sign in."
        }
    }

    /// After Esc in the prompt.
    public static let reloginCancelledStatus = "Sign-in cancelled. Press s to sign in again."

    // MARK: Dashboard

    /// An absent value.
    public static let none = "none"
    /// The guest identity.
    public static let guest = "Guest"
    /// The logins key of a developer-authenticated identity.
    public static let developerProviderKey = "cognito-identity.amazonaws.com"
    /// Row label.
    public static let stateLabel = "User state"
    /// Row label.
    public static let providerLabel = "Provider"
    /// Row label.
    public static let authenticatedByLabel = "Authenticated by"
    /// Row label.
    public static let activeProvidersLabel = "Active providers"
    /// Row label.
    public static let identityIdLabel = "Identity id"
    /// Row label.
    public static let idTokenLabel = "ID token"
    /// Row label.
    public static let accessTokenLabel = "Access token"
    /// Row label.
    public static let refreshTokenLabel = "Refresh token"
    /// Row label.
    public static let awsCredentialsLabel = "AWS credentials"
    /// Row label.
    public static let connectivityLabel = "Connectivity"
    /// Row label.
    public static let pendingCallsLabel = "Pending calls"
    /// Connectivity value.
    public static let online = "online"
    /// Refresh token value.
    public static let refreshTokenStored = "stored"
    /// Refresh token value when the server rejected it.
    public static let refreshTokenInvalid = "rejected; sign in again"

    /// Refresh token value after `r`.
    public static func refreshRequestedAt(_ time: String) -> String { "stored; refresh requested at \(time)" }
    /// Refresh token value after a refresh.
    public static func refreshedAt(_ time: String) -> String { "stored; refreshed at \(time)" }
    /// Refresh token value after a failed refresh.
    public static func refreshFailedAt(_ time: String, _ message: String) -> String {
        "stored; refresh failed at \(time): \(TerminalText.sanitized(message))"
    }

    /// Connectivity value while offline.
    public static func offlineSince(_ time: String, _ relative: String, _ message: String) -> String {
        "offline since \(time) (\(relative)): \(TerminalText.sanitized(message))"
    }

    /// Pending calls value.
    public static func pendingSummary(_ count: Int) -> String { count == 0 ? none : "\(count) waiting" }

    /// One waiting call.
    public static func pendingCallLine(label: String, reason: PendingCall.Reason, waited: String) -> String {
        switch reason {
        case .signIn: return "\(label) — waiting for sign-in, \(waited)"
        case .refresh: return "\(label) — waiting for a refresh, \(waited)"
        }
    }

    /// An expiry as absolute and relative time: "14:32:05 (in 42 min)" or "14:00:00 (expired 3 min ago)".
    public static func expiry(_ clock: String, remaining: TimeInterval) -> String {
        remaining > 0 ? "\(clock) (in \(duration(remaining)))" : "\(clock) (expired \(duration(-remaining)) ago)"
    }

    // MARK: Event log

    /// The label of sample call `number`, also its pending-call label.
    public static func sampleCallLabel(_ number: Int) -> String { "GetUser #\(number)" }
    /// A sample call started.
    public static func sampleCallStarted(_ number: Int) -> String { "\(sampleCallLabel(number)) started" }
    /// A sample call succeeded.
    public static func sampleCallOK(_ number: Int) -> String { "\(sampleCallLabel(number)) ok" }
    /// A sample call failed.
    public static func sampleCallFailed(_ number: Int, _ message: String) -> String {
        "\(sampleCallLabel(number)) failed: \(TerminalText.sanitized(message))"
    }
    /// A sample call failed because the re-login prompt was cancelled.
    public static func sampleCallCancelled(_ number: Int) -> String {
        "\(sampleCallLabel(number)) cancelled (sign-in was cancelled)"
    }
    /// A call's task was cancelled.
    public static let callCancelled = "The call was cancelled."
    /// `r` pressed.
    public static let refreshRequested = "Refresh requested"
    /// `o` pressed.
    public static let signingOut = "Signing out…"
    /// `O` pressed.
    public static let signingOutEverywhere = "Signing out everywhere…"
    /// Local sign-out done.
    public static let signedOutHere = "Signed out"
    /// Global sign-out done.
    public static let signedOutEverywhere =
        "Signed out everywhere: refresh tokens revoked on every device; access tokens stay valid until they expire"
    /// Connectivity came back.
    public static let backOnline = "Back online"
    /// The re-login prompt opened.
    public static let reloginOpened = "Sign-in required; the re-login prompt is open"

    /// A sign-out's network part failed.
    public static func signOutFailed(global: Bool, _ message: String) -> String {
        let message = TerminalText.sanitized(message)
        return global
            ? "Global sign-out failed: \(message) (signed out on this device)" : "Sign-out failed: \(message)"
    }
    /// The user state changed.
    public static func stateChanged(_ state: UserState, username: String?) -> String {
        "State: \(state.rawValue)" + (username.map { " (\(TerminalText.sanitized($0)))" } ?? "")
    }
    /// The backend became unreachable.
    public static func wentOffline(_ message: String) -> String { "Offline: \(TerminalText.sanitized(message))" }
    /// Tokens were refreshed.
    public static func tokensRefreshed(_ expiry: String) -> String { "Tokens refreshed; they expire at \(expiry)" }
    /// A refresh failed.
    public static func refreshFailed(_ message: String) -> String {
        "Refresh failed: \(TerminalText.sanitized(message))"
    }
    /// `releaseSignInWait` released waiting calls.
    public static func signInWaitReleased(_ count: Int) -> String {
        "Sign-in cancelled: \(count) waiting \(count == 1 ? "call" : "calls") released"
    }
    /// The identity id changed.
    public static func identityChanged(old: String?, new: String) -> String {
        TerminalText.sanitized("Identity id changed: \(old ?? none) → \(new)")
    }
    /// AWS credentials were fetched.
    public static func credentialsRefreshed(_ expiry: String) -> String {
        "AWS credentials refreshed; they expire at \(expiry)"
    }
    /// The store reported a problem.
    public static func storeWarning(_ message: String) -> String {
        "Session store: \(TerminalText.sanitized(message))"
    }
    /// The re-login prompt's sign-in succeeded.
    public static func signedInAgain(_ username: String) -> String {
        "Signed in again as \(TerminalText.sanitized(username))"
    }

    // MARK: Help and key hints

    /// Help lines for forms.
    public static let formHelp = [
        "Tab / Shift-Tab, ↓ / ↑   move between fields",
        "Enter   next field; on the last field, submit",
        "Ctrl-T   show or hide the focused password",
        "Esc   back, or cancel a request in flight",
        "F1   this help (? is typed into the field)",
        "Ctrl-C   quit",
    ]

    /// Help lines for the dashboard.
    public static let dashboardHelp = [
        "c   one GetUser call",
        "C   five GetUser calls at once",
        "r   refresh the tokens now",
        "o   sign out on this device",
        "O   sign out everywhere (asks first; revokes every device's refresh token)",
        "s   sign in again (when the session expired)",
        "m   Security: read the MFA settings",
        "e   Security: email MFA on/off (E: prefer email)",
        "t   Security: set up an authenticator app (TOTP)",
        "T   Security: authenticator app (TOTP) off",
        "x   Security: SMS MFA on/off (X: prefer SMS)",
        "v   devices: list, forget, remember",
        "p / y   profile / copy a token to the clipboard (then i: ID, a: access)",
        "a   accounts: switch to another signed-in account, or sign in as someone else",
        "↑ ↓ PgUp PgDn Home End   scroll the event log",
        "?   this help",
        "q   quit",
    ]

    /// Help lines for the MFA choice.
    public static let choiceHelp = [
        "↓ / ↑, Tab   move between choices",
        "Enter or Space   choose",
        "Esc   back to sign in",
        "? or F1   this help",
        "q or Ctrl-C   quit",
    ]

    /// Separates key hints on the bottom line.
    public static let hintSeparator = " · "
    /// Key hint.
    public static let hintNext = "Tab next"
    /// Key hint.
    public static let hintEnter = "Enter continue"
    /// Key hint.
    public static let hintEscBack = "Esc back"
    /// Key hint.
    public static let hintEscCancel = "Esc cancel"
    /// Key hint.
    public static let hintF1Help = "F1 help"
    /// Key hint.
    public static let hintCtrlCQuit = "Ctrl-C quit"
    /// Key hint.
    public static let hintQuit = "q quit"
    /// Key hint while a request is in flight.
    public static let hintCancelRequest = "Esc cancel request"
    /// Key hint when the session expired and the prompt is closed.
    public static let hintSignInAgain = "s sign in again"
    /// The active account's name in the header, with how many others are signed in here:
    /// "alice (+1 account)".
    public static func activeAccount(_ name: String, others: [String]) -> String {
        switch others.count {
        case 0: return name
        case 1: return "\(name) (+1 account)"
        default: return "\(name) (+\(others.count) accounts)"
        }
    }
    /// The event log's line for a sign-in that failed.
    public static func signInFailedLog(_ reason: String) -> String { "Sign-in failed: \(reason)" }
    /// The dashboard's hint for the Accounts chooser.
    public static let hintAccounts = "a accounts"
    /// The Accounts chooser's title.
    public static let accountPickerTitle = "Accounts"
    /// The Accounts chooser's last row.
    public static let addAccountRow = "Sign in as someone else"
    /// The Accounts chooser's key hints.
    public static let accountPickerHints = ["↑/↓ choose", "Enter switch", "Esc back"]
    /// Key hints on the dashboard.
    public static let dashboardHints = [
        "c call", "r refresh", "o sign out", "q quit", "p profile", "v devices", "y copy token",
        "O sign out everywhere", "C 5 calls",
    ]
    /// Key hints on a screen of choices.
    public static let choiceHints = ["↑/↓ choose", "Enter select", "q quit", "Esc back"]
    /// The hint that closes the help overlay.
    public static let closeHelpHint = "Esc or ? close help"

    /// Shown instead of the UI when the terminal is too small.
    public static func terminalTooSmall(minimumColumns: Int, minimumRows: Int) -> String {
        "Terminal too small: enlarge it to at least \(minimumColumns)×\(minimumRows), or press q to quit."
    }

    // MARK: Time

    /// The time of day, "14:32:05", in `timeZone`.
    public static func clockTime(_ date: Date, timeZone: TimeZone) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let parts = calendar.dateComponents([.hour, .minute, .second], from: date)
        return String(format: "%02d:%02d:%02d", parts.hour ?? 0, parts.minute ?? 0, parts.second ?? 0)
    }

    /// A length of time: "12 s", "42 min", "1 h 5 min", "2 d 3 h". Total for every value: negative
    /// and NaN read as 0 s, and anything beyond 100 years (up to infinity) as 100 years.
    public static func duration(_ seconds: TimeInterval) -> String {
        let limit: TimeInterval = 100 * 366 * 86_400
        let bounded = seconds.isNaN ? 0 : min(max(seconds, 0), limit)
        let total = Int(bounded.rounded(.down))
        switch total {
        case ..<120: return "\(total) s"
        case ..<3600: return "\(total / 60) min"
        case ..<86_400: return "\(total / 3600) h \(total % 3600 / 60) min"
        default: return "\(total / 86_400) d \(total % 86_400 / 3600) h"
        }
    }

    /// A time relative to `now`: "in 42 min", "3 min ago", "now".
    public static func relative(_ date: Date, now: Date) -> String {
        let delta = date.timeIntervalSince(now)
        if abs(delta) < 1 { return "now" }
        return delta > 0 ? "in \(duration(delta))" : "\(duration(-delta)) ago"
    }

    static func sentence(_ message: String, or fallback: String) -> String {
        let trimmed = TerminalText.sanitized(message).trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { return fallback }
        guard let last = trimmed.last, !".!?".contains(last) else { return trimmed }
        return trimmed + "."
    }
}

// MARK: Issue 14's remaining items (the TOTP QR code, wide layouts, dashboard row actions)

extension ScreenText {
    /// The TOTP set-up screen's key hint: the `otpauth://` URI goes to the clipboard (OSC 52).
    public static let hintCopyTOTPURI = "Ctrl-Y copy URI"
    /// Under the secret when the QR code is beside the form (the URI is wider than the screen).
    public static let totpCopyURIHint = "Ctrl-Y copies the otpauth:// URI to the clipboard."
    /// Instead of the QR code when even half-block rendering cannot fit it: what it needs, and what to do instead.
    public static func totpQRCodeDoesNotFit(columns: Int, rows: Int) -> String {
        "The QR code needs \(columns)×\(rows) cells and the terminal is smaller: type the secret, or press Ctrl-Y to copy the URI."
    }
    /// Instead of the QR code when the URI is too long for any QR code the screen could show.
    public static let totpQRCodeUnavailable =
        "No QR code for this URI: type the secret, or press Ctrl-Y to copy the URI."
    /// The status line and log after Ctrl-Y on the TOTP set-up screen, or when it failed.
    public static let totpURIName = "the otpauth:// URI"
    /// Ctrl-Y where the terminal cannot take a clipboard.
    public static let copyTOTPURIUnsupported =
        "This terminal cannot receive the clipboard (OSC 52). Type the secret into the app instead."
}

extension ScreenText {
    /// A dashboard row's hint: the state row when the session needs a sign-in.
    public static let rowHintSignIn = "s sign in"
    /// The username row's hint.
    public static let rowHintProfile = "p profile"
    /// A token row's hint (`y`, then the token's key).
    public static let rowHintCopy = "y copy"
    /// The refresh token row's hint.
    public static let rowHintRefresh = "r refresh"
    /// The connectivity row's hint while offline (a call tells whether the backend is back).
    public static let rowHintTryNow = "c try now"
    /// The pool's MFA row's hint, before the settings were read.
    public static let rowHintReadMFA = "m your MFA"
}

extension ScreenText {
    /// The wide dashboard's box of the identity id, the AWS credentials and the connectivity.
    public static let wideCredentialsTitle = "AWS and network"
    /// The wide dashboard's box of the pool's and the user's MFA.
    public static let wideSecurityTitle = "Security"
    /// The wide dashboard's box of the calls waiting for tokens.
    public static let wideCallsTitle = "Waiting calls"
    /// The wide dashboard's box of every key (each clickable).
    public static let wideKeysTitle = "Keys"
    /// The waiting calls when there are none.
    public static let noCallsWaiting = "No calls waiting"
}
