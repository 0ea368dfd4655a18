import CognitoAuth
import Foundation
import LatchkeyText
import TerminalKeys
import Testing

@testable import AuthScreens

/// The Accounts chooser's keys are one list of bindings: dispatch and hints are made from it.
@Suite("Accounts chooser: key bindings are values")
struct AccountPickerKeyBindingTests {
    let bindings = AccountPickerState.keyBindings

    @Test("each command one binding, each key one command; a and q are the dashboard's and the app's")
    func oneBindingPerCommand() {
        for command in AccountPickerCommand.allCases {
            #expect(bindings.filter { $0.command == command }.count == 1, "\(command)")
        }
        let keys = bindings.flatMap(\.keys)
        #expect(Set(keys).count == keys.count, "a key is bound twice: \(keys)")
        #expect(bindings.binding(.closeByOpeningKey)?.keys == DashboardState.keyBindings.binding(.accounts)?.keys)
        #expect(bindings.binding(.closeByQuitKey)?.keys == AppKeys.quit)
    }

    @Test("a key without a binding does nothing; Tab and Shift-Tab move as ↓ and ↑; a, q and Esc close")
    func dispatchIsTheList() {
        let base = AccountPickerState(accounts: [
            AccountChoice(id: "1", username: "alice", detail: "pool 1", isCurrent: true),
            AccountChoice(id: "2", username: "bob", detail: "pool 1", isCurrent: false),
        ])
        for key in DashboardKeyBindingTests.everyKey {
            var pressed = base
            let effects = pressed.reduce(key)
            if bindings.contains(where: { $0.matches(key) }) { continue }
            #expect(effects.isEmpty && pressed == base, "\(key) is handled but has no binding")
        }
        for key in [Key.escape, .character("a"), .character("q")] {
            var state = base
            #expect(state.reduce(key) == [.route(.closeModal)])
        }
        var state = base
        _ = state.reduce(.tab)
        #expect(state.selected == 2)
        _ = state.reduce(.backTab)
        #expect(state.selected == 1)
    }

    @Test("the hints read as before, in English and Japanese")
    func textsUnchanged() {
        Language.$override.withValue(.english) {
            #expect(ScreenText.accountPickerHints == ["↑/↓ choose", "Enter switch", "Esc back"])
        }
        Language.$override.withValue(.japanese) {
            #expect(ScreenText.accountPickerHints == ["↑/↓ 選択", "Enter 切り替え", "Esc 戻る"])
        }
    }
}
