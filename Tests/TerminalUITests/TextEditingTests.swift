import Testing

@testable import TerminalKit
@testable import TerminalUI

@Suite struct TextEditingTests {
    @Test func typingInsertsAtTheCursor() {
        var field = TextEditing()
        for character in "alce" { field.insert(character) }
        field.moveLeft()
        field.moveLeft()
        field.insert("i")
        #expect(field.text == "alice")
        #expect(field.cursor == 3)
    }

    @Test func pasteDropsLineBreaksAndControls() {
        var field = TextEditing("pw:")
        field.handle(.paste("hunter2\r\n"))
        #expect(field.text == "pw:hunter2")
        field.insert("a\tb\u{1B}c")
        #expect(field.text == "pw:hunter2a bc")
        #expect(field.cursor == field.count)
    }

    @Test func backspaceAndDeleteRemoveWholeGraphemes() {
        var field = TextEditing("ae\u{301}😀👨‍👩‍👧")
        #expect(field.count == 4)
        field.backspace()
        #expect(field.text == "ae\u{301}😀")
        field.moveToStart()
        field.moveRight()
        field.deleteForward()
        #expect(field.text == "a😀")
        field.backspace()
        #expect(field.text == "😀")
        #expect(field.cursor == 0)
        field.backspace()
        #expect(field.text == "😀")
    }

    @Test func cursorMovesAndClamps() {
        var field = TextEditing("abc", cursor: 1)
        field.moveLeft()
        field.moveLeft()
        #expect(field.cursor == 0)
        field.moveToEnd()
        field.moveRight()
        #expect(field.cursor == 3)
        field.moveCursor(to: 99)
        #expect(field.cursor == 3)
    }

    @Test func controlKeysEditLikeAShell() {
        var field = TextEditing("sign in now")
        field.handle(.ctrl("w"))
        #expect(field.text == "sign in ")
        field.handle(.ctrl("w"))
        #expect(field.text == "sign ")
        field.handle(.ctrl("a"))
        #expect(field.cursor == 0)
        field.handle(.ctrl("e"))
        #expect(field.cursor == 5)
        field.handle(.left)
        field.handle(.left)
        field.handle(.ctrl("k"))
        #expect(field.text == "sig")
        field.handle(.left)
        field.handle(.ctrl("u"))
        #expect(field.text == "g")
        #expect(field.cursor == 0)
        let tabHandled = field.handle(.tab)
        let homeHandled = field.handle(.home)
        #expect(!tabHandled)
        #expect(homeHandled)
    }

    @Test func cursorColumnUsesDisplayWidth() {
        var field = TextEditing("a漢😀")
        #expect(field.cursorColumn == 5)
        field.moveLeft()
        #expect(field.cursorColumn == 3)
    }

    @Test func combiningMarkTypedAfterALetterJoinsIt() {
        var field = TextEditing("cafe")
        field.insert("\u{301}")
        #expect(field.count == 4)
        #expect(field.text == "cafe\u{301}")
        #expect(field.cursor == 4)
        #expect(field.cursorColumn == 4)
    }

    @Test func maximumLengthLimitsInsertion() {
        var field = TextEditing("12345", maximumLength: 6)
        field.insert("678")
        #expect(field.text == "123456")
        let truncated = TextEditing("abcdefgh", maximumLength: 3)
        #expect(truncated.text == "abc")
    }
}
