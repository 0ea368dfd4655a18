import CognitoAuth
import CognitoAuthTesting
import Foundation
import IntegrationTestSupport
import Testing

extension BackendTests {
    /// Issue 14's languages in the real terminal and on the command line: `--lang ja` signs in and
    /// shows the dashboard in Japanese at 80x24; `--help` and messages follow `--lang` and the locale.
    @Suite("Japanese in tmux at 80x24 and on the command line", .enabled(if: TmuxSession.canRunApp))
    struct TerminalLanguageTests {
        typealias EndToEnd = TerminalEndToEndTests

        /// The locale variables the tests set themselves (the inherited ones are removed).
        static let localeVariables = ["LC_ALL", "LC_MESSAGES", "LC_CTYPE", "LANG", "LANGUAGE"]

        /// Columns `text` takes, counting kana, kanji and full-width forms as two.
        static func displayWidth(_ text: some StringProtocol) -> Int {
            text.unicodeScalars.reduce(0) { sum, scalar in
                let wide =
                    (0x1100...0x115F).contains(scalar.value) || (0x2E80...0xA4CF).contains(scalar.value)
                    || (0xAC00...0xD7A3).contains(scalar.value) || (0xF900...0xFAFF).contains(scalar.value)
                    || (0xFF00...0xFF60).contains(scalar.value) || (0xFFE0...0xFFE6).contains(scalar.value)
                return sum + (wide ? 2 : 1)
            }
        }

        @Test("--lang ja: the sign-in screen, the dashboard and the exit line in Japanese, nothing cut")
        func japaneseSignInAndDashboard() async throws {
            let backend = try await LocalBackend.shared()
            let username = await backend.uniqueName("ja")
            try await backend.createUser(username, password: Integration.password)
            let store = try TerminalApp.temporaryDirectory("ja")
            defer { try? FileManager.default.removeItem(atPath: store) }
            let session = try TerminalApp.start(
                config: backend.info.configPath, store: store, extra: ["--lang", "ja"],
                environment: ["LC_ALL": "", "LC_CTYPE": ""], columns: 80, rows: 24, name: "ja")
            defer { session.kill() }
            // The footer too: the header can come in the first frame, and a frame is written in parts.
            let signIn = try await session.waitFor("サインイン", "パスワードをお忘れですか", "○ サインアウト済み", "Tab 次へ")
            #expect(!signIn.contains("Forgot password"), "\(signIn)")
            #expect(EndToEnd.line(containing: "ユーザー名", in: signIn) != nil, "\(signIn)")
            #expect(signIn.contains("Tab 次へ"), "\(signIn)")

            EndToEnd.signIn(session, username: username, password: Integration.password)
            // The first frames after sign-in still say "reading the session…" in the session rows.
            let dashboard = try await session.waitForSettledDashboard(of: username, words: .japanese)
            #expect(dashboard.contains("✔ サインイン済み · \(username)"), "\(dashboard)")
            #expect(EndToEnd.line(containing: "接続", in: dashboard)?.contains("オンライン") == true, "\(dashboard)")
            #expect(
                EndToEnd.line(containing: "ユーザー状態", in: dashboard)?.contains("サインイン済み (signedIn)") == true,
                "\(dashboard)")
            // "期限 22:56、22:54 に更新": the expiry and when the dashboard refreshes the tokens (issue 29).
            #expect(EndToEnd.line(containing: "ID トークン", in: dashboard)?.contains("に更新") == true, "\(dashboard)")
            let lines = dashboard.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            let footer = lines.last { !$0.trimmingCharacters(in: .whitespaces).isEmpty } ?? ""
            #expect(footer.contains("q 終了"), "\(footer)")
            #expect(!footer.contains("…"), "\(footer)")
            #expect(!dashboard.contains("Connectivity"), "\(dashboard)")
            #expect(try await EndToEnd.quit(session) == 0)
            #expect(session.screen().contains("latchkey: \(username) としてサインインしています。"), "\(session.screen())")
        }

