import CognitoAuth
import Foundation
import TerminalKeys

/// What happened on a challenge screen (new password, code, TOTP enrolment, MFA choice).
public enum ChallengeAction: Sendable {
    /// A key was pressed.
    case keyPressed(Key)
    /// The main answer (the code or the new password) was set in one piece.
    case answerChanged(String)
    /// The submit button was pressed.
    case submitPressed
    /// Cancel was pressed (back to Sign in).
    case cancelPressed
    /// An MFA type was chosen (MFA selection only).
    case mfaTypeChosen(MFAType)
    /// `confirmSignIn` finished.
    case confirmSignInFinished(Result<SignInStep, AuthError>)
    /// Resend code was pressed (code screens that can resend).
    case resendPressed
    /// The sign-in was started again for a new code (USER_AUTH with the code method).
    case codeResent(Result<SignInStep, AuthError>)
}

/// The shared ending of a challenge: signed in, another challenge, or an error banner.
enum ChallengeOutcome {
    static func finish(_ result: Result<SignInStep, AuthError>, username: String, banner: inout String?)
        -> [ScreenEffect]
    {
        switch result {
        case .success(.done): return [.route(.signedIn)]
        case .success(let step): return [.route(.challenge(step, username: username))]
        case .failure(let error):
            banner = ScreenText.challengeBanner(for: error)
            return []
        }
    }

    static func cancel(username: String) -> [ScreenEffect] {
        [.route(.signIn(username: username, notice: nil))]
    }
}

/// NEW_PASSWORD_REQUIRED: choose a new password (policy checked inline), confirm it, and give any required attributes.
public struct NewPasswordState: Equatable, Sendable {
    /// The one request the form sends.
    public enum Request: Hashable, Sendable {
        /// `confirmSignIn` with the new password.
        case setPassword
    }

    /// The focusable items in Tab order.
    public enum Focus: Hashable, Sendable {
        /// The new password field.
        case newPassword
        /// The confirm password field.
        case confirmPassword
        /// The required attribute at this index.
        case attribute(Int)
        /// The Set password button.
        case submit
        /// The Cancel button.
        case cancel
    }

    /// The user signing in.
    public var username: String
    /// The new password (secure).
    public var newPassword: FieldState
    /// The repeated new password (secure).
    public var confirmPassword: FieldState
    /// The attributes the pool requires.
    public var attributes: [AttributeField]
    /// The password policy.
    public var policy: PasswordPolicy
    /// The focused item.
    public var focus: Focus
    /// The `confirmSignIn` request running, or nil.
    public var request: Request?
    /// The server error with the next step.
    public var banner: String?

    /// Creates the screen.
    public init(username: String, requiredAttributes: [String] = [], policy: PasswordPolicy = .cognitoDefault) {
        self.username = username
        self.newPassword = FieldState(isSecure: true)
        self.confirmPassword = FieldState(isSecure: true)
        self.attributes = requiredAttributes.map {
            AttributeField(name: $0, label: ScreenText.attributeLabel(named: $0))
        }
        self.policy = policy
        self.focus = .newPassword
        self.request = nil
        self.banner = nil
    }

    /// The focusable items in Tab order.
    public var focusOrder: [Focus] {
        [.newPassword, .confirmPassword] + attributes.indices.map { .attribute($0) } + [.submit, .cancel]
    }

    /// The inline policy checklist.
    public var passwordChecks: [PasswordCheck] { policy.checks(for: newPassword.text) }

    /// The status-line verb while in flight.
    public var activity: String? { isInFlight ? ScreenText.settingPassword : nil }
}

extension NewPasswordState: FormScreen {
    static var requestCancelledMessage: WritableKeyPath<NewPasswordState, String?> { \.banner }

    public func fieldPath(_ focus: Focus) -> WritableKeyPath<NewPasswordState, FieldState>? {
        switch focus {
        case .newPassword: return \.newPassword
        case .confirmPassword: return \.confirmPassword
        case .attribute(let index): return attributes.indices.contains(index) ? \.attributes[index].field : nil
        case .submit, .cancel: return nil
        }
    }

