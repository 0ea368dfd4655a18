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
            return [
                AnswerKeys.binding(.yes).hint(\.profileRemoveHintsRemove),
                AnswerKeys.binding(.no).hint(\.profileRemoveHintsKeep),
            ]
        case .editing: return Self.formHints(Self.editBindings)
        case .verifying: return Self.formHints(Self.codeBindings)
        case .changingPassword: return Self.formHints(PasswordChangeForm.keyBindings)
        case .confirmingDelete: return Self.formHints(Self.deleteBindings)
        }
    }
    var helpLines: [String]? { mode == .browsing ? Self.keyBindings.helpLines() : nil }
    static func action(for key: Key) -> ProfileAction { .keyPressed(key) }
}

/// The keys of the Profile view's forms, each a list of the shared form keys placed on its hint bar.
extension ProfileState {
    /// The edit form: Enter saves, Esc goes back.
    static var editBindings: [KeyBinding<FormCommand>] {
        [
            FormKeys.enter.placed(hint: .line(\.profileFormHintsSave)),
            FormKeys.escape.placed(hint: .line(\.hintEscBack)),
        ]
    }

    /// The code form: Enter verifies, Ctrl-R sends a new code, Esc leaves it for later.
    static var codeBindings: [KeyBinding<FormCommand>] {
        [
            FormKeys.enter.placed(hint: .line(\.profileCodeHintsVerify)),
            FormKeys.newCode.placed(hint: .line(\.profileCodeHintsNewCode)),
            FormKeys.escape.placed(hint: .line(\.profileCodeHintsLater)),
        ]
    }

    /// The delete form: Enter deletes, Esc keeps the account.
    static var deleteBindings: [KeyBinding<FormCommand>] {
        [
            FormKeys.enter.placed(hint: .line(\.profileDeleteHintsDelete)),
            FormKeys.escape.placed(hint: .line(\.profileDeleteHintsKeep)),
        ]
    }

    /// A form's hint bar: its bindings' hints, then Ctrl-C quit (`q` is typed in the field).
    static func formHints(_ bindings: [KeyBinding<FormCommand>]) -> [HintEntry] {
        bindings.entries(\.hint).map(\.hintEntry) + [AppKeys.quitHint(onForm: true)]
    }
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
