import CognitoAuth
import Foundation
import LatchkeyText
import TerminalKeys

extension ProfileState: ScreenModel {
    var title: String { ScreenText.profileTitle }
    var keyHints: [String]? {
        switch mode {
        case .browsing:
            // `x remove` shows beside the keys only on a row it can remove.
            var hints = ScreenText.profileHints
            if let row = selected, removalRefusal(row) == nil,
                let password = hints.firstIndex(of: Localized.text(\.profileHintsPassword))
            {
                hints.insert(Localized.text(\.profileHintsRemove), at: password)
            }
            return hints
        case .confirmingRemoval:
            return [Localized.text(\.profileRemoveHintsRemove), Localized.text(\.profileRemoveHintsKeep)]
        case .editing: return ScreenText.profileFormHints
        case .verifying: return ScreenText.profileCodeHints
        case .changingPassword: return ScreenText.profilePasswordHints
        case .confirmingDelete: return ScreenText.profileDeleteHints
        }
    }
    var helpLines: [String]? {
        guard mode == .browsing else { return nil }
        var lines = ScreenText.profileHelp
        if let password = lines.firstIndex(of: Localized.text(\.profileHelpPassword)) {
            lines.insert(Localized.text(\.profileHelpRemove), at: password)
        }
        return lines
    }
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
