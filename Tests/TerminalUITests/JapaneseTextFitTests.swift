import AuthScreens
import CognitoAuth
import Foundation
import LatchkeyText
import Testing

@testable import TerminalKit
@testable import TerminalUI

/// Every Japanese text fits the slot it is drawn in at 80x24, measured in display columns
/// (``TextWidth``: a Japanese character takes two).
@Suite struct JapaneseTextFitTests {
    static let japanese = TextCatalog.japanese

    /// The Japanese keys matching `predicate` whose width is over `columns`, with their widths.
    static func overflowing(_ columns: Int, where predicate: (String) -> Bool) -> [String] {
        japanese.entries.filter { predicate($0.key) }.compactMap { key, text in
            let width = TextWidth.width(of: text)
            return width > columns ? "\(key) (\(width) > \(columns)): \(text)" : nil
        }.sorted()
    }

    /// Drawn with one cell of margin on the status line, the key-hint line and the header.
    static let lineSlot = 78
    /// The dashboard's label column, less the space before the value.
    static let dashboardLabelSlot = AppView.dashboardLabelWidth - 1
    /// The Profile view's label column.
    static let profileLabelSlot = 16
    /// A help line inside the help box at 80 columns: the box is 2 narrower than the screen and
    /// has 3 columns of padding each side.
    static let helpLineSlot = 80 - 2 - 6
    /// A box title at 60 columns (the smallest layout): the border and a space each side.
    static let titleSlot = 60 - 6
    /// A form's field label: at 60 columns the value keeps at least 30 columns.
    static let fieldLabelSlot = 60 - 4 - 30 - 2

    @Test func keyHintsFitOneLine() {
        let hints = Self.overflowing(Self.lineSlot) { $0.hasPrefix("hint") || $0.contains("Hints.") }
        #expect(hints.isEmpty, "\(hints)")
    }

    @Test func theDashboardHintsFitBesideTheMoreHint() {
        Language.$override.withValue(.japanese) {
            let fitted = AppView.fittedHints(
                ScreenText.dashboardHints, help: ScreenText.hintHelp, more: ScreenText.hintF1More, width: 78)
            #expect(fitted.count >= 4, "\(fitted)")
            let width = fitted.map { TextWidth.width(of: $0) }.reduce(0, +) + 3 * (fitted.count - 1)
            #expect(width <= 78, "\(fitted)")
        }
    }

    @Test func statusLineTextsFitOneLine() {
        let statusKeys: Set<String> = [
            "signingIn", "creatingAccount", "confirming", "sendingCode", "resettingPassword", "settingPassword",
            "verifying", "sendingNewCode", "requestCancelled", "reloginCancelledStatus", "copyTokenChoice",
            "copyTokenCancelled", "copyTokenUnsupported", "globalSignOutQuestion", "globalSignOutDeclined",
            "mfaReading", "mfaBusy", "mfaPressMFirst", "totpStarting", "totpEnrolling", "totpEnrolled",
            "profileLoading", "profileSendingCode", "profileChangingPassword", "profileDeleting", "loadingDevices",
            "forgettingDevice", "rememberingDevice", "unrememberingDevice", "resendCodeWait", "rememberDeviceFooter",
            "signedOutNotice", "accountCreated", "closeHelpHint",
        ]
        let over = Self.overflowing(Self.lineSlot) { statusKeys.contains($0) }
        #expect(over.isEmpty, "\(over)")
    }

    @Test func headerWordsLeaveRoomForTheUserAndBackend() {
        // "✔ <words> · alice@example.com · local" beside "Latchkey" in 80 columns.
        let room =
            80 - TextWidth.width(of: ScreenText.appName) - 5 - TextWidth.width(of: "✔  · alice@example.com · local")
        let over = Self.overflowing(room) {
            $0.hasPrefix("reloginHeadline.") || $0.hasSuffix("Headline") || $0.hasPrefix("stateRow.")
        }
        #expect(over.isEmpty, "\(over)")
    }

    @Test func dashboardLabelsFitTheLabelColumn() {
        let labels: Set<String> = [
            "stateLabel", "providerLabel", "authenticatedByLabel", "activeProvidersLabel", "identityIdLabel",
            "idTokenLabel", "accessTokenLabel", "refreshTokenLabel", "awsCredentialsLabel", "connectivityLabel",
            "pendingCallsLabel", "poolLabel", "notUsedYetLabel", "mfaLabel",
        ]
        #expect(labels.isSubset(of: Self.japanese.entries.keys))
        let over = Self.overflowing(Self.dashboardLabelSlot) { labels.contains($0) }
        #expect(over.isEmpty, "\(over)")
    }

    @Test func profileLabelsFitTheLabelColumn() {
        let over = Self.overflowing(Self.profileLabelSlot) {
            $0.hasPrefix("profileLabel.") || $0 == "profileUsername" || $0 == "attribute.email"
                || $0 == "attribute.name"
        }
        #expect(over.isEmpty, "\(over)")
    }

    @Test func helpLinesFitTheHelpBox() {
        let over = Self.overflowing(Self.helpLineSlot) { $0.contains("Help.") }
        #expect(over.isEmpty, "\(over)")
    }