    func validationError(for focus: Focus) -> String? {
        switch focus {
        case .newPassword: return policy.validationError(for: newPassword.text)
        case .confirmPassword:
            if confirmPassword.isEmpty { return ScreenText.confirmPasswordRequired }
            return confirmPassword.text == newPassword.text ? nil : ScreenText.passwordsDoNotMatch
        case .attribute(let index): return attributes.indices.contains(index) ? attributes[index].validationError : nil
        case .submit, .cancel: return nil
        }
    }

    /// Applies an action and returns the effects to run.
    public mutating func reduce(_ action: ChallengeAction) -> [ScreenEffect] {
        switch action {
        case .keyPressed(let key):
            switch handleFormKey(key) {
            case .handled, .edited: return []
            case .submitted, .activated(.submit), .activated(.newPassword), .activated(.confirmPassword),
                .activated(.attribute):
                return submit()
            case .activated(.cancel), .escaped: return ChallengeOutcome.cancel(username: username)
            case .cancelledInFlight:
                return cancelRequestInFlight()
            }
        case .answerChanged(let text):
            newPassword.setText(text)
            return []
        case .submitPressed: return submit()
        case .cancelPressed: return isInFlight ? [] : ChallengeOutcome.cancel(username: username)
        case .mfaTypeChosen, .resendPressed, .codeResent: return []
        case .confirmSignInFinished(let result):
            guard isInFlight else { return [] }
            request = nil
            let effects = ChallengeOutcome.finish(result, username: username, banner: &banner)
            if case .failure = result { focus = .newPassword }
            return effects
        }
    }

    private mutating func submit() -> [ScreenEffect] {
        guard !isInFlight else { return [] }
        banner = nil
        guard validateAll() else { return [] }
        let secret = SecretText(newPassword.text)
        newPassword.clear()
        confirmPassword.clear()
        request = .setPassword
        let values = Dictionary(
            attributes.map { ($0.name, $0.field.text.trimmingCharacters(in: .whitespaces)) },
            uniquingKeysWith: { first, _ in first })
        return [.run(.confirmSignIn(answer: secret, attributes: values))]
    }
}

/// SMS_MFA, SOFTWARE_TOKEN_MFA or CUSTOM_CHALLENGE: enter a code (or an answer).
public struct CodeChallengeState: Equatable, Sendable, ResendCodeCooldown {
    /// Which code is asked for.
    public enum Kind: Hashable, Sendable {
        /// A code sent by text message, as described.
        case sms(CodeDeliveryDetails)
        /// A code sent by email, as described (EMAIL_OTP).
        case email(CodeDeliveryDetails)
        /// A code from the authenticator app.
        case totp
        /// A custom challenge with these parameters.
        case custom([String: String])
        /// MFA_SETUP asking for the address codes go to: the field's label and a hint (email or phone number).
        case setUpDestination(label: String, hint: String)
    }

    /// The focusable items in Tab order.
    public typealias Focus = CodeEntryFocus

    /// The user signing in.
    public var username: String
    /// Which code is asked for.
    public var kind: Kind
    /// The code field.
    public var code: FieldState
    /// The focused item.
    public var focus: Focus
    /// The request running (Verify, or Resend code), or nil.
    public var request: CodeRequest?
    /// The server error with the next step.
    public var banner: String?
    /// How Resend code gets a new code; nil hides the button.
    public var resend: CodeResend?
    /// Where the new code went, after Resend code.
    public var notice: String?
    /// Whether the request running is Resend code (not Verify).
    public var isResending: Bool { request == .resend }
    /// The current time, set by the app (``setClock(_:)``), for the resend cooldown.
    public var now: Date = .distantPast
    /// When Resend code may be used again (a code was just sent), or nil.
    public var resendAvailableAt: Date?
    /// Whether a code was sent as the screen opened and its cooldown starts when the app first sets the clock.
    var startsCooldownOnClock = false

