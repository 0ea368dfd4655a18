import CognitoAuth
import Foundation
import TerminalKeys

/// What happens on the authenticator set-up screen: the code screens' actions.
public typealias TOTPSetupAction = CodeEntryAction

/// MFA_SETUP: enrol an authenticator app (secret and `otpauth://` URI for a QR code), then enter its code.
public struct TOTPSetupState: Equatable, Sendable {
    /// The focusable items in Tab order.
    public typealias Focus = CodeEntryFocus

    /// The user signing in.
    public var username: String
    /// The secret and account details.
    public var details: TOTPSetupDetails
    /// The six-digit code from the authenticator app, with its inline error.
    public var code: FieldState
    /// The item Tab / Shift-Tab / ↑ / ↓ move between.
    public var focus: Focus
    /// The `verifyTOTPSetup` or `confirmSignIn` request running, or nil.
    public var request: CodeRequest?
    /// The server error with the next step.
    public var banner: String?
    /// Whether this is an enrolment from the dashboard's Security row (VerifySoftwareToken, then back
    /// to the dashboard) rather than MFA_SETUP at sign-in.
    public var isEnrolment: Bool

    /// Creates the screen; `isEnrolment` is true when the dashboard's `t` started it rather than a sign-in.
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

/// The authenticator enrolment's service calls (the dashboard's `t`), named after the core's.
public enum TOTPEnrolmentRequest: Hashable, Sendable {
    /// `setUpTOTP()`: the secret to show; answered by `TOTPEnrolmentAction.started`.
    case setUpTOTP
    /// `verifyTOTPSetup(code:)`: the app is enrolled, or why not; answered by `TOTPEnrolmentAction.verified`.
    case verifyTOTPSetup(code: SecretText)

    /// Calls `service` and returns the action the answer comes back as (nil when cancelled).
    func perform(on service: some AuthClientService) async -> TOTPEnrolmentAction? {
        switch self {
        case .setUpTOTP:
            return await AuthEffect.outcome { try await service.setUpTOTP() }.map { .started($0) }
        case .verifyTOTPSetup(let code):
            return await AuthEffect.outcome { try await service.verifyTOTPSetup(code: code.value) }.map {
                .verified($0)
            }
        }
    }
}

extension TOTPSetupState: FormScreen {
    /// The key path of the code field when `focus` is on it; nil for the buttons.
    public func fieldPath(_ focus: Focus) -> WritableKeyPath<TOTPSetupState, FieldState>? {
        focus == .code ? \.code : nil
    }

    func validationError(for focus: Focus) -> String? {
        focus == .code ? Validation.codeError(code.text, digits: 6) : nil
    }

    /// Applies an action and returns the effects to run.
    package mutating func reduce(_ action: TOTPSetupAction) -> [ScreenEffect] {
        guard isEnrolment else { return reduceCodeEntry(action) }
        // The enrolment from the dashboard: Cancel and Esc go back to it; the code goes to VerifySoftwareToken.
        switch action {
        case .keyPressed(.escape) where !isInFlight, .cancelPressed where !isInFlight:
            return [.route(.dashboard)]
        case .keyPressed(let key) where focus == .cancel && !isInFlight && FormKeys.activates(key):
            return [.route(.dashboard)]
        default:
            let effects = reduceCodeEntry(action)
            return effects.map { effect in
                if case .run(.screen(.challenge(.confirmSignIn(let answer, _)))) = effect {
                    return .run(.totpEnrolment(.verifyTOTPSetup(code: answer)))
                }
                return effect
            }
        }
    }
}
