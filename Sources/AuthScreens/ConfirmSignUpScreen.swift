import CognitoAuth
import Foundation
import TerminalKeys

/// The confirmation-code screen after Create account: names where the code went, with Resend.
///
/// When the account was created here, the password is remembered (masked) so that confirming
/// signs in automatically; it is wiped as soon as the sign-in starts or the screen is left.
public struct ConfirmSignUpState: Equatable, Sendable, ResendCodeCooldown {
    /// The focusable items in Tab order.
    public enum Focus: Hashable, Sendable, CaseIterable {
        /// The confirmation code field (initial focus).
        case code
        /// The Confirm button; Enter here sends ConfirmSignUp.
        case confirm
        /// The Resend code link.
        case resend
        /// The Back to sign in link.
        case signIn
    }

    /// Which request is in flight.
    public enum Request: Hashable, Sendable {
        /// ConfirmSignUp with the typed code.
        case confirm
        /// ResendConfirmationCode, after Resend code was pressed.
        case resend
    }

    /// The account being confirmed.
    public var username: String
    /// Where the code was sent, when known.
    public var delivery: CodeDeliveryDetails?
    /// The confirmation code as typed, with its inline error.
    public var code: FieldState
    /// The item Tab / Shift-Tab / ↑ / ↓ move between.
    public var focus: Focus
    /// The request in flight, if any.
    public var request: Request?
    /// The server error with the next step.
    public var banner: String?
    /// An informational message ("A new code was sent …").
    public var notice: String?
    /// The password to sign in with automatically after confirmation.
    public var rememberedPassword: SecretText?
    /// The current time (advanced by the app's tick), for the resend cooldown.
    public var now: Date = Date()
    /// When Resend code may be used again (a code was just sent), or nil.
    public var resendAvailableAt: Date?
    /// How long Resend code waits after a code was sent.
    public var resendCooldownLength: TimeInterval = ConfirmSignUpState.resendCooldown
    /// How long Resend code waits after a code was sent, unless the options say otherwise.
    public static let resendCooldown: TimeInterval = 30
    /// Whether a new code went out from this screen: the first line then says so, and no notice repeats it.
    public var codeWasResent = false
    /// Whether the screen opened because a sign-in found the account unconfirmed (the notice says so).
    public var foundUnconfirmedAtSignIn = false

    /// Creates the screen for `username`, with where the code went and the password to sign in with afterwards.
    public init(
        username: String, delivery: CodeDeliveryDetails? = nil, rememberedPassword: SecretText? = nil,
        notice: String? = nil
    ) {
        self.username = username
        self.delivery = delivery
        self.code = .digitsOnly
        self.focus = .code
        self.request = nil
        self.banner = nil
        self.notice = notice
        self.rememberedPassword = rememberedPassword
    }

    /// The focusable items in Tab order.
    public var focusOrder: [Focus] { Focus.allCases }

    /// Where the code was sent: "We sent a code by email to a***@e***. Enter it below.", or after a
    /// resend "A new code was sent in an email to a***@e***. Enter it below." (said once, here).
    public var destinationText: String {
        guard codeWasResent, let delivery else { return ScreenText.signUpCodeSent(delivery) }
        return ScreenText.newCodeSentEnterIt(delivery)
    }

    /// Whether Confirm can be pressed.
    public var canSubmit: Bool { !isInFlight }

    /// The status-line verb while in flight.
    public var activity: String? {
        switch request {
        case .confirm?: return ScreenText.confirming
        case .resend?: return ScreenText.sendingCode
        case nil: return nil
        }
    }
}

/// What happened on the confirmation-code screen.
public enum ConfirmSignUpAction: Sendable {
    /// A key was pressed.
    case keyPressed(Key)
    /// The code was set in one piece.
    case codeChanged(String)
    /// Confirm was pressed (or Enter in the code field): sends ConfirmSignUp unless the code is empty.
    case submitPressed
    /// Resend code was pressed.
    case resendPressed
    /// Back to sign in was pressed.
    case backPressed
    /// ConfirmSignUp finished: the next sign-up step, or why not.
    case confirmSignUpFinished(Result<SignUpStep, AuthError>)
    /// ResendConfirmationCode finished: where the new code went, or why not.
    case resendCodeFinished(Result<CodeDeliveryDetails, AuthError>)
}

/// The sign-up confirmation's service calls, named after the core's.
public enum ConfirmSignUpRequest: Hashable, Sendable {
    /// `confirmSignUp(username:code:)`; answered by `ConfirmSignUpAction.confirmSignUpFinished`.
    case confirmSignUp(username: String, code: String)
    /// `resendSignUpCode(username:)`; answered by `ConfirmSignUpAction.resendCodeFinished`.
    case resendSignUpCode(username: String)

