import AuthScreens
import CognitoAuth
import Foundation
import Testing

@testable import LatchkeyText
@testable import TerminalKit
@testable import TerminalUI

/// Every Japanese text fits the slot it is drawn in at 80x24, measured in display columns
/// (``TextWidth``: a Japanese character takes two).
@Suite struct JapaneseTextFitTests {
    static let japanese = TextCatalog.japanese

    /// Whether `name` is a text of the group `prefix` (`dashboardHelpQuit` is in `dashboardHelp`).
    static func inGroup(_ name: String, _ prefix: String) -> Bool {
        name.hasPrefix(prefix) && name.dropFirst(prefix.count).first.map { $0.isUppercase || $0.isNumber } == true
    }

    /// The help lines' groups: a key column, three spaces, what the key does.
    static let helpGroups = ["formHelp", "choiceHelp", "dashboardHelp", "devicesHelp", "profileHelp"]

    /// Whether `name` is a help line.
    static func isHelpLine(_ name: String) -> Bool { helpGroups.contains { inGroup(name, $0) } }

    /// The standard Cognito attributes' labels.
    static let attributeLabels = TextCatalog.names(of: [
        \.attributeEmail, \.attributePhoneNumber, \.attributeBirthdate, \.attributeZoneinfo, \.attributeUpdatedAt,
        \.attributeName, \.attributeGivenName, \.attributeFamilyName, \.attributeMiddleName, \.attributeNickname,
        \.attributePreferredUsername, \.attributeProfile, \.attributePicture, \.attributeWebsite, \.attributeGender,
        \.attributeLocale, \.attributeAddress,
    ])

    /// The Japanese texts matching `predicate` whose width is over `columns`, with their widths.
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
        let hints = Self.overflowing(Self.lineSlot) { $0.hasPrefix("hint") || $0.contains("Hints") }
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
        let statusKeys = TextCatalog.names(of: [
            \.signingIn, \.creatingAccount, \.confirming, \.sendingCode, \.resettingPassword, \.settingPassword,
            \.verifying, \.sendingNewCode, \.requestCancelled, \.reloginCancelledStatus,
            \.copyTokenCancelled, \.copyTokenUnsupported, \.globalSignOutQuestion, \.globalSignOutDeclined,
            \.mfaReading, \.mfaBusy, \.mfaPressMFirst, \.totpStarting, \.totpEnrolling, \.totpEnrolled,
            \.profileLoading, \.profileSendingCode, \.profileChangingPassword, \.profileDeleting, \.loadingDevices,
            \.forgettingDevice, \.rememberingDevice, \.unrememberingDevice, \.resendCodeWait,
            \.signedOutNotice, \.accountCreated, \.closeHelpHint,
        ])
        let over = Self.overflowing(Self.lineSlot) { statusKeys.contains($0) }
        #expect(over.isEmpty, "\(over)")
        // The token choice names its keys at placeholders: measured as shown.
        Language.$override.withValue(.japanese) {
            #expect(TextWidth.width(of: ScreenText.copyTokenChoice) <= Self.lineSlot, "\(ScreenText.copyTokenChoice)")
            // The footers made from bindings, measured as shown.
            for line in [ScreenText.rememberDeviceFooter, ScreenText.closeHelpHint] {
                #expect(TextWidth.width(of: line) <= Self.lineSlot, "\(line)")
            }
        }
    }

    @Test func headerWordsLeaveRoomForTheUserAndBackend() {
        // "✔ <words> · alice@example.com · local" beside "Latchkey" in 80 columns.
        let room =
            80 - TextWidth.width(of: ScreenText.appName) - 5 - TextWidth.width(of: "✔  · alice@example.com · local")
        let over = Self.overflowing(room) {
            Self.inGroup($0, "reloginHeadline") || $0.hasSuffix("Headline") || Self.inGroup($0, "stateRow")
        }
        #expect(over.isEmpty, "\(over)")
    }

    @Test func dashboardLabelsFitTheLabelColumn() {
        let labels = TextCatalog.names(of: [
            \.stateLabel, \.providerLabel, \.authenticatedByLabel, \.activeProvidersLabel, \.identityIdLabel,
            \.idTokenLabel, \.accessTokenLabel, \.refreshTokenLabel, \.awsCredentialsLabel, \.connectivityLabel,
            \.pendingCallsLabel, \.poolLabel, \.notUsedYetLabel, \.mfaLabel,
        ])
        #expect(labels.isSubset(of: Self.japanese.entries.keys))
        let over = Self.overflowing(Self.dashboardLabelSlot) { labels.contains($0) }
        #expect(over.isEmpty, "\(over)")
    }

    @Test func profileLabelsFitTheLabelColumn() {
        let over = Self.overflowing(Self.profileLabelSlot) {
            Self.inGroup($0, "profileLabel") || $0 == "profileUsername" || $0 == "attributeEmail"
                || $0 == "attributeName"
        }
        #expect(over.isEmpty, "\(over)")
    }

    @Test func helpLinesFitTheHelpBox() {
        let over = Self.overflowing(Self.helpLineSlot) { Self.isHelpLine($0) }
        #expect(over.isEmpty, "\(over)")
        // The lines as the help shows them, each key's label from its binding before the text.
        Language.$override.withValue(.japanese) {
            for line in ScreenText.formHelp + ScreenText.choiceHelp + ScreenText.devicesHelp + ScreenText.profileHelp {
                #expect(TextWidth.width(of: line) <= Self.helpLineSlot, "\(line)")
            }
        }
    }

    @Test func titlesFitTheSmallestBox() {
        let over = Self.overflowing(Self.titleSlot) { $0.hasSuffix("Title") || $0.hasPrefix("codeChallengeTitle") }
        #expect(over.isEmpty, "\(over)")
    }

    @Test func fieldLabelsLeaveTheValueRoom() {
        let labels = TextCatalog.names(of: [
            \.usernameLabel, \.passwordLabel, \.newPasswordLabel, \.confirmPasswordLabel, \.codeLabel, \.answerLabel,
            \.secretLabel, \.usernameLabelEmailOrPhone, \.phoneForCodesLabel, \.emailForCodesLabel, \.profileCodeLabel,
            \.profileCurrentPassword, \.profileNewPassword, \.profileTypeUsername,
        ])
        let over = Self.overflowing(Self.fieldLabelSlot) { labels.contains($0) || Self.attributeLabels.contains($0) }
        #expect(over.isEmpty, "\(over)")
    }

    @Test func deviceColumnHeadersFitTheirColumns() {
        let widths: [(TextKey, Int)] = [(\.uiDevicesName, 24), (\.uiDevicesKey, 10), (\.uiDevicesStatus, 14)]
        for (key, width) in widths {
            #expect(TextWidth.width(of: Self.japanese[keyPath: key]) <= width, "\(key)")
        }
        #expect(TextWidth.width(of: Self.japanese.deviceRemembered) <= 14)
        #expect(TextWidth.width(of: Self.japanese.deviceNotRemembered) <= 14)
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
