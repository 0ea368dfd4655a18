import CognitoAuth
import Foundation
import LatchkeyText
import TerminalKeys

extension ProfileState: ScreenModel {
    var title: String { ScreenText.profileTitle }
    var hintEntries: [HintEntry]? {
        switch mode {
        case .browsing: return bindingHints
        case .confirmingRemoval:
            return [Localized.text(\.profileRemoveHintsRemove), Localized.text(\.profileRemoveHintsKeep)].map(
                HintEntry.init(legacy:))
        case .editing: return ScreenText.profileFormHints.map(HintEntry.init(legacy:))
        case .verifying: return ScreenText.profileCodeHints.map(HintEntry.init(legacy:))
        case .changingPassword: return ScreenText.profilePasswordHints.map(HintEntry.init(legacy:))
        case .confirmingDelete: return ScreenText.profileDeleteHints.map(HintEntry.init(legacy:))
        }
    }
    var helpLines: [String]? { mode == .browsing ? Self.keyBindings.helpLines() : nil }
    static func action(for key: Key) -> ProfileAction { .keyPressed(key) }
}

// MARK: Registered with the app (AppState+Modal.swift lists the case)

extension ModalOpening {
    /// The Profile view, loading the attributes.
    package static let profile = ModalOpening("profile") { app in
        let (state, effects) = ProfileState.opening(over: app)
        return Opened(modal: .profile(state), effects: effects, clearsStatus: true)
    }
}

extension AppAction {
    /// An action for the Profile view.
    package static func profile(_ action: ProfileAction) -> AppAction { .modal(.profile(action)) }
}

extension AuthEffect {
    /// The Profile view's request; its answer comes back to the view.
    package static func profile(_ request: ProfileRequest) -> AuthEffect { .modal(.profile(request)) }
}
