import CognitoAuth
import Foundation

/// How a base screen opens: the one thing ``Route/show(_:)`` carries, as ``ModalOpening`` is for a modal.
///
/// The screen makes its own state from the app's (an opening declared in the screen's own file) and says
/// what runs with it. Nil from ``open`` leaves the base as it is. The forms' older routes
/// (``Route/signIn(username:notice:)``, ``Route/challenge(_:username:)``, …) stay cases of their own: the
/// re-login and step-up prompts, which embed those forms, read them.
package struct ScreenOpening: Equatable, Sendable {
    /// What opened: the screen, and what to run with it.
    package struct Opened {
        /// The base screen to show.
        var screen: AppState.Screen
        /// What to run and where to go with it (its first request, a status line).
        var effects: [ScreenEffect] = []
    }

    /// Names the opening: two openings are the same when their names are, so an opening that carries
    /// values names them too (`"welcome alice"`).
    let name: String
    /// Makes the screen from the app's state, or nil when it cannot open now.
    let open: @Sendable (AppState) -> Opened?

    /// An opening named `name` that makes its screen with `open`.
    init(_ name: String, open: @escaping @Sendable (AppState) -> Opened?) {
        self.name = name
        self.open = open
    }

    package static func == (lhs: ScreenOpening, rhs: ScreenOpening) -> Bool { lhs.name == rhs.name }
}
