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
    public static var signInTitle: String { Localized.text("signInTitle") }
    /// Create account.
    public static var signUpTitle: String { Localized.text("signUpTitle") }
    /// The confirmation-code screen.
    public static var confirmSignUpTitle: String { Localized.text("confirmSignUpTitle") }
    /// Forgot password.
    public static var forgotPasswordTitle: String { Localized.text("forgotPasswordTitle") }
    /// NEW_PASSWORD_REQUIRED.
    public static var newPasswordTitle: String { Localized.text("newPasswordTitle") }
    /// NEW_PASSWORD_REQUIRED explanation.
    public static var newPasswordExplanation: String { Localized.text("newPasswordExplanation") }
    /// MFA_SETUP.
    public static var totpSetupTitle: String { Localized.text("totpSetupTitle") }
    /// MFA_SETUP instructions.
    public static var totpSetupInstructions: String { Localized.text("totpSetupInstructions") }
    /// SELECT_MFA_TYPE.
    public static var selectMFATitle: String { Localized.text("selectMFATitle") }
    /// MFA_SETUP's choice of factor.
    public static var mfaSetupTitle: String { Localized.text("mfaSetupTitle") }
    /// The dashboard.
    public static var dashboardTitle: String { Localized.text("dashboardTitle") }
    /// The event log panel.
    public static var eventLogTitle: String { Localized.text("eventLogTitle") }
    /// The pending calls panel.
    public static var pendingCallsTitle: String { Localized.text("pendingCallsTitle") }
    /// The re-login prompt.
    public static var reloginTitle: String { Localized.text("reloginTitle") }
    /// The help overlay.
    public static var helpTitle: String { Localized.text("helpTitle") }

    /// The title for a code challenge.
    public static func codeChallengeTitle(_ kind: CodeChallengeState.Kind) -> String {
        switch kind {
        case .sms: return Localized.text("codeChallengeTitle.sms")
        case .email: return Localized.text("codeChallengeTitle.email")
        case .totp: return Localized.text("codeChallengeTitle.totp")
        case .custom: return Localized.text("codeChallengeTitle.custom")
        case .setUpDestination: return mfaSetupTitle
        }
    }

    /// What to enter for a code challenge, and where the code came from.
    public static func codeChallengePrompt(_ kind: CodeChallengeState.Kind) -> String {
        switch kind {
        case .sms(let details), .email(let details):
            return Localized.format("codeChallengePrompt.sent", ["destination": deliveryPhrase(details)])
        case .totp: return Localized.text("codeChallengePrompt.totp")
        case .custom: return Localized.text("codeChallengePrompt.custom")
        case .setUpDestination(let label, let hint): return "\(label), \(hint)."
        }
    }

    // MARK: Labels and buttons

    /// Username field.
    public static var usernameLabel: String { Localized.text("usernameLabel") }
    /// Password field.
    public static var passwordLabel: String { Localized.text("passwordLabel") }
    /// New password field.
    public static var newPasswordLabel: String { Localized.text("newPasswordLabel") }
    /// Confirm password field.
    public static var confirmPasswordLabel: String { Localized.text("confirmPasswordLabel") }
    /// Code field.
    public static var codeLabel: String { Localized.text("codeLabel") }
    /// A custom challenge's answer field.
    public static var answerLabel: String { Localized.text("answerLabel") }

    /// A custom challenge's answer was refused and the sign-in ended, with Cognito's words (sanitised).
    public static func customAnswerRefused(_ message: String) -> String {
        let server = TerminalText.sanitized(message).trimmingCharacters(in: .whitespaces)
        return server.isEmpty
            ? Localized.text("customAnswerRefused")
            : Localized.format("customAnswerRefused.withReason", ["reason": server])
    }
    /// TOTP secret label.
    public static var secretLabel: String { Localized.text("secretLabel") }
    /// Password policy heading.
    public static var policyHeading: String { Localized.text("policyHeading") }
    /// Sign in button.
    public static var signInButton: String { Localized.text("signInButton") }

    // MARK: Browser sign-in (hosted UI)

    /// A row on the sign-in screen: "Continue in browser" (the pool's own hosted page) or
    /// "Continue with Google".
    public static func continueWith(provider: String) -> String {
        provider == HostedUIConfiguration.cognitoProvider
            ? Localized.text("hostedUI.continueInBrowser")
            : Localized.format(
                "hostedUI.continueWith",
                ["provider": TerminalText.sanitized(HostedUIConfiguration.displayName(ofProvider: provider))])
    }
    /// The label of the field that takes the pasted redirect URL or code.
    public static var pasteRedirectLabel: String { Localized.text("hostedUI.pasteRedirectLabel") }
    /// The paste field is empty.
    public static var pasteRequired: String { Localized.text("hostedUI.pasteRequired") }
    /// Shown after Esc on a browser sign-in.
    public static var browserSignInCancelled: String { Localized.text("hostedUI.cancelled") }
    /// The status-line verb while a browser sign-in waits.
    public static var waitingForBrowser: String { Localized.text("hostedUI.waiting") }
    /// The first line of the browser panel, when a browser was opened.
    public static var browserOpened: String { Localized.text("hostedUI.browserOpened") }
    /// The first line of the browser panel, when no browser could be opened here.
    public static var openURLElsewhere: String { Localized.text("hostedUI.openURLElsewhere") }
    /// The first line of the browser panel on a small terminal.
    public static var openURLShort: String { Localized.text("hostedUI.openURLShort") }
    /// Above the `ssh -L` line.
    public static var tunnelHint: String { Localized.text("hostedUI.tunnelHint") }
    /// Under the paste field.
    public static var pasteHint: String { Localized.text("hostedUI.pasteHint") }
    /// After signing out of a hosted session, with a browser here.
    public static var hostedUILogoutOpened: String { Localized.text("hostedUI.logoutOpened") }
    /// After signing out of a hosted session, without a browser here.
    public static func hostedUILogoutToOpen(_ url: String) -> String {
        Localized.format("hostedUI.logoutToOpen", ["url": TerminalText.sanitized(url)])
    }
    /// A browser sign-in failure that pasting again can put right.
    public static func hostedUIBanner(_ failure: HostedUIFailure) -> String {
        "\(failure.summary) \(failure.nextStep)"
    }
    /// Create account link (on Sign in) and button (on Create account).
    public static var createAccountButton: String { Localized.text("createAccountButton") }
    /// Forgot password link.
    public static var forgotPasswordLink: String { Localized.text("forgotPasswordLink") }
    /// Cancel button.
    public static var cancelButton: String { Localized.text("cancelButton") }
    /// Back to sign in link.
    public static var backToSignInLink: String { Localized.text("backToSignInLink") }
    /// Confirm button.
    public static var confirmButton: String { Localized.text("confirmButton") }
    /// Resend code link.
    public static var resendCodeLink: String { Localized.text("resendCodeLink") }
    /// Send code button.
    public static var sendCodeButton: String { Localized.text("sendCodeButton") }
    /// Reset password button.
    public static var resetPasswordButton: String { Localized.text("resetPasswordButton") }
    /// Back link.
    public static var backLink: String { Localized.text("backLink") }
    /// Set password button.
    public static var setPasswordButton: String { Localized.text("setPasswordButton") }
    /// Verify button.
    public static var verifyButton: String { Localized.text("verifyButton") }

    /// The label of a sign-up attribute.
    public static func attributeLabel(_ attribute: SignUpAttribute) -> String {
        attributeLabel(named: attribute.attributeName)
    }

    /// The label of any Cognito attribute name: `email` → "Email", `family_name` → "Family name".
    public static func attributeLabel(named name: String) -> String {
        switch name {
        case "email", "phone_number", "birthdate", "zoneinfo", "updated_at", "name", "given_name", "family_name",
            "middle_name", "nickname", "preferred_username", "profile", "picture", "website", "gender", "locale",
            "address":
            return Localized.text("attribute.\(name)")
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
        case .updatedAt: return Localized.text("placeholder.secondsSince1970")
        case .zoneinfo: return "Europe/Paris"
        case .locale: return "en-US"
        default: return ""
        }
    }

    /// The username field's label on a pool that signs in with a username, an email or a phone number.
    public static func usernameLabel(_ kind: UsernameKind) -> String {
        switch kind {
        case .username: return usernameLabel
        case .email: return Localized.text("attribute.email")
        case .phoneNumber: return Localized.text("attribute.phone_number")
        case .emailOrPhoneNumber: return Localized.text("usernameLabel.emailOrPhone")
        }
    }

    /// The username field's example.
    public static func usernamePlaceholder(_ kind: UsernameKind) -> String {
        switch kind {
        case .username: return Localized.text("placeholder.nameOrEmail")
        case .email: return "name@example.com"
        case .phoneNumber: return "+14155550100"
        case .emailOrPhoneNumber: return Localized.text("placeholder.emailOrPhone")
        }
    }

    /// Where the verification code goes, from the pool's verification mechanisms; nil when not stated.
    public static func verificationNotice(_ mechanisms: [String]) -> String? {
        let places = mechanisms.compactMap { mechanism -> String? in
            switch mechanism.lowercased() {
            case "email": return Localized.text("verification.email")
            case "phone_number", "phone", "sms": return Localized.text("verification.phone")
            default: return nil
            }
        }
        guard !places.isEmpty else { return nil }
        return Localized.format(
            "verificationNotice", ["places": places.joined(separator: Localized.text("verification.or"))])
    }

    /// The dashboard's MFA line: "MFA: optional (TOTP, SMS)"; nil when the pool's setting is not stated.
    public static func mfaSummary(configuration: String?, methods: [String]) -> String? {
        guard configuration != nil || !methods.isEmpty else { return nil }
        let setting: String
        var isOff = false
        switch configuration?.uppercased() {
        // Cognito says ON / OPTIONAL / OFF; Amplify Gen 2 files say REQUIRED / OPTIONAL / NONE.
        case "ON"?, "REQUIRED"?: setting = Localized.text("mfa.required")
        case "OPTIONAL"?: setting = Localized.text("mfa.optional")
        case "OFF"?, "NONE"?:
            setting = Localized.text("mfa.off")
            isOff = true
        case let other?: setting = TerminalText.sanitized(other).lowercased()
        case nil: setting = Localized.text("mfa.notStated")
        }
        let shown = methods.map { TerminalText.sanitized($0).uppercased() }
        guard !shown.isEmpty, !isOff else { return Localized.format("mfaSummary", ["setting": setting]) }
        return Localized.format(
            "mfaSummary.withMethods", ["setting": setting, "methods": shown.joined(separator: ", ")])
    }

    /// The dashboard label of the pool's settings row.
    public static var poolLabel: String { Localized.text("poolLabel") }
    /// The dashboard label of the keys read but not acted on.
    public static var notUsedYetLabel: String { Localized.text("notUsedYetLabel") }

    /// The label of an MFA type choice.
    public static func mfaTypeLabel(_ type: MFAType) -> String {
        switch type {
        case .sms: return Localized.text("mfaType.sms")
        case .totp: return Localized.text("mfaType.totp")
        case .email: return Localized.text("mfaType.email")
        }
    }

    /// The Ctrl-T hint shown while a password field has focus.
    public static func revealHint(isRevealed: Bool) -> String {
        isRevealed ? Localized.text("hint.hidePassword") : Localized.text("hint.showPassword")
    }

    // MARK: Validation

    /// Empty username.
    public static var usernameRequired: String { Localized.text("usernameRequired") }
    /// Username with spaces (Create account).
    public static var usernameHasSpaces: String { Localized.text("usernameHasSpaces") }
    /// Empty password.
    public static var passwordRequired: String { Localized.text("passwordRequired") }
    /// Empty confirm-password field.
    public static var confirmPasswordRequired: String { Localized.text("confirmPasswordRequired") }
    /// Different passwords.
    public static var passwordsDoNotMatch: String { Localized.text("passwordsDoNotMatch") }
    /// Empty code.
    public static var codeRequired: String { Localized.text("codeRequired") }
    /// Malformed email.
    public static var invalidEmail: String { Localized.text("invalidEmail") }
    /// Malformed phone number.
    public static var invalidPhone: String { Localized.text("invalidPhone") }
    /// An invalid email-or-phone username.
    public static var invalidEmailOrPhone: String { Localized.text("invalidEmailOrPhone") }
    /// An attribute longer than Cognito allows.
    public static func attributeTooLong(_ label: String) -> String {
        Localized.format("attributeTooLong", ["label": label])
    }
    /// An invalid date.
    public static func invalidDate(_ label: String) -> String {
        Localized.format("invalidDate", ["label": lowercasedLabel(label)])
    }
    /// An invalid URL.
    public static func invalidURL(_ label: String) -> String {
        Localized.format("invalidURL", ["label": lowercasedLabel(label)])
    }
    /// An invalid number of seconds.
    public static func invalidSeconds(_ label: String) -> String {
        Localized.format("invalidSeconds", ["label": lowercasedLabel(label)])
    }

    /// A code of the wrong shape.
    public static func codeMustBeDigits(_ digits: Int) -> String {
        Localized.format("codeMustBeDigits", ["digits": String(digits)])
    }

    /// An empty required attribute.
    public static func attributeRequired(_ label: String) -> String {
        Localized.format("attributeRequired", ["label": label])
    }

    /// A policy rule as listed beside the password.
    public static func policyRule(_ rule: PasswordPolicy.Rule) -> String {
        switch rule {
        case .minimumLength(let length): return Localized.format("policyRule.length", ["length": String(length)])
        case .uppercase: return Localized.text("policyRule.uppercase")
        case .lowercase: return Localized.text("policyRule.lowercase")
        case .number: return Localized.text("policyRule.number")
        case .symbol: return Localized.text("policyRule.symbol")
        }
    }

    /// The error under a password that misses `rule`.
    public static func passwordNeeds(_ rule: PasswordPolicy.Rule) -> String {
        switch rule {
        case .minimumLength(let length): return Localized.format("passwordNeeds.length", ["length": String(length)])
        case .uppercase: return Localized.text("passwordNeeds.uppercase")
        case .lowercase: return Localized.text("passwordNeeds.lowercase")
        case .number: return Localized.text("passwordNeeds.number")
        case .symbol: return Localized.text("passwordNeeds.symbol")
        }
    }

    // MARK: Activity (status line while in flight)

    /// Sign in in flight.
    public static var signingIn: String { Localized.text("signingIn") }
    /// Sign up in flight.
    public static var creatingAccount: String { Localized.text("creatingAccount") }
    /// Confirm sign-up in flight.
    public static var confirming: String { Localized.text("confirming") }
    /// A code is being sent.
    public static var sendingCode: String { Localized.text("sendingCode") }
    /// Confirm forgot password in flight.
    public static var resettingPassword: String { Localized.text("resettingPassword") }
    /// New password challenge in flight.
    public static var settingPassword: String { Localized.text("settingPassword") }
    /// A challenge answer in flight.
    public static var verifying: String { Localized.text("verifying") }

    // MARK: Notices

    /// Esc during a request.
    public static var requestCancelled: String { Localized.text("requestCancelled") }
    /// After Create account when no confirmation is needed.
    public static var accountCreated: String { Localized.text("accountCreated") }
    /// After confirming, without automatic sign-in.
    public static var accountConfirmed: String { Localized.text("accountConfirmed") }
    /// After confirming, with automatic sign-in.
    public static var accountConfirmedSigningIn: String { Localized.text("accountConfirmedSigningIn") }
    /// After a password reset.
    public static var passwordChanged: String { Localized.text("passwordChanged") }
    /// After signing out.
    public static var signedOutNotice: String { Localized.text("signedOutNotice") }
    /// When the account turned out to be unconfirmed at sign-in.
    public static var accountNotConfirmed: String { Localized.text("accountNotConfirmed") }

    /// Where the sign-up code went.
    public static func signUpCodeSent(_ delivery: CodeDeliveryDetails?) -> String {
        guard let delivery else { return Localized.text("signUpCodeSent.unknown") }
        return Localized.format("signUpCodeSent", ["destination": deliveryPhrase(delivery)])
    }

    /// After Resend code.
    public static func newCodeSent(_ delivery: CodeDeliveryDetails) -> String {
        Localized.format("newCodeSent", ["destination": deliveryPhrase(delivery)])
    }

    /// After Forgot password's first step.
    public static func resetCodeSent(_ delivery: CodeDeliveryDetails) -> String {
        Localized.format("resetCodeSent", ["destination": deliveryPhrase(delivery)])
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
                ? Localized.text("next.tryAgainOrForgot") : Localized.text("next.checkPassword")
            let detail = error.serverDetail.map { Localized.text("error.separator") + details($0) } ?? ""
            return banner(.notAuthorized("Incorrect username or password."), next) + detail
        case .userNotFound:
            let next =
                showsCreateAccount ? Localized.text("next.checkUsernameOrCreate") : Localized.text("next.checkUsername")
            return banner(error, next)
        case .passwordResetRequired:
            let next =
                showsForgotPassword ? Localized.text("next.chooseForgot") : Localized.text("next.resetThenSignIn")
            return banner(error, next)
        case .notAuthorized(let message) where NotAuthorizedVariant(message) == .attemptsExceeded:
            let next =
                showsForgotPassword ? Localized.text("next.waitOrForgot") : Localized.text("next.wait")
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
        return Localized.format(
            "anotherUserBanner", ["current": current, "attempted": TerminalText.sanitized(attempted)])
    }

    /// A failed Create account.
    public static func signUpBanner(for error: AuthError) -> String {
        switch error {
        case .usernameExists: return banner(error, Localized.text("next.otherUsername"))
        case .aliasExists: return banner(error, Localized.text("next.otherAlias"))
        case .invalidPassword: return banner(error, Localized.text("next.meetPolicy"))
        default: return fallbackBanner(error)
        }
    }

    /// A failed confirmation or resend.
    public static func codeBanner(for error: AuthError) -> String {
        switch error {
        case .codeMismatch: return banner(error, Localized.text("next.checkCode"))
        case .expiredCode: return banner(error, Localized.text("next.resend"))
        default: return fallbackBanner(error)
        }
    }

    /// A failed Forgot password step.
    public static func forgotPasswordBanner(for error: AuthError) -> String {
        switch error {
        case .userNotFound: return banner(error, Localized.text("next.checkUsername"))
        case .invalidPassword: return banner(error, Localized.text("next.meetPolicy"))
        case .codeMismatch, .expiredCode: return codeBanner(for: error)
        default: return fallbackBanner(error)
        }
    }

    /// A failed challenge answer.
    public static func challengeBanner(for error: AuthError) -> String {
        switch error {
        case .codeMismatch: return banner(error, Localized.text("next.currentCode"))
        case .enableSoftwareTokenMFA: return Localized.text("challenge.totpRefused")
        case .notAuthorized(let message) where NotAuthorizedVariant(message) == .incorrectCredentials:
            return banner(error, Localized.text("next.passwordAgain"))
        case .notAuthorized: return Localized.text("challenge.expired")
        case .invalidPassword: return banner(error, Localized.text("next.meetPolicy"))
        default: return fallbackBanner(error)
        }
    }

    /// Our summary of `error`, the screen's next step, and the server's text as a detail when it adds something.
    static func banner(_ error: AuthError, _ next: String) -> String {
        var parts = [
            error.summary(.current)
                ?? firstSentence(TerminalText.sanitized(error.description(.current))) + Localized.text("fullStop"),
            next,
        ]
        if let detail = error.serverDetail { parts.append(details(detail)) }
        return parts.joined(separator: Localized.text("error.separator"))
    }

    /// Any other error: our wording (summary, next step, detail) where there is one, else the description.
    static func fallbackBanner(_ error: AuthError) -> String {
        TerminalText.sanitized(error.description(.current))
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
            short = error.summary(.current) ?? (message.isEmpty ? firstSentence(error.description) : message)
        case .internalError(let message):
            short = "internal error: \(message)"
        case .service(let type, let message):
            short = "\(type): \(message)"
        default:
            short = firstSentence(error.description(.current))

        }
        short = TerminalText.sanitized(short).trimmingCharacters(in: .whitespaces)
        if short.hasSuffix(".") { short.removeLast() }
        if short.count > 100 { short = String(short.prefix(99)) + "…" }
        return short
    }

    /// `text` up to its first full stop (". ", or a Japanese "。" with more after it), without the stop.
    static func firstSentence(_ text: String) -> String {
        let japaneseStop = text.range(of: "。").flatMap { $0.upperBound < text.endIndex ? $0 : nil }
        let stops = [text.range(of: ". "), japaneseStop].compactMap { $0 }

        guard let range = stops.min(by: { $0.lowerBound < $1.lowerBound }) else { return text }
        return String(text[..<range.lowerBound])
    }

    // MARK: Re-login prompt

    /// Why the prompt opened, when nothing more than the state is known.
    public static func reloginReason(_ state: UserState) -> String { reloginReason(state, cause: .unknown) }

    /// How many calls wait for the sign-in.
    public static func waitingCalls(_ count: Int) -> String {
        switch count {
        case 0: return Localized.text("waitingCalls.none")
        case 1: return Localized.text("waitingCalls.one")
        default: return Localized.format("waitingCalls.other", ["count": String(count)])
        }
    }

    /// After Esc in the prompt.
    public static var reloginCancelledStatus: String { Localized.text("reloginCancelledStatus") }

    // MARK: Dashboard

    /// An absent value.
    public static var none: String { Localized.text("none") }
    /// The guest identity.
    public static var guest: String { Localized.text("guest") }
    /// The logins key of a developer-authenticated identity.
    public static let developerProviderKey = "cognito-identity.amazonaws.com"
    /// Row label.
    public static var stateLabel: String { Localized.text("stateLabel") }
    /// Row label.
    public static var providerLabel: String { Localized.text("providerLabel") }
    /// Row label.
    public static var authenticatedByLabel: String { Localized.text("authenticatedByLabel") }
    /// Row label.
    public static var activeProvidersLabel: String { Localized.text("activeProvidersLabel") }
    /// Row label.
    public static var identityIdLabel: String { Localized.text("identityIdLabel") }
    /// Row label.
    public static var idTokenLabel: String { Localized.text("idTokenLabel") }
    /// Row label.
    public static var accessTokenLabel: String { Localized.text("accessTokenLabel") }
    /// Row label.
    public static var refreshTokenLabel: String { Localized.text("refreshTokenLabel") }
    /// Row label.
    public static var awsCredentialsLabel: String { Localized.text("awsCredentialsLabel") }
    /// Row label.
    public static var connectivityLabel: String { Localized.text("connectivityLabel") }
    /// Row label.
    public static var pendingCallsLabel: String { Localized.text("pendingCallsLabel") }
    /// Connectivity value.
    public static var online: String { Localized.text("online") }
    /// Refresh token value.
    public static var refreshTokenStored: String { Localized.text("refreshTokenStored") }
    /// Refresh token value when the server rejected it.
    public static var refreshTokenInvalid: String { Localized.text("refreshTokenInvalid") }

    /// Refresh token value after `r`.
    public static func refreshRequestedAt(_ time: String) -> String {
        Localized.format("refreshRequestedAt", ["time": time])
    }
    /// Refresh token value after a refresh.
    public static func refreshedAt(_ time: String) -> String { Localized.format("refreshedAt", ["time": time]) }
    /// Refresh token value after a failed refresh.
    public static func refreshFailedAt(_ time: String, _ message: String) -> String {
        Localized.format("refreshFailedAt", ["time": time, "message": TerminalText.sanitized(message)])
    }

    /// Connectivity value while offline.
    public static func offlineSince(_ time: String, _ relative: String, _ message: String) -> String {
        Localized.format(
            "offlineSince", ["time": time, "relative": relative, "message": TerminalText.sanitized(message)])
    }

    /// Pending calls value.
    public static func pendingSummary(_ count: Int) -> String {
        count == 0 ? none : Localized.format("pendingSummary", ["count": String(count)])
    }

    /// One waiting call.
    public static func pendingCallLine(label: String, reason: PendingCall.Reason, waited: String) -> String {
        switch reason {
        case .signIn: return Localized.format("pendingCall.signIn", ["label": label, "waited": waited])
        case .refresh: return Localized.format("pendingCall.refresh", ["label": label, "waited": waited])
        }
    }

    /// An expiry as absolute and relative time: "14:32:05 (in 42 min)" or "14:00:00 (expired 3 min ago)".
    public static func expiry(_ clock: String, remaining: TimeInterval) -> String {
        remaining > 0
            ? Localized.format("expiry.future", ["clock": clock, "duration": duration(remaining)])
            : Localized.format("expiry.past", ["clock": clock, "duration": duration(-remaining)])
    }

    // MARK: Event log

    /// The label of sample call `number`, also its pending-call label.
    public static func sampleCallLabel(_ number: Int) -> String { "GetUser #\(number)" }
    /// A sample call started.
    public static func sampleCallStarted(_ number: Int) -> String {
        Localized.format("sampleCall.started", ["call": sampleCallLabel(number)])
    }
    /// A sample call succeeded.
    public static func sampleCallOK(_ number: Int) -> String {
        Localized.format("sampleCall.ok", ["call": sampleCallLabel(number)])
    }
    /// A sample call failed.
    public static func sampleCallFailed(_ number: Int, _ message: String) -> String {
        Localized.format(
            "sampleCall.failed", ["call": sampleCallLabel(number), "message": TerminalText.sanitized(message)])
    }
    /// A sample call failed because the re-login prompt was cancelled.
    public static func sampleCallCancelled(_ number: Int) -> String {
        Localized.format("sampleCall.cancelled", ["call": sampleCallLabel(number)])
    }
    /// `r` pressed.
    public static var refreshRequested: String { Localized.text("refreshRequested") }
    /// `o` pressed.
    public static var signingOut: String { Localized.text("signingOut") }
    /// `O` pressed.
    public static var signingOutEverywhere: String { Localized.text("signingOutEverywhere") }
    /// Local sign-out done.
    public static var signedOutHere: String { Localized.text("signedOutHere") }
    /// Global sign-out done.
    public static var signedOutEverywhere: String { Localized.text("signedOutEverywhere") }
    /// Connectivity came back.
    public static var backOnline: String { Localized.text("backOnline") }
    /// The re-login prompt opened.
    public static var reloginOpened: String { Localized.text("reloginOpened") }

    /// A sign-out's network part failed.
    public static func signOutFailed(global: Bool, _ message: String) -> String {
        let message = TerminalText.sanitized(message)
        return global
            ? Localized.format("signOutFailed.global", ["message": message])
            : Localized.format("signOutFailed", ["message": message])
    }
    /// The user state changed.
    public static func stateChanged(_ state: UserState, username: String?) -> String {
        guard let username else { return Localized.format("stateChanged", ["state": state.rawValue]) }
        return Localized.format(
            "stateChanged.withUser", ["state": state.rawValue, "username": TerminalText.sanitized(username)])
    }
    /// The backend became unreachable.
    public static func wentOffline(_ message: String) -> String {
        Localized.format("wentOffline", ["message": TerminalText.sanitized(message)])
    }
    /// Tokens were refreshed.
    public static func tokensRefreshed(_ expiry: String) -> String {
        Localized.format("tokensRefreshed", ["expiry": expiry])
    }
    /// A refresh failed.
    public static func refreshFailed(_ message: String) -> String {
        Localized.format("refreshFailed", ["message": TerminalText.sanitized(message)])
    }
    /// `releaseSignInWait` released waiting calls.
    public static func signInWaitReleased(_ count: Int) -> String {
        count == 1
            ? Localized.text("signInWaitReleased.one")
            : Localized.format("signInWaitReleased.other", ["count": String(count)])
    }
    /// The identity id changed.
    public static func identityChanged(old: String?, new: String) -> String {
        TerminalText.sanitized(Localized.format("identityChanged", ["old": old ?? none, "new": new]))
    }
    /// AWS credentials were fetched.
    public static func credentialsRefreshed(_ expiry: String) -> String {
        Localized.format("credentialsRefreshed", ["expiry": expiry])
    }
    /// The store reported a problem.
    public static func storeWarning(_ message: String) -> String {
        Localized.format("storeWarning", ["message": TerminalText.sanitized(message)])
    }
    /// The re-login prompt's sign-in succeeded.
    public static func signedInAgain(_ username: String) -> String {
        Localized.format("signedInAgain", ["username": TerminalText.sanitized(username)])
    }

    // MARK: Help and key hints

    /// Help lines for forms.
    public static var formHelp: [String] {
        [
            "formHelp.tab",
            "formHelp.enter",
            "formHelp.ctrlT",
            "formHelp.esc",
            "formHelp.f1",
            "formHelp.ctrlC",
        ].map(Localized.text)
    }

    /// Help lines for the dashboard.
    public static var dashboardHelp: [String] {
        [
            "dashboardHelp.call",
            "dashboardHelp.fiveCalls",
            "dashboardHelp.refresh",
            "dashboardHelp.signOut",
            "dashboardHelp.signOutEverywhere",
            "dashboardHelp.signInAgain",
            "dashboardHelp.mfaRead",
            "dashboardHelp.mfaEmail",
            "dashboardHelp.totpSetUp",
            "dashboardHelp.totpOff",
            "dashboardHelp.mfaSMS",
            "dashboardHelp.devices",
            "dashboardHelp.profileCopy",
            "dashboardHelp.accounts",
            "dashboardHelp.scroll",
            "dashboardHelp.help",
            "dashboardHelp.quit",
        ].map(Localized.text)
    }

    /// Help lines for the MFA choice.
    public static var choiceHelp: [String] {
        [
            "choiceHelp.move",
            "choiceHelp.choose",
            "choiceHelp.esc",
            "choiceHelp.help",
            "choiceHelp.quit",
        ].map(Localized.text)
    }

    /// Separates key hints on the bottom line.
    public static let hintSeparator = " · "
    /// Key hint.
    public static var hintNext: String { Localized.text("hintNext") }
    /// Key hint.
    public static var hintEnter: String { Localized.text("hintEnter") }
    /// Key hint.
    public static var hintEscBack: String { Localized.text("hintEscBack") }
    /// Key hint.
    public static var hintEscCancel: String { Localized.text("hintEscCancel") }
    /// Key hint.
    public static var hintF1Help: String { Localized.text("hintF1Help") }
    /// Key hint.
    public static var hintCtrlCQuit: String { Localized.text("hintCtrlCQuit") }
    /// Key hint.
    public static var hintQuit: String { Localized.text("hintQuit") }
    /// Key hint while a request is in flight.
    public static var hintCancelRequest: String { Localized.text("hintCancelRequest") }
    /// Key hint when the session expired and the prompt is closed.
    public static var hintSignInAgain: String { Localized.text("hintSignInAgain") }
    /// The active account's name in the header, with how many others are signed in here:
    /// "alice (+1 account)".
    public static func activeAccount(_ name: String, others: [String]) -> String {
        switch others.count {
        case 0: return name
        case 1: return Localized.format("activeAccount.one", ["name": name])
        default: return Localized.format("activeAccount.other", ["name": name, "count": String(others.count)])
        }
    }
    /// The event log's line for a sign-in that failed.
    public static func signInFailedLog(_ reason: String) -> String {
        Localized.format("signInFailedLog", ["reason": reason])
    }
    /// The dashboard's hint for the Accounts chooser.
    public static var hintAccounts: String { Localized.text("hintAccounts") }
    /// The Accounts chooser's title.
    public static var accountPickerTitle: String { Localized.text("accountPickerTitle") }
    /// The Accounts chooser's last row.
    public static var addAccountRow: String { Localized.text("addAccountRow") }
    /// The Accounts chooser's key hints.
    public static var accountPickerHints: [String] {
        ["hint.choose", "hint.enterSwitch", "hintEscBack"].map(Localized.text)
    }
    /// Key hints on the dashboard.
    public static var dashboardHints: [String] {
        [
            "dashboardHints.call",
            "dashboardHints.refresh",
            "dashboardHints.signOut",
            "dashboardHints.quit",
            "dashboardHints.profile",
            "dashboardHints.devices",
            "dashboardHints.copyToken",
            "dashboardHints.signOutEverywhere",
            "dashboardHints.fiveCalls",
        ].map(Localized.text)
    }
    /// Key hints on a screen of choices.
    public static var choiceHints: [String] {
        ["hint.choose", "hint.enterSelect", "hintQuit", "hintEscBack"].map(Localized.text)
    }
    /// The hint that closes the help overlay.
    public static var closeHelpHint: String { Localized.text("closeHelpHint") }

    /// Shown instead of the UI when the terminal is too small.
    public static func terminalTooSmall(minimumColumns: Int, minimumRows: Int) -> String {
        Localized.format("terminalTooSmall", ["columns": String(minimumColumns), "rows": String(minimumRows)])
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
        case ..<120: return Localized.format("duration.seconds", ["s": String(total)])
        case ..<3600: return Localized.format("duration.minutes", ["min": String(total / 60)])
        case ..<86_400:
            return Localized.format("duration.hours", ["h": String(total / 3600), "min": String(total % 3600 / 60)])
        default:
            return Localized.format("duration.days", ["d": String(total / 86_400), "h": String(total % 86_400 / 3600)])
        }
    }

    /// A time relative to `now`: "in 42 min", "3 min ago", "now".
    public static func relative(_ date: Date, now: Date) -> String {
        let delta = date.timeIntervalSince(now)
        if abs(delta) < 1 { return Localized.text("relative.now") }
        return delta > 0
            ? Localized.format("relative.future", ["duration": duration(delta)])
            : Localized.format("relative.past", ["duration": duration(-delta)])
    }

    /// "Details: …" after a banner, with the server's text as a sentence.
    static func details(_ detail: String) -> String {
        Localized.format("error.details", ["detail": sentence(detail, or: "")])
    }

    /// Where a code went ("email n***@e***"), sanitised; Cognito's words stay English in every language.
    static func deliveryPhrase(_ delivery: CodeDeliveryDetails) -> String {
        TerminalText.sanitized(delivery.phrase)
    }

    /// A field label inside a sentence: lowercased in English ("Enter birth date as …"), as is elsewhere.
    static func lowercasedLabel(_ label: String) -> String {
        Language.current == .english ? label.lowercased() : label
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
    public static var hintCopyTOTPURI: String { Localized.text("hintCopyTOTPURI") }
    /// Under the secret when the QR code is beside the form (the URI is wider than the screen).
    public static var totpCopyURIHint: String { Localized.text("totpCopyURIHint") }
    /// Instead of the QR code when even half-block rendering cannot fit it: what it needs, and what to do instead.
    public static func totpQRCodeDoesNotFit(columns: Int, rows: Int) -> String {
        Localized.format("totpQRCodeDoesNotFit", ["columns": String(columns), "rows": String(rows)])
    }
    /// Instead of the QR code when the URI is too long for any QR code the screen could show.
    public static var totpQRCodeUnavailable: String { Localized.text("totpQRCodeUnavailable") }
    /// The status line and log after Ctrl-Y on the TOTP set-up screen, or when it failed.
    public static var totpURIName: String { Localized.text("tokenName.totpURI") }
    /// Ctrl-Y where the terminal cannot take a clipboard.
    public static var copyTOTPURIUnsupported: String { Localized.text("copyTOTPURIUnsupported") }
}

