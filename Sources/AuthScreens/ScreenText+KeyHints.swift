import Foundation
import LatchkeyText

/// The bottom line's key hints and the help overlay that every form shares, and the message shown
/// when the terminal is too small for any screen.
extension ScreenText {
    /// The help overlay's title: "Keys".
    public static var helpTitle: String { Localized.text(\.helpTitle) }
    /// The help overlay's lines on a form, one per key.
    public static var formHelp: [String] { FormKeys.formHelpLines }
    /// The hint at the foot of the help overlay: "Esc or ? close help".
    public static var closeHelpHint: String { AppKeys.closeHelpHint.text }

    /// What separates key hints on the bottom line: " · ".
    public static let hintSeparator = " · "
    /// "Tab next": moves the focus to the next field.
    public static var hintNext: String { FormKeys.tab.hint(\.hintNext).text }
    /// "Enter continue": submits the form or moves on.
    public static var hintEnter: String { FormKeys.enter.hint(\.hintEnter).text }
    /// "Esc back": leaves the screen for the one before it.
    public static var hintEscBack: String { FormKeys.escape.hint(\.hintEscBack).text }
    /// "Esc cancel": closes the re-login prompt.
    public static var hintEscCancel: String { FormKeys.escape.hint(\.hintEscCancel).text }
    /// "F1 help": opens the help overlay on a form (where `?` is typed into the field).
    public static var hintF1Help: String { AppKeys.helpHint(onForm: true, more: false).text }
    /// "Ctrl-C quit", on forms, where `q` is typed into the field.
    public static var hintCtrlCQuit: String { AppKeys.quitHint(onForm: true).text }
    /// "q quit", on screens without a text field.
    public static var hintQuit: String { AppKeys.quitHint(onForm: false).text }
    /// The first hint while a request is in flight: "Esc cancel request".
    public static var hintCancelRequest: String { FormKeys.escape.hint(\.hintCancelRequest).text }

    /// Shown instead of the UI when the terminal is smaller than `minimumColumns`×`minimumRows`.
    public static func terminalTooSmall(minimumColumns: Int, minimumRows: Int) -> String {
        ScreenText.namingKeys(\.terminalTooSmall, ["columns": String(minimumColumns), "rows": String(minimumRows)])
    }
}
