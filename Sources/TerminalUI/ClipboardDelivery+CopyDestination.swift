import AuthScreens
import TerminalKit

extension ClipboardDelivery {
    /// What the status line says about this copy; nil when nothing was copied.
    var copyDestination: CopyDestination? {
        switch self {
        case .sent: .clipboard
        case .sentUnverified: .clipboardUnverified
        case .tmuxBufferOnly: .tmuxBufferOnly
        case .unavailable: nil
        }
    }
}