    @Test func helpLinesKeepTheKeyColumnSeparator() {
        let lines = Self.japanese.entries.filter { $0.key.contains("Help.") }
        #expect(lines.count > 30)
        for (key, text) in lines {
            #expect(text.contains("   "), "\(key) needs three spaces between the keys and the text: \(text)")
        }
    }

    @Test func keyHintsKeepTheirKeys() throws {
        // "Tab 次へ": the key before the first space is the one the English names, so the key hint
        // bar draws it as a key and a click presses it.
        for (key, english) in TextCatalog.english.entries where key.hasPrefix("hint") || key.contains("Hints.") {
            guard let text = Self.japanese.entries[key], english.contains(" "), key != "globalSignOutHints.cancel"
            else {
                continue
            }
            let englishKey = AppView.keyHint(english).key
            let japaneseKey = AppView.keyHint(text).key
            if englishKey.contains(" or ") {
                #expect(japaneseKey.contains("/"), "\(key): \(text)")
            } else {
                #expect(japaneseKey == englishKey, "\(key): \(text)")
            }
        }
    }

    @Test func titlesFitTheSmallestBox() {
        let over = Self.overflowing(Self.titleSlot) { $0.hasSuffix("Title") || $0.hasPrefix("codeChallengeTitle.") }
        #expect(over.isEmpty, "\(over)")
    }

    @Test func fieldLabelsLeaveTheValueRoom() {
        let labels: Set<String> = [
            "usernameLabel", "passwordLabel", "newPasswordLabel", "confirmPasswordLabel", "codeLabel", "answerLabel",
            "secretLabel", "usernameLabel.emailOrPhone", "phoneForCodesLabel", "emailForCodesLabel",
            "profileCodeLabel", "profileCurrentPassword", "profileNewPassword", "profileTypeUsername",
        ]
        let over = Self.overflowing(Self.fieldLabelSlot) { labels.contains($0) || $0.hasPrefix("attribute.") }
        #expect(over.isEmpty, "\(over)")
    }

    @Test func deviceColumnHeadersFitTheirColumns() {
        let widths = ["ui.devices.name": 24, "ui.devices.key": 10, "ui.devices.status": 14]
        for (key, width) in widths {
            #expect(TextWidth.width(of: Self.japanese.text(key)) <= width, "\(key)")
        }
        #expect(TextWidth.width(of: Self.japanese.text("deviceRemembered")) <= 14)
        #expect(TextWidth.width(of: Self.japanese.text("deviceNotRemembered")) <= 14)
    }

    // MARK: Wrapping Japanese

    @Test func japaneseWrapsBetweenCharactersAndFillsTheLine() {
        let text = "サインインする前に、新しいパスワードを設定してください。"
        let lines = TextWidth.wrap(text, toWidth: 20)
        #expect(lines.allSatisfy { TextWidth.width(of: $0) <= 20 }, "\(lines)")
        #expect(lines.joined() == text)
        #expect(lines.count == 3, "\(lines)")
    }

    @Test func closingPunctuationNeverStartsALine() {
        // 18 columns: "サインインする前に" (18) would leave "、" to start the next line.
        let lines = TextWidth.wrap("サインインする前に、新しいパスワード", toWidth: 18)
        #expect(lines.allSatisfy { !($0.first.map { TextWidth.noLineStart.contains($0) } ?? false) }, "\(lines)")
        #expect(lines.allSatisfy { TextWidth.width(of: $0) <= 18 }, "\(lines)")
    }

    @Test func japaneseAfterLatinTextContinuesOnTheSameLine() {
        let lines = TextWidth.wrap("認証アプリで QR コードを読み取るか、シークレットを入力してください。", toWidth: 30)
        #expect(lines.allSatisfy { TextWidth.width(of: $0) <= 30 }, "\(lines)")
        #expect(TextWidth.width(of: lines[0]) >= 28, "the first line is filled: \(lines)")
    }

    @Test func aLongLogLineContinuesOnTheNextRow() {
        // The log's lines have two spaces after the time; the continuation used to be lost.
        let english = "05:09:26  Identity id changed: none → us-east-1:88cf1edb-a320-4a47-a146-c7980e549050"
        let japanese = "05:09:26  ID プール ID が変わりました: なし → us-east-1:88cf1edb-a320-4a47-a146-c7980e549050"
        for text in [english, japanese] {
            var grid = CellGrid(width: 60, height: 3)
            LogView(entries: [LogView.Entry(text)], wrapsLongLines: true).draw(
                into: &grid, in: Rect(row: 0, column: 0, width: 60, height: 3))
            let lines = grid.textLines()
            #expect(lines.contains { $0.contains("us-east-1:88cf1edb") }, "\(lines)")
        }
        #expect(LogView.remainder(of: "a  b c", after: "a b") == "c")
        #expect(LogView.remainder(of: "サインイン済み", after: "サイン") == "イン済み")
        #expect(LogView.remainder(of: "abc", after: "x") == "")
    }

    @Test func englishWrappingIsUnchanged() {
        #expect(TextWidth.wrap("Enter the code we sent.", toWidth: 10) == ["Enter the", "code we", "sent."])
        #expect(TextWidth.wrap("abcdefghijkl", toWidth: 5) == ["abcde", "fghij", "kl"])
    }
}
