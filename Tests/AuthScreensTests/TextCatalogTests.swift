import AuthScreensTesting
import CognitoAuth
import Foundation
import Testing

@testable import AuthScreens
@testable import LatchkeyText

/// The catalogs: every English text translated (or kept in English on purpose), the same placeholders
/// in every language, every text used, and the language chosen as POSIX says. That every key looked up
/// exists is the compiler's job: a key is a property of `TextCatalog`.
@Suite struct TextCatalogTests {
    static let english = TextCatalog.english.entries

    /// The texts `language` keeps as they are in English on purpose.
    static func keptInEnglish(_ language: Language) -> Set<String> {
        switch language {
        case .english: return Set(english.keys)
        case .japanese: return TextCatalog.names(of: TextCatalog.untranslatedInJapanese)
        }
    }

    @Test func theCatalogHoldsEveryText() {
        #expect(Self.english.count > 900, "Mirror found \(Self.english.count) texts")
        #expect(Self.english["signInTitle"] == "Sign in")
        #expect(Self.english["errorCodeMismatchSummary"] == "The code is wrong.")
    }

    @Test(arguments: Language.allCases.filter { $0 != .english })
    func everyEnglishTextIsTranslated(_ language: Language) {
        let texts = language.catalog.entries
        let kept = Self.keptInEnglish(language)
        let missing = Self.english.filter { texts[$0.key] == $0.value && !kept.contains($0.key) }.keys.sorted()
        #expect(
            missing.isEmpty, "\(language.rawValue) lacks \(missing.count) texts: \(missing.joined(separator: ", "))")
        let notKept = kept.filter { texts[$0] != Self.english[$0] }.sorted()
        #expect(notKept.isEmpty, "\(language.rawValue) translates texts it lists as kept in English: \(notKept)")
    }

    @Test(arguments: Language.allCases.filter { $0 != .english })
    func translationsUseTheEnglishPlaceholders(_ language: Language) throws {
        for (name, text) in language.catalog.entries {
            let english = try #require(Self.english[name], "\(name)")
            #expect(
                TextCatalog.placeholders(in: text) == TextCatalog.placeholders(in: english),
                "\(language.rawValue) \(name): \(text)")
        }
    }

    /// Every text is looked up somewhere (`\.name` or `.name` in Sources/, outside the catalogs), and a
    /// translation sets each text once.
    @Test func everyTextIsUsedAndTranslatedOnce() throws {
        let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources")
        let files = try #require(FileManager.default.enumerator(atPath: sources.path)).compactMap { $0 as? String }
            .filter { $0.hasSuffix(".swift") }
        var code = ""
        var japanese = ""
        for file in files {
            let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
            if file.hasPrefix("LatchkeyText/TextCatalog+Japanese") { japanese += text }
            if !file.hasPrefix("LatchkeyText/TextCatalog") { code += text }
        }
        let used = Set(code.matches(of: /\.([a-z][A-Za-z0-9]*)\b/).map { String($0.output.1) })
        let unused = Self.english.keys.filter { !used.contains($0) }.sorted()
        #expect(unused.isEmpty, "\(unused.count) texts are never looked up: \(unused)")
        let assignments = japanese.matches(of: /\n\s+text\.(\w+) =/).map { String($0.output.1) }
        let twice = Dictionary(grouping: assignments, by: { $0 }).filter { $0.value.count > 1 }.keys.sorted()
        #expect(assignments.count > 900)
        #expect(twice.isEmpty, "Japanese sets these texts more than once: \(twice)")
    }

    @Test func aMissingTranslationFallsBackToEnglish() {
        let partial = TextCatalog()
        partial.signInTitle = "サインイン"
        #expect(partial.signInTitle == "サインイン")
        #expect(partial.signUpTitle == "Create account")
        #expect(partial.errorCodeMismatchSummary == "The code is wrong.")
        #expect(TextCatalog.english.signInTitle == "Sign in")
    }

    @Test func placeholdersAreFilledInOnePass() {
        #expect(Localized.fill("{a} and {b}", ["a": "{b}", "b": "2"]) == "{b} and 2")
        #expect(Localized.fill("{a} {a}", ["a": "1"]) == "1 1")
        #expect(Localized.fill("{unknown} {a}", ["a": "1"]) == "{unknown} 1")
        #expect(Localized.fill("no braces", ["a": "1"]) == "no braces")
        #expect(Localized.fill("{a", ["a": "1"]) == "{a")
        #expect(TextCatalog.placeholders(in: "{count} calls ({name}) {}") == ["count", "name"])
    }

    @Test func theOverrideSetsTheLanguageForThisTaskOnly() async {
        #expect(Language.current == .english)
        Language.$override.withValue(.japanese) {
            #expect(ScreenText.signInTitle == "サインイン")
            #expect(ScreenText.forgotPasswordLink == "パスワードをお忘れですか")
            #expect(ScreenText.waitingCalls(3) == "3 件の呼び出しがサインインを待っています。")
        }
        #expect(ScreenText.signInTitle == "Sign in")
        #expect(ScreenText.waitingCalls(3) == "3 calls are waiting for you to sign in.")
    }

    // MARK: The core's error wording, in a language

    @Test func theCoreWordsErrorsInEnglishUnlessALanguageIsGiven() {
        let error = AuthError.codeMismatch("Invalid verification code provided, please try again.")
        #expect(error.worded == "The code is wrong. Check the code, or ask for a new one.")
        #expect(error.description == error.worded)
        #expect(error.worded(.japanese) == "コードが違います。コードを確かめるか、新しいコードを要求してください。")
        // The plain properties stay English whatever the current language.
        Language.$override.withValue(.japanese) {
            #expect(error.worded == "The code is wrong. Check the code, or ask for a new one.")
            #expect(error.worded(.current) == error.worded(.japanese))
        }
    }

    @Test func hostedUIFailuresTransportErrorsAndStoreNoticesFollowTheLanguage() {
        let japanese = Language.japanese
        // English stays as it was written before languages.
        let denied = HostedUIFailure.authorizationDenied(error: "access_denied", description: "User cancelled")
        #expect(denied.summary == "The hosted UI did not sign you in (access_denied: User cancelled).")
        #expect(
            HostedUIFailure.codeRejected(description: nil).summary
                == "The authorization code was refused: it was used already, has expired, or belongs to another sign-in."
        )
        #expect(
            AuthError.hostedUI(.timedOut(seconds: 2)).description
                == "No redirect arrived within 2 seconds. Start again (latchkey sign-in --web), or give more time with --timeout."
        )
        #expect(denied.summary(japanese) == "ホスト UI でサインインできませんでした (access_denied: User cancelled)。")
        #expect(
            AuthError.hostedUI(.timedOut(seconds: 2)).description(japanese)
                == "2 秒以内にリダイレクトが届きませんでした。やり直すか (latchkey sign-in --web)、--timeout で待ち時間を延ばしてください。")

        let refused = AuthError.network(kind: .connectionRefused, message: "localhost:9229")
        #expect(
            refused.description
                == "The connection was refused (localhost:9229). Check the network and the Endpoint in the configuration, then try again."
        )
        #expect(refused.description(japanese).hasPrefix("接続を拒否されました (localhost:9229)。"))
        // A transport message holding braces is inserted as it is, not expanded.
        #expect(
            AuthError.network(kind: .other, message: "{what}").description(japanese).hasPrefix(
                "ネットワーク要求に失敗しました ({what})。"))

        #expect(
            SessionStoreSelection.plainTextWarning(path: "/s/session.json")
                == "latchkey: storing the session in plain text at /s/session.json (mode 0600); no system keyring is available."
        )
        #expect(
            SessionStoreSelection.plainTextWarning(path: "/s/session.json", japanese)
                == "latchkey: セッションを平文で /s/session.json (モード 0600) に保存します。システムのキーリングが使えません。")
        #expect(FederatedProvider.displayName(for: "cognito-idp.us-east-1.amazonaws.com/p") == "Cognito user pool")
        #expect(FederatedProvider.displayName(for: "cognito-idp.x/p", japanese) == "Cognito ユーザープール")
        #expect(FederatedProvider.displayName(for: "accounts.google.com", japanese) == "Google")

        #expect(AuthError.notSignedIn.description == "Nobody is signed in. Sign in first: latchkey sign-in.")
        #expect(
            AuthError.notSignedIn.description(japanese) == "誰もサインインしていません。先にサインインしてください: latchkey sign-in")
        #expect(
            AuthError.reloginRequired(.signedOutUserPoolsTokenInvalid).description
                == "Sign-in needed again: the stored session can no longer be renewed. Sign in again: latchkey sign-in."
        )
        // No API state name in the words (issue 29, N25), in either language.
        #expect(!AuthError.reloginRequired(.signedOutUserPoolsTokenInvalid).description.contains("signedOut"))
        #expect(!AuthError.reloginRequired(.signedOutUserPoolsTokenInvalid).description(japanese).contains("signedOut"))
        // The transport's words are not repeated after ours.
        let refusedConnection = AuthError.network(kind: .connectionRefused, message: "connection refused")
        #expect(!refusedConnection.description.contains("(connection refused)"), "\(refusedConnection.description)")
        #expect(refusedConnection.description.hasPrefix("The connection was refused. Check the network"))
        let reset = AuthError.network(kind: .connectionReset, message: "recv failed: errno 104")
        #expect(reset.description.contains("(recv failed: errno 104)"))

    }

    @Test func serverDetailsAreLabelledInTheLanguage() {

        let error = AuthError.invalidPassword("Password did not conform with policy: Password not long enough")
        let worded = error.worded(.japanese) ?? ""
        #expect(worded.hasPrefix("パスワードがプールのパスワードポリシーを満たしていません。"))
        #expect(worded.hasSuffix("詳細: Password did not conform with policy: Password not long enough."))
    }

    @Test func bannersUseTheCurrentLanguage() {
        let error = AuthError.notAuthorized("Incorrect username or password.")
        Language.$override.withValue(.japanese) {
            #expect(
                ScreenText.signInBanner(for: error)
                    == "ユーザー名またはパスワードが違います。もう一度入力するか、下の「パスワードをお忘れですか」を選んでください。")
        }
        #expect(
            ScreenText.signInBanner(for: error)
                == "The username or password is incorrect. Try again, or choose Forgot password below.")
    }

    // MARK: Choosing the language

    @Test(arguments: [
        ("ja", Language.japanese), ("ja_JP.UTF-8", .japanese), ("ja-JP", .japanese), ("JA", .japanese),
        ("en", .english), ("en_GB.UTF-8", .english), ("C", .english), ("POSIX", .english), ("C.UTF-8", .english),
    ])
    func codesNameTheirLanguage(_ code: String, _ language: Language) {
        #expect(Language(code: code) == language)
    }

    @Test func unknownCodesAreNil() {
        #expect(Language(code: "fr_FR.UTF-8") == nil)
        #expect(Language(code: "") == nil)
        #expect(Language(code: "jav") == nil)
    }

    @Test func theLocaleVariablesDecideInPOSIXOrder() {
        func pick(_ environment: [String: String]) -> Language { Language.fromLocale(environment: environment) }
        #expect(pick([:]) == .english)
        #expect(pick(["LANG": "ja_JP.UTF-8"]) == .japanese)
        #expect(pick(["LANG": "ja_JP.UTF-8", "LC_MESSAGES": "C"]) == .english)
        #expect(pick(["LANG": "C.UTF-8", "LC_MESSAGES": "ja_JP.UTF-8"]) == .japanese)
        #expect(pick(["LC_ALL": "C.UTF-8", "LC_MESSAGES": "ja_JP.UTF-8", "LANG": "ja_JP.UTF-8"]) == .english)
        #expect(pick(["LC_ALL": "ja_JP.UTF-8", "LANG": "C"]) == .japanese)
        #expect(pick(["LC_ALL": "", "LANG": "ja_JP.UTF-8"]) == .japanese)
        #expect(pick(["LANG": "fr_FR.UTF-8"]) == .english)
    }

    @Test func aLocaleThatIsNotUTF8StaysEnglish() {
        #expect(Language.fromLocale(environment: ["LANG": "ja_JP.eucJP"]) == .english)
        #expect(Language.fromLocale(environment: ["LANG": "ja_JP"]) == .english)
        #expect(Language.fromLocale(environment: ["LC_MESSAGES": "ja_JP.UTF-8", "LC_CTYPE": "C"]) == .english)
        #expect(Language.fromLocale(environment: ["LC_MESSAGES": "ja_JP.UTF-8", "LANG": "en_US.UTF-8"]) == .japanese)
    }
}
