import CognitoAuth
import Foundation
import LatchkeyText
import TerminalKeys

/// What a Profile key does while browsing the rows.
enum ProfileCommand: Hashable, CaseIterable {
    case up, down, edit, editByEnter, verify, remove, password, delete, reload, back, backByOpeningKey, help, quit
    /// Opens a view Profile links to (``AppState/viewsOpenedFromProfile``), by its opening's name.
    case openView(String)

    static var allCases: [ProfileCommand] {
        [.up, .down, .edit, .editByEnter, .verify, .remove, .password, .delete, .reload]
            + AppState.viewsOpenedFromProfile.map { .openView($0.opening.name) }
            + [.back, .backByOpeningKey, .help, .quit]
    }
}

/// The Profile view's browsing keys: one list of bindings for the dispatch, the hint bar, the help and
/// the mouse. (The forms' keys are the text fields' and still given as hint texts.)
extension ProfileState {
    /// The Profile view's bindings, in the help's order; each key is written here and nowhere else
    /// (`p`, which also closes the view, is the dashboard's key that opens it).
    static var keyBindings: [KeyBinding<ProfileCommand>] {
        [
            KeyBinding(.up, [.up], label: "↑", hint: .line(\.profileHintsSelect), help: .line(\.profileHelpSelect)),
            KeyBinding(
                .down, [.down], label: "↓", hint: .sharesLine(separator: "/"), help: .sharesLine(separator: " ")),
            KeyBinding(.edit, [.character("e")], hint: .line(\.profileHintsEdit), help: .line(\.profileHelpEdit)),
            KeyBinding(.editByEnter, [.enter], label: "Enter", help: .sharesLineSaying(\.profileHelpOr)),
            KeyBinding(.verify, [.character("v")], hint: .line(\.profileHintsVerify), help: .line(\.profileHelpVerify)),
            KeyBinding(.remove, [.character("x")], hint: .line(\.profileHintsRemove), help: .line(\.profileHelpRemove)),
            KeyBinding(
                .password, [.character("w")], hint: .line(\.profileHintsPassword), help: .line(\.profileHelpPassword)),
            KeyBinding(.delete, [.character("D")], hint: .line(\.profileHintsDelete), help: .line(\.profileHelpDelete)),
            KeyBinding(.reload, [.character("l")], help: .line(\.profileHelpReload)),
        ]
            // The views Profile links to open with the dashboard's keys (`S`, `k`), so each is written once.
            + AppState.viewsOpenedFromProfile.map { link in
                KeyBinding(
                    .openView(link.opening.name), DashboardState.keyBindings.binding(link.dashboardCommand)?.keys ?? [],
                    help: .line(link.help))
            }
            + [
                KeyBinding(
                    .back, [.escape], label: "Esc", hint: .line(\.profileHintsBack), help: .line(\.profileHelpBack)),
                KeyBinding(
                    .backByOpeningKey, DashboardState.keyBindings.binding(.profile)?.keys ?? [],
                    help: .sharesLineSaying(\.profileHelpOr)),
                // `?` and `q` are the app's (AppState.keyPressed answers them before the view sees them).
                KeyBinding(.help, AppKeys.help, hint: .line(\.profileHintsHelp), help: .line(\.profileHelpHelp)),
                KeyBinding(.quit, AppKeys.quit, hint: .line(\.profileHintsQuit), help: .line(\.profileHelpQuit)),
            ]
    }

    /// The hint bar's order while browsing, most important first (a narrow bar keeps the first): the way
    /// back before the rarer keys, and no `?` (the bar adds "? help" or "? more" itself; ux-3, item 16).
    static let hintOrder: [ProfileCommand] = [
        .up, .edit, .verify, .back, .remove, .password, .delete, .quit,
    ]

    /// The browsing hints: `x remove` only on a row it can remove.
    var bindingHints: [HintEntry] {
        Self.keyBindings.hintEntries(order: Self.hintOrder) { command in
            guard command == .remove else { return true }
            guard let row = selected else { return false }
            return removalRefusal(row) == nil
        }
    }

    /// A key while browsing: the command bound to it, if any.
    mutating func browsingKey(_ key: Key) -> [ScreenEffect] {
        guard let command: ProfileCommand = Self.keyBindings.command(for: key) else { return [] }
        return perform(command)
    }
}
