import CognitoAuth
import Foundation
import LatchkeyText
import TerminalKeys
import Testing

@testable import AuthScreens

/// The forms', the choice screens', the yes/no prompts' and the app's keys are lists of bindings:
/// every binding in every list is dispatched, and no key is bound to two commands in one list.
@Suite("Forms and prompts: key bindings are values")
struct FormKeyBindingTests {
    /// Every list of bindings a view keeps, by name, as (key, command) pairs and labels.
    static var everyList: [(name: String, keys: [(Key, AnyHashable)], labels: [String])] {
        func list<C: Hashable>(_ name: String, _ bindings: [KeyBinding<C>]) -> (String, [(Key, AnyHashable)], [String])
        {
            // The command the list dispatches for each key is the one the binding names.
            for binding in bindings {
                for key in binding.keys {
                    let dispatched: C? = bindings.command(for: key)
                    #expect(dispatched == binding.command, "\(name): \(key) is bound to two commands")
                }
            }
            let pairs = bindings.flatMap { binding in binding.keys.map { ($0, AnyHashable(binding.command)) } }
            return (name, pairs, bindings.map(\.label))
        }
        return [
            list("FormKeys", FormKeys.keyBindings), list("FormKeys.choice", FormKeys.choiceBindings),
            list("FieldState", FieldState.keyBindings), list("PasswordChangeForm", PasswordChangeForm.keyBindings),
            list("Profile.edit", ProfileState.editBindings), list("Profile.code", ProfileState.codeBindings),
            list("Profile.delete", ProfileState.deleteBindings), list("AnswerKeys", AnswerKeys.keyBindings),
            list("AppKeys", AppKeys.keyBindings), list("Dashboard", DashboardState.keyBindings),
            list("Devices", DevicesState.keyBindings), list("Profile", ProfileState.keyBindings),
            list("AccountPicker", AccountPickerState.keyBindings), list("TokenCopy", TokenCopyChoice.keyBindings),
        ]
    }

    @Test("in every view's list each key has one command and each binding a key and a label")
    func everyListIsConsistent() {
        let lists = Self.everyList
        #expect(lists.count == 14)
        for list in lists {
            #expect(!list.keys.isEmpty && list.labels.allSatisfy { !$0.isEmpty }, "\(list.name)")
        }
    }

    /// An empty sign-in form: username, password, Sign in, Create account, Forgot password.
    func signIn(focus: SignInState.Focus = .username) -> SignInState {
        var state = SignInState()
        state.focus = focus
        return state
    }

    @Test("a form: each binding's key does what its command says")
    func formDispatch() {
        for binding in FormKeys.keyBindings {
            for key in binding.keys {
                var state = signIn()
                let outcome = state.handleFormKey(key)
                switch binding.command {
                case .next: #expect(outcome == .handled && state.focus == .password, "\(key)")
                case .previous: #expect(outcome == .handled && state.focus == state.focusOrder.last, "\(key)")
                case .enter: #expect(outcome == .handled && state.focus == .password, "\(key)")
                case .escape: #expect(outcome == .escaped, "\(key)")
                case .activate:
                    var onButton = signIn(focus: .signIn)
                    #expect(onButton.handleFormKey(key) == .activated(.signIn), "\(key)")
                case .reveal:
                    var onPassword = signIn(focus: .password)
                    _ = onPassword.handleFormKey(key)
                    #expect(onPassword.password.isRevealed, "\(key)")
                case .newCode: Issue.record("a form's list has no Ctrl-R")
                }
            }
        }
        var inFlight = signIn()
        inFlight.request = .signIn
        #expect(inFlight.handleFormKey(FormKeys.escape.keys[0]) == .cancelledInFlight)
    }

    @Test("a choice screen: the same keys, placed for choices, are dispatched alike")
    func choiceDispatch() {
        let state = SelectMFATypeState(username: "alice", choices: [.totp, .sms])
        for binding in FormKeys.choiceBindings {
            for key in binding.keys {
                var pressed = state
                let outcome = pressed.handleFormKey(key)
                switch binding.command {
                case .next: #expect(pressed.focus == .choice(1), "\(key)")
                case .previous: #expect(pressed.focus == .cancel, "\(key)")
                case .enter, .activate: #expect(outcome == .activated(.choice(0)), "\(key)")
                case .escape: #expect(outcome == .escaped, "\(key)")
                case .reveal: #expect(outcome == .handled && pressed == state, "\(key)")
                case .newCode: Issue.record("a choice screen has no Ctrl-R")
                }
            }
        }
    }