    /// Calls `service` and returns the action the answer comes back as (nil when cancelled).
    func perform(on service: some AuthClientService) async -> ConfirmSignUpAction? {
        switch self {
        case .confirmSignUp(let username, let code):
            return await AuthEffect.outcome { try await service.confirmSignUp(username: username, code: code) }
                .map { .confirmSignUpFinished($0) }
        case .resendSignUpCode(let username):
            return await AuthEffect.outcome { try await service.resendSignUpCode(username: username) }
                .map { .resendCodeFinished($0) }
        }
    }
}

extension ConfirmSignUpState: FormScreen {
    static var requestCancelledMessage: WritableKeyPath<ConfirmSignUpState, String?> { \.notice }

    /// The key path of the code field when `focus` is on it; nil for the buttons and links.
    public func fieldPath(_ focus: Focus) -> WritableKeyPath<ConfirmSignUpState, FieldState>? {
        focus == .code ? \.code : nil
    }

    func validationError(for focus: Focus) -> String? {
        focus == .code ? Validation.codeError(code.text, digits: nil) : nil
    }

    /// Applies an action and returns the effects to run.
    package mutating func reduce(_ action: ConfirmSignUpAction) -> [ScreenEffect] {
        switch action {
        case .keyPressed(let key):
            switch handleFormKey(key) {
            case .handled: return []
            case .edited:
                banner = nil
                return []
            case .submitted, .activated(.code), .activated(.confirm): return submit()
            case .activated(.resend): return resend()
            case .activated(.signIn), .escaped: return back()
            case .cancelledInFlight:
                return cancelRequestInFlight()
            }
        case .codeChanged(let text):
            code.setText(text)
            return []
        case .submitPressed: return submit()
        case .resendPressed: return resend()
        case .backPressed: return isInFlight ? [] : back()
        case .confirmSignUpFinished(let result):
            guard request == .confirm else { return [] }
            request = nil
            switch result {
            case .success:
                if let password = rememberedPassword {
                    rememberedPassword = nil
                    return [.route(.autoSignIn(username: username, password: password))]
                }
                return [.route(.signIn(username: username, notice: ScreenText.accountConfirmed))]
            case .failure(let error):
                banner = ScreenText.codeBanner(for: error)
                if case .codeMismatch = error { code.clear() }
                if case .expiredCode = error { code.clear() }
                focus = .code
                return []
            }
        case .resendCodeFinished(let result):
            guard request == .resend else { return [] }
            request = nil
            switch result {
            case .success(let details):
                delivery = details
                codeWasResent = true
                // The first line says where the new code went; the notice does not say it again (issue 29, N22).
                notice = foundUnconfirmedAtSignIn ? ScreenText.accountNotConfirmedYet : nil
                startResendCooldown()
                focus = .code
            case .failure(let error):
                banner = ScreenText.codeBanner(for: error)
            }
            return []
        }
    }

    private mutating func submit() -> [ScreenEffect] {
        guard canSubmit else { return [] }
        banner = nil
        guard validateAll() else { return [] }
        request = .confirm
        notice = nil
        return [
            .run(
                .confirmSignUp(.confirmSignUp(username: username, code: code.text.trimmingCharacters(in: .whitespaces)))
            )
        ]
    }

    /// A sign-in found the account unconfirmed: a new code is asked for at once, and the notice says why.
    package mutating func sendCodeForUnconfirmedAccount() -> [ScreenEffect] {
        foundUnconfirmedAtSignIn = true
        let effects = resend()
        notice = ScreenText.accountNotConfirmed
        return effects
    }

    private mutating func resend() -> [ScreenEffect] {
        guard canSubmit else { return [] }
        guard resendCooldownSeconds == 0 else {
            notice = ScreenText.resendCodeWait
            return []
        }
        banner = nil
        notice = nil
        request = .resend
        return [.run(.confirmSignUp(.resendSignUpCode(username: username)))]
    }

    private mutating func back() -> [ScreenEffect] {
        rememberedPassword = nil
        return [.route(.signIn(username: username, notice: nil))]
    }
}

extension AppAction {
    /// An action for the sign-up confirmation code.
    public static func confirmSignUp(_ action: ConfirmSignUpAction) -> AppAction { .screen(.confirmSignUp(action)) }
}

extension AuthEffect {
    /// The sign-up confirmation's request; its answer comes back to the screen as `AppAction.screen`.
    public static func confirmSignUp(_ request: ConfirmSignUpRequest) -> AuthEffect { .screen(.confirmSignUp(request)) }
}