    /// Creates the screen.
    public init(username: String, kind: Kind, resend: CodeResend? = nil) {
        self.username = username
        self.kind = kind
        // A custom challenge's answer and an email or phone number to set up can be anything; every
        // other code is digits.
        switch kind {
        case .custom, .setUpDestination: self.code = FieldState()
        default: self.code = .digitsOnly
        }
        self.focus = .code
        self.request = nil
        self.banner = nil
        self.resend = resend
        switch kind {
        case .sms, .email: self.startsCooldownOnClock = resend != nil
        default: break
        }
    }

    /// Sets the time (the app does on every action); the first time, a code sent as the screen
    /// opened starts the resend cooldown.
    public mutating func setClock(_ time: Date) {
        now = time
        if startsCooldownOnClock {
            startsCooldownOnClock = false
            startResendCooldown()
        }
    }

    /// The focusable items in Tab order.
    public var focusOrder: [Focus] { resend == nil ? [.code, .submit, .cancel] : [.code, .submit, .cancel, .resend] }

    /// The title for this kind of code.
    public var title: String { ScreenText.codeChallengeTitle(kind) }

    /// A custom challenge's public parameters as "name: value" lines (USERNAME left out), sanitised.
    public var challengeLines: [String] {
        guard case .custom(let parameters) = kind else { return [] }
        return parameters.filter { $0.key != "USERNAME" }.sorted { $0.key < $1.key }.map { key, value in
            let name = TerminalText.sanitized(key)
            return value.isEmpty ? name : "\(name): \(TerminalText.sanitized(value))"
        }
    }

    /// What to enter and where it came from.
    public var prompt: String { ScreenText.codeChallengePrompt(kind) }

    /// The number of digits expected (6 for SMS and TOTP, free-form for custom challenges).
    public var expectedDigits: Int? {
        if case .custom = kind { return nil }
        if case .setUpDestination = kind { return nil }
        return 6
    }

    /// The status-line verb while in flight.
    public var activity: String? {
        guard isInFlight else { return nil }
        return isResending ? ScreenText.sendingNewCode : ScreenText.verifying
    }
}

/// How a code screen's Resend code gets a new code: Cognito has no "resend" for sign-in codes, so
/// the sign-in starts again.
public enum CodeResend: Hashable, Sendable {
    /// USER_AUTH again with this code method (EMAIL_OTP / SMS_OTP as the first factor): a new code is sent.
    case method(SignInMethod)
    /// An MFA code after the password: the sign-in is initiated again (`AuthClient.restartSignIn()`,
    /// which still holds the password while the sign-in is unfinished) and the screen stays.
    case signInAgain
}

extension CodeChallengeState: FormScreen {
    public func fieldPath(_ focus: Focus) -> WritableKeyPath<CodeChallengeState, FieldState>? {
        focus == .code ? \.code : nil
    }

    func validationError(for focus: Focus) -> String? {
        focus == .code ? Validation.codeError(code.text, digits: expectedDigits) : nil
    }

    /// Applies an action and returns the effects to run.
    public mutating func reduce(_ action: ChallengeAction) -> [ScreenEffect] {
        switch action {
        case .keyPressed(let key) where focus == .resend && !isInFlight && (key == .enter || key == .character(" ")):
            return resendCode()
        case .resendPressed:
            return resendCode()
        case .codeResent(let result):
            guard isResending else { return [] }
            request = nil
            focus = .code
            switch result {
            case .success(.emailOTP(let details)):
                kind = .email(details)
                notice = ScreenText.newCodeSent(details)
                startResendCooldown()
                return []
            case .success(.smsOTP(let details)), .success(.smsMFA(let details)):
                kind = .sms(details)
                notice = ScreenText.newCodeSent(details)
                startResendCooldown()
                return []
            case .success(.done):
                return [.route(.signedIn)]
            case .success(let step):
                return [.route(.challenge(step, username: username))]
            case .failure(let error):
                banner = ScreenText.challengeBanner(for: error)
                return []
            }
        case .confirmSignInFinished where isResending:
            return []
        default:
            if case .confirmSignInFinished(.failure) = action { notice = nil }
            let wasInFlight = isInFlight
            let effects = reduceCodeEntry(action)
            // A refused custom answer ends Cognito's session ("Incorrect username or password."): say so plainly.
            if wasInFlight, case .custom = kind,
                case .confirmSignInFinished(.failure(.notAuthorized(let message))) = action
            {
                banner = ScreenText.customAnswerRefused(message)
            }
            return effects
        }
    }