    @Test("a text field: each editing binding's key does its edit, and other keys are not editing keys")
    func fieldDispatch() {
        var base = FieldState(text: "one two three")
        base.moveLeft()
        base.moveLeft()
        for binding in FieldState.keyBindings {
            for key in binding.keys {
                var pressed = base
                var edited = base
                #expect(pressed.apply(key) == edited.edit(binding.command), "\(key)")
                #expect(pressed == edited && pressed != base, "\(key) did not do \(binding.command)")
                // "one two three", the cursor before "ee".
                let expected: (text: String, cursor: Int) =
                    switch binding.command {
                    case .moveToStart: ("one two three", 0)
                    case .moveToEnd: ("one two three", 13)
                    case .moveLeft: ("one two three", 10)
                    case .moveRight: ("one two three", 12)
                    case .deleteBackward: ("one two thee", 10)
                    case .deleteForward: ("one two thre", 11)
                    case .deleteToStart: ("ee", 0)
                    case .deleteToEnd: ("one two thr", 11)
                    case .deleteWordBackward: ("one two ee", 8)
                    }
                #expect((pressed.text, pressed.cursor) == expected, "\(key) did not do \(binding.command)")
            }
        }
        var untouched = base
        for key in [Key.tab, .escape, .enter, .ctrl("t"), .function(1), .pageUp] {
            #expect(untouched.apply(key) == .notEditing && untouched == base, "\(key)")
        }
    }

    @Test("the Profile password form: each binding's key does what its command says")
    func passwordFormDispatch() {
        for binding in PasswordChangeForm.keyBindings {
            for key in binding.keys {
                var form = PasswordChangeForm()
                let outcome = form.apply(key)
                switch binding.command {
                case .next, .enter: #expect(outcome == .moved && form.focus == .proposed, "\(key)")
                case .previous: #expect(outcome == .moved && form.focus == .confirmation, "\(key)")
                case .reveal: #expect(form.current.isRevealed, "\(key)")
                case .escape: #expect(outcome == .ignored, "\(key): the Profile view answers Esc")
                case .activate, .newCode: Issue.record("\(binding.command) is not the password form's")
                }
            }
        }
    }

    @Test("the Profile forms: Enter, Ctrl-R and Esc do what their bindings say")
    func profileFormsDispatch() {
        let lists: [(ProfileState.Mode, [KeyBinding<FormCommand>])] = [
            (.editing(name: "name", value: FieldState(text: "Alice")), ProfileState.editBindings),
            (.verifying(name: "email", code: FieldState(text: "123456"), delivery: nil), ProfileState.codeBindings),
            (.confirmingDelete(typed: FieldState(text: "alice")), ProfileState.deleteBindings),
        ]
        for (mode, bindings) in lists {
            for binding in bindings {
                var state = ProfileState(username: "alice")
                state.mode = mode
                let effects = state.reduce(.keyPressed(binding.keys[0]))
                switch binding.command {
                case .escape: #expect(state.mode == .browsing && effects.isEmpty, "\(mode)")
                case .enter, .newCode: #expect(state.request != nil && !effects.isEmpty, "\(mode) \(binding.command)")
                default: Issue.record("\(binding.command) is not a Profile form's")
                }
            }
        }
    }

    @Test("a yes/no prompt: y says yes and n no, in both cases; any other key declines")
    func answerDispatch() {
        for binding in AnswerKeys.keyBindings {
            for key in binding.keys {
                var question = DashboardQuestion.signOutEverywhere
                let answered = question.reduce(key)
                #expect(answered.contains(.route(.answered(.signOutEverywhere, confirmed: binding.command == .yes))))
                let remember = RememberDevicePromptState(deviceKey: "k").answer(key)
                #expect(remember == .remember(deviceKey: nil, remembered: binding.command == .yes), "\(key)")
            }
        }
        #expect(RememberDevicePromptState(deviceKey: "k").answer(.character("x")) == nil)
        #expect(!AnswerKeys.isYes(.enter) && !AnswerKeys.isYes(.character("q")))
    }

    @Test("the app's keys: Ctrl-C quits, F1 and ? open the help, Esc closes it, q quits, Ctrl-Z suspends")
    func appDispatch() {
        for binding in AppKeys.keyBindings {
            for key in binding.keys {
                var app = signedInApp()
                switch binding.command {
                case .interrupt: #expect(app.reduce(.keyPressed(key)) == [.quit])
                case .quit: #expect(app.reduce(.keyPressed(key)) == [.quit])
                case .help, .formHelp:
                    _ = app.reduce(.keyPressed(key))
                    #expect(app.isHelpVisible, "\(key)")
                case .closeHelp:
                    app.isHelpVisible = true
                    _ = app.reduce(.keyPressed(key))
                    #expect(!app.isHelpVisible)
                case .suspend: #expect(AppKeys.suspends(key) && !AppKeys.interrupts(key))
                case .copy:
                    var signIn = SignInState()
                    signIn.signOutURL = "https://example.com/logout"
                    app = AppState()
                    app.base = .signIn(signIn)
                    #expect(app.reduce(.keyPressed(key)).contains { if case .copy = $0 { true } else { false } })
                }
            }
        }
    }

