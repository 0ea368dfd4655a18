/// One language's texts: each stored property is one text of the UI, the command line or the
/// core's error sentences, and its initial value is the English.
///
/// English is ``english``, an instance with every text as declared here; another language is an
/// instance with the properties it translates set (``japanese``), so a missing translation shows in
/// English and the compiler checks every key: a text is looked up by key path,
/// `Localized.text(\.signInTitle)`. A text may hold placeholders in braces, `{count}`, filled by
/// ``Localized/format(_:_:)``; a translation uses the same placeholder names as the English text
/// (`TextCatalogTests` checks both, and that every text is translated).
///
/// A final class, not a struct: a key path applied to a struct value copies the whole value first,
/// about a thousand strings for one text (DECISIONS.md has the measurement). The texts are Swift
/// source compiled into the binary (no bundle resources, so the release binary stays one file).
/// Adding a text is one property here and one line in each translation.
// @unchecked Sendable: the properties are set only inside LatchkeyText (`internal(set)`), while the two
// static catalogs are built and before anything else can read them; afterwards they are only read.
package final class TextCatalog: @unchecked Sendable {
    /// A catalog with every text in English, for a language to translate.
    init() {}

    /// The English texts: every property as declared.
    package static let english = TextCatalog()

    // MARK: Screens
    package internal(set) var signInTitle = "Sign in"
    package internal(set) var signUpTitle = "Create account"
    package internal(set) var confirmSignUpTitle = "Confirm your account"
    package internal(set) var forgotPasswordTitle = "Reset your password"
    package internal(set) var newPasswordTitle = "Choose a new password"
    package internal(set) var newPasswordExplanation = "Your account needs a new password before you can sign in."
    package internal(set) var totpSetupTitle = "Set up an authenticator app"
    package internal(set) var totpSetupInstructions =
        "Scan the QR code with your authenticator app, or type the secret. Then enter the 6-digit code it shows."
    package internal(set) var selectMFATitle = "Choose how to verify"
    package internal(set) var mfaSetupTitle = "Set up MFA"
    package internal(set) var dashboardTitle = "Session"
    package internal(set) var eventLogTitle = "Events"
    package internal(set) var pendingCallsTitle = "Waiting calls"
    package internal(set) var reloginTitle = "Sign in again"
    package internal(set) var helpTitle = "Keys"
    package internal(set) var usernameLabel = "Username"
    package internal(set) var passwordLabel = "Password"
    package internal(set) var newPasswordLabel = "New password"
    package internal(set) var confirmPasswordLabel = "Confirm password"
    package internal(set) var codeLabel = "Code"
    package internal(set) var answerLabel = "Answer"
    package internal(set) var secretLabel = "Secret"
    package internal(set) var policyHeading = "The password needs:"
    package internal(set) var signInButton = "Sign in"
    package internal(set) var createAccountButton = "Create account"
    package internal(set) var forgotPasswordLink = "Forgot password"
    package internal(set) var cancelButton = "Cancel"
    package internal(set) var backToSignInLink = "Back to sign in"
    package internal(set) var confirmButton = "Confirm"
    package internal(set) var resendCodeLink = "Resend code"
    package internal(set) var sendCodeButton = "Send code"
    package internal(set) var resetPasswordButton = "Reset password"
    package internal(set) var backLink = "Back"
    package internal(set) var setPasswordButton = "Set password"
    package internal(set) var verifyButton = "Verify"
    package internal(set) var poolLabel = "Pool"
    package internal(set) var notUsedYetLabel = "Not used yet"
    package internal(set) var usernameRequired = "Enter a username."
    package internal(set) var usernameHasSpaces = "A username cannot contain spaces."
    package internal(set) var passwordRequired = "Enter a password."
    package internal(set) var confirmPasswordRequired = "Repeat the new password."
    package internal(set) var passwordsDoNotMatch = "The passwords do not match."
    package internal(set) var codeRequired = "Enter the code."
    package internal(set) var invalidEmail = "Enter an email address such as name@example.com."
    package internal(set) var invalidPhone =
        "Enter the phone number in E.164 form: + and the country code, then the number, 8 to 15 digits in all with no spaces, such as +14155550100."
    package internal(set) var invalidEmailOrPhone = "Enter an email address or a phone number such as +14155550100."
    package internal(set) var signingIn = "Signing in…"
    package internal(set) var creatingAccount = "Creating account…"
    package internal(set) var confirming = "Confirming…"
    package internal(set) var sendingCode = "Sending code…"
    package internal(set) var resettingPassword = "Resetting password…"
    package internal(set) var settingPassword = "Setting password…"
    package internal(set) var verifying = "Verifying…"
    package internal(set) var requestCancelled = "Cancelled. Nothing was sent after that point; try again when ready."
    package internal(set) var accountCreated = "Account created. Sign in."
    package internal(set) var accountConfirmed = "Account confirmed. Sign in with your password."
    package internal(set) var accountConfirmedSigningIn = "Account confirmed. Signing in…"
    package internal(set) var passwordChanged = "Password changed. Sign in with the new password."
    package internal(set) var signedOutNotice = "Signed out."
    package internal(set) var signedOutElsewhere = "Signed out from another terminal or process."
    package internal(set) var accountNotConfirmed = "Your account is not confirmed yet. We are sending a new code."
    package internal(set) var accountNotConfirmedYet = "Your account is not confirmed yet."
    package internal(set) var reloginCancelledStatus = "Sign-in cancelled. Press {signInAgain} to sign in again."
    // MARK: Step-up prompt
    package internal(set) var stepUpTitle = "Confirm it's you"
    package internal(set) var stepUpMessage =
        "This needs a stronger sign-in ({acr}). Give the one factor still missing."
    package internal(set) var stepUpWaitingOne = "1 call is waiting for it."
    package internal(set) var stepUpNotice = "{message} {waiting}"
    package internal(set) var stepUpWaitingOther = "{count} calls are waiting for it."
    package internal(set) var stepUpStarting = "Asking what is missing…"
    package internal(set) var stepUpUnsupported =
        "The pool asks for a passkey or another factor this prompt cannot take. Cancel here, then step up with latchkey sign-in --acr LEVEL."
    package internal(set) var stepUpPasskeyTouch =
        "The pool asks for your passkey: touch your security key when it asks."
    package internal(set) var stepUpPasskeyRetry =
        "Use your passkey again, or cancel: the calls waiting for it then fail."
    package internal(set) var stepUpHintUsePasskey = "use a passkey"
    package internal(set) var stepUpCancelledStatus = "Step-up cancelled: the calls waiting for it failed."
    package internal(set) var steppedUpLog = "Stepped up to {acr}; the waiting calls resume"
    package internal(set) var stepUpRequiredLog = "Step-up to {acr} needed ({count} waiting)"
    package internal(set) var pendingCallStepUp = "{label} — waiting for a step-up, {waited}"
    package internal(set) var none = "none"
    package internal(set) var guest = "Guest"
    package internal(set) var stateLabel = "User state"
    package internal(set) var providerLabel = "Provider"
    package internal(set) var authenticatedByLabel = "Authenticated by"
    package internal(set) var activeProvidersLabel = "Active providers"
    package internal(set) var identityIdLabel = "Identity id"
    package internal(set) var idTokenLabel = "ID token"
    package internal(set) var accessTokenLabel = "Access token"
    package internal(set) var refreshTokenLabel = "Refresh token"
    package internal(set) var awsCredentialsLabel = "AWS credentials"
    package internal(set) var connectivityLabel = "Connectivity"
    package internal(set) var pendingCallsLabel = "Pending calls"
    package internal(set) var online = "online"
    package internal(set) var refreshTokenStored = "stored"
    package internal(set) var refreshTokenInvalid = "rejected; sign in again"
    package internal(set) var refreshRequested = "Refresh requested"
    package internal(set) var signingOut = "Signing out…"
    package internal(set) var signingOutEverywhere = "Signing out everywhere…"
    package internal(set) var signedOutHere = "Signed out"
    package internal(set) var signedOutEverywhere =
        "Signed out everywhere: refresh tokens revoked on every device; access tokens stay valid until they expire"
    package internal(set) var backOnline = "Back online"
    package internal(set) var reloginOpened = "Sign-in required; the re-login prompt is open"
    package internal(set) var hintNext = "next"
    package internal(set) var hintEnter = "continue"
    package internal(set) var hintEscBack = "back"
    package internal(set) var hintEscCancel = "cancel"
    package internal(set) var hintF1Help = "help"
    package internal(set) var hintQuit = "quit"
    package internal(set) var hintCancelRequest = "cancel request"
    package internal(set) var hintSignInAgain = "sign in again"
    package internal(set) var hintAccounts = "accounts"
    package internal(set) var accountPickerTitle = "Accounts"
    package internal(set) var addAccountRow = "Sign in as someone else"
    package internal(set) var closeHelpHint = "close help"
    package internal(set) var closeHelpOr = " or "
    package internal(set) var choiceHelpOr = " or "
    package internal(set) var formHelpMouseLabel = "Mouse"
    package internal(set) var hintAnyOtherKey = "any other key"
    package internal(set) var rememberDeviceYes = "remember"
    package internal(set) var rememberDeviceNo = "don't"
    package internal(set) var rememberDeviceLater = "ask later"
    package internal(set) var codeChallengeTitleSms = "Enter the text-message code"
    package internal(set) var codeChallengeTitleEmail = "Enter the emailed code"
    package internal(set) var codeChallengeTitleTotp = "Enter the authenticator code"
    package internal(set) var codeChallengeTitleCustom = "Answer the challenge"
    package internal(set) var codeChallengePromptSent = "Enter the 6-digit code we sent in {destination}."
    package internal(set) var codeChallengePromptTotp = "Enter the 6-digit code from your authenticator app."
    package internal(set) var codeChallengePromptCustom = "Enter the answer to the challenge."
    package internal(set) var customAnswerRefused = "The answer was not accepted. Press {esc} to start over."
    package internal(set) var customAnswerRefusedWithReason =
        "The answer was not accepted ({reason}). Press {esc} to start over."
    package internal(set) var attributeEmail = "Email"
    package internal(set) var attributePhoneNumber = "Phone number"
    package internal(set) var attributeBirthdate = "Birth date"
    package internal(set) var attributeZoneinfo = "Time zone"
    package internal(set) var attributeUpdatedAt = "Updated at"
    package internal(set) var attributeName = "Name"
    package internal(set) var attributeGivenName = "Given name"
    package internal(set) var attributeFamilyName = "Family name"
    package internal(set) var attributeMiddleName = "Middle name"
    package internal(set) var attributeNickname = "Nickname"
    package internal(set) var attributePreferredUsername = "Preferred username"
    package internal(set) var attributeProfile = "Profile"
    package internal(set) var attributePicture = "Picture"
    package internal(set) var attributeWebsite = "Website"
    package internal(set) var attributeGender = "Gender"
    package internal(set) var attributeLocale = "Locale"
    package internal(set) var attributeAddress = "Address"
    package internal(set) var placeholderSecondsSince1970 = "seconds since 1970"
    package internal(set) var usernameLabelEmailOrPhone = "Email or phone"
    package internal(set) var placeholderNameOrEmail = "name or email"
    package internal(set) var placeholderEmailOrPhone = "name@example.com or +1415…"
    package internal(set) var verificationEmail = "your email"
    package internal(set) var verificationPhone = "your phone (SMS)"
    package internal(set) var verificationOr = " or "
    package internal(set) var verificationNotice = "We will send a verification code to {places}."
    package internal(set) var mfaRequired = "required"
    package internal(set) var mfaOptional = "optional"
    package internal(set) var mfaOff = "off"
    package internal(set) var mfaNotStated = "not stated"
    package internal(set) var mfaSummary = "MFA: {setting}"
    package internal(set) var mfaSummaryWithMethods = "MFA: {setting} ({methods})"
    package internal(set) var mfaTypeSms = "Text message (SMS)"
    package internal(set) var mfaTypeTotp = "Authenticator app"
    package internal(set) var mfaTypeEmail = "Email"
    package internal(set) var hintHidePassword = "hide password"
    package internal(set) var hintShowPassword = "show password"
    package internal(set) var attributeTooLong = "{label} is too long (2048 characters at most)."
    package internal(set) var invalidDate = "Enter {label} as YYYY-MM-DD, such as 1990-04-23."
    package internal(set) var invalidURL = "Enter {label} as a URL starting with https://."
    package internal(set) var invalidSeconds = "Enter {label} as seconds since 1970."
    package internal(set) var codeMustBeDigits = "The code has {digits} digits."
    package internal(set) var attributeRequired = "{label} is required."
    package internal(set) var policyRuleLength = "At least {length} characters"
    package internal(set) var policyListSeparator = "; "
    package internal(set) var cliPasswordRefused =
        "{problem} The pool's policy: {rules}. Choose a password that meets it."
    package internal(set) var policyRuleUppercase = "An uppercase letter"
    package internal(set) var policyRuleLowercase = "A lowercase letter"
    package internal(set) var policyRuleNumber = "A number"
    package internal(set) var policyRuleSymbol = "A symbol, such as ! @ # $"
    package internal(set) var passwordNeedsLength = "The password needs at least {length} characters."
    package internal(set) var passwordNeedsUppercase = "The password needs an uppercase letter."
    package internal(set) var passwordNeedsLowercase = "The password needs a lowercase letter."
    package internal(set) var passwordNeedsNumber = "The password needs a number."
    package internal(set) var passwordNeedsSymbol = "The password needs a symbol."
    package internal(set) var signUpCodeSentUnknown = "Enter the confirmation code that was sent to you."
    package internal(set) var signUpCodeSent = "We sent a confirmation code in {destination}. Enter it below."
    package internal(set) var newCodeSent = "A new code was sent in {destination}."
    package internal(set) var newCodeSentEnterIt = "A new code was sent in {destination}. Enter it below."
    package internal(set) var resetCodeSent = "We sent a reset code in {destination}. Enter it with a new password."
    package internal(set) var nextTryAgainOrForgot = "Try again, or choose Forgot password below."
    package internal(set) var nextCheckPassword = "Check the password and try again."
    package internal(set) var nextCheckUsernameOrCreate = "Check the username, or choose Create account below."
    package internal(set) var nextCheckUsername = "Check the username."
    package internal(set) var nextChooseForgot = "Choose Forgot password below to reset it."
    package internal(set) var nextResetThenSignIn = "Reset it, then sign in."
    package internal(set) var nextWaitOrForgot = "Wait a few minutes, or choose Forgot password below."
    package internal(set) var nextWait = "Wait a few minutes."
    package internal(set) var anotherUserBanner =
        "This is {current}'s session, so {attempted} cannot sign in over it ({current}'s waiting calls would fail). Sign in as {current}, or press {esc} and sign out ({signOut}) first."
    package internal(set) var nextOtherUsername = "Choose another username, or press {esc} to sign in."
    package internal(set) var nextOtherAlias = "Use another one, or press {esc} to sign in to that account."
    package internal(set) var nextMeetPolicy = "Choose one that meets the policy shown."
    package internal(set) var nextCheckCode = "Check the code, or choose Resend code below."
    package internal(set) var nextResend = "Choose Resend code below for a new one."
    package internal(set) var nextCurrentCode = "Enter the current code."
    package internal(set) var challengeTotpRefused = "The code was not accepted. Enter the current code from the app."
    package internal(set) var nextPasswordAgain = "Enter the password again, or press {esc} to start over."
    package internal(set) var challengeExpired = "The sign-in attempt expired. Press {esc} to start over."
    package internal(set) var waitingCallsNone = "No calls are waiting."
    package internal(set) var waitingCallsOne = "1 call is waiting for you to sign in."
    package internal(set) var waitingCallsOther = "{count} calls are waiting for you to sign in."
    package internal(set) var resetWaitingCallsOne =
        "1 call is waiting: it resumes when you sign in with the new password."
    package internal(set) var resetWaitingCallsOther =
        "{count} calls are waiting: they resume when you sign in with the new password."
    package internal(set) var refreshFailedAt = "stored; refresh failed at {time}: {message}"
    package internal(set) var offlineSince = "offline since {time} ({relative}): {message}"
    package internal(set) var pendingSummary = "{count} waiting"
    package internal(set) var pendingCallSignIn = "{label} — waiting for sign-in, {waited}"
    package internal(set) var pendingCallRefresh = "{label} — waiting for a refresh, {waited}"
    package internal(set) var expiryFuture = "{clock} (in {duration})"
    package internal(set) var expiryPast = "{clock} (expired {duration} ago)"
    package internal(set) var sampleCallStarted = "{call} started"
    package internal(set) var sampleCallOk = "{call} ok"
    package internal(set) var sampleCallFailed = "{call} failed: {message}"
    package internal(set) var sampleCallCancelled = "{call} cancelled (sign-in was cancelled)"
    package internal(set) var signOutFailedGlobal = "Global sign-out failed: {message} (signed out on this device)"
    package internal(set) var signOutFailed = "Sign-out failed: {message}"
    package internal(set) var stateChanged = "State: {state}"
    package internal(set) var stateChangedWithUser = "State: {state} ({username})"
    package internal(set) var wentOffline = "Offline: {message}"
    package internal(set) var tokensRefreshed = "Tokens refreshed; they expire at {expiry}"
    package internal(set) var refreshFailed = "Refresh failed: {message}"
    package internal(set) var signInWaitReleasedOne = "Sign-in cancelled: 1 waiting call released"
    package internal(set) var signInWaitReleasedOther = "Sign-in cancelled: {count} waiting calls released"
    package internal(set) var identityChanged = "Identity id changed: {old} → {new}"
    package internal(set) var credentialsRefreshed = "AWS credentials refreshed; they expire at {expiry}"
    package internal(set) var awsCredentialsRenewFailed = "AWS credentials not renewed: {message}. Tried again shortly."
    package internal(set) var storeWarning = "Session store: {message}"
    package internal(set) var signedInAgain = "Signed in again as {username}"
    package internal(set) var hintChoose = "choose"
    package internal(set) var hintEnterSwitch = "switch"
    package internal(set) var accountPickerHintsChoose = "choose"
    package internal(set) var accountPickerHintsBack = "back"
    package internal(set) var hintEnterSelect = "select"
    package internal(set) var activeAccountOne = "{name} (+1 account)"
    package internal(set) var activeAccountOther = "{name} (+{count} accounts)"
    package internal(set) var signInFailedLog = "Sign-in failed: {reason}"
    package internal(set) var terminalTooSmall =
        "Terminal too small: enlarge it to at least {columns}×{rows}, or press {quit} to quit."
    package internal(set) var durationSeconds = "{s} s"
    package internal(set) var durationMinutes = "{min} min"
    package internal(set) var durationHours = "{h} h {min} min"
    package internal(set) var durationDays = "{d} d {h} h"
    package internal(set) var relativeNow = "now"
    package internal(set) var relativeFuture = "in {duration}"
    package internal(set) var relativePast = "{duration} ago"
    package internal(set) var formHelpTab = "move between fields"
    package internal(set) var formHelpEnter = "next field; on the last field, submit"
    package internal(set) var formHelpCtrlT = "show or hide the focused password"
    package internal(set) var formHelpEsc = "back, or cancel a request in flight"
    package internal(set) var formHelpStartEnd = "start / end ({home} / {end})"
    package internal(set) var formHelpBackForward = "back / forward a character"
    package internal(set) var formHelpDeleteToEdge = "delete to the start / the end"
    package internal(set) var formHelpDeleteForwardWord = "delete forward / the word before"
    package internal(set) var formHelpMouse = "click a field, button or link"
    package internal(set) var formHelpF1 = "this help ({key} is typed into the field)"
    package internal(set) var formHelpSuspendQuit = "suspend (fg resumes) / quit"
    package internal(set) var dashboardHelpCalls = "one GetUser call / five at once"
    package internal(set) var dashboardHelpRefresh = "refresh the tokens now"
    package internal(set) var dashboardHelpSignOut = "sign out on this device"
    package internal(set) var dashboardHelpSignOutEverywhere =
        "sign out everywhere: every device's refresh token (asks first)"
    package internal(set) var dashboardHelpSignInAgain = "sign in again (when the session expired)"
    package internal(set) var dashboardHelpMfaRead = "Security: read the MFA settings · {key} passkeys"
    package internal(set) var dashboardHelpMfaEmail = "Security: email MFA on/off ({key}: prefer email)"
    package internal(set) var dashboardHelpTotpSetUp = "Security: set up an authenticator app (TOTP)"
    package internal(set) var dashboardHelpTotpOff = "Security: authenticator app (TOTP) off"
    package internal(set) var dashboardHelpMfaSMS = "Security: SMS MFA on/off ({key}: prefer SMS)"
    package internal(set) var dashboardHelpDevicesSessions = "devices: list, forget, remember / sessions: revoke"
    package internal(set) var dashboardHelpProfileCopy =
        "profile / copy a token to the clipboard (then {id}: ID, {access}: access)"
    package internal(set) var dashboardHelpAccounts = "accounts: switch, or sign in as someone else"
    package internal(set) var dashboardHelpScroll = "scroll the event log"
    package internal(set) var dashboardHelpHelpQuit = "this help / quit"
    package internal(set) var choiceHelpMove = "move between choices"
    package internal(set) var choiceHelpChoose = "choose"
    package internal(set) var choiceHelpEsc = "back to sign in"
    package internal(set) var choiceHelpHelp = "this help"
    package internal(set) var choiceHelpQuit = "quit"
    package internal(set) var dashboardHintsCall = "call"
    package internal(set) var dashboardHintsRefresh = "refresh"
    package internal(set) var dashboardHintsSignOut = "sign out"
    package internal(set) var dashboardHintsQuit = "quit"
    package internal(set) var dashboardHintsProfile = "profile"
    package internal(set) var dashboardHintsDevices = "devices"
    package internal(set) var dashboardHintsCopyToken = "copy token"
    package internal(set) var dashboardHintsSignOutEverywhere = "sign out everywhere"
    package internal(set) var dashboardHintsFiveCalls = "5 calls"
    package internal(set) var signedInHeadline = "Signed in"
    package internal(set) var signedOutHeadline = "Signed out"
    package internal(set) var offlineHeadline = "Offline"
    package internal(set) var startingHeadline = "Starting"
    package internal(set) var globalSignOutTitle = "Sign out everywhere"
    package internal(set) var globalSignOutQuestion = "Sign out of every device? {yes}/{defaultNo}"
    package internal(set) var globalSignOutExplanation =
        "Every device's refresh token is revoked, so no device can renew its session. Access tokens already issued stay valid until they expire (at most an hour)."
    package internal(set) var globalSignOutDeclined = "Sign out everywhere: cancelled"
    package internal(set) var signedOutEverywhereNotice =
        "Signed out everywhere. Other devices cannot renew their sessions; their access tokens stay valid until they expire (at most an hour)."
    package internal(set) var resendCodeWait = "A code was just sent. Resend code works again when its countdown ends."
    package internal(set) var hintF1More = "more"
    package internal(set) var hintHelpMore = "more"
    package internal(set) var hintHelp = "help"
    package internal(set) var continueButton = "Continue"
    package internal(set) var selectSignInMethodTitle = "Choose how to sign in"
    package internal(set) var selectSignInMethodPrompt = "How do you want to sign in?"
    package internal(set) var noSignInMethod =
        "This account offers no sign-in method a terminal can use. Press {esc} and ask the pool's administrator."
    package internal(set) var resendSignInCodeButton = "Resend code"
    package internal(set) var sendingNewCode = "Sending a new code…"
    package internal(set) var selectMFAPrompt = "How do you want to verify this sign-in?"
    package internal(set) var mfaSetupPrompt = "This account must set up MFA. Which method?"
    package internal(set) var phoneForCodesLabel = "Phone number for codes"
    package internal(set) var emailForCodesLabel = "Email address for codes"
    package internal(set) var emailForCodesHint = "where the sign-in codes will be sent"
    package internal(set) var phoneForCodesHint = "with the country code, e.g. +15555550123"
    package internal(set) var copyTokenChoice =
        "Copy which token? {id} ID token · {access} access token · any other key: cancel"
    package internal(set) var copyTokenCancelled = "Nothing copied."
    package internal(set) var copyTokenUnsupported =
        "This terminal cannot receive the clipboard (OSC 52). Run: latchkey token"
    package internal(set) var mfaLabel = "MFA"
    package internal(set) var mfaLoading = "reading…"
    package internal(set) var mfaReading = "MFA: reading the settings (GetUser)"
    package internal(set) var mfaBusy = "MFA: a change is still running; press the key again when it ends"
    package internal(set) var mfaPressMFirst = "MFA: press {readMFA} first to read the settings"
    package internal(set) var smsNeedsPhoneNumber =
        "MFA: SMS needs a phone number on the account (phone_number), and it has none; add one first"
    package internal(set) var totpStarting = "MFA: setting up an authenticator app (AssociateSoftwareToken)"
    package internal(set) var totpEnrolling = "MFA: scan the QR code or type the secret, then enter the app's code"
    package internal(set) var totpEnrolled = "MFA: authenticator app verified; totp is on and preferred"
    package internal(set) var profileTitle = "Profile"
    package internal(set) var profileUsername = "Username"
    package internal(set) var profileVerified = "✔ verified"
    package internal(set) var profileNotVerified = "✖ not verified"
    package internal(set) var profileNotSet = "(not set)"
    package internal(set) var profileLoading = "Loading the profile…"
    package internal(set) var profileSendingCode = "Sending a code…"
    package internal(set) var profileChangingPassword = "Changing the password…"
    package internal(set) var profileDeleting = "Deleting the account…"
    package internal(set) var profilePasswordChanged =
        "Password changed. Other devices keep their sessions until they expire."
    package internal(set) var profileEnterCode = "Enter the code that was sent."
    package internal(set) var profileEnterCurrentPassword = "Enter the current password."
    package internal(set) var profileNextCheckCode = "Check the code, or press {newCode} for a new one."
    package internal(set) var profileNextNewCode = "Press {newCode} for a new code."
    package internal(set) var wrongCurrentPassword = "The current password is wrong."
    package internal(set) var profileNextWrongCurrentPassword =
        "Type it again; if you have forgotten it, sign out ({signOut}) and choose Forgot password on Sign in."
    package internal(set) var cliNextWrongCurrentPassword =
        "Run latchkey change-password again with the right one; if you have forgotten it, reset it with latchkey forgot-password --username {username}."
    package internal(set) var profileDeleteMismatch =
        "That is not the username; nothing was deleted. Type it exactly, or press {esc}."
    package internal(set) var profileDeleteCancelled = "Kept the account."
    package internal(set) var profileNotVerifiable =
        "Only the email address and the phone number are verified with a code."
    package internal(set) var profileCodeLabel = "Code"
    package internal(set) var profileCurrentPassword = "Current password"
    package internal(set) var profileNewPassword = "New password"
    package internal(set) var profileRepeatPassword = "Repeat password"
    package internal(set) var profileTypeUsername = "Username"
    package internal(set) var devicesTitle = "Devices"
    package internal(set) var loadingDevices = "Loading devices…"
    package internal(set) var forgettingDevice = "Forgetting the device…"
    package internal(set) var rememberingDevice = "Remembering the device…"
    package internal(set) var unrememberingDevice = "Marking the device not remembered…"
    package internal(set) var deviceRemembered = "remembered"
    package internal(set) var deviceNotRemembered = "not remembered"
    package internal(set) var deviceNoName = "(no name)"
    package internal(set) var thisMachine = "← this machine"
    package internal(set) var noDevices =
        "No devices. Either the user pool does not track devices, or none is registered for this user yet."
    package internal(set) var confirmForgetThisMachine =
        "Forget this machine? The next sign-in registers a new device (and may ask for MFA again). {yes} to forget, any other key to keep it."
    package internal(set) var forgetCancelled = "Kept this machine's device."
    package internal(set) var rememberDeviceTitle = "Remember this device?"
    package internal(set) var rememberDeviceMessage =
        "The user pool can remember this machine, so that signing in here may skip MFA. Remember this device?"
    package internal(set) var reloginHeadlineRevoked = "Session revoked: sign in again"
    package internal(set) var reloginHeadlineFederated = "Provider sign-in expired: sign in again"
    package internal(set) var reloginHeadlineDisabled = "Account disabled"
    package internal(set) var reloginHeadlineAccountGone = "Account not found"
    package internal(set) var reloginHeadlinePasswordReset = "Password reset required"
    package internal(set) var reloginHeadlineExpired = "Session expired: sign in again"
    package internal(set) var reloginHeadlineEnded = "Session ended: sign in again"
    package internal(set) var stateRowSignedOutUserPoolsTokenInvalid = "Sign-in needed"
    package internal(set) var stateRowSignedOutFederatedTokensInvalid = "Provider sign-in needed"
    package internal(set) var reloginReasonFederated =
        "Your sign-in with the identity provider expired. Sign in again to continue."
    package internal(set) var reloginReasonExpired = "Your session expired. Sign in again to continue."
    package internal(set) var reloginReasonRevoked =
        "Your session was revoked: signed out everywhere, from another device or by an administrator. Sign in again to continue."
    package internal(set) var reloginReasonReused =
        "Your session was used by another copy of it (the refresh token was already used). Sign in again to continue."
    package internal(set) var reloginReasonAccountGone =
        "Your account could not be found (it may have been deleted). Sign in, or create an account."
    package internal(set) var reloginReasonDisabled =
        "Your account was disabled. Ask the pool's administrator, then sign in again."
    package internal(set) var reloginReasonPasswordReset =
        "Your account needs a password reset before you can sign in again."
    package internal(set) var reloginReasonUnknown =
        "Your session ended and cannot be renewed. Sign in again to continue."
    package internal(set) var stateRow = "{words} ({state})"
    package internal(set) var exitLineSignedInAs = "Signed in as {username}."
    package internal(set) var exitLineSignedIn = "Signed in."
    package internal(set) var exitLineSignedOut = "Not signed in."
    package internal(set) var exitLineGuest = "Guest (not signed in)."
    package internal(set) var exitLineUnknown = "Not signed in."
    package internal(set) var exitLineRelogin = "{headline}. Run {command}."
    package internal(set) var exitLineReloginAs = "{headline} ({username}). Run {command}."
    package internal(set) var globalSignOutHintsYes = "sign out everywhere"
    package internal(set) var globalSignOutHintsCancel = "cancel"
    package internal(set) var resendCodeCooldown = "{button} ({seconds} s)"
    package internal(set) var signInMethodPassword = "Password"
    package internal(set) var signInMethodEmailOTP = "Code by email"
    package internal(set) var signInMethodSmsOTP = "Code by text message"
    package internal(set) var signInMethodWebAuthn = "Passkey — not available in a terminal"
    package internal(set) var tokenNameId = "the ID token"
    package internal(set) var tokenNameAccess = "the access token"
    package internal(set) var tokenCopied = "Copied {token} ({characters} characters) to the clipboard."
    package internal(set) var tokenCopyFailed = "Could not copy {token}: {message}"
    package internal(set) var tokenCopiedUnverifiedInTmux =
        "Sent through tmux (if nothing arrives: tmux set -g allow-passthrough on): {token}, {characters} characters."
    package internal(set) var tokenCopiedToTmuxBuffer =
        "Only in tmux's paste buffer (for the clipboard: tmux set -g set-clipboard on): {token}, {characters} characters."
    package internal(set) var mfaFactorPreferred = " (preferred)"
    package internal(set) var mfaFactorNoPhone = " (no phone number)"
    package internal(set) var mfaFactorOn = "on"
    package internal(set) var mfaFactorOff = "off"
    package internal(set) var mfaKeysSms = " · x sms on/off · X prefer sms"
    package internal(set) var mfaKeys = " — e email on/off · E prefer email · t set up totp · T totp off"
    package internal(set) var mfaLoadedNone = "no factor on"
    package internal(set) var mfaLoadedOn = "{factors} on"
    package internal(set) var mfaLoadedPreferred = ", {factor} preferred"
    package internal(set) var mfaLog = "MFA: {message}"
    package internal(set) var mfaChangingOff = "turning {factor} off"
    package internal(set) var mfaNameTotp = "the authenticator app"
    package internal(set) var mfaNameEmail = "email codes"
    package internal(set) var mfaNameSms = "text-message codes"
    package internal(set) var mfaOffTitle = "Turn off {factor}"
    package internal(set) var mfaOffQuestion = "Turn off {factor}? {yes}/{defaultNo}"
    package internal(set) var mfaOffExplanation =
        "Sign-in will no longer accept {factor} as its second step. The other factors that are on stay on."
    package internal(set) var mfaOffExplanationLast =
        "This is the account's only second factor: sign-in will then ask for the password alone, so anyone who learns the password can sign in."
    package internal(set) var mfaOffHintYes = "turn off"
    package internal(set) var mfaOffHintNo = "keep it on"
    package internal(set) var mfaOffDeclined = "MFA: kept {factor} on"
    package internal(set) var mfaAlreadyOff = "MFA: {factor} is already off"
    package internal(set) var mfaChangingOn = "turning {factor} on"
    package internal(set) var mfaChangingPreferred = "making {factor} preferred"
    package internal(set) var mfaFailed = "failed: {message}"
    package internal(set) var profileDeleteWarning =
        "This deletes the account {username} at the user pool, with its attributes, and signs you out. It cannot be undone. Type the username to confirm."
    package internal(set) var profileLabelPhone = "Phone"
    package internal(set) var profileLabelSub = "User id (sub)"
    package internal(set) var profileSaving = "Saving {label}…"
    package internal(set) var profileVerifying = "Verifying {label}…"
    package internal(set) var profileSaved = "{label} saved."
    package internal(set) var profileVerifiedNotice = "{label} verified."
    package internal(set) var profileCodeSent = "A code for {label} was sent in {destination}."
    package internal(set) var deliveryEmailTo = "an email to {destination}"
    package internal(set) var deliveryTextTo = "a text message to {destination}"
    package internal(set) var deliveryEmail = "an email"
    package internal(set) var deliveryText = "a text message"
    package internal(set) var profileVerifyLater = "{label} is not verified yet: select it and press {verify} for a new code."
    package internal(set) var profileNotEditable = "{label} cannot be changed here."
    package internal(set) var profileNotRemovable = "{label} cannot be removed."
    package internal(set) var profileRequiredAttribute =
        "{label} is required (Create account asks for it), so it cannot be removed."
    package internal(set) var profileNothingToRemove = "{label} is not set: there is nothing to remove."
    package internal(set) var profileRemoveQuestion =
        "Remove {label} ({value}) from the account? {yes} removes it; any other key keeps it."
    package internal(set) var profileRemoving = "Removing {label}…"
    package internal(set) var profileRemoved = "{label} removed."
    package internal(set) var profileRemoveKept = "Kept {label}."
    package internal(set) var profileRemoveHintsRemove = "remove"
    package internal(set) var profileRemoveHintsKeep = "keep"
    package internal(set) var profileNewValue = "New {label}"
    package internal(set) var accountDeleted = "Account {username} deleted."
    package internal(set) var profileHintsSelect = "select"
    package internal(set) var profileHintsEdit = "edit"
    package internal(set) var profileHintsVerify = "verify"
    package internal(set) var profileHintsRemove = "remove"
    package internal(set) var profileHintsPassword = "password"
    package internal(set) var profileHintsDelete = "delete account"
    package internal(set) var profileHintsBack = "back"
    package internal(set) var profileHintsHelp = "help"
    package internal(set) var profileHintsQuit = "quit"
    package internal(set) var profileFormHintsSave = "save"
    package internal(set) var profileCodeHintsVerify = "verify"
    package internal(set) var profileCodeHintsNewCode = "new code"
    package internal(set) var profileCodeHintsLater = "later"
    package internal(set) var profilePasswordHintsChange = "change"
    package internal(set) var profilePasswordHintsShow = "show"
    package internal(set) var profileDeleteHintsDelete = "delete"
    package internal(set) var profileDeleteHintsKeep = "keep the account"
    package internal(set) var profileHelpSelect = "select an attribute"
    package internal(set) var profileHelpEdit = "edit the attribute"
    package internal(set) var profileHelpVerify = "verify the email address or phone number with a code"
    package internal(set) var profileHelpRemove = "remove the attribute (not one the account must keep)"
    package internal(set) var profileHelpPassword = "change the password"
    package internal(set) var profileHelpDelete = "delete the account (asks you to type the username)"
    package internal(set) var profileHelpReload = "reload"
    package internal(set) var profileHelpBack = "back to the dashboard"
    package internal(set) var profileHelpHelp = "this help"
    package internal(set) var profileHelpOr = " or "
    package internal(set) var profileHelpQuit = "quit"
    package internal(set) var devicesHintsSelect = "select"
    package internal(set) var devicesHintsForget = "forget"
    package internal(set) var devicesHintsRemember = "remember on/off"
    package internal(set) var devicesHintsBack = "back"
    package internal(set) var devicesHintsQuit = "quit"
    package internal(set) var devicesHintsReload = "reload"
    package internal(set) var devicesHelpSelect = "select a device"
    package internal(set) var devicesHelpForget = "forget the device (asks first for this machine)"
    package internal(set) var devicesHelpRemember = "remember the device, or stop remembering it"
    package internal(set) var devicesHelpReload = "reload the list"
    package internal(set) var devicesHelpBack = "back to the dashboard"
    package internal(set) var devicesHelpHelp = "this help"
    package internal(set) var devicesHelpBackOr = " or "
    package internal(set) var devicesHelpQuit = "quit"
    // MARK: Sessions view (issue 38)
    package internal(set) var sessionsTitle = "Sessions"
    package internal(set) var sessionsLoading = "Loading sessions…"
    package internal(set) var sessionsRevoking = "Revoking the session…"
    package internal(set) var sessionsNone = "No sessions are listed."
    package internal(set) var sessionsColumnDevice = "Device"
    package internal(set) var sessionsColumnAddress = "Address"
    package internal(set) var sessionsColumnClient = "App client"
    package internal(set) var sessionsColumnCreated = "Created"
    package internal(set) var sessionsColumnLastActive = "Last active"
    package internal(set) var sessionsThisTerminal = "← this terminal"
    package internal(set) var sessionsDetail = "Session {id} · {type} · app client {client}"
    package internal(set) var sessionsConfirmRevoke =
        "Revoke the selected session? Its refresh and access tokens stop working. {yes}/{defaultNo}"
    package internal(set) var sessionsRevokeCancelled = "Nothing revoked."
    package internal(set) var sessionsRevoked = "Session revoked: {device}."
    package internal(set) var sessionsRefuseCurrent =
        "This is this terminal's own session: Cognito cannot revoke it. To end it, sign out ({key} on the dashboard)."
    package internal(set) var sessionsHintsSelect = "select"
    package internal(set) var sessionsHintsRevoke = "revoke"
    package internal(set) var sessionsHintsReload = "reload"
    package internal(set) var sessionsHintsBack = "back"
    package internal(set) var sessionsHintsQuit = "quit"
    package internal(set) var sessionsHelpSelect = "select a session"
    package internal(set) var sessionsHelpRevoke =
        "revoke the selected session (asks first)"
    package internal(set) var sessionsHelpReload = "reload the list (it also reloads every 30 s)"
    package internal(set) var sessionsHelpBack = "back to the dashboard"
    package internal(set) var sessionsHelpBackOr = " or "
    package internal(set) var sessionsHelpHelp = "this help"
    package internal(set) var sessionsHelpQuit = "quit"
    package internal(set) var dashboardHintsSessions = "sessions"
    package internal(set) var profileHelpSessions = "your sessions on every device"
    package internal(set) var deviceChangedForget = "Device forgotten."
    package internal(set) var deviceChangedRemembered = "Device remembered."
    package internal(set) var deviceChangedNotRemembered = "Device marked not remembered."
    package internal(set) var devicesLog = "Devices: {message}"
    package internal(set) var devicesLogFailed = "Devices: failed: {message}"
    package internal(set) var uiForgotPasswordIntro = "Enter your username. We will send a code to reset the password."
    package internal(set) var uiUriBelow = "Or add this URI (one line, to copy):"
    package internal(set) var uiDigitsPlaceholder = "{digits} digits"
    package internal(set) var uiEnlargeForQRCode = "Enlarge the terminal to show a QR code."
    package internal(set) var uiEnlargeForQRCodeTo = "Enlarge the terminal to {columns}×{rows} to show the QR code."
    package internal(set) var uiCodePlaceholder = "from the message"
    package internal(set) var uiSessionLoading = "reading the session…"
    package internal(set) var uiExpires = "expires {clock}, in {duration}"
    package internal(set) var uiExpired = "expired {clock}, {duration} ago"
    package internal(set) var uiOfflineSince = "offline since {time} ({relative}) — {message}"
    package internal(set) var uiOneCall = "1 call"
    package internal(set) var uiCalls = "{count} calls"
    package internal(set) var uiCallsWaitingForSignIn = "{calls} waiting for sign-in"
    package internal(set) var uiCallsWaitingForRefresh = "{calls} waiting for a refresh"
    package internal(set) var uiPendingLineSignIn = "{call}  waiting {waited} for sign-in"
    package internal(set) var uiPendingLineRefresh = "{call}  waiting {waited} for a refresh"
    package internal(set) var uiCallsWaitingForStepUp = "{calls} waiting for a step-up"
    package internal(set) var uiPendingLineStepUp = "{call}  waiting {waited} for a step-up"
    package internal(set) var uiMore = "{count} more"
    package internal(set) var uiNoCallsWaiting = "No calls waiting"
    // MARK: Issue 14's remaining items (TOTP QR code, row hints, wide dashboard)
    package internal(set) var hintCopyTOTPURI = "copy URI"
    package internal(set) var totpCopyURIHint = "{key} copies the otpauth:// URI to the clipboard."
    package internal(set) var totpQRCodeDoesNotFit =
        "The QR code needs {columns}×{rows} cells and the terminal is smaller: type the secret, or press {copy} to copy the URI."
    package internal(set) var totpQRCodeUnavailable =
        "No QR code for this URI: type the secret, or press {copy} to copy the URI."
    package internal(set) var tokenNameTotpURI = "the otpauth:// URI"
    package internal(set) var tokenNameSignInURL = "the sign-in URL"
    package internal(set) var hintCopySignInURL = "copy URL"
    package internal(set) var tokenNameSignOutURL = "the sign-out URL"
    package internal(set) var hintCopySignOutURL = "copy sign-out URL"
    package internal(set) var copySignOutURLUnsupported =
        "This terminal cannot receive the clipboard (OSC 52). Select the URL rows to copy it."
    package internal(set) var copySignInURLUnsupported =
        "This terminal cannot receive the clipboard (OSC 52). Select the URL rows, or use latchkey sign-in --web --no-browser"
    package internal(set) var copyTOTPURIUnsupported =
        "This terminal cannot receive the clipboard (OSC 52). Type the secret into the app instead."
    package internal(set) var rowHintsSignIn = "sign in"
    package internal(set) var rowHintsProfile = "profile"
    package internal(set) var rowHintsCopy = "copy"
    package internal(set) var rowHintsRefresh = "refresh"
    package internal(set) var rowHintsTryNow = "try now"
    package internal(set) var rowHintsReadMFA = "your MFA"
    package internal(set) var wideCredentialsTitle = "AWS and network"
    package internal(set) var wideSecurityTitle = "Security"
    package internal(set) var wideCallsTitle = "Calls"
    package internal(set) var uiScrolledBack = " (scrolled back {lines}; End follows)"
    package internal(set) var uiDevicesName = "Name"
    package internal(set) var uiDevicesKey = "Key"
    package internal(set) var uiDevicesStatus = "Status"
    package internal(set) var uiDevicesLastUsed = "Last used"
    package internal(set) var uiTooSmall = "Terminal too small: need {columns}x{rows}, have {width}x{height}"
    package internal(set) var uiEnlarge = "Enlarge the window, or press {key} to quit."
    // MARK: #29 live dashboard (the refresh ahead of expiry, the refresh token's lifetime, work in flight)
    package internal(set) var refreshTokenStoredSince = "stored since {time}; Cognito sends no expiry"
    package internal(set) var refreshTokenStoredNoExpiry = "stored; Cognito sends no expiry"
    package internal(set) var tokensRefreshAt = "refreshes {time}"
    package internal(set) var tokensRefreshIn = "refreshes in {duration}"
    package internal(set) var tokensRefreshing = "refreshing…"
    package internal(set) var expiryWithNote = "{expiry}, {note}"
    package internal(set) var uiExpiresNote = "expires {clock}, {note}"
    package internal(set) var uiExpiredNote = "expired {clock}, {note}"
    package internal(set) var autoRefreshStarted = "Refreshing the tokens before they expire"
    package internal(set) var autoRefreshOfExpiredStarted = "Refreshing the expired tokens"
    package internal(set) var running = "Running: {items}"
    package internal(set) var runningSampleCalls = "{count} GetUser calls"
    package internal(set) var runningTokenRefresh = "token refresh"
    // MARK: Command line (more)
    package internal(set) var cliAccountsNone =
        "No account is signed in here. Sign in with `latchkey sign-in` (or `latchkey` for the full screen)."
    package internal(set) var cliAccountsNoPool = "pool not recorded"
    package internal(set) var cliAccountsUnreadable = "unreadable: {reason}"
    package internal(set) var cliAccountsActiveMark = "  (active)"
    package internal(set) var cliAccountsSwitchHint = "Switch with `latchkey switch NAME`."
    package internal(set) var cliAccountsSignedIn = "signed in"
    package internal(set) var cliAccountsExpired = "session expired: sign in again"
    package internal(set) var cliAccountsGuest = "guest"
    package internal(set) var cliAccountsSignedOut = "signed out"
    package internal(set) var cliSwitchNoSuchAccount = "there is no account \"{name}\" here. Sign in first."
    package internal(set) var cliSwitchNoSuchAccountAmong = "there is no account \"{name}\" here; there are: {names}."
    package internal(set) var cliSwitchNoOther =
        "there is no other account to switch to. Sign in as another user to add one."
    package internal(set) var cliSwitchNameIt = "name the account: {names}."
    package internal(set) var cliSwitchAlreadyActive = "{name} is already the active account."
    package internal(set) var cliSwitchSwitched = "✔ Switched to {name}."
    package internal(set) var cliSwitchSwitchedOnPool = "✔ Switched to {name} on {pool}."
    package internal(set) var cliDevicesNone = "No devices. (Does the user pool track devices?)"
    package internal(set) var cliDevicesNowRemembered = "Device {key} is now remembered."
    package internal(set) var cliDevicesNowNotRemembered = "Device {key} is now not_remembered."
    package internal(set) var cliDevicesForgot = "Forgot device {key}."
    package internal(set) var cliDevicesNoName = "(no name)"
    package internal(set) var cliDevicesLastSignIn = "last sign-in {time}"
    package internal(set) var cliDevicesThisMachine = "(this machine)"
    package internal(set) var cliMfaOn = "on"
    package internal(set) var cliMfaOff = "off"
    package internal(set) var cliMfaPreferredMark = " (preferred)"
    package internal(set) var cliMfaNoPhoneMark = " (no phone number on the account)"
    package internal(set) var cliMfaUnknownFactor = "{name} on (not known to Latchkey)"
    package internal(set) var cliMfaNoneOn = "No MFA factor is on. Turn one on: latchkey mfa enable totp|email|sms"
    package internal(set) var cliMfaAddToApp = "Add this account to your authenticator app:"
    package internal(set) var cliMfaOnAndPreferred = "✔ {factor} MFA is on and preferred."
    package internal(set) var cliMfaTurnedOn = "✔ {factor} MFA is on."
    package internal(set) var cliMfaTurnedOff = "✔ {factor} MFA is off."
    package internal(set) var cliMfaSmsNeedsPhone =
        "sms MFA needs a phone number on the account, and it has none. Add a phone_number attribute (with the country code, e.g. +15555550123) first, then run this again."
    package internal(set) var cliMfaNoPreference = "✔ No MFA factor is preferred; sign-in asks which one to use."
    package internal(set) var cliMfaBadChoice = "choose totp, email, sms or none, not \"{choice}\"."
    package internal(set) var cliMfaOffTurnOnFirst =
        "{factor} MFA is off. Turn it on first: latchkey mfa enable {factor}"
    package internal(set) var cliMfaNowPreferred = "✔ {factor} is the preferred MFA factor."
    package internal(set) var cliUserSetAssignments = "NAME=VALUE pairs."
    package internal(set) var cliUserNeedAssignment = "give at least one NAME=VALUE, such as name='Alice Smith'."
    package internal(set) var cliUserNotAssignment = "{text} is not NAME=VALUE. Write it as name='Alice Smith'."
    package internal(set) var cliUserInvalidPhone = "phone_number={value} is not a phone number the pool takes. {rule}"
    package internal(set) var cliUserUpdated = "✔ Updated {names}."
    package internal(set) var cliUserNotName =
        "{text} is not an attribute name. To change a value: latchkey user set NAME=VALUE"
    package internal(set) var cliUserRemoved = "✔ Removed {names}."
    package internal(set) var cliUserCodeSentFor = "  A code for {name} was sent in {destination}."
    package internal(set) var cliUserCodeSentForAttribute = "  A code for the attribute was sent in {destination}."
    package internal(set) var cliUserThenVerify = "  Then: latchkey user verify {name} --code CODE"
    package internal(set) var cliUserNotVerifiable =
        "{name} cannot be verified with a code. Verify email or phone_number."
    package internal(set) var cliUserCodeSent = "A code was sent in {destination}."
    package internal(set) var cliPromptCode = "Code: "
    package internal(set) var cliUserNoCode = "no code was entered. Pass --code CODE, or type the code."
    package internal(set) var cliUserVerified = "✔ {name} verified."
    package internal(set) var cliUserDeleteNeedsConfirmation =
        "deleting the account needs a confirmation: pass --yes, or run it in a terminal."
    package internal(set) var cliUserDeleteWarning =
        "This deletes the account {username} at the user pool, with its attributes. It cannot be undone."
    package internal(set) var cliPromptTypeUsername = "Type the username ({username}) to confirm: "
    package internal(set) var cliUserDeleteMismatch = "the username did not match; nothing was deleted."
    package internal(set) var cliUserDeleted = "✔ Deleted the account and signed out."
    package internal(set) var cliUserDeletedNamed = "✔ Deleted the account {username} and signed out."
    package internal(set) var cliUserUsername = "Username: {username}"
    package internal(set) var cliUserVerifiedMark = "  (verified)"
    package internal(set) var cliUserNotVerifiedMark = "  (not verified)"
    package internal(set) var cliConfigLabelFile = "File"
    package internal(set) var cliConfigLabelFormat = "Format"
    package internal(set) var cliConfigLabelSection = "Section"
    package internal(set) var cliConfigLabelUserPoolId = "User pool"
    package internal(set) var cliConfigLabelAppClientId = "App client"
    package internal(set) var cliConfigLabelAppClientSecret = "App client secret"
    package internal(set) var cliConfigLabelRegion = "Region"
    package internal(set) var cliConfigLabelUserPoolEndpoint = "User pool endpoint"
    package internal(set) var cliConfigLabelJwksURL = "Key set (JWKS)"
    package internal(set) var cliConfigLabelIdentityPoolId = "Identity pool"
    package internal(set) var cliConfigLabelIdentityRegion = "Identity pool region"
    package internal(set) var cliConfigLabelIdentityPoolEndpoint = "Identity pool endpoint"
    package internal(set) var cliConfigLabelStsEndpoint = "STS endpoint"
    package internal(set) var cliConfigLabelHostedUI = "Hosted UI"
    package internal(set) var cliConfigLabelHostedUIRedirect = "Hosted UI redirect"
    package internal(set) var cliConfigLabelHostedUIProviders = "Hosted UI providers"
    package internal(set) var cliConfigFrom = " (from {origin})"
    package internal(set) var cliConfigVersion = ", version {version}"
    package internal(set) var cliConfigEmbeddedIn = ", embedded in {container}"
    package internal(set) var cliConfigAlsoInFile = "; also in the file: {sections}"
    package internal(set) var cliConfigNone = "none"
    package internal(set) var cliConfigSecretSet = "set (not shown)"
    package internal(set) var cliConfigNotLoopback = " (not a loopback URL: paste the redirect)"
    package internal(set) var cliConfigUnusable = "unusable: {problem} {fix}"
    package internal(set) var cliConfigNoHostedUI = "none (no OAuth section)"
    package internal(set) var cliConfigPasswordPolicy = "Password policy"
    package internal(set) var cliConfigAtLeast = "at least {length}"
    package internal(set) var cliConfigAtLeastWith = "at least {length}, with {needs}"
    package internal(set) var cliConfigLowercase = "lowercase"
    package internal(set) var cliConfigUppercase = "uppercase"
    package internal(set) var cliConfigNumbers = "numbers"
    package internal(set) var cliConfigSymbols = "symbols"
    package internal(set) var cliConfigSignInWith = "Sign in with"
    package internal(set) var cliConfigSignUpAttributes = "Sign-up attributes"
    package internal(set) var cliConfigIgnoredKeys = "Ignored keys"
    package internal(set) var cliConfigLabelHostedUIScopes = "Hosted UI scopes"
    package internal(set) var cliConfigLabelHostedUISignOut = "Hosted UI sign-out"
    package internal(set) var cliConfigWarning = "Warning"
    package internal(set) var cliConfigWarningLine = "latchkey: warning: {warning}"
    package internal(set) var cliConfigGuestAccess = "Guest access"
    package internal(set) var cliConfigGuestsAllowed = "allowed (identity pool credentials without sign-in)"
    package internal(set) var cliConfigGuestsNotAllowed = "not allowed"
    package internal(set) var cliConfigNote = "Note"
    package internal(set) var cliConfigOriginDefault = "default"
    package internal(set) var cliConfigSectionByDefault = " (the default: no section was named)"
    package internal(set) var cliConfigOriginPoolId = "the pool id"
    package internal(set) var cliConfigOriginAwsDefault = "default (AWS)"
    package internal(set) var cliConfigOriginIssuer = "the issuer (AWS)"
    package internal(set) var cliConfigOriginEndpointJWKS = "the user pool endpoint + /<pool id>/.well-known/jwks.json"
    package internal(set) var cliDemoBackend = "Local backend: {endpoint} (user pool {pool})"
    package internal(set) var cliDemoConfiguration = "Configuration: {path}"
    package internal(set) var cliDemoUser = "Demo user:     {username} / {password} (unless you changed it)"
    package internal(set) var cliDemoSignInHint =
        "Demo user {username}: the password is {password}, unless you changed it (then Forgot password sets a new one)"
    package internal(set) var cliDemoNoTerminal = "No terminal on standard input, so no sign-in prompt. Sign in with:"
    package internal(set) var cliDemoKeepingConfiguration =
        "Keeping your configuration at {path}; using the demo's with --config."
    package internal(set) var cliDemoNoScript =
        "cannot find Scripts/local-backend. Run `swift run latchkey demo` from the Latchkey checkout, or set LATCHKEY_HOME to the checkout."
    package internal(set) var cliDemoStarting =
        "Starting the local backend (first use installs moto and its dependencies from PyPI into a virtualenv, which takes a few minutes; pip's progress follows)…"
    package internal(set) var cliDemoDidNotStart = "the local backend did not start. See {log} for details."
    package internal(set) var cliTokenIdOrAccess = "choose one of --id and --access."
    package internal(set) var cliTokenBadRetrySeconds =
        "--retry-seconds must be a number of seconds from 0 to {maximum}; got {value}. Pass, for example, --retry-seconds 4."
    package internal(set) var cliTokenNoRefreshWithin = "no refresh within {seconds} s"
    package internal(set) var cliTokenNotSignedIn = "Nobody is signed in. Sign in first: latchkey sign-in"
    package internal(set) var cliCredentialsNoneWithin = "no credentials within {seconds} s"
    package internal(set) var cliSignOutGlobalNotSent =
        "signed out{who} on this machine only. GlobalSignOut and RevokeToken could not be sent: {reason} Other devices are NOT signed out, and this session's refresh token still works at the service until it is revoked; run `latchkey sign-out --global` again once the service is reachable."
    package internal(set) var cliSignOutRevocationPending =
        "✔ Signed out{who} on this machine. The refresh token could not be revoked at the service yet ({reason}); it is kept and revoked by the next `latchkey sign-out` or sign-in. Other devices are not signed out."
    package internal(set) var cliSignOutGlobalImpossible =
        "✔ Signed out{who} on this machine; this session's tokens were already revoked at the service, so GlobalSignOut could not be sent: other devices may still be signed in."
    package internal(set) var cliSignOutHostedUIOpening = "Signing out of the hosted UI in the browser too."
    package internal(set) var cliSignOutHostedUIOpen =
        "To sign out of the hosted UI in your browser too (so it does not sign you straight back in), open:"
    package internal(set) var cliExpectedPasswordStdin = "expected a password on standard input (--password-stdin)."
    package internal(set) var cliNoteIgnoredKeys =
        "note: the configuration has keys Latchkey does not act on: {keys} (see `latchkey config`)."
    package internal(set) var cliNote = "note: {note}"
    package internal(set) var cliStoreUnreadable = "warning: the stored session was unreadable ({reason})."
    package internal(set) var cliStoreUnreadableMoved =
        "warning: the stored session was unreadable ({reason}). It was moved aside to {path}; `latchkey sign-out` removes it."
    package internal(set) var cliNoSuchAccount = "there is no account \"{name}\" here. `latchkey accounts` lists them."
    package internal(set) var cliDumbTerminal =
        "TERM=dumb cannot show the full-screen UI, so latchkey falls back to plain prompts."
    package internal(set) var cliNoTERM =
        "TERM is not set, so the full-screen UI cannot start. Set it (for example TERM=xterm-256color) or pass --plain for line prompts."
    package internal(set) var cliNoTerminal =
        "no terminal: the full-screen UI needs a TTY on standard input and output.\nUse the non-interactive commands instead: latchkey sign-in --username U --password-stdin, latchkey status, latchkey token, latchkey credentials (or --plain for line prompts)."
    package internal(set) var cliUnknownTerminalType =
        "the terminal type \"{name}\" is unknown to ncurses, so the full-screen UI cannot start. Set TERM to a known type such as xterm-256color, or pass --plain."
    package internal(set) var cliTerminalFailed = "the terminal could not be started: {error} Try --plain."
    package internal(set) var cliSignInCancelled = "sign-in was cancelled."
    package internal(set) var cliStatusDeviceRemembered = "remembered"
    package internal(set) var cliStatusDeviceNotRemembered = "not remembered"
    package internal(set) var cliStatusDeviceTracked = "tracked"
    package internal(set) var cliStatusDevice = "  - Device:        {key} ({remembered}; latchkey devices)"
    package internal(set) var cliStatusAwsCredentials = "  - AWS credentials: {key}, expire {expiry}"
    package internal(set) var cliStatusRevocationOwed =
        "  ! A sign-out could not revoke the's refresh token at the service; `latchkey sign-out` retries it."
    package internal(set) var cliStatusRevocationOwedGlobal =
        "  ! A sign-out could not revoke the's refresh token at the service (nor send GlobalSignOut); `latchkey sign-out` retries it."
    package internal(set) var cliStatusRevocationOwedNamed =
        "  ! A sign-out could not revoke {username}'s refresh token at the service; `latchkey sign-out` retries it."
    package internal(set) var cliStatusOtherAccountRevocationOwed =
        "  ! An earlier sign-out of {username} (another account here) could not revoke its refresh token at the service; the next `latchkey sign-out` retries it."
    package internal(set) var cliStatusRevocationOwedGlobalNamed =
        "  ! A sign-out could not revoke {username}'s refresh token at the service (nor send GlobalSignOut); `latchkey sign-out` retries it."
    package internal(set) var cliStatusCorruptFiles =
        "  ! {count} unreadable session file(s) moved aside: {files}; `latchkey sign-out` removes them."
    package internal(set) var cliStatusConfiguration = "  - Configuration: {path} ({format})"
    package internal(set) var cliStatusConfigurationSection = "  - Configuration: {path} ({format}, section {section})"
    package internal(set) var cliStatusNotActedOn = "  - Not acted on: {keys} (latchkey config)"
    package internal(set) var cliExpectedPasswordPipe =
        "expected the password on standard input. Pipe it in with --password-stdin."
    package internal(set) var cliNoUsername = "no username was entered. Type one, or pass --username U."
    package internal(set) var cliPassUsername =
        "pass --username U (and --password-stdin to pipe the password); on a terminal, `latchkey sign-in` alone prompts for both."
    package internal(set) var cliSignInAddedAccount =
        "Added an account for {name}; {current} stays signed in (`latchkey switch {current}` goes back)."
    package internal(set) var cliSignInSwitchedAccount =
        "Switched to the account of {name}; {current} stays signed in (`latchkey switch {current}` goes back)."
    package internal(set) var cliSignInReplacedRevoked =
        "Replaced {previous} with {name} in account {account}; {previous}'s refresh token was revoked."
    package internal(set) var cliSignInReplacedOwed =
        "Replaced {previous} with {name} in account {account}; {previous}'s refresh token could not be revoked now (the service did not answer), so the revocation is owed: the next sign-in or sign-out here sends it."
    package internal(set) var cliSignInReplacedFailed =
        "Replaced {previous} with {name} in account {account}; {previous}'s refresh token could not be revoked: sign in as {previous} and run `latchkey sign-out --global` to end that session."
    package internal(set) var cliSignInReplaced = "Replaced {previous} with {name} in account {account}."
    package internal(set) var cliUnknownCommand = "unknown command \"{name}\"."
    package internal(set) var cliDidYouMean = " Did you mean {suggestion}?"
    package internal(set) var cliSeeHelp = " Run latchkey --help for the list of commands."
    package internal(set) var cliUnknownOptionBeforeCommand =
        "unknown option \"{option}\" before the command {command}."
    package internal(set) var cliSeeCommandHelp = " Run latchkey {command} --help for the options it takes."
    package internal(set) var cliAccountGone = "the account {name} is gone."
    package internal(set) var cliWebSshSession = "this is an SSH session"
    package internal(set) var cliWebNoDisplay = "there is no display (DISPLAY and WAYLAND_DISPLAY are unset)"
    package internal(set) var cliWebPasteInstead = "{error} Paste the redirect URL instead."
    package internal(set) var cliWebOpeningWithBROWSER = "Opening the sign-in page with $BROWSER ({command})…"
    package internal(set) var cliWebOpening = "Opening the sign-in page in your browser…"
    package internal(set) var cliWebIfNoBrowser = "If no browser appears, open this URL:"
    package internal(set) var cliWebNoBrowser =
        "No browser is opened here ({reason}). Open this URL in a browser to sign in:"
    package internal(set) var cliWebForwardPort = "Browser on another machine? Forward the redirect port first:"
    package internal(set) var cliWebPasteHere =
        "Or paste here the URL the browser ends at (it has ?code=), or just the code:"
    package internal(set) var cliWebPasteAgain = "Paste the redirect URL or the code again:"
    package internal(set) var cliWebBrowserExited =
        "the browser command exited with status {status}; open the URL yourself, or paste the redirect URL."
    package internal(set) var cliWebBrowserFailed = "the browser could not be started ({error}); open the URL yourself."
    package internal(set) var cliLineTooLong =
        "a line of standard input is longer than {kib} KiB. Pass the password, code or answer alone on one line."
    package internal(set) var cliPasswordEndOfInput = "expected a password on standard input, found end of input."
    package internal(set) var cliLineNotUTF8 =
        "a line of standard input is not valid UTF-8, and latchkey does not change what was typed. Check the encoding of the terminal or of the file piped in (it must be UTF-8)."
    package internal(set) var cliPasswordEmpty =
        "the password is empty, so nothing was sent. Type the password at the prompt, or pipe it in on one line (printf '%s\\n' \"$PASSWORD\" | latchkey … --password-stdin)."
    package internal(set) var cliNoPasswordEntered = "no password was entered."
    package internal(set) var cliNoAnswerEntered = "no answer was entered."
    package internal(set) var cliOutputFailed =
        "could not write the output: {reason}. Check that the disk or pipe it goes to can take it, then run the command again."
    package internal(set) var fullStop = "."
    // MARK: Command line
    package internal(set) var cliAccountsAbstract =
        "List the accounts kept here (several users or pools, as `gh auth status`), marking the active one."
    package internal(set) var cliAccountsDiscussion =
        "Signing in as another user while someone is signed in adds an account instead of replacing the session. `latchkey switch NAME` changes the active account; `--account NAME` (or $LATCHKEY_ACCOUNT) makes one command use another account."
    package internal(set) var cliAccountsJson = "Print JSON for scripts."
    package internal(set) var cliSwitchAbstract =
        "Make another account the active one (a username, username@pool, or an id from `latchkey accounts`)."
    package internal(set) var cliSwitchDiscussion =
        "With two accounts, the name may be left out: the other one becomes active."
    package internal(set) var cliSwitchName = "The account to switch to."
    package internal(set) var cliConfigAbstract =
        "Show the configuration read: file, format, section, pool ids, endpoints and their origins."
    package internal(set) var cliConfigJson = "Print JSON for scripts."
    package internal(set) var cliCredentialsAbstract =
        "Print AWS credentials from Cognito Identity (guest or signed in)."
    package internal(set) var cliCredentialsDiscussion =
        "The default format is the JSON the AWS CLI and SDKs read from credential_process:\n\n  [profile latchkey]\n  credential_process = latchkey credentials\n\nExits 4 when re-login is required and 3 when the backend cannot be reached."
    package internal(set) var cliFormatFormat = "The output format."
    package internal(set) var cliFormatRetrySeconds =
        "Seconds to keep retrying an unreachable backend before exiting 3."
    package internal(set) var cliDemoAbstract =
        "Start the local Cognito backend (moto), provision a demo user, and sign in."
    package internal(set) var cliDemoDiscussion =
        "The backend keeps running for later commands; stop it with `latchkey demo --stop`."
    package internal(set) var cliDemoStop = "Stop the local backend and exit."
    package internal(set) var cliDemoTokenSeconds = "Access and id token lifetime in seconds for a new backend."
    package internal(set) var cliDemoCodes =
        "Print the demo's mailbox: every code the local backend \"sent\" (sign-up, reset, sign-in, verification), newest last."
    package internal(set) var cliDemoJson = "With --codes: print the mailbox's lines as JSON, one object a line."
    package internal(set) var cliDemoMailboxEmpty = "The demo's mailbox ({path}) is empty: no code was sent yet."
    package internal(set) var cliDemoMailboxMissing =
        "The demo's mailbox ({path}) is not there: start the demo (latchkey demo), then ask for a code."
    package internal(set) var cliDemoMailboxHeader = "Time|Username|Purpose|Sent to|Code"
    package internal(set) var cliDemoStopped =
        "The demo backend is stopped. Start it again with: {command} (accounts signed in to it need a new sign-in)."
    package internal(set) var cliDemoCodesHint =
        "The codes the demo \"sends\" are in its mailbox: {command} --codes"
    package internal(set) var demoMailboxLine = "Demo mailbox: {purpose} code {code} for {username} ({destination})"
    package internal(set) var cliWebAnotherUserSignedIn =
        "{current}'s session is in this account, so signing in as {attempted} there was refused. Sign in without --account (the browser's user gets an account of their own), or sign {current} out first (latchkey sign-out)."
    package internal(set) var cliDevicesAbstract =
        "List, remember, forget the devices the user pool tracks for the signed-in user."
    package internal(set) var cliDevicesDiscussion =
        "Needs a pool with device tracking (DeviceConfiguration). A remembered device skips MFA on later sign-ins where the pool allows it. Without a device key the commands act on this machine's device."
    package internal(set) var cliDevicesListAbstract = "List the devices (all pages); this machine's is marked."
    package internal(set) var cliDevicesListJson = "Print JSON for scripts."
    package internal(set) var cliDevicesShowAbstract = "Show one device (default: this machine's)."
    package internal(set) var cliDevicesShowDeviceKey = "The device key (default: this machine's device)."
    package internal(set) var cliDevicesShowJson = "Print JSON for scripts."
    package internal(set) var cliDevicesRememberAbstract = "Mark a device remembered, or with --not, not remembered."
    package internal(set) var cliDevicesRememberDeviceKey = "The device key (default: this machine's device)."
    package internal(set) var cliDevicesRememberNotRemembered = "Mark it not remembered (MFA is asked again)."
    package internal(set) var cliDevicesRememberJson = "Print JSON for scripts."
    package internal(set) var cliDevicesForgetAbstract =
        "Forget a device at the user pool (default: this machine's; a new one is registered at the next sign-in)."
    package internal(set) var cliDevicesForgetDeviceKey = "The device key (default: this machine's device)."
    package internal(set) var cliDevicesForgetJson = "Print JSON for scripts."
    package internal(set) var cliGlobalOptionsConfig =
        "Path to the configuration: awsconfiguration.json, amplifyconfiguration.json, amplify_outputs.json, aws-exports.js or amplifyconfiguration.dart (else $LATCHKEY_CONFIG, else $XDG_CONFIG_HOME/latchkey/awsconfiguration.json)."
    package internal(set) var cliGlobalOptionsConfigSection =
        "The section to read (CognitoUserPool.<NAME>, ...; else $LATCHKEY_CONFIG_SECTION, else Default)."
    package internal(set) var cliGlobalOptionsStore =
        "Directory of the session store (else $LATCHKEY_STORE_DIR, else $XDG_DATA_HOME/latchkey)."
    package internal(set) var cliGlobalOptionsAccount =
        "The account to use: a username or an id from `latchkey accounts` (else $LATCHKEY_ACCOUNT, else the active one); a sign-in there replaces whoever is in it."
    package internal(set) var cliGlobalOptionsDebug = "Log requests to stderr (secrets are never logged)."
    package internal(set) var cliLatchkeyAbstract = "Amazon Cognito sign-in for the terminal, AWSMobileClient-style."
    package internal(set) var cliLatchkeyDiscussion =
        "Exit codes: 0 success, 1 auth error, 2 usage or configuration error (or a session store that others can write), 3 network error, 4 re-login required, 5 local storage error (the session could not be written or removed, or the output could not be written)."
    package internal(set) var cliMFAAbstract = "Show or change the signed-in user's MFA factors."
    package internal(set) var cliMFAStatusAbstract = "List the MFA factors turned on and the preferred one (GetUser)."
    package internal(set) var cliMFAStatusJson = "Print JSON for scripts."
    package internal(set) var cliMFAEnableAbstract =
        "Turn a factor on; totp first enrols an authenticator app (secret and otpauth URI printed)."
    package internal(set) var cliMFAEnableFactor = "totp, email or sms."
    package internal(set) var cliMFAEnablePreferred = "Also make it the preferred factor."
    package internal(set) var cliMFAEnableCode = "totp: the authenticator code (otherwise it is asked for on stdin)."
    package internal(set) var cliMFADisableAbstract = "Turn a factor off."
    package internal(set) var cliMFADisableFactor = "totp, email or sms."
    package internal(set) var cliMFAPreferAbstract =
        "Make a factor that is on the preferred one; `none` clears the preference (sign-in then asks)."
    package internal(set) var cliMFAPreferChoice = "totp, email, sms or none."
    package internal(set) var cliClientMetadataOptionsClientMetadata =
        "ClientMetadata for the pool's Lambda triggers, as key=value; repeatable."
    package internal(set) var cliSignInAbstract =
        "Sign in (SRP unless configured otherwise); codes and challenges are answered on stdin."
    package internal(set) var cliSignInDiscussion =
        "--flow picks the InitiateAuth flow (default: Auth.Default.authenticationFlowType, USER_PASSWORD_AUTH when CognitoUserPool.Default.MigrationEnabled is true, else srp). With --flow user-auth, --method picks the first factor; without it the pool's choices are offered. At a code prompt, enter \"resend\" to have a new code sent."
    package internal(set) var cliSignInUsername =
        "The username (or an alias such as the email); prompted for on a terminal."
    package internal(set) var cliSignInPasswordStdin = "Read the password from the first line of standard input."
    package internal(set) var cliSignInFlow = "The flow: srp, password, custom, custom-srp or user-auth."
    package internal(set) var cliSignInMethod =
        "With --flow user-auth: password, password-srp, email-otp, sms-otp or passkey (a security key, or LATCHKEY_PASSKEY_PROVIDER)."
    package internal(set) var cliSignInValidationData =
        "Validation data for the pool's Lambda triggers, as key=value; repeatable. Sent with InitiateAuth's ClientMetadata, as AWSMobileClient's signIn(username:password:validationData:) does."
    package internal(set) var cliSignInRememberDevice =
        "On a pool that tracks devices: remember this machine (a remembered device skips MFA where the pool allows it). Without either flag the pool decides."
    package internal(set) var cliSignUpAbstract = "Create an account."
    package internal(set) var cliSignUpUsername = "The new username."
    package internal(set) var cliSignUpEmail = "The email address."
    package internal(set) var cliSignUpPhone = "The phone number, in E.164 form (+15555550100)."
    package internal(set) var cliSignUpAttribute = "Another attribute as name=value; repeatable."
    package internal(set) var cliSignUpPasswordStdin = "Read the password from the first line of standard input."
    package internal(set) var cliSignUpValidationData =
        "ValidationData for the pre-sign-up Lambda, as name=value; repeatable."
    package internal(set) var cliConfirmSignUpAbstract = "Confirm an account with the code that was sent."
    package internal(set) var cliConfirmSignUpUsername = "The username."
    package internal(set) var cliConfirmSignUpCode = "The confirmation code."
    package internal(set) var cliResendCodeAbstract = "Send a new sign-up confirmation code."
    package internal(set) var cliResendCodeUsername = "The username."
    package internal(set) var cliForgotPasswordAbstract = "Start a password reset: a code is sent."
    package internal(set) var cliForgotPasswordUsername = "The username."
    package internal(set) var cliConfirmForgotPasswordAbstract = "Set a new password with the reset code."
    package internal(set) var cliConfirmForgotPasswordUsername = "The username."
    package internal(set) var cliConfirmForgotPasswordCode = "The reset code."
    package internal(set) var cliConfirmForgotPasswordPasswordStdin =
        "Read the new password from the first line of standard input."
    package internal(set) var cliChangePasswordAbstract = "Change the signed-in user's password."
    package internal(set) var cliChangePasswordPasswordStdin =
        "Read the current then the new password from two lines of standard input."
    package internal(set) var cliSignOutAbstract = "Sign out here, or everywhere with --global."
    package internal(set) var cliSignOutEverywhere =
        "Also invalidate every device's tokens (GlobalSignOut and RevokeToken)."
    package internal(set) var cliStatusAbstract =
        "Show the session: state, user, provider, token expiry (tokens masked)."
    package internal(set) var cliStatusDiscussion =
        "Exit status: 0 signed in; 1 nobody is signed in (signed out or guest); 4 a sign-in is needed again (the session expired or was revoked). The tokens are read from the store and not checked with the server: a token revoked elsewhere still shows until a call is refused."
    package internal(set) var cliStatusJson = "Print JSON for scripts."
    package internal(set) var cliTokenAbstract = "Print a valid token for scripts, refreshing first if needed."
    package internal(set) var cliTokenDiscussion =
        "Exits 1 when nobody is signed in, 4 when re-login is required and 3 when the backend cannot be reached and the cached token has expired. The token is checked locally (signature and expiry), not with the server: one revoked by a global sign-out elsewhere is still printed until it expires (at most an hour); the next refresh then fails and exits 4."
    package internal(set) var cliTokenId = "Print the id token (the default)."
    package internal(set) var cliTokenAccess = "Print the access token."
    package internal(set) var cliTokenRetrySeconds = "Seconds to keep retrying an unreachable backend before exiting 3."
    package internal(set) var cliUIAbstract =
        "Open the full-screen sign-in and dashboard (the default when no command is given)."
    package internal(set) var cliUIDiscussion =
        "Without a terminal, use the non-interactive commands: sign-in, status, token, credentials."
    package internal(set) var cliUIOptionsFlow =
        "The sign-in flow: srp, password, custom, custom-srp or user-auth (else the configuration's, else srp)."
    package internal(set) var cliUIOptionsPlain =
        "Line prompts instead of full-screen (screen readers, dumb terminals); also ACCESSIBLE=1."
    package internal(set) var cliUIOptionsCanCancel = "Offer a Cancel action on the sign-in screen."
    package internal(set) var cliUIOptionsDisableSignUp = "Hide the Create account link."
    package internal(set) var cliUIOptionsStartOnSignUp = "Open on the Create account screen."
    package internal(set) var cliUIOptionsLogo = "A text file with the logo (ASCII art) to show above the forms."
    package internal(set) var cliUIOptionsTheme = "The colour theme: default or mono. NO_COLOR is always honoured."
    package internal(set) var cliUIOptionsNoMouse =
        "Do not take mouse clicks (the terminal keeps its own selection); also LATCHKEY_NO_MOUSE=1."
    package internal(set) var cliUserAbstract =
        "Show and change the signed-in user's attributes; verify them; delete the account."
    package internal(set) var cliUserShowAbstract = "Show the username and every attribute (GetUser)."
    package internal(set) var cliUserShowJson = "Print JSON for scripts: {\"username\": …, \"attributes\": {…}}."
    package internal(set) var cliUserSetAbstract =
        "Change attributes (UpdateUserAttributes); a changed email or phone number needs its code."
    package internal(set) var cliUserSetDiscussion =
        "Example: latchkey user set name='Alice Smith' email=alice@example.com"
    package internal(set) var cliUserSetJson = "Print JSON for scripts: the code deliveries."
    package internal(set) var cliUserUnsetAbstract =
        "Remove attributes (DeleteUserAttributes); the pool refuses one it requires."
    package internal(set) var cliUserUnsetDiscussion = "Example: latchkey user unset nickname custom:team"
    package internal(set) var cliUserUnsetNames = "The names of the attributes to remove."
    package internal(set) var cliUserVerifyAbstract = "Verify email or phone_number with the code that was sent."
    package internal(set) var cliUserVerifyDiscussion =
        "Without --code a new code is sent (GetUserAttributeVerificationCode) and read from the terminal, or from the first line of standard input when it is not a terminal."
    package internal(set) var cliUserVerifyName = "The attribute: email or phone_number."
    package internal(set) var cliUserVerifyCode = "The code that was sent (else a new one is sent and asked for)."
    package internal(set) var cliUserDeleteAbstract =
        "Delete the signed-in user's account (DeleteUser) and sign out here. This cannot be undone."
    package internal(set) var cliUserDeleteDiscussion =
        "Asks you to type the username on a terminal; scripts pass --yes."
    package internal(set) var cliUserDeleteYes = "Do not ask: delete at once."
    package internal(set) var cliVersionAbstract = "Print the version of latchkey."
    package internal(set) var cliGlobalOptionsLang =
        "The language of the UI and the messages: en or ja (else LC_ALL, LC_MESSAGES, LANG; others are English)."
    package internal(set) var cliStatusPool = "latchkey: {pool} via {endpoint}"
    package internal(set) var cliStatusIdentityPoolOnly = "latchkey: identity pool {pool} (no user pool)"
    package internal(set) var cliStatusNoPool = "latchkey: no user pool and no identity pool configured"
    package internal(set) var cliStatusSignedIn = "  ✔ Signed in as {username} (state: signedIn)"
    package internal(set) var cliStatusSignInAgain =
        "  ! Sign-in needed again for {username} (state: {state}). Sign in again: latchkey sign-in"
    package internal(set) var cliStatusGuest = "  • Guest (state: guest)"
    package internal(set) var cliStatusNotSignedIn = "  ✖ Not signed in (state: {state}). Sign in: latchkey sign-in"
    package internal(set) var cliStatusNotSignedInIdentityPoolOnly =
        "  ✖ Not signed in (state: {state}). This configuration has only an identity pool: get guest AWS credentials with `latchkey credentials` (when the pool allows guests), or add a user pool (CognitoUserPool.Default, or auth.user_pool_id) to sign in."
    package internal(set) var cliStatusNotSignedInNoPool =
        "  ✖ Not signed in (state: {state}). The configuration names no pool: add CognitoUserPool.Default (or auth.user_pool_id); `latchkey config` shows what was read."
    package internal(set) var cliStatusAuthenticatedBy = "  - Authenticated by: {name} ({provider})"
    package internal(set) var cliStatusActiveProviders = "  - Active providers: {providers}"
    package internal(set) var cliStatusIdToken = "  - Id token:      {token}, expires {expiry}"
    package internal(set) var cliStatusAccessToken = "  - Access token:  {token}, expires {expiry}"
    package internal(set) var cliStatusRefreshToken = "  - Refresh token: {value}"
    package internal(set) var cliStatusIdentityId = "  - Identity id:   {id}"
    package internal(set) var cliStatusStore = "  - Session stored in: {location}"
    package internal(set) var cliStatusOtherAccounts =
        "  - Other accounts signed in here: {names} (latchkey switch NAME; latchkey accounts)"
    package internal(set) var cliStatusBackend = "  - Store backend: {backend}"
    package internal(set) var cliRelativeFuture = "{time}, in {duration}"
    package internal(set) var cliRelativePast = "{time}, expired {duration} ago"
    package internal(set) var cliDurationDays = "{d} d"
    package internal(set) var cliLangNeedsValue = "--lang needs a language: en or ja (for example, latchkey --lang ja)."
    package internal(set) var cliPromptPasswordFor = "Password for {username}: "
    package internal(set) var cliSignedInAs = "✔ Signed in as {username}."
    package internal(set) var cliNewPasswordRequired = "A new password is required for this account."
    package internal(set) var cliPromptNewPassword = "New password: "
    package internal(set) var cliPromptRepeatNewPassword = "New password again: "
    package internal(set) var cliNewPasswordsDiffer = "The two passwords differ."
    package internal(set) var cliNewPasswordTryAgain = " Try again ({left} tries left), or press Ctrl-C."
    package internal(set) var cliPromptCodeSent = "Code sent in {destination} (or \"resend\"): "
    package internal(set) var cliSendingNewCode = "Sending a new code …"
    package internal(set) var cliCodeRefused = "✘ {message} Enter the code again, or \"resend\" for a new one."
    package internal(set) var cliPromptTotpCode = "Authenticator app code: "
    package internal(set) var cliTotpSecret = "Set up an authenticator app with this secret: {secret}"
    package internal(set) var cliTotpURI = "or this URI: {uri}"
    package internal(set) var cliPromptAppCode = "Code from the app: "
    package internal(set) var cliPromptChooseMFA = "Choose an MFA method ({methods}): "
    package internal(set) var cliMfaSetupRequired = "This account must set up MFA."
    package internal(set) var cliPromptSetUp = "Set up ({methods}): "
    package internal(set) var cliPromptEmailForCodes = "Email address for sign-in codes: "
    package internal(set) var cliPromptPhoneForCodes =
        "Phone number for sign-in codes (with the country code, e.g. +15555550123): "
    package internal(set) var cliPasskeysUnavailable =
        "Passkeys are offered too: plug in a security key, or set LATCHKEY_PASSKEY_PROVIDER to a passkey provider, to use one."
    package internal(set) var cliPromptSignInWith = "Sign in with ({methods}): "
    package internal(set) var cliChooseOneOf = "Choose one of: {methods}."
    package internal(set) var cliCustomChallenge = "Custom challenge."
    package internal(set) var cliPromptAnswer = "Answer: "
    package internal(set) var cliAlreadySignedIn = "Already signed in as {username}. See `latchkey status`."
    package internal(set) var cliPromptPassword = "Password: "
    package internal(set) var cliSignInFailed = "Sign-in failed."
    package internal(set) var cliTryAgainOne =
        "Try again (1 try left), or press Ctrl-C and reset it with latchkey forgot-password --username {username}."
    package internal(set) var cliTryAgainOther =
        "Try again ({left} tries left), or press Ctrl-C and reset it with latchkey forgot-password --username {username}."
    package internal(set) var cliPromptUsername = "Username: "
    package internal(set) var cliPromptUsernameSuggested = "Username [{suggested}]: "
    package internal(set) var cliPromptChoosePassword = "Choose a password: "
    package internal(set) var cliPromptRepeatChosenPassword = "The same password again: "
    package internal(set) var cliAccountCreatedConfirmed =
        "✔ Account {username} created and confirmed. Sign in: latchkey sign-in --username {username}"
    package internal(set) var cliAccountCreated =
        "✔ Account {username} created. A confirmation code was sent in {destination}."
    package internal(set) var cliConfirmIt = "  Confirm it: latchkey confirm-sign-up --username {username} --code CODE"
    package internal(set) var cliResetCodeSent = "✔ A reset code was sent in {destination}."
    package internal(set) var cliPromptCurrentPassword = "Current password: "
    package internal(set) var cliPasswordChanged = "✔ Password changed."
    package internal(set) var cliSwitchedAfterSignOut = "✔ Switched to {name}, who is still signed in here."
    package internal(set) var cliNothingToSignOut =
        "Nobody is signed in here, and no revocation is owed: nothing to sign out."
    package internal(set) var cliSignOutEndedAlready =
        "✔ Signed out{who} on this machine. The session had already ended at the service (a sign-in was needed again), so there was nothing left to revoke."
    package internal(set) var cliDeadlineExceeded =
        "No usable session within the command's deadline (--retry-seconds, 4 s by default): the tokens need a refresh and the service did not answer in time. Check the network and the Endpoint in the configuration, then try again."
    package internal(set) var cliStatusOtherIssuer =
        "✖ The stored session of {username} was issued by {session}; this configuration names {configured}. It is not used with this configuration."
    package internal(set) var cliNoSuchAccountListed =
        "there is no account \"{name}\" here. The accounts here: {names} (`latchkey accounts` shows them)."
    package internal(set) var cliSignedOutEverywhere =
        "✔ Signed out{who} everywhere: every device's refresh token is revoked (GlobalSignOut and RevokeToken succeeded). Access tokens already issued stay valid until they expire (at most an hour)."
    package internal(set) var cliSignedOutHere =
        "✔ Signed out{who} on this machine; its refresh token is revoked at the service."
    package internal(set) var hostedUIContinueInBrowser = "Continue in browser"
    package internal(set) var hostedUIContinueWith = "Continue with {provider}"
    package internal(set) var hostedUIPasteRedirectLabel = "Redirect URL or code"
    package internal(set) var hostedUIPasteRequired = "Paste the URL the browser ended at, or the code."
    package internal(set) var hostedUICancelled = "Browser sign-in cancelled."
    package internal(set) var hostedUIWaiting = "Waiting for the browser"
    package internal(set) var hostedUIBrowserOpened =
        "A browser window opened with the sign-in page. Finish there; this screen continues by itself."
    package internal(set) var hostedUIOpenURLElsewhere = "Open this URL in a browser (or scan the QR code) to sign in:"
    package internal(set) var hostedUIOpenURLShort = "Open this URL in a browser to sign in:"
    package internal(set) var hostedUITunnelHint = "Browser on another machine? Forward the redirect first:"
    package internal(set) var hostedUIPasteHint =
        "Or paste the URL the browser ends at (it has ?code=), then {enter}. {escape} cancels."
    package internal(set) var hostedUILogoutOpened = "Signed out of the hosted UI in the browser too."
    package internal(set) var hostedUILogoutOpenBelow =
        "To sign out of the hosted UI in your browser too, open this address there ({copy} copies it):"
    package internal(set) var hostedUILogoutToOpen = "To sign out of the hosted UI in your browser too, open {url}"
    package internal(set) var cliSignInWeb =
        "Sign in through the hosted UI in a browser (OAuth 2.0 authorization code with PKCE); over SSH or without a display, the URL and the ssh -L line are printed and the redirect URL can be pasted."
    package internal(set) var cliSignInProvider =
        "With --web: the identity provider, such as Google (COGNITO: the pool's own sign-in page)."
    package internal(set) var cliSignInNoBrowser =
        "With --web: print the URL instead of opening a browser, and take a pasted redirect URL."
    package internal(set) var cliSignInTimeout = "With --web: how many seconds to wait for the browser."
    // MARK: Step-up (sign-in --acr, token --acr)
    package internal(set) var cliAcr =
        "The authentication level needed, such as urn:cognito:loa:2. sign-in steps the session up to it, asking only for the missing factor; token prints a token only at that level (on a terminal it steps up first, without one it exits 4)."
    package internal(set) var cliMaxAge = "With --acr: the oldest sign-in, in seconds, whose factors still count."
    package internal(set) var cliStepUpOnly =
        "--acr steps up the session that is signed in: drop --username, --password-stdin, --flow, --method, --web and --provider."
    package internal(set) var cliMaxAgeNeedsAcr =
        "--max-age goes with --acr: name the level too (such as --acr urn:cognito:loa:2)."
    package internal(set) var cliBadMaxAge = "--max-age takes 0 to 31536000 seconds, got {value}."
    package internal(set) var cliBadAcr = "--acr takes one level without spaces, such as urn:cognito:loa:2."
    package internal(set) var cliSteppedUp = "✔ Stepped up to {acr}."
    package internal(set) var cliStepUpStillShort =
        "The step-up finished, but the tokens still do not carry {acr}. Ask the pool's administrator which factors {acr} needs."
    package internal(set) var cliTokenStepUpNeeded =
        "The session's sign-in is weaker than {acr}, or older than --max-age allows. Give the extra factor on a terminal: {command}"
    package internal(set) var cliSignOutNoBrowser =
        "After a hosted-UI (--web) sign-in: print the hosted UI's logout URL instead of opening it."

    // MARK: latchkey exec, serve-credentials and aws-profile (issue 30)
    package internal(set) var cliExecAbstract =
        "Run a command with the session's AWS credentials, kept fresh by a local endpoint."
    package internal(set) var cliExecDiscussion =
        "latchkey exec -- COMMAND [ARGS...] runs COMMAND with the identity-pool credentials of the signed-in user. By default a credentials endpoint on 127.0.0.1 (random port, random bearer token) serves them through AWS_CONTAINER_CREDENTIALS_FULL_URI and AWS_CONTAINER_AUTHORIZATION_TOKEN, so every AWS SDK and the AWS CLI get fresh credentials for as long as the command runs; the endpoint stops when the command ends. --no-server sets AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY, AWS_SESSION_TOKEN and AWS_CREDENTIAL_EXPIRATION once instead. AWS_PROFILE, static keys and other container-credential variables are removed from the command's environment. The exit status is the command's (128 + N when signal N ended it); SIGINT, SIGTERM and SIGHUP are passed on."
    package internal(set) var cliExecNoServer =
        "Set the credentials once as AWS_ACCESS_KEY_ID and friends instead of serving them."
    package internal(set) var cliExecCommand = "The command and its arguments, after --."
    package internal(set) var cliExecNoCommand =
        "Give the command to run after --, such as: latchkey exec -- aws sts get-caller-identity"
    package internal(set) var cliExecGuest = "Hand out the identity pool's guest credentials when nobody is signed in."
    package internal(set) var cliExecReloginWaitSeconds =
        "While the session needs a new sign-in, how long a credentials request waits for one (in the full-screen UI or latchkey sign-in) before it is answered ReloginRequired."
    package internal(set) var cliExecBadReloginWait =
        "--relogin-wait-seconds must be a number of seconds from 0 to 3600."
    package internal(set) var cliExecRemoved =
        "removed {names} from the command's environment (they would take precedence over Latchkey's credentials)."
    package internal(set) var cliExecRemovedOne =
        "removed {names} from the command's environment (it would take precedence over Latchkey's credentials)."
    package internal(set) var cliExecOrphans =
        "the command left processes running; its endpoint answers \"exec ended\" (503) to them for up to {seconds} s while they run, then closes."
    package internal(set) var cliServeCredentialsReadyFile =
        "Once the endpoint accepts connections, write the lines printed on stdout to this file (mode 0600, replaced atomically, removed on exit), so a script can wait for it."
    package internal(set) var cliServeCredentialsReadyFileFailed =
        "Could not write the ready file {path} ({reason}); give a path in a directory of yours, such as $XDG_RUNTIME_DIR."
    package internal(set) var cliServeCredentialsAbstract =
        "Serve the session's AWS credentials on 127.0.0.1 for SDKs and containers."
    package internal(set) var cliServeCredentialsDiscussion =
        "Prints AWS_CONTAINER_CREDENTIALS_FULL_URI and AWS_CONTAINER_AUTHORIZATION_TOKEN (or AWS_CONTAINER_AUTHORIZATION_TOKEN_FILE with --token-file), then serves until SIGINT or SIGTERM. The endpoint listens on 127.0.0.1 only; a container reaches it with docker run --network host (see the README)."
    package internal(set) var cliServeCredentialsPort = "The port to listen on (0: any free port)."
    package internal(set) var cliServeCredentialsTokenFile =
        "Write the bearer token to this new file (mode 0600, removed on exit) and print AWS_CONTAINER_AUTHORIZATION_TOKEN_FILE instead of the token."
    package internal(set) var cliServeCredentialsBadPort = "--port must be from 0 to 65535."
    package internal(set) var cliServeCredentialsServing = "serving AWS credentials at {uri}; stop with Ctrl-C."
    package internal(set) var cliServeCredentialsTokenFileFailed =
        "Could not write the token file {path} ({reason}); give a new path."
    package internal(set) var cliAWSProfileAbstract =
        "Add or remove an AWS CLI profile whose credential_process is latchkey."
    package internal(set) var cliAWSProfileDiscussion =
        "install NAME writes [profile NAME] with credential_process = <this latchkey> credentials ... into the file AWS_CONFIG_FILE names (else ~/.aws/config), between marker comments, after copying the old file to <file>.latchkey-backup. Running it again rewrites only that block; a profile of that name Latchkey did not write is left alone. uninstall NAME removes exactly that block."
    package internal(set) var cliAWSProfileInstallAbstract = "Write the profile (again) into the AWS config file."
    package internal(set) var cliAWSProfileUninstallAbstract = "Remove the profile latchkey wrote."
    package internal(set) var cliAWSProfileName = "The profile's name (letters, digits, -, _ and .)."
    package internal(set) var cliAWSProfileRegion = "The profile's region (default: the identity pool's)."
    package internal(set) var cliAWSProfileInstalled =
        "Profile {name} written to {path}; try: aws --profile {name} sts get-caller-identity"
    package internal(set) var cliAWSProfileInstalledLocal =
        "Profile {name} written to {path}; the local backend answers at {endpoint}, so try: AWS_ENDPOINT_URL={endpoint} aws --profile {name} sts get-caller-identity"
    package internal(set) var cliAWSProfileUnchanged = "Profile {name} in {path} is already up to date."
    package internal(set) var cliAWSProfileRemoved = "Profile {name} removed from {path}."
    package internal(set) var cliAWSProfileAbsent =
        "{path} has no profile {name} written by latchkey; nothing to remove."
    package internal(set) var credentialsUsersLabel = "AWS used by"
    package internal(set) var credentialsUsers = "{count}: {names}"
    package internal(set) var credentialsHandedOut = "AWS credentials to {name}: key …{hint}, expires {expiry}"
    package internal(set) var credentialsHandedOutTimes =
        "AWS credentials to {name}, {count} times, last: key …{hint}, expires {expiry}"

    // MARK: The core's sentences: Cognito errors, hosted UI, transport, store, providers
    package internal(set) var errorNetworkConnectionRefused = "The connection was refused"
    package internal(set) var errorNetworkConnectionReset = "The connection was reset"
    package internal(set) var errorNetworkTimedOut = "The request timed out"
    package internal(set) var errorNetworkDnsFailure = "The host name could not be resolved"
    package internal(set) var errorNetworkTlsFailure = "The secure connection failed"
    package internal(set) var errorNetworkOther = "The network request failed"
    package internal(set) var errorNetworkSentence =
        "{what} ({detail}). Check the network and the Endpoint in the configuration, then try again."
    package internal(set) var errorNetworkSentenceWithoutDetail =
        "{what}. Check the network and the Endpoint in the configuration, then try again."
    package internal(set) var errorNetworkTlsSentence =
        "{what} ({detail}). If a corporate proxy or a private CA signs the server's certificate, set AWS_CA_BUNDLE to a PEM file with that CA; otherwise check the Endpoint in the configuration."
    package internal(set) var errorNetworkProxyFailure =
        "The proxy failed ({detail}). Check HTTPS_PROXY / HTTP_PROXY and NO_PROXY, and that the proxy is running, then try again."

    package internal(set) var errorUserNotFoundSummary = "There is no account with that username."
    package internal(set) var errorUserNotConfirmedSummary = "This account is not confirmed yet."
    package internal(set) var errorUsernameExistsSummary = "That username is taken."
    package internal(set) var errorAliasExistsSummary =
        "Another account already uses that email address or phone number."
    package internal(set) var errorCodeMismatchSummary = "The code is wrong."
    package internal(set) var errorExpiredCodeSummary = "The code has expired."
    package internal(set) var errorInvalidPasswordSummary = "The password does not meet the pool's password policy."
    package internal(set) var errorPasswordHistoryPolicyViolationSummary = "That password was used before."
    package internal(set) var errorPasswordResetRequiredSummary = "This account needs a password reset."
    package internal(set) var errorTooManyRequestsSummary = "Too many requests were made in a short time."
    package internal(set) var errorLimitExceededSummary = "Too many attempts for now."
    package internal(set) var errorTooManyFailedAttemptsSummary = "Too many failed attempts."
    package internal(set) var errorCodeDeliveryFailureSummary = "The code could not be delivered."
    package internal(set) var errorUserNotFoundNextStep = "Check the username, or create an account (latchkey sign-up)."
    package internal(set) var errorUserNotConfirmedNextStep =
        "Confirm it with the code that was sent (latchkey confirm-sign-up)."
    package internal(set) var errorUsernameExistsNextStep = "Choose another username, or sign in with it."
    package internal(set) var errorAliasExistsNextStep =
        "Use another email address or phone number, or sign in to that account."
    package internal(set) var errorCodeMismatchNextStep = "Check the code, or ask for a new one."
    package internal(set) var errorExpiredCodeNextStep = "Ask for a new code."
    package internal(set) var errorInvalidPasswordNextStep = "Choose a password that meets the policy."
    package internal(set) var errorPasswordHistoryPolicyViolationNextStep =
        "Choose a password you have not used before."
    package internal(set) var errorPasswordResetRequiredNextStep =
        "Reset the password (latchkey forgot-password), then sign in."
    package internal(set) var errorTooManyRequestsNextStep = "Wait a moment, then try again."
    package internal(set) var errorLimitExceededNextStep = "Wait a while, then try again."
    package internal(set) var errorTooManyFailedAttemptsNextStep = "Wait before trying again."
    package internal(set) var errorCodeDeliveryFailureNextStep =
        "Check the email address or phone number, then ask for a new code."
    package internal(set) var errorNotAuthorizedIncorrectCredentialsSummary = "The username or password is incorrect."
    package internal(set) var errorNotAuthorizedAttemptsExceededSummary = "Too many wrong passwords for now."
    package internal(set) var errorNotAuthorizedUserDisabledSummary = "This account is disabled."
    package internal(set) var errorNotAuthorizedRevokedSummary = "The session was revoked."
    package internal(set) var errorNotAuthorizedExpiredSummary = "The session expired."
    package internal(set) var errorNotAuthorizedInvalidTokenSummary = "The session is no longer valid."
    package internal(set) var errorNotAuthorizedGuestNotAllowedSummary =
        "The identity pool does not allow guest access."
    package internal(set) var errorNotAuthorizedOtherSummary = "The request was not authorised."
    package internal(set) var errorNotAuthorizedIncorrectCredentialsNextStep =
        "Check them and try again, or reset the password (latchkey forgot-password)."
    package internal(set) var errorNotAuthorizedAttemptsExceededNextStep =
        "Wait a few minutes, or reset the password (latchkey forgot-password)."
    package internal(set) var errorNotAuthorizedUserDisabledNextStep = "Ask the pool's administrator to enable it."
    package internal(set) var errorNotAuthorizedRevokedNextStep = "Sign in again (latchkey sign-in)."
    package internal(set) var errorNotAuthorizedExpiredNextStep = "Sign in again (latchkey sign-in)."
    package internal(set) var errorNotAuthorizedInvalidTokenNextStep = "Sign in again (latchkey sign-in)."
    package internal(set) var errorNotAuthorizedGuestNotAllowedNextStep = "Sign in first."
    package internal(set) var errorNotAuthorizedOtherNextStep = "Check the credentials, then try again."
    package internal(set) var errorDetails = "Details: {detail}"
    // Between the sentences of a worded error (Japanese joins them without a space).
    package internal(set) var errorSeparator = " "
    package internal(set) var errorClientInvalidResponse =
        "The server sent an unexpected answer (HTTP {status}): {detail}. Check the Endpoint in the configuration."
    // Words, not the API's state name (issue 29, N25); `status --json` and the debug log keep the name.
    package internal(set) var errorClientReloginRequired =
        "Sign-in needed again: the stored session can no longer be renewed. Sign in again: latchkey sign-in."
    package internal(set) var errorClientSignInWaitCancelled =
        "Sign-in was cancelled, so the call waiting for it failed. Sign in to try again."
    package internal(set) var errorClientStepUpRequired =
        "This needs a stronger sign-in ({acr}) than the session has. Give the extra factor on a terminal: latchkey sign-in --acr {acr}."
    package internal(set) var errorClientStepUpCancelled =
        "The step-up was cancelled, so the call waiting for it failed. Step up to try again: latchkey sign-in --acr LEVEL."
    package internal(set) var errorClientSignedOut = "The user signed out while the call was waiting."
    package internal(set) var errorClientNotSignedIn = "Nobody is signed in. Sign in first: latchkey sign-in."
    package internal(set) var errorClientAnotherUserSignedIn =
        "{current}'s session is here (signed in, or waiting to sign in again), so signing in as {attempted} was refused: it would replace {current}'s session and fail {current}'s waiting calls. Sign {current} out first (latchkey sign-out), or sign in as {current}; in code, signIn(…, replacingSession: true) replaces the session deliberately."
    package internal(set) var errorClientSessionReplaced =
        "{current} signed in in place of {previous}, so the call waiting for {previous}'s session failed. Try it again as {current}, or sign in as {previous}."
    package internal(set) var errorClientDeadlineExceeded = "The call waited past its deadline for a usable session."
    package internal(set) var errorClientSessionIssuerMismatch =
        "The stored session of {username} was issued by {session}, but this configuration names {configured}; nothing of the session was sent. Use the configuration it was signed in with (`latchkey accounts` shows each account's pool; `--account NAME` picks one), or sign in with this configuration: latchkey sign-in."
    package internal(set) var errorClientNoUserPool = "no user pool"
    package internal(set) var errorClientIdentityIssuerMismatch =
        "The AWS identity of {username} was bound to {session}, but this configuration (or AWS_ENDPOINT_URL_COGNITO_IDENTITY / AWS_ENDPOINT_URL) names {configured}; nothing was sent there and no stored credentials were used. Use the configuration the identity was bound with, or, if you trust this one, sign out and sign in again with it: latchkey sign-out, then latchkey sign-in."
    package internal(set) var errorClientNoIdentityPool = "no identity pool"
    package internal(set) var errorClientGuestIdentity = "the guest"
    package internal(set) var errorClientGuestAccessNotAllowed =
        "The identity pool does not allow guest access. Sign in first, or allow unauthenticated identities."
    package internal(set) var errorClientIdentityPoolNotConfigured =
        "No identity pool is configured. Add CredentialsProvider.CognitoIdentity.Default to awsconfiguration.json."
    package internal(set) var providerCognitoUserPool = "Cognito user pool"
    package internal(set) var providerDeveloper = "Developer authenticated"
    // MARK: Passkey screens (the ceremony, "Use a passkey", the Passkeys view)
    package internal(set) var passkeyUseButton = "Use a passkey"
    package internal(set) var passkeySignInTitle = "Sign in with a passkey"
    package internal(set) var passkeyAddTitle = "Add a passkey"
    package internal(set) var passkeyStarting = "Starting the passkey authenticator…"
    package internal(set) var passkeyTouch = "Touch your security key ({name})."
    package internal(set) var passkeyTouchOneOf = "Several keys are plugged in ({count}): touch the one you want."
    package internal(set) var passkeyWaitingFor = "Waiting for {name}…"
    package internal(set) var passkeyPINLabel = "PIN"
    package internal(set) var passkeyPINFor = "Enter the PIN of {name}."
    package internal(set) var passkeyAttemptsLeft = "{count} attempts left."
    package internal(set) var passkeyAttemptLeft = "1 attempt left."
    package internal(set) var passkeyWrongPIN = "Wrong PIN."
    package internal(set) var passkeyPINRequired = "Enter the PIN."
    package internal(set) var passkeyCancelling = "Cancelling the ceremony…"
    package internal(set) var passkeyActivity = "Waiting for the passkey…"
    package internal(set) var passkeyHintCancel = "cancel"
    package internal(set) var passkeyHintSendPIN = "send PIN"
    package internal(set) var passkeyHintClose = "close"
    package internal(set) var passkeyAttachmentCrossPlatform = "security key"
    package internal(set) var passkeyAttachmentPlatform = "this device"
    package internal(set) var passkeysTitle = "Passkeys"
    package internal(set) var passkeysLoading = "Reading your passkeys…"
    package internal(set) var passkeysEmpty = "No passkeys yet."
    package internal(set) var passkeysRow = "{name} · {attachment} · added {created}"
    package internal(set) var passkeysUnnamed = "(no name)"
    package internal(set) var passkeysAdding = "Adding a passkey…"
    package internal(set) var passkeysRemoving = "Removing the passkey…"
    package internal(set) var passkeysAdded = "Passkey added."
    package internal(set) var passkeysRemoved = "Passkey {name} removed."
    package internal(set) var passkeysConfirmRemove = "Remove passkey {name}? It can no longer sign you in."
    package internal(set) var passkeysConfirmFooter = "{key} remove · any other key keeps it"
    package internal(set) var passkeysHintAdd = "add"
    package internal(set) var passkeysHintRemove = "remove"
    package internal(set) var passkeysHintReload = "reload"
    package internal(set) var passkeysHintBack = "back"
    package internal(set) var passkeysHintMove = "select"
    package internal(set) var profileHelpPasskeys = "your passkeys: list, add, remove"
    package internal(set) var errorPasskeyNotEnabledSummary = "This user pool does not allow passkeys."
    package internal(set) var errorPasskeyConfigurationMissingSummary =
        "This user pool has no relying party for passkeys."
    package internal(set) var errorPasskeyChallengeNotFoundSummary =
        "The passkey registration expired before it was finished."
    package internal(set) var errorPasskeyRelyingPartyMismatchSummary =
        "The passkey was made for another site than this user pool's."
    package internal(set) var errorPasskeyOriginNotAllowedSummary = "The user pool refused the passkey's origin."
    package internal(set) var errorPasskeyCredentialNotSupportedSummary =
        "The user pool does not accept this kind of passkey."
    package internal(set) var errorPasskeyClientMismatchSummary =
        "The passkey registration was finished by another app client than started it."
    package internal(set) var errorPasskeyRelyingPartyRefusedSummary =
        "The server asked for a passkey for \"{offered}\", but this configuration expects \"{expected}\"; nothing was signed."
    package internal(set) var errorPasskeyNoRelyingPartySummary = "No relying party is set for passkeys."
    package internal(set) var errorPasskeyMalformedSummary = "The passkey request is not valid WebAuthn: {detail}."
    package internal(set) var errorPasskeyNoAuthenticatorSummary = "No passkey authenticator is set up."
    package internal(set) var errorPasskeyAuthenticatorFailedSummary =
        "The passkey provider stopped (exit status {status})."
    package internal(set) var errorPasskeyAuthenticatorFailedWithMessageSummary =
        "The passkey provider stopped (exit status {status}): {message}."
    package internal(set) var errorPasskeyProviderUnavailableSummary =
        "The passkey provider could not be started: {reason}."
    package internal(set) var errorPasskeyTimedOutSummary =
        "The passkey authenticator did not answer within {seconds} seconds."
    package internal(set) var errorPasskeyCancelledSummary = "The passkey ceremony was cancelled."
    package internal(set) var errorPasskeyUnknownCredentialSummary = "No passkey of this user has the id \"{id}\"."
    package internal(set) var errorPasskeyPINRequiredSummary =
        "The security key \"{name}\" needs its PIN, and nobody can be asked here."
    package internal(set) var errorPasskeyPoolNextStep =
        "Ask the pool's administrator to allow WEB_AUTHN sign-in and set the pool's relying party, or sign in another way."
    package internal(set) var errorPasskeyChallengeNotFoundNextStep =
        "Add the passkey again, and answer the authenticator sooner."
    package internal(set) var errorPasskeyRelyingPartyNextStep =
        "Set LATCHKEY_PASSKEY_RP_ID (or Latchkey.Passkeys.RelyingPartyId) to the pool's relying party id."
    package internal(set) var errorPasskeyCredentialNotSupportedNextStep =
        "Use an authenticator that makes ES256 (P-256) or RS256 passkeys."
    package internal(set) var errorPasskeyClientMismatchNextStep =
        "Sign in again with this app client, then add the passkey."
    package internal(set) var errorPasskeyRelyingPartyRefusedNextStep =
        "If the server is right, set LATCHKEY_PASSKEY_RP_ID (or Latchkey.Passkeys.RelyingPartyId) to its relying party; otherwise check the endpoint in the configuration."
    package internal(set) var errorPasskeyMalformedNextStep =
        "Check the endpoint, or the passkey provider, and try again."
    package internal(set) var errorPasskeyNoAuthenticatorNextStep =
        "Set LATCHKEY_PASSKEY_PROVIDER (or Latchkey.Passkeys.Provider) to a provider command, or sign in another way."
    package internal(set) var errorPasskeyTryAgainNextStep = "Try again, or sign in another way."
    package internal(set) var errorPasskeyUnknownCredentialNextStep =
        "List the passkeys and their ids with `latchkey passkey list`."
    package internal(set) var errorPasskeyPINRequiredNextStep =
        "Run the command on a terminal, or use the drop-in screens (`latchkey`)."
    package internal(set) var errorPasskeyProviderUnavailableNextStep =
        "Check LATCHKEY_PASSKEY_PROVIDER (or Latchkey.Passkeys.Provider) names a command that runs."
    package internal(set) var errorPasskeyNoSecurityKeySummary = "No FIDO2 security key is plugged in."
    package internal(set) var errorPasskeyNoSecurityKeyNextStep =
        "Plug in a security key and try again, or set LATCHKEY_PASSKEY_PROVIDER (or Latchkey.Passkeys.Provider) to a passkey provider command."
    package internal(set) var errorPasskeySecurityKeySummary = "The security key \"{name}\": {reason} ({error})."
    package internal(set) var errorHostedUIStateMismatchSummary =
        "The redirect does not belong to this sign-in (its state does not match)."
    package internal(set) var errorHostedUIMissingStateSummary =
        "The redirect URL has no state, so it cannot be checked."
    package internal(set) var errorHostedUINoCodeSummary = "That is neither the redirect URL nor an authorization code."
    package internal(set) var errorHostedUIAuthorizationDeniedSummary = "The hosted UI did not sign you in ({error})."
    package internal(set) var errorHostedUIAuthorizationDeniedWithDescriptionSummary =
        "The hosted UI did not sign you in ({error}: {description})."
    package internal(set) var errorHostedUICodeRejectedSummary =
        "The authorization code was refused: it was used already, has expired, or belongs to another sign-in."
    package internal(set) var errorHostedUICodeRejectedWithDescriptionSummary =
        "The authorization code was refused ({description}): it was used already, has expired, or belongs to another sign-in."
    package internal(set) var errorHostedUITokenRequestRefusedSummary =
        "The token endpoint refused the request ({error})."
    package internal(set) var errorHostedUITokenRequestRefusedWithDescriptionSummary =
        "The token endpoint refused the request ({error}: {description})."
    package internal(set) var errorHostedUITimedOutSummary = "No redirect arrived within {seconds} seconds."
    package internal(set) var errorHostedUICancelledSummary = "The browser sign-in was cancelled."
    package internal(set) var errorHostedUIListenerUnavailableSummary =
        "Port {port} on {address} could not be opened for the redirect ({reason}); a program that holds it would receive the browser's redirect instead of latchkey."
    package internal(set) var errorHostedUIStateMismatchNextStep =
        "Paste the URL from the browser tab this sign-in opened, or start again (latchkey sign-in --web)."
    package internal(set) var errorHostedUIMissingStateNextStep =
        "Paste the whole URL from the browser's address bar, or just the code."
    package internal(set) var errorHostedUINoCodeNextStep =
        "Paste the whole URL the browser ended at (it starts with the redirect URI and has ?code=), or the code."
    package internal(set) var errorHostedUIAuthorizationDeniedNextStep =
        "Try again (latchkey sign-in --web); if it persists, ask the pool's administrator to check the app client's OAuth settings."
    package internal(set) var errorHostedUICodeRejectedNextStep =
        "Start again (latchkey sign-in --web) and use the new code at once, only once."
    package internal(set) var errorHostedUITokenRequestRefusedNextStep =
        "Check AppClientId (and the client secret) in the configuration, and that the app client allows the authorization code grant."
    package internal(set) var errorHostedUITimedOutNextStep =
        "Start again (latchkey sign-in --web), or give more time with --timeout."
    package internal(set) var errorHostedUICancelledNextStep = "Start again when ready (latchkey sign-in --web)."
    package internal(set) var errorHostedUIListenerUnavailableNextStep =
        "Close the program using that port (or register a redirect URI with a free port, such as http://127.0.0.1:PORT/callback), or paste the redirect URL instead (--no-browser)."
    package internal(set) var storeNoSessionBus = "no D-Bus session bus (DBUS_SESSION_BUS_ADDRESS is unset)"
    package internal(set) var storePlainTextChosen =
        "storing the session in plain text at {path} (mode 0600); {variable}=file chose the file store."
    package internal(set) var storePlainTextSavedBefore =
        "storing the session in plain text at {path} (mode 0600); it was saved there before, and moves to the system keyring, when one is available, after you sign out."
    package internal(set) var storePlainTextNoKeyring =
        "storing the session in plain text at {path} (mode 0600); no system keyring is available."
    package internal(set) var storeKeyringUnavailable =
        "{variable}=keyring, but the system keyring is unavailable: {problem}. Start a Secret Service (e.g. gnome-keyring-daemon --unlock inside a D-Bus session) and unlock its default collection, or unset {variable} to fall back to a file."
    package internal(set) var storeUnknownBackend =
        "{variable}={value} is not a store; use file, keyring, or leave it unset."

    // MARK: Added by text-convert.py (sort into place)
    package internal(set) var accountRowDetail = "{name} ({detail})"
    package internal(set) var accountRowCurrent = "{name} (this account)"
    package internal(set) var othersSignedInOne = "{name} still signed in"
    package internal(set) var othersSignedInOther = "{count} accounts still signed in"
    package internal(set) var hintEscBackTo = "back to {name}"
    package internal(set) var backToAccountLink = "Back to {name}"
    package internal(set) var accountsSwitchedAfterSignOut = "Switched to {name}, who is still signed in here."
    package internal(set) var accountsFollowedSwitch =
        "{name} was made the active account in another terminal or process; this UI follows it."
    package internal(set) var accountsFollowedSignOut =
        "Signed out from another terminal or process; {name}, who is still signed in here, is the active account now."
    package internal(set) var accountsActiveElsewhere =
        "{name} was made the active account in another terminal or process; this screen stays as it is until you are done."
    package internal(set) var cliOtherAccountSignedIn = "{name} is signed in here: latchkey switch {name}"
    package internal(set) var accountsKeptAccount = "{name} already had an account here: the sign-in uses it."
    package internal(set) var accountsNotMoved =
        "The sign-in stays in an account of its own: this user's existing account could not take it ({reason}). `latchkey accounts` lists both."
    package internal(set) var cliAccountsAmbiguous =
        "\"{name}\" names {count} accounts here: {candidates}. Pick one by its id: {example}"
    package internal(set) var cliAccountsSwitchHintIDs =
        "Switch with `latchkey switch NAME`; where a name repeats, use the id in brackets instead."

    // MARK: Sessions, machine and derived tokens (issue 38)
    package internal(set) var cliSessionsAbstract =
        "List your sessions on every device, or end one."
    package internal(set) var cliSessionsDiscussion =
        "Lists the sessions the user pool tracks for you (one per sign-in, kept across refreshes), this one marked. A pool without session tracking says so (exit 2)."
    package internal(set) var cliSessionsListAbstract =
        "List your sessions (this one marked)."
    package internal(set) var cliSessionsListJson =
        "Print a JSON array: id, current, type, client, created, lastActive, device, ip, city, country."
    package internal(set) var cliSessionsNone =
        "No sessions."
    package internal(set) var cliSessionsRevokeAbstract =
        "End another session: its refresh and access tokens stop working."
    package internal(set) var cliSessionsRevokeDiscussion =
        "This session cannot be revoked (Cognito refuses it): run `latchkey sign-out` instead."
    package internal(set) var cliSessionsRevokeID =
        "The session's id, as `latchkey sessions` shows it (tkn… or sso…)."
    package internal(set) var cliSessionsRevokeYes =
        "Do not ask for confirmation (needed when standard input is not a terminal)."
    package internal(set) var cliSessionsRevokeLinked =
        "Also end the linked sessions (an SSO session's token sessions, or the reverse)."
    package internal(set) var cliSessionsNotAnID =
        "{text} is not a session id: run `latchkey sessions` to see them."
    package internal(set) var cliSessionsRevokeNeedsYes =
        "Revoking a session needs confirmation: run `latchkey sessions revoke {id} --yes`."
    package internal(set) var cliSessionsRevokeAsk =
        "End session {id}? Its device must sign in again. [y/N] "
    package internal(set) var cliSessionsNothingRevoked =
        "Nothing was revoked."
    package internal(set) var cliSessionsRevoked =
        "Session {id} was revoked."
    package internal(set) var cliSessionsUnknownDevice =
        "unknown device"
    package internal(set) var cliSessionsClient =
        "client {id}"
    package internal(set) var cliSessionsCreated =
        "created {time}"
    package internal(set) var cliSessionsActive =
        "active {time}"
    package internal(set) var cliSessionsThisSession =
        "(this session)"
    package internal(set) var cliTokenClientCredentials =
        "Print a machine-to-machine access token for --client-id (client credentials)."
    package internal(set) var cliTokenClientID =
        "The machine app client's id (with --client-credentials)."
    package internal(set) var cliTokenScope =
        "A scope to ask for (resource-server/scope); repeat for more."
    package internal(set) var cliTokenVia =
        "api (GetClientToken, the default) or token-endpoint (/oauth2/token on the domain)."
    package internal(set) var cliTokenClientSecretStdin =
        "Read the client secret from standard input (else LATCHKEY_CLIENT_SECRET, else the keyring: see client-secret)."
    package internal(set) var cliTokenAudience =
        "Print a token derived from your session for this audience (token exchange)."
    package internal(set) var cliTokenResource =
        "A resource server to bind the derived token to; repeat for more."
    package internal(set) var cliTokenNeedsClientID =
        "--client-credentials needs --client-id ID."
    package internal(set) var cliTokenClientCredentialsAlone =
        "--audience and --resource derive a user's token; leave them out with --client-credentials."
    package internal(set) var cliTokenClientOptionsNeedClientCredentials =
        "--client-id, --via and --client-secret-stdin go with --client-credentials."
    package internal(set) var cliTokenAudienceOrResource =
        "Give --audience or --resource, not both (Cognito binds a token to one kind)."
    package internal(set) var cliTokenScopeNeedsKind =
        "--scope goes with --client-credentials, --audience or --resource."
    package internal(set) var cliTokenBadValue =
        "{text} is not a scope, audience or id."
    package internal(set) var cliTokenNoUserPool =
        "No user pool is configured: add CognitoUserPool.Default."
    package internal(set) var cliTokenUserTokensOnly =
        "--id, --access and --acr are about the user's tokens: leave them out with --client-credentials, --audience or --resource."
    package internal(set) var cliDemoSecondSession =
        "A second session: latchkey --store /tmp/latchkey-second --config {path} sign-in --username {username}, then `latchkey sessions` lists both."
    package internal(set) var cliDemoMachineClient =
        "Machine client {id} (secret: machineClientSecret in {path}): LATCHKEY_CLIENT_SECRET=… latchkey token --client-credentials --client-id {id}"
    package internal(set) var tokenErrorSessionTrackingOff =
        "This user pool does not track sessions (OperationNotEnabledException). Its administrator can turn session tracking on (SetUserPoolSessionConfiguration, Essentials or Plus tier)."
    package internal(set) var tokenErrorCurrentSession =
        "Session {id} is this one; Cognito does not revoke the caller's own session. Run `latchkey sign-out` to end it."
    package internal(set) var tokenErrorSessionNotFound =
        "No session {id} was found: it may have ended already. Run `latchkey sessions` to see the current ones."
    package internal(set) var tokenErrorSecretMissing =
        "App client {client} needs its secret: set LATCHKEY_CLIENT_SECRET, pass --client-secret-stdin and write it on standard input, or save it in the system keyring with `latchkey client-secret set --client-id {client}`."
    package internal(set) var tokenErrorSecretRejected =
        "App client {client} was refused: the pool does not know it or its secret is wrong. Check the client id and the secret (an app client may have two active secrets)."
    package internal(set) var tokenErrorFlowForAPI =
        "App client {client} may not get machine tokens through GetClientToken: its administrator must give it ALLOW_CLIENT_TOKEN_AUTH as its only ExplicitAuthFlows entry."
    package internal(set) var tokenErrorFlowForEndpoint =
        "App client {client} may not get machine tokens through /oauth2/token: its administrator must give it the client_credentials OAuth flow (AllowedOAuthFlows)."
    package internal(set) var tokenErrorScope =
        "A scope was not granted ({detail}). Ask only for scopes of the pool's resource servers (identifier/scope) that the app client is allowed, or leave --scope out."
    package internal(set) var tokenErrorNeedsDomain =
        "--via token-endpoint needs the user pool's domain (Auth.Default.OAuth.WebDomain); configure it or use --via api."
    package internal(set) var tokenErrorExchangeOff =
        "App client {client} may not exchange tokens: its administrator must add ALLOW_TOKEN_EXCHANGE_IMPERSONATION to its ExplicitAuthFlows."
    package internal(set) var tokenErrorBadAnswer =
        "The token answer was not usable: {detail}."

    // MARK: client-secret (an app client's secret in the system keyring)
    package internal(set) var cliClientSecretAbstract =
        "Keeps an app client's secret in the system keyring for `token --client-credentials`."
    package internal(set) var cliClientSecretDiscussion =
        "The secret is kept only in the system keyring (Secret Service), one per user pool and app client, never in a file: without a usable keyring `set` fails (exit 5) and writes nothing. `latchkey token --client-credentials --client-id ID` uses it when neither --client-secret-stdin nor LATCHKEY_CLIENT_SECRET gives a secret."
    package internal(set) var cliClientSecretSetAbstract =
        "Saves the secret, read from standard input (asked for, hidden, on a terminal)."
    package internal(set) var cliClientSecretRemoveAbstract = "Removes the saved secret (nothing saved is fine)."
    package internal(set) var cliClientSecretClientID = "The app client's id."
    package internal(set) var cliClientSecretPrompt = "Client secret: "
    package internal(set) var cliClientSecretEmpty =
        "No client secret was given: write it on standard input (one line, no spaces)."
    package internal(set) var cliClientSecretNoKeyring =
        "The client secret was not saved: {problem}. Only the system keyring keeps it, never a file; give it with LATCHKEY_CLIENT_SECRET or --client-secret-stdin instead."
    package internal(set) var cliClientSecretRemoveFailed =
        "The client secret could not be removed from the system keyring: {problem}."
    package internal(set) var cliClientSecretSaved =
        "✔ Saved app client {client}'s secret in the system keyring; `latchkey token --client-credentials --client-id {client}` uses it."
    package internal(set) var cliClientSecretRemoved =
        "✔ App client {client} has no secret in the system keyring now."
}
