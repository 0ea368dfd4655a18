import Foundation
import Synchronization

/// Holds the plain-text storage warning for the full-screen UI, which shows it inside the screen.
final class StoreNotice: Sendable {
    private let stored = Mutex<String?>(nil)

    /// Keeps `warning` (the store selection calls this at most once).
    func keep(_ warning: String) { stored.withLock { $0 = warning } }

    /// The warning kept, if any.
    var text: String? { stored.withLock { $0 } }

    /// "latchkey: storing …" without the program-name prefix, for display inside the UI.
    static func withoutPrefix(_ warning: String) -> String {
        let prefix = "latchkey: "
        return warning.hasPrefix(prefix) ? String(warning.dropFirst(prefix.count)) : warning
    }
}
