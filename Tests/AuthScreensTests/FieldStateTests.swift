import AuthScreens
import TerminalKeys
import Testing

@Suite struct FieldStateTests {
    @Test func editingCountsGraphemeClusters() {
        var field = FieldState()
        field.insert("a")
        field.insert("👩‍👩‍👧")
        field.insert("é")
        #expect(field.text == "a👩‍👩‍👧é")
        #expect(field.cursor == 3)
        field.moveLeft()
        #expect(field.cursor == 2)
        field.backspace()
        #expect(field.text == "aé")
        #expect(field.cursor == 1)
        field.insert("🇫🇷")
        #expect(field.text == "a🇫🇷é")
        #expect(field.cursor == 2)
        field.moveHome()
        field.deleteForward()
        #expect(field.text == "🇫🇷é")
        #expect(field.cursor == 0)
        field.moveEnd()
        #expect(field.cursor == 2)
        field.moveRight()
        #expect(field.cursor == 2)
    }

    @Test func combiningMarkJoinsThePreviousCharacter() {
        var field = FieldState(text: "e")
        field.insert("\u{301}")
        #expect(field.text == "é")
        #expect(field.text.count == 1)
        #expect(field.cursor == 1)
    }

    @Test func pasteDropsControlCharacters() {
        var field = FieldState(isSecure: true)
        #expect(field.apply(.paste("pa\tss\r\nword\n")) == .changed)
        #expect(field.text == "password")
        #expect(field.apply(.paste("\n")) == .moved)
    }

    @Test func keysEditAndMove() {
        var field = FieldState(text: "hello")
        #expect(field.apply(.left) == .moved)
        #expect(field.apply(.backspace) == .changed)
        #expect(field.text == "helo")
        #expect(field.apply(.ctrl("a")) == .moved)
        #expect(field.cursor == 0)
        #expect(field.apply(.backspace) == .moved)
        #expect(field.apply(.ctrl("e")) == .moved)
        #expect(field.apply(.ctrl("u")) == .changed)
        #expect(field.text.isEmpty)
        #expect(field.apply(.tab) == .notEditing)
        #expect(field.apply(.ctrl("t")) == .notEditing)
    }

    @Test func controlKeysEditLikeAShell() {
        var field = FieldState(text: "sign in now")
        #expect(field.apply(.ctrl("w")) == .changed)
        #expect(field.text == "sign in ")
        #expect(field.apply(.ctrl("w")) == .changed)
        #expect(field.text == "sign ")
        #expect(field.cursor == 5)
        #expect(field.apply(.ctrl("b")) == .moved)
        #expect(field.apply(.ctrl("b")) == .moved)
        #expect(field.apply(.ctrl("k")) == .changed)
        #expect(field.text == "sig")
        #expect(field.apply(.ctrl("k")) == .moved)
        #expect(field.apply(.ctrl("a")) == .moved)
        #expect(field.apply(.ctrl("f")) == .moved)
        #expect(field.apply(.ctrl("d")) == .changed)
        #expect(field.text == "sg")
        #expect(field.cursor == 1)
        #expect(field.apply(.ctrl("u")) == .changed)
        #expect(field.text == "g")
        #expect(field.apply(.ctrl("w")) == .moved)
        var emoji = FieldState(text: "hi 👩‍👩‍👧🇫🇷")
        #expect(emoji.apply(.ctrl("w")) == .changed)
        #expect(emoji.text == "hi ")
        #expect(emoji.cursor == 3)
    }

    @Test func secureFieldMasksDisplayAndDescriptions() {
        var field = FieldState(isSecure: true)
        field.insert("Hunter2!")
        #expect(field.displayText == "••••••••")
        field.isRevealed = true
        #expect(field.displayText == "Hunter2!")
        #expect(!String(describing: field).contains("Hunter2"))
        #expect(!String(reflecting: field).contains("Hunter2"))
        #expect(!dumped(field).contains("Hunter2"))
        #expect(String(describing: field).contains(ScreenText.redacted))
    }

    @Test func clearWipesAndResetsEditedFlag() {
        var field = FieldState(isSecure: true)
        field.insert("x")
        field.isRevealed = true
        #expect(field.isEdited)
        field.clear()
        #expect(field.text.isEmpty && field.cursor == 0 && !field.isEdited && !field.isRevealed)
    }

    @Test func secretTextIsRedacted() {
        let effect = AuthEffect.signIn(.signIn(username: "alice", password: "Hunter2!"))
        #expect(!String(describing: effect).contains("Hunter2"))
        #expect(!dumped(effect).contains("Hunter2"))
        #expect(String(describing: effect).contains("alice"))
    }

    @Test func codeFieldsTakeDigitsOnly() {
        var code = FieldState.digitsOnly
        #expect(code.apply(.character("a")) == .moved)
        #expect(code.apply(.character("1")) == .changed)
        #expect(code.apply(.paste("23 4x56")) == .changed)
        #expect(code.text == "123456")
        // Every code screen's field is one; a custom challenge's answer is free text.
        #expect(ConfirmSignUpState(username: "bob", delivery: nil).code.acceptsDigitsOnly)
        #expect(CodeChallengeState(username: "bob", kind: .totp).code.acceptsDigitsOnly)
        #expect(!CodeChallengeState(username: "bob", kind: .custom([:])).code.acceptsDigitsOnly)
    }
}