    private mutating func resendCode() -> [ScreenEffect] {
        guard !isInFlight, let resend else { return [] }
        guard resendCooldownSeconds == 0 else {
            notice = ScreenText.resendCodeWait
            return []
        }
        banner = nil
        notice = nil
        code.clear()
        code.error = nil
        switch resend {
        case .method(let method):
            request = .resend
            return [.run(.resendSignInCode(username: username, method: method))]
        case .signInAgain:
            request = .resend
            return [.run(.restartSignIn)]
        }
    }
}

/// MFA_SETUP: enrol an authenticator app (secret and `otpauth://` URI for a QR code), then enter its code.
public struct TOTPSetupState: Equatable, Sendable {
    /// The focusable items in Tab order.
    public typealias Focus = CodeEntryFocus

    /// The user signing in.
    public var username: String
    /// The secret and account details.
    public var details: TOTPSetupDetails
    /// The code field.
    public var code: FieldState
    /// The focused item.
    public var focus: Focus
    /// The `verifyTOTPSetup` or `confirmSignIn` request running, or nil.
    public var request: CodeRequest?
    /// The server error with the next step.
    public var banner: String?
    /// Whether this is an enrolment from the dashboard's Security row (VerifySoftwareToken, then back
    /// to the dashboard) rather than MFA_SETUP at sign-in.
    public var isEnrolment: Bool

    /// Creates the screen.
    public init(username: String, details: TOTPSetupDetails, isEnrolment: Bool = false) {
        self.username = username
        self.details = details
        self.code = .digitsOnly
        self.focus = .code
        self.request = nil
        self.banner = nil
        self.isEnrolment = isEnrolment
    }

    /// The focusable items in Tab order.
    public var focusOrder: [Focus] { [.code, .submit, .cancel] }

    /// The base32 secret to type into an authenticator app.
    public var secret: String { TerminalText.sanitized(details.secret) }

    /// The secret in groups of four, easier to type: "JBSW Y3DP EHPK 3PXP".
    public var groupedSecret: String {
        var groups: [String] = []
        var current = ""
        for character in secret {
            current.append(character)
            if current.count == 4 {
                groups.append(current)
                current = ""
            }
        }
        if !current.isEmpty { groups.append(current) }
        return groups.joined(separator: " ")
    }

    /// The `otpauth://` URI the renderer draws as a QR code.
    public var uri: String { details.uri }

    /// The status-line verb while in flight.
    public var activity: String? { isInFlight ? ScreenText.verifying : nil }
}

extension TOTPSetupState: FormScreen {
    public func fieldPath(_ focus: Focus) -> WritableKeyPath<TOTPSetupState, FieldState>? {
        focus == .code ? \.code : nil
    }

    func validationError(for focus: Focus) -> String? {
        focus == .code ? Validation.codeError(code.text, digits: 6) : nil
    }