        @Test("LANG=ja_JP.UTF-8: --help in Japanese; LC_ALL=C and --lang en are English; a bare --lang is exit 2")
        func helpFollowsTheLocaleAndLang() async throws {
            let japanese = try await LatchkeyBinary.run(
                ["--help"], environment: ["LANG": "ja_JP.UTF-8"], removing: Self.localeVariables)
            #expect(japanese.status == 0, "\(japanese)")
            #expect(japanese.stdout.contains("端末のための Amazon Cognito サインイン"), "\(japanese.stdout)")
            #expect(japanese.stdout.contains("終了コード: 0 成功"), "\(japanese.stdout)")

            // Wrapped by display width (a Japanese character takes two columns), not by characters.
            let wrapped = try await LatchkeyBinary.run(
                ["demo", "--help"], environment: ["LANG": "ja_JP.UTF-8", "COLUMNS": "80"],
                removing: Self.localeVariables)
            let wide = wrapped.stdout.split(separator: "\n").filter { Self.displayWidth($0) > 80 }
            #expect(wide.isEmpty, "\(wide)")
            #expect(wrapped.stdout.contains("  --lang <en|ja>          画面とメッセージの言語"), "\(wrapped.stdout)")

            let subcommand = try await LatchkeyBinary.run(
                ["status", "--help"], environment: ["LANG": "ja_JP.UTF-8"], removing: Self.localeVariables)
            #expect(subcommand.stdout.contains("画面とメッセージの言語: en または ja"), "\(subcommand.stdout)")
            #expect(subcommand.stdout.contains("スクリプト向けに JSON で出力します。"), "\(subcommand.stdout)")

            let posix = try await LatchkeyBinary.run(
                ["--help"], environment: ["LANG": "ja_JP.UTF-8", "LC_ALL": "C.UTF-8"], removing: Self.localeVariables)
            #expect(posix.stdout.contains("Amazon Cognito sign-in for the terminal"), "\(posix.stdout)")

            let english = try await LatchkeyBinary.run(
                ["status", "--lang", "en", "--help"], environment: ["LANG": "ja_JP.UTF-8"],
                removing: Self.localeVariables)
            #expect(english.stdout.contains("Print JSON for scripts."), "\(english.stdout)")

            let unknown = try await LatchkeyBinary.run(
                ["--lang=fr", "--help"], environment: ["LANG": "C.UTF-8"], removing: Self.localeVariables)
            #expect(unknown.status == 0 && unknown.stdout.contains("sign-in for the terminal"), "\(unknown)")

            let notUTF8 = try await LatchkeyBinary.run(
                ["--help"], environment: ["LANG": "ja_JP.eucJP"], removing: Self.localeVariables)
            #expect(notUTF8.stdout.contains("Amazon Cognito sign-in for the terminal"), "\(notUTF8.stdout)")

            let bare = try await LatchkeyBinary.run(
                ["status", "--lang"], environment: ["LANG": "C.UTF-8"], removing: Self.localeVariables)
            #expect(bare.status == 2, "\(bare)")
            #expect(bare.stderr.contains("--lang needs a language: en or ja"), "\(bare.stderr)")
        }

