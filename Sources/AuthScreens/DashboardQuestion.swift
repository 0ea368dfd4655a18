import CognitoAuth
import LatchkeyText
import TerminalKeys

/// A yes/no question over the dashboard, such as `O`'s "Sign out of every device? y/N".
///
/// It takes every key, so `q` does not quit under it; only `y` confirms. The dashboard acts on the
/// answer (``DashboardAction/questionAnswered(_:confirmed:)``). A new question is a case here, its
/// words, and the key that asks it: the modal, its drawing and its keys are shared.
public enum DashboardQuestion: Equatable, Sendable {
    /// `O`: sign out on every device.
    case signOutEverywhere

    /// The box's title.
    public var heading: String {
        switch self {
        case .signOutEverywhere: ScreenText.globalSignOutTitle
        }
    }

    /// What saying yes does, above the question.
    public var explanation: String {
        switch self {
        case .signOutEverywhere: ScreenText.globalSignOutExplanation
        }
    }

    /// The question, with its answers ("… y/N").
    public var question: String {
        switch self {
        case .signOutEverywhere: ScreenText.globalSignOutQuestion
        }
    }

    /// The footer's hints while the question shows: what `y` does, and that any other key cancels.
    var hints: [String] {
        switch self {
        case .signOutEverywhere: ScreenText.globalSignOutHints
        }
    }
}

extension DashboardQuestion: ScreenModel {
    /// The dashboard's title: the question is asked over it.
    var title: String { ScreenText.dashboardTitle }
    var activity: String? { nil }
    var hasTextField: Bool { false }
    var keyHints: [String]? { hints }
    var hidesHelpHint: Bool { true }
    static func action(for key: Key) -> Key { key }

    /// Any key closes the question and answers it: `y` confirms, anything else declines.
    mutating func reduce(_ key: Key) -> [ScreenEffect] {
        [.route(.closeModal), .route(.answered(self, confirmed: key.isCharacter("y") || key.isCharacter("Y")))]
    }
}