    /// Applies an action and returns the effects to run.
    public mutating func reduce(_ action: ChallengeAction) -> [ScreenEffect] {
        guard isEnrolment else { return reduceCodeEntry(action) }
        // The enrolment from the dashboard: Cancel and Esc go back to it; the code goes to VerifySoftwareToken.
        switch action {
        case .keyPressed(.escape) where !isInFlight, .cancelPressed where !isInFlight:
            return [.route(.dashboard)]
        case .keyPressed(let key) where focus == .cancel && !isInFlight && (key == .enter || key == .character(" ")):
            return [.route(.dashboard)]
        default:
            let effects = reduceCodeEntry(action)
            return effects.map { effect in
                if case .run(.confirmSignIn(let answer, _)) = effect { return .run(.verifyTOTPSetup(code: answer)) }
                return effect
            }
        }
    }
}

/// SELECT_MFA_TYPE: choose SMS or the authenticator app. No text field, so `q` quits here.
public struct SelectMFATypeState: Equatable, Sendable {
    /// The focusable items in Tab order.
    public enum Focus: Hashable, Sendable {
        /// The choice at this index of ``SelectMFATypeState/choices``.
        case choice(Int)
        /// The Cancel button.
        case cancel
    }

    /// The user signing in.
    public var username: String
    /// The MFA types offered.
    public var choices: [MFAType]
    /// The focused item.
    public var focus: Focus
    /// The type sent, while `confirmSignIn` runs, or nil.
    public var request: MFAType?
    /// The server error with the next step.
    public var banner: String?
    /// Whether this is MFA_SETUP's choice (the factor to set up) rather than SELECT_MFA_TYPE's.
    public var isSetup: Bool

    /// Creates the screen with the first choice focused.
    public init(username: String, choices: [MFAType], isSetup: Bool = false) {
        self.username = username
        self.choices = choices.isEmpty ? MFAType.allCases : choices
        self.focus = .choice(0)
        self.request = nil
        self.banner = nil
        self.isSetup = isSetup
    }

    /// What the screen asks.
    public var prompt: String { isSetup ? ScreenText.mfaSetupPrompt : ScreenText.selectMFAPrompt }

    /// The focusable items in Tab order.
    public var focusOrder: [Focus] { choices.indices.map { .choice($0) } + [.cancel] }

    /// The label of each choice.
    public var choiceLabels: [String] { choices.map(ScreenText.mfaTypeLabel) }

    /// The status-line verb while in flight.
    public var activity: String? { isInFlight ? ScreenText.verifying : nil }
}

extension SelectMFATypeState: FormScreen {
    static var requestCancelledMessage: WritableKeyPath<SelectMFATypeState, String?> { \.banner }

    public func fieldPath(_ focus: Focus) -> WritableKeyPath<SelectMFATypeState, FieldState>? { nil }

    func validationError(for focus: Focus) -> String? { nil }

    /// Applies an action and returns the effects to run.
    public mutating func reduce(_ action: ChallengeAction) -> [ScreenEffect] {
        switch action {
        case .keyPressed(let key):
            switch handleFormKey(key) {
            case .handled, .edited, .submitted: return []
            case .activated(.choice(let index)):
                return choices.indices.contains(index) ? choose(choices[index]) : []
            case .activated(.cancel), .escaped: return ChallengeOutcome.cancel(username: username)
            case .cancelledInFlight:
                return cancelRequestInFlight()
            }
        case .answerChanged, .resendPressed, .codeResent: return []
        case .submitPressed:
            if case .choice(let index) = focus, choices.indices.contains(index) { return choose(choices[index]) }
            return []
        case .cancelPressed: return isInFlight ? [] : ChallengeOutcome.cancel(username: username)
        case .mfaTypeChosen(let type): return choose(type)
        case .confirmSignInFinished(let result):
            guard isInFlight else { return [] }
            request = nil
            return ChallengeOutcome.finish(result, username: username, banner: &banner)
        }
    }

    private mutating func choose(_ type: MFAType) -> [ScreenEffect] {
        guard !isInFlight, choices.contains(type) else { return [] }
        banner = nil
        request = type
        return [.run(.confirmSignIn(answer: SecretText(type.rawValue), attributes: [:]))]
    }
}

