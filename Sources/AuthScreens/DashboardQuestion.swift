import CognitoAuth
import LatchkeyText
import TerminalKeys

/// A yes/no question over the dashboard, such as `O`'s "Sign out of every device? y/N".
///
/// It takes every key, so `q` does not quit under it; only `y` confirms. The dashboard acts on the
/// answer (``DashboardAction/questionAnswered(_:confirmed:)``). A new question is a case here, its
/// words, and the key that asks it: the modal, its drawing and its keys are shared.
public enum DashboardQuestion: Hashable, Sendable {
    /// `O`: sign out on every device.
    case signOutEverywhere
    /// `T`, or `e` / `x` on a factor that is on: turn `factor` off. `isLast` when no other factor
    /// stays on, so that sign-in would then ask for the password alone.
    case turnFactorOff(MFAType, isLast: Bool)

    /// The box's title.
    public var heading: String {
        switch self {
        case .signOutEverywhere: ScreenText.globalSignOutTitle
        case .turnFactorOff(let factor, _): Localized.format(\.mfaOffTitle, ["factor": factor.displayName])
        }
    }

    /// What saying yes does, above the question.
    public var explanation: String {
        switch self {
        case .signOutEverywhere: ScreenText.globalSignOutExplanation
        case .turnFactorOff(let factor, let isLast):
            Localized.format(isLast ? \.mfaOffExplanationLast : \.mfaOffExplanation, ["factor": factor.displayName])
        }
    }

    /// The question, with its answers ("… y/N").
    public var question: String {
        switch self {
        case .signOutEverywhere: ScreenText.globalSignOutQuestion
        case .turnFactorOff(let factor, _): ScreenText.namingKeys(\.mfaOffQuestion, ["factor": factor.displayName])
        }
    }

    /// The footer's hints while the question shows: what `y` does, and that any other key cancels.
    var hints: [HintEntry] {
        let yes = AnswerKeys.binding(.yes)
        switch self {
        case .signOutEverywhere:
            return [yes.hint(\.globalSignOutHintsYes), AnswerKeys.anyOtherKeyHint(\.globalSignOutHintsCancel)]
        case .turnFactorOff:
            return [yes.hint(\.mfaOffHintYes), AnswerKeys.anyOtherKeyHint(\.mfaOffHintNo)]
        }
    }
}

extension MFAType {
    /// The factor in a sentence: "the authenticator app", "email codes", "text-message codes".
    var displayName: String {
        switch self {
        case .totp: Localized.text(\.mfaNameTotp)
        case .email: Localized.text(\.mfaNameEmail)
        case .sms: Localized.text(\.mfaNameSms)
        }
    }
}

extension DashboardQuestion: ScreenModel {
    /// The dashboard's title: the question is asked over it.
    var title: String { ScreenText.dashboardTitle }
    var activity: String? { nil }
    var hasTextField: Bool { false }
    var hintEntries: [HintEntry]? { hints }
    var hidesHelpHint: Bool { true }
    var panel: ModalPanel? { ModalPanel(title: heading, message: explanation, footer: question) }
    static func action(for key: Key) -> Key { key }

    /// Any key closes the question and answers it: `y` confirms, anything else declines.
    mutating func reduce(_ key: Key) -> [ScreenEffect] {
        [.route(.closeModal), .route(.answered(self, confirmed: AnswerKeys.isYes(key)))]
    }
}

extension DashboardState {
    /// The answer to a question asked over the dashboard: confirmed, it does what was asked.
    mutating func answer(_ question: DashboardQuestion, confirmed: Bool) -> [ScreenEffect] {
        switch question {
        case .signOutEverywhere:
            guard confirmed else {
                append(ScreenText.globalSignOutDeclined)
                return []
            }
            return signOutRequest == nil ? startSignOut(.global) : []
        case .turnFactorOff(let factor, _):
            guard confirmed else {
                append(Localized.format(\.mfaOffDeclined, ["factor": factor.displayName]))
                return []
            }
            return startMFAChange([factor: .disabled])
        }
    }
}

extension ModalOpening {
    /// A yes/no question over the dashboard.
    package static func question(_ question: DashboardQuestion) -> ModalOpening { .made(.question(question)) }
}
