import CognitoAuth
import Foundation

/// How a modal opens over the dashboard: the one thing ``Route/present(_:)`` carries.
///
/// The modal makes its own state from the app's (a feature's `opening`, declared in the feature's
/// file), and says what runs with it; a screen that made the state already passes it whole
/// (``made(_:)``, as a question is). Nil from ``open`` leaves the dashboard as it is.
package struct ModalOpening: Equatable, Sendable {
    /// What opened: the modal, what to run with it, and whether the status line clears.
    package struct Opened {
        /// The modal to show.
        var modal: AppState.Modal
        /// What to run and where to go with it (its first load, a status line).
        var effects: [ScreenEffect] = []
        /// Whether the status line's message clears (the modal says what happens itself).
        var clearsStatus = false
    }

    /// Names the modal: two openings are the same when their names (and ready-made modals) are.
    let name: String
    /// The modal the screen made, when it made one.
    let ready: AppState.Modal?
    /// Makes the modal from the app's state, or nil when it cannot open now.
    let open: @Sendable (AppState) -> Opened?

    /// An opening named `name` that makes its modal with `open`.
    init(_ name: String, open: @escaping @Sendable (AppState) -> Opened?) {
        self.name = name
        self.ready = nil
        self.open = open
    }

    /// Shows `modal`, whose state the screen asking for it made.
    package static func made(_ modal: AppState.Modal) -> ModalOpening {
        ModalOpening(name: "made", ready: modal) { _ in Opened(modal: modal) }
    }

    private init(name: String, ready: AppState.Modal?, open: @escaping @Sendable (AppState) -> Opened?) {
        self.name = name
        self.ready = ready
        self.open = open
    }

    package static func == (lhs: ModalOpening, rhs: ModalOpening) -> Bool {
        lhs.name == rhs.name && lhs.ready == rhs.ready
    }
}