/// Any challenge screen, built from the step `signIn` or `confirmSignIn` returned.
public enum ChallengeState: Equatable, Sendable {
    /// NEW_PASSWORD_REQUIRED.
    case newPassword(NewPasswordState)
    /// SMS_MFA, SOFTWARE_TOKEN_MFA or CUSTOM_CHALLENGE.
    case code(CodeChallengeState)
    /// MFA_SETUP.
    case totpSetup(TOTPSetupState)
    /// SELECT_MFA_TYPE.
    case selectMFAType(SelectMFATypeState)
    /// USER_AUTH's SELECT_CHALLENGE: the sign-in methods.
    case selectMethod(SelectSignInMethodState)

    /// The screen for `step`, or nil for `.done`.
    public init?(step: SignInStep, username: String, policy: PasswordPolicy = .cognitoDefault) {
        switch step {
        case .done: return nil
        case .newPasswordRequired(let attributes):
            self = .newPassword(NewPasswordState(username: username, requiredAttributes: attributes, policy: policy))
        case .smsMFA(let details):
            self = .code(CodeChallengeState(username: username, kind: .sms(details), resend: .signInAgain))
        case .softwareTokenMFA: self = .code(CodeChallengeState(username: username, kind: .totp))
        case .customChallenge(let parameters):
            self = .code(CodeChallengeState(username: username, kind: .custom(parameters)))
        case .mfaSetup(let details): self = .totpSetup(TOTPSetupState(username: username, details: details))
        case .selectMFAType(let choices):
            self = .selectMFAType(SelectMFATypeState(username: username, choices: choices))
        case .emailOTP(let details):
            self = .code(CodeChallengeState(username: username, kind: .email(details), resend: .signInAgain))
        case .smsOTP(let details):
            self = .code(CodeChallengeState(username: username, kind: .sms(details), resend: .signInAgain))
        case .selectChallenge(let methods):
            self = .selectMethod(SelectSignInMethodState(username: username, methods: methods))
        case .selectMFASetup(let choices):
            self = .selectMFAType(SelectMFATypeState(username: username, choices: choices, isSetup: true))
        case .emailMFASetup:
            self = .code(
                CodeChallengeState(
                    username: username,
                    kind: .setUpDestination(label: ScreenText.emailForCodesLabel, hint: ScreenText.emailForCodesHint)))
        case .smsMFASetup:
            self = .code(
                CodeChallengeState(
                    username: username,
                    kind: .setUpDestination(label: ScreenText.phoneForCodesLabel, hint: ScreenText.phoneForCodesHint)))
        }
    }

    /// Applies an action to whichever challenge this is.
    public mutating func reduce(_ action: ChallengeAction) -> [ScreenEffect] {
        switch self {
        case .newPassword(var state):
            let effects = state.reduce(action)
            self = .newPassword(state)
            return effects
        case .code(var state):
            let effects = state.reduce(action)
            self = .code(state)
            return effects
        case .totpSetup(var state):
            let effects = state.reduce(action)
            self = .totpSetup(state)
            return effects
        case .selectMFAType(var state):
            let effects = state.reduce(action)
            self = .selectMFAType(state)
            return effects
        case .selectMethod(var state):
            let effects = state.reduce(action)
            self = .selectMethod(state)
            return effects
        }
    }

    /// The user signing in.
    public var username: String {
        switch self {
        case .newPassword(let state): return state.username
        case .code(let state): return state.username
        case .totpSetup(let state): return state.username
        case .selectMFAType(let state): return state.username
        case .selectMethod(let state): return state.username
        }
    }

    /// Whether `confirmSignIn` is running.
    public var isInFlight: Bool {
        switch self {
        case .newPassword(let state): return state.isInFlight
        case .code(let state): return state.isInFlight
        case .totpSetup(let state): return state.isInFlight
        case .selectMFAType(let state): return state.isInFlight
        case .selectMethod(let state): return state.isInFlight
        }
    }