        @Test("status and a Cognito error in Japanese with --lang ja")
        func messagesInJapanese() async throws {
            let backend = try await LocalBackend.shared()
            let store = try TerminalApp.temporaryDirectory("ja-cli")
            defer { try? FileManager.default.removeItem(atPath: store) }
            let common = ["--config", backend.info.configPath, "--store", store, "--lang", "ja"]
            let environment = TerminalApp.baseEnvironment.merging(["LANG": "C.UTF-8"]) { $1 }
            let status = try await LatchkeyBinary.run(
                ["status"] + common, environment: environment, removing: Self.localeVariables)
            #expect(status.status == 1, "\(status)")
            #expect(status.stdout.contains("✖ サインインしていません (状態: signedOut)"), "\(status.stdout)")

            let username = await backend.uniqueName("ja-cli")
            try await backend.createUser(username, password: Integration.password)
            let signedIn = try await LatchkeyBinary.run(
                ["sign-in", "--username", username, "--password-stdin"] + common, stdin: Integration.password + "\n",
                environment: environment, removing: Self.localeVariables)
            #expect(signedIn.status == 0, "\(signedIn)")
            #expect(signedIn.stderr.contains("✔ \(username) としてサインインしました。"), "\(signedIn.stderr)")
            let signedOut = try await LatchkeyBinary.run(
                ["sign-out"] + common, environment: environment, removing: Self.localeVariables)
            #expect(signedOut.stderr.contains("このマシンでサインアウトしました。"), "\(signedOut.stderr)")

            let missing = await backend.uniqueName("nobody")
            let signIn = try await LatchkeyBinary.run(
                ["sign-in", "--username", missing, "--password-stdin"] + common, stdin: "Wr0ng-Password!\n",
                environment: environment, removing: Self.localeVariables)
            #expect(signIn.status == 1, "\(signIn)")
            #expect(
                signIn.stderr.contains("そのユーザー名のアカウントはありません。")
                    || signIn.stderr.contains("ユーザー名またはパスワードが違います。"), "\(signIn.stderr)")
        }

        /// Whether `text` holds a kana or kanji (Japanese that should not be in script output).
        static func hasJapanese(_ text: String) -> Bool {
            text.unicodeScalars.contains {
                (0x3040...0x30FF).contains($0.value) || (0x4E00...0x9FFF).contains($0.value)
            }
        }

        @Test(
            "accounts, switch, config, mfa status, usage errors and an unknown command in Japanese; JSON stays English")
        func moreCommandsInJapanese() async throws {
            let backend = try await LocalBackend.shared()
            let store = try TerminalApp.temporaryDirectory("ja-more")
            defer { try? FileManager.default.removeItem(atPath: store) }
            let common = ["--config", backend.info.configPath, "--store", store, "--lang", "ja"]
            let environment = TerminalApp.baseEnvironment.merging(["LANG": "C.UTF-8"]) { $1 }
            func run(_ arguments: [String], stdin: String? = nil) async throws -> LatchkeyBinary.Output {
                try await LatchkeyBinary.run(
                    arguments + common, stdin: stdin, environment: environment, removing: Self.localeVariables)
            }

            let none = try await run(["accounts"])
            #expect(none.status == 1, "\(none)")
            #expect(none.stdout.contains("このマシンでサインインしているアカウントはありません。"), "\(none.stdout)")

            // The labels are padded by display width: every value starts in column 26.
            let config = try await run(["config"])
            #expect(config.status == 0, "\(config)")
            let poolLine = EndToEnd.line(containing: backend.info.userPoolId, in: config.stdout) ?? ""
            #expect(poolLine.hasPrefix("ユーザープール "), "\(config.stdout)")
            let valueStart = poolLine.range(of: backend.info.userPoolId).map { poolLine[..<$0.lowerBound] } ?? ""
            #expect(Self.displayWidth(valueStart) == 25, "\(poolLine)")
            #expect(config.stdout.contains("クライアントシークレット"), "\(config.stdout)")
            #expect(!config.stdout.contains("App client"), "\(config.stdout)")
            let json = try await run(["config", "--json"])
            #expect(json.status == 0 && !Self.hasJapanese(json.stdout), "\(json.stdout)")

            let username = await backend.uniqueName("ja-more")
            try await backend.createUser(username, password: Integration.password)
            let signedIn = try await run(
                ["sign-in", "--username", username, "--password-stdin"], stdin: Integration.password + "\n")
            #expect(signedIn.status == 0, "\(signedIn)")

            let accounts = try await run(["accounts"])
            #expect(accounts.status == 0, "\(accounts)")
            let row = EndToEnd.line(containing: username, in: accounts.stdout) ?? ""
            #expect(row.hasPrefix("* ") && row.contains("サインイン済み") && row.hasSuffix("(使用中)"), "\(accounts.stdout)")

            let mfa = try await run(["mfa", "status"])
            #expect(mfa.status == 0, "\(mfa)")
            #expect(mfa.stdout.contains("totp   オフ"), "\(mfa.stdout)")
            #expect(mfa.stdout.contains("オンの MFA 要素はありません。"), "\(mfa.stdout)")

            let prefer = try await run(["mfa", "prefer", "fax"])
            #expect(prefer.status == 2, "\(prefer)")
            #expect(prefer.stderr.contains("totp、email、sms、none のいずれかを指定してください"), "\(prefer.stderr)")

            let noSuchAccount = try await run(["switch", "nobody-here"])
            #expect(noSuchAccount.status == 2, "\(noSuchAccount)")
            #expect(noSuchAccount.stderr.contains("アカウント \"nobody-here\" はこのマシンにありません。"), "\(noSuchAccount)")

            let both = try await run(["token", "--id", "--access"])
            #expect(both.status == 2, "\(both)")
            #expect(both.stderr.contains("--id と --access はどちらか一方を指定してください。"), "\(both.stderr)")

            let unknown = try await LatchkeyBinary.run(
                ["--lang", "ja", "statsu"], environment: environment, removing: Self.localeVariables)
            #expect(unknown.status == 2, "\(unknown)")
            #expect(
                unknown.stderr.contains("latchkey: 不明なコマンド \"statsu\" です。status のことですか?"), "\(unknown.stderr)")

            let english = try await LatchkeyBinary.run(
                ["mfa", "status", "--config", backend.info.configPath, "--store", store, "--lang", "en"],
                environment: environment, removing: Self.localeVariables)
            #expect(english.stdout.contains("totp   off"), "\(english.stdout)")
            #expect(english.stdout.contains("No MFA factor is on. Turn one on: latchkey mfa enable totp|email|sms"))
        }

        @Test("sign-in --web --no-browser in Japanese: the progress lines, a pasted non-code and the timeout")
        func webSignInInJapanese() async throws {
            let backend = try await LocalBackend.shared()
            let store = try TerminalApp.temporaryDirectory("ja-web")
            defer { try? FileManager.default.removeItem(atPath: store) }
            let port = try HostedUIDriver.freePort()
            let (config, _) = try await backend.hostedUIConfigurationFile(callbackPort: port, in: store)
            let outcome = try await LatchkeyBinary.run(
                [
                    "sign-in", "--web", "--no-browser", "--timeout", "2", "--config", config, "--store", store,
                    "--lang", "ja",
                ],
                stdin: "hello\n", environment: ["LATCHKEY_STORE": "file", "LANG": "C.UTF-8"],
                removing: Self.localeVariables, timeout: .seconds(30))
            #expect(outcome.status == 1, "\(outcome)")
            #expect(
                outcome.stderr.contains("ここではブラウザを開きません (--no-browser)。ブラウザでこの URL を開いてサインインしてください:"),
                "\(outcome.stderr)")
            #expect(outcome.stderr.contains("別のマシンのブラウザを使うときは、先にリダイレクトのポートを転送してください:"))
            #expect(outcome.stderr.contains("latchkey: リダイレクト URL でも認可コードでもありません。"), "\(outcome.stderr)")
            #expect(outcome.stderr.contains("リダイレクト URL かコードをもう一度貼り付けてください:"))
            #expect(
                outcome.stderr.contains("latchkey: 2 秒以内にリダイレクトが届きませんでした。やり直すか (latchkey sign-in --web)"),
                "\(outcome.stderr)")
            #expect(!outcome.stderr.contains("No redirect arrived"), "\(outcome.stderr)")
        }
    }
}