extension ScreenText {
    /// A dashboard row's hint: the state row when the session needs a sign-in.
    public static var rowHintSignIn: String { Localized.text("rowHints.signIn") }
    /// The username row's hint.
    public static var rowHintProfile: String { Localized.text("rowHints.profile") }
    /// A token row's hint (`y`, then the token's key).
    public static var rowHintCopy: String { Localized.text("rowHints.copy") }
    /// The refresh token row's hint.
    public static var rowHintRefresh: String { Localized.text("rowHints.refresh") }
    /// The connectivity row's hint while offline (a call tells whether the backend is back).
    public static var rowHintTryNow: String { Localized.text("rowHints.tryNow") }
    /// The pool's MFA row's hint, before the settings were read.
    public static var rowHintReadMFA: String { Localized.text("rowHints.readMFA") }
}

extension ScreenText {
    /// The wide dashboard's box of the identity id, the AWS credentials and the connectivity.
    public static var wideCredentialsTitle: String { Localized.text("wideCredentialsTitle") }
    /// The wide dashboard's box of the pool's and the user's MFA.
    public static var wideSecurityTitle: String { Localized.text("wideSecurityTitle") }
    /// The wide dashboard's box of the calls waiting for tokens.
    public static var wideCallsTitle: String { Localized.text("wideCallsTitle") }
    /// The wide dashboard's box of every key (each clickable).
    public static var wideKeysTitle: String { Localized.text("wideKeysTitle") }
    /// The waiting calls when there are none.
    public static var noCallsWaiting: String { Localized.text("ui.noCallsWaiting") }
}