    /// The status-line verb while in flight.
    public var activity: String? {
        switch self {
        case .newPassword(let state): return state.activity
        case .code(let state): return state.activity
        case .totpSetup(let state): return state.activity
        case .selectMFAType(let state): return state.activity
        case .selectMethod(let state): return state.activity
        }
    }

    /// Whether the screen has a text field (MFA selection has none).
    public var hasTextField: Bool {
        if case .selectMFAType = self { return false }
        if case .selectMethod(let state) = self { return state.hasTextField }
        return true
    }

    /// The screen's title.
    public var title: String {
        switch self {
        case .newPassword: return ScreenText.newPasswordTitle
        case .code(let state): return state.title
        case .totpSetup: return ScreenText.totpSetupTitle
        case .selectMFAType(let state): return state.isSetup ? ScreenText.mfaSetupTitle : ScreenText.selectMFATitle
        case .selectMethod: return ScreenText.selectSignInMethodTitle
        }
    }

    /// Whether a revealable password field has focus (for the Ctrl-T hint).
    public var showsRevealHint: Bool {
        if case .newPassword(let state) = self {
            return state.focus == .newPassword || state.focus == .confirmPassword
        }
        if case .selectMethod(let state) = self { return state.focus == .password }
        return false
    }
}

/// The focusable items of a screen that asks for one code: the field, Verify and Cancel.
public enum CodeEntryFocus: Hashable, Sendable, CaseIterable {
    /// The code field.
    case code
    /// The Verify button.
    case submit
    /// The Resend code link (sign-in codes that can be sent again).
    case resend
    /// The Cancel button.
    case cancel
}

/// What a code screen's request is doing.
public enum CodeRequest: Hashable, Sendable {
    /// The code was sent (`confirmSignIn`, or `verifyTOTPSetup` for an enrolment).
    case verify
    /// Resend code: the sign-in starts again so that a new code is sent.
    case resend
}

/// A challenge screen whose answer is one code (SMS / TOTP / custom, and TOTP enrolment).
protocol CodeEntryScreen: FormScreen where Focus == CodeEntryFocus, Request == CodeRequest {
    /// The user signing in.
    var username: String { get }
    /// The code field.
    var code: FieldState { get set }
    /// The server error with the next step.
    var banner: String? { get set }
}

extension CodeChallengeState: CodeEntryScreen {}
extension TOTPSetupState: CodeEntryScreen {}

extension CodeEntryScreen {
    static var requestCancelledMessage: WritableKeyPath<Self, String?> { \.banner }

    /// Applies an action to a screen whose only field is a code: the shared reduce of the code challenges.
    mutating func reduceCodeEntry(_ action: ChallengeAction) -> [ScreenEffect] {
        switch action {
        case .keyPressed(let key):
            switch handleFormKey(key) {
            case .handled, .edited: return []
            case .submitted, .activated(.submit), .activated(.code): return submitCode()
            case .activated(.resend): return []
            case .activated(.cancel), .escaped: return ChallengeOutcome.cancel(username: username)
            case .cancelledInFlight:
                return cancelRequestInFlight()
            }
        case .answerChanged(let text):
            code.setText(text)
            return []
        case .submitPressed: return submitCode()
        case .cancelPressed: return isInFlight ? [] : ChallengeOutcome.cancel(username: username)
        case .mfaTypeChosen, .resendPressed, .codeResent: return []
        case .confirmSignInFinished(let result):
            guard isInFlight else { return [] }
            request = nil
            let effects = ChallengeOutcome.finish(result, username: username, banner: &banner)
            if case .failure = result {
                code.clear()
                focus = .code
            }
            return effects
        }
    }

    private mutating func submitCode() -> [ScreenEffect] {
        guard !isInFlight else { return [] }
        banner = nil
        guard validateAll() else { return [] }
        let answer = code.text.trimmingCharacters(in: .whitespaces)
        code.clear()
        request = .verify
        return [.run(.confirmSignIn(answer: SecretText(answer), attributes: [:]))]
    }
}