    @Test("the hints, footers and help read as before, in English and Japanese")
    func textsUnchanged() {
        Language.$override.withValue(.english) {
            #expect(
                ScreenText.formHelp == [
                    "Tab / Shift-Tab, ↓ / ↑   move between fields", "Enter   next field; on the last field, submit",
                    "Esc   back, or cancel a request in flight", "Ctrl-T   show or hide the focused password",
                    "Ctrl-A / Ctrl-E   start / end (Home / End)", "Ctrl-B / Ctrl-F   back / forward a character",
                    "Ctrl-U / Ctrl-K   delete to the start / the end",
                    "Ctrl-D / Ctrl-W   delete forward / the word before", "Mouse   click a field, button or link",
                    "F1   this help (? is typed into the field)", "Ctrl-Z / Ctrl-C   suspend (fg resumes) / quit",
                ])
            #expect(
                ScreenText.choiceHelp == [
                    "↓ / ↑, Tab   move between choices", "Enter or Space   choose", "Esc   back to sign in",
                    "? or F1   this help", "q or Ctrl-C   quit",
                ])
            #expect(ScreenText.choiceHints == ["↑/↓ choose", "Enter select", "q quit", "Esc back"])
            #expect(ScreenText.closeHelpHint == "Esc or ? close help")
            #expect(ScreenText.rememberDeviceFooter == "y remember · n don't · any other key: ask later")
            #expect(ScreenText.globalSignOutHints == ["y sign out everywhere", "any other key cancel"])
            #expect(ScreenText.profileFormHints == ["Enter save", "Esc back", "Ctrl-C quit"])
            #expect(ScreenText.profileCodeHints == ["Enter verify", "Ctrl-R new code", "Esc later", "Ctrl-C quit"])
            #expect(
                ScreenText.profilePasswordHints == [
                    "Tab next", "Enter change", "Ctrl-T show", "Esc back", "Ctrl-C quit",
                ])
            #expect(ScreenText.profileDeleteHints == ["Enter delete", "Esc keep the account", "Ctrl-C quit"])
            #expect(ScreenText.hintEscBackTo("bob") == "Esc back to bob")
            #expect(ScreenText.totpCopyURIHint == "Ctrl-Y copies the otpauth:// URI to the clipboard.")
            #expect(
                ScreenText.pasteHint == "Or paste the URL the browser ends at (it has ?code=), then Enter. Esc cancels."
            )
            #expect(ScreenText.reloginCancelledStatus == "Sign-in cancelled. Press s to sign in again.")
            #expect(ScreenText.globalSignOutQuestion == "Sign out of every device? y/N")
            #expect(ScreenText.mfaPressMFirst == "MFA: press m first to read the settings")
            #expect(ScreenText.noSignInMethod.contains("Press Esc and ask"))
            #expect(ScreenText.totpQRCodeUnavailable.hasSuffix("or press Ctrl-Y to copy the URI."))
            #expect(ScreenText.confirmForgetThisMachine.contains(" y to forget, any other key"))
            #expect(
                [ScreenText.hintCtrlCQuit, ScreenText.hintQuit, ScreenText.hintCancelRequest]
                    == ["Ctrl-C quit", "q quit", "Esc cancel request"])
        }
        Language.$override.withValue(.japanese) {
            #expect(
                ScreenText.formHelp == [
                    "Tab / Shift-Tab, ↓ / ↑   項目を移動", "Enter   次の項目へ。最後の項目では送信", "Esc   戻る、または送信中の要求を中止",
                    "Ctrl-T   パスワードの表示/非表示", "Ctrl-A / Ctrl-E   先頭 / 末尾へ (Home / End)",
                    "Ctrl-B / Ctrl-F   1 文字戻る / 進む", "Ctrl-U / Ctrl-K   先頭まで / 末尾まで削除",
                    "Ctrl-D / Ctrl-W   次の文字 / 前の単語を削除", "マウス   項目・ボタン・リンクをクリック",
                    "F1   このヘルプ (? は入力欄に入力されます)", "Ctrl-Z / Ctrl-C   一時停止 (fg で再開) / 終了",
                ])
            #expect(
                ScreenText.choiceHelp == [
                    "↓ / ↑, Tab   選択肢を移動", "Enter / Space   決定", "Esc   サインインに戻る", "? / F1   このヘルプ",
                    "q / Ctrl-C   終了",
                ])
            #expect(ScreenText.choiceHints == ["↑/↓ 選択", "Enter 決定", "q 終了", "Esc 戻る"])
            #expect(ScreenText.closeHelpHint == "Esc/? ヘルプを閉じる")
            #expect(ScreenText.rememberDeviceFooter == "y 記憶する · n しない · その他のキー: 後で確認")
            #expect(ScreenText.globalSignOutHints == ["y 全デバイスでサインアウト", "その他のキー キャンセル"])
            #expect(ScreenText.profileCodeHints == ["Enter 確認", "Ctrl-R 新しいコード", "Esc 後で", "Ctrl-C 終了"])
            #expect(ScreenText.profilePasswordHints == ["Tab 次へ", "Enter 変更", "Ctrl-T 表示", "Esc 戻る", "Ctrl-C 終了"])
            #expect(ScreenText.hintEscBackTo("bob") == "Esc bob に戻る")
            #expect(ScreenText.reloginCancelledStatus == "サインインをキャンセルしました。s で再サインインできます。")
            #expect(ScreenText.globalSignOutQuestion == "すべてのデバイスからサインアウトしますか? y/N")
            #expect(ScreenText.totpCopyURIHint == "Ctrl-Y で otpauth:// URI をクリップボードにコピーします。")
        }
    }
}
