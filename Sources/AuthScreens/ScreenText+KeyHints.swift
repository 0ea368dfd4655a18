import Foundation
import LatchkeyText

/// The bottom line's key hints and the help overlay that every form shares, and the message shown
/// when the terminal is too small for any screen.
extension ScreenText {
    /// The help overlay's title: "Keys".
    public static var helpTitle: String { Localized.text(\.helpTitle) }
    /// The help overlay's lines on a form, one per key.
    public static var formHelp: [String] {
        [
            \TextCatalog.formHelpTab,
            \.formHelpEnter,
            \.formHelpEsc,
            \.formHelpCtrlT,
            \.formHelpStartEnd,
            \.formHelpBackForward,
            \.formHelpDeleteToEdge,
            \.formHelpDeleteForwardWord,
            \.formHelpMouse,
            \.formHelpF1,
            \.formHelpSuspendQuit,
        ].map(Localized.text)
    }
    /// The hint at the foot of the help overlay: "Esc or ? close help".
    public static var closeHelpHint: String { Localized.text(\.closeHelpHint) }

    /// What separates key hints on the bottom line: " · ".
    public static let hintSeparator = " · "
    /// "Tab next": moves the focus to the next field.
    public static var hintNext: String { Localized.text(\.hintNext) }
    /// "Enter continue": submits the form or moves on.
    public static var hintEnter: String { Localized.text(\.hintEnter) }
    /// "Esc back": leaves the screen for the one before it.
    public static var hintEscBack: String { Localized.text(\.hintEscBack) }
    /// "Esc cancel": closes the re-login prompt.
    public static var hintEscCancel: String { Localized.text(\.hintEscCancel) }
    /// "F1 help": opens the help overlay on a form (where `?` is typed into the field).
    public static var hintF1Help: String { AppKeys.helpHint(onForm: true, more: false).text }
    /// "Ctrl-C quit", on forms, where `q` is typed into the field.
    public static var hintCtrlCQuit: String { Localized.text(\.hintCtrlCQuit) }
    /// "q quit", on screens without a text field.
    public static var hintQuit: String { Localized.text(\.hintQuit) }
    /// The first hint while a request is in flight: "Esc cancel request".
    public static var hintCancelRequest: String { Localized.text(\.hintCancelRequest) }

    /// Shown instead of the UI when the terminal is smaller than `minimumColumns`×`minimumRows`.
    public static func terminalTooSmall(minimumColumns: Int, minimumRows: Int) -> String {
        Localized.format(\.terminalTooSmall, ["columns": String(minimumColumns), "rows": String(minimumRows)])
    }
}
