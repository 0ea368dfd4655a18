import CognitoAuth
import Foundation
import LatchkeyText
import TerminalKeys
import Testing

@testable import AuthScreens

/// The Profile view's browsing keys are one list of bindings: dispatch, hints and help are made from it.
@Suite("Profile: key bindings are values")
struct ProfileKeyBindingTests {
    let bindings = ProfileState.keyBindings

    /// alice's profile, loaded, browsing, the third row selected.
    func browsing() throws -> ProfileState {
        var app = signedInApp()
        _ = app.reduce(.keyPressed(.character("p")))
        _ = app.reduce(.profile(.loaded(.success(aliceProfile))))
        var state = try #require(app.profile)
        state.selection = 2
        return state
    }

    @Test("each command has exactly one binding, each key one command; p, ? and q are written elsewhere once")
    func oneBindingPerCommand() {
        for command in ProfileCommand.allCases {
            #expect(bindings.filter { $0.command == command }.count == 1, "\(command)")
        }
        let keys = bindings.flatMap(\.keys)
        #expect(Set(keys).count == keys.count, "a key is bound twice: \(keys)")
        #expect(bindings.allSatisfy { !$0.label.isEmpty && !$0.keys.isEmpty })
        #expect(bindings.binding(.backByOpeningKey)?.keys == DashboardState.keyBindings.binding(.profile)?.keys)
        #expect(bindings.binding(.help)?.keys == AppKeys.help && bindings.binding(.quit)?.keys == AppKeys.quit)
    }

    @Test("while browsing, a key without a binding does nothing; a bound key does what its command does")
    func dispatchIsTheList() throws {
        let base = try browsing()
        for key in DashboardKeyBindingTests.everyKey {
            var pressed = base
            let effects = pressed.reduce(.keyPressed(key))
            if let binding = bindings.first(where: { $0.matches(key) }) {
                var performed = base
                #expect(effects == performed.perform(binding.command), "\(key)")
                #expect(pressed == performed, "\(key)")
                if binding.command != .help && binding.command != .quit {
                    #expect(!effects.isEmpty || pressed != base, "\(binding.command) has no dispatch")
                }
            } else {
                #expect(effects.isEmpty && pressed == base, "\(key) is handled but has no binding")
            }
        }
    }

    @Test("the hints and the help read as before, in English and Japanese")
    func textsUnchanged() {
        Language.$override.withValue(.english) {
            #expect(
                ScreenText.profileHints == [
                    "↑/↓ select", "e edit", "v verify", "Esc back", "w password", "D delete account", "q quit",
                ])
            #expect(
                ProfileState.keyBindings.helpLines() == [
                    "↑ ↓   select an attribute", "e or Enter   edit the attribute",
                    "v   verify the email address or phone number with a code",
                    "x   remove the attribute (not one the account must keep)", "w   change the password",
                    "D   delete the account (asks you to type the username)", "l   reload",
                    "S   your sessions on every device", "k   your passkeys: list, add, remove",
                    "Esc or p   back to the dashboard", "?   this help",
                    "q   quit",
                ])
        }
        Language.$override.withValue(.japanese) {
            #expect(
                ScreenText.profileHints == [
                    "↑/↓ 選択", "e 編集", "v 確認", "Esc 戻る", "w パスワード", "D アカウント削除", "q 終了",
                ])
            #expect(
                ProfileState.keyBindings.helpLines() == [
                    "↑ ↓   属性を選択", "e / Enter   属性を編集", "v   メールアドレスや電話番号をコードで確認",
                    "x   属性を削除 (アカウントに必須のものは除く)", "w   パスワードを変更",
                    "D   アカウントを削除 (ユーザー名の入力が必要)", "l   再読み込み", "S   全デバイスのセッション",
                    "k   パスキー: 一覧、追加、削除", "Esc / p   ダッシュボードに戻る",
                    "?   このヘルプ", "q   終了",
                ])
        }
    }
}
