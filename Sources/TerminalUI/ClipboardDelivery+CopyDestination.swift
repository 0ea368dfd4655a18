import AuthScreens
import TerminalKit

extension ClipboardDelivery {
    /// What the status line says about this copy; nil when nothing was copied.
    var copyDestination: CopyDestination? {
        switch self {
        case .sentToTerminal, .sentThroughTmux, .passedThroughTmux: .clipboard
        case .unverifiedInTmux: .clipboardUnverified
        case .tmuxBufferOnly: .tmuxBufferOnly
        case .unavailable: nil
        }
    }
}
