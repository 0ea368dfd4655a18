import CognitoAuth
import CognitoAuthTesting
import Foundation
import IntegrationTestSupport
import SecurityKeysTesting
import Testing

extension BackendTests {
    /// Issue 37's ceremony screen with a security key, in tmux: the `latchkey` binary reaches the software CTAP2 key
    /// served by this process on a Unix socket (`LATCHKEY_SECURITY_KEY_SOCKET`, no provider), through the real
    /// libfido2. The touch prompt names the key, the PIN screen says the attempts left, a wrong PIN costs one, and
    /// Esc cancels on the key (CTAPHID_CANCEL).
    @Suite("The full-screen UI: a security key over a socket, in tmux", .enabled(if: TmuxSession.canRunApp))
    struct TerminalSocketKeyEndToEndTests {
        typealias EndToEnd = TerminalEndToEndTests
        static let pin = "4321"
        static let keyName = "virtual key (key.sock)"

        /// `text` without its spaces.
        static func withoutSpaces(_ text: String) -> String { text.replacingOccurrences(of: " ", with: "") }

        /// A new user with a password, signed in through the CLI into a new store.
        static func signedInUser(_ backend: LocalBackend) async throws -> (user: String, store: String) {
            let user = await backend.uniqueName("tui-socket-key")
            try await backend.createUser(user, password: Integration.password)
            let store = try TerminalApp.temporaryDirectory("tui-socket-key-store")
            let signIn = try await LatchkeyBinary.run(
                [
                    "sign-in", "--username", user, "--password-stdin", "--config", backend.info.configPath, "--store",
                    store,
                ],
                stdin: Integration.password + "\n")
            #expect(signIn.status == 0, "\(signIn.stderr)")
            return (user, store)
        }

        /// The app on `store` with the socket key and no provider.
        static func start(
            _ backend: LocalBackend, store: String, socket: String, language: String, name: String
        ) throws -> TmuxSession {
            let japanese = language == "ja"
            return try TerminalApp.start(
                config: backend.info.configPath, store: store, extra: japanese ? ["--lang", "ja"] : [],
                environment: ["LATCHKEY_SECURITY_KEY_SOCKET": socket, "LC_ALL": "", "LC_CTYPE": ""], columns: 80,
                rows: 24, name: name)
        }

        @Test(
            "Passkeys view: add with a wrong PIN (one attempt less) then the right one; sign out; Use a passkey signs in",
            arguments: ["en", "ja"])
        func addWithPINThenSignIn(language: String) async throws {
            let japanese = language == "ja"
            let backend = try await LocalBackend.shared()
            let device = SoftCTAPDevice(pin: Self.pin, retries: 8, touch: .after(.seconds(2)))
            defer { device.unplug() }
            let listener = try SoftCTAPSocketListener.inTemporaryDirectory(device: device)
            defer { listener.stop() }
            let (user, store) = try await Self.signedInUser(backend)
            defer { try? FileManager.default.removeItem(atPath: store) }
            let session = try Self.start(
                backend, store: store, socket: listener.path, language: language, name: "socket-key-\(language)")
            defer { session.kill() }
            try await session.waitForSettledDashboard(of: user, words: japanese ? .japanese : .english)
            session.press("k")
            _ = try await session.waitFor(
                japanese ? "パスキーはまだありません。" : "No passkeys yet.", japanese ? "a 追加" : "a add")
            session.press("a")
            // A key with a PIN: the PIN first, with the attempts left, naming the key.
            let asked = try await session.waitFor(
                japanese ? "\(Self.keyName) の PIN を入力してください。" : "Enter the PIN of \(Self.keyName).",
                japanese ? "残り 8 回です。" : "8 attempts left.")
            TerminalPasskeyEndToEndTests.show("socket key PIN \(language)", asked)
            session.type("0000")
            session.press("Enter")
            let wrong = try await session.waitFor(
                japanese ? "PIN が違います。" : "Wrong PIN.", japanese ? "残り 7 回です。" : "7 attempts left.")
            TerminalPasskeyEndToEndTests.show("socket key wrong PIN \(language)", wrong)
            #expect(!wrong.contains("0000"), "the PIN is masked: \(wrong)")
            #expect(device.pinRetries == 7)
            session.type(Self.pin)
            session.press("Enter")
            // Japanese wraps the sentence in the box (anywhere, as CJK text does): compared without spaces.
            let prompt =
                japanese ? "セキュリティキー (\(Self.keyName)) に触れてください。" : "Touch your security key (\(Self.keyName))."
            let touch = try await session.waitUntil("the touch prompt naming the key") {
                Self.withoutSpaces(EndToEnd.flattened($0)).contains(Self.withoutSpaces(prompt))
            }
            TerminalPasskeyEndToEndTests.show("socket key touch \(language)", touch)
            let added = try await session.waitFor(japanese ? "パスキーを追加しました。" : "Passkey added.")
            TerminalPasskeyEndToEndTests.show("socket key added \(language)", added)
            #expect(device.credentialIds.count == 1)
            #expect(device.pinRetries == 8, "the right PIN gives the attempts back")

            // Sign out, then Use a passkey with the same key: the PIN, the touch, the dashboard.
            session.press("Escape")
            _ = try await session.waitForSettledDashboard(of: user, words: japanese ? .japanese : .english)
            session.press("o")
            let signIn = try await session.waitFor(japanese ? "パスキーを使う" : "Use a passkey")
            TerminalPasskeyEndToEndTests.show("socket key signed out \(language)", signIn)
            // Signed out here, the username stays and the focus is on the password: Tab, Tab is Use a passkey.
            if EndToEnd.field(japanese ? "パスワード" : "Password", in: signIn)?.contains("›") == true {
                session.press("Tab", "Tab", "Enter")
            } else {
                TerminalPasskeyEndToEndTests.usePasskey(session, username: user)
            }
            _ = try await session.waitFor(japanese ? "\(Self.keyName) の PIN" : "Enter the PIN of \(Self.keyName).")
            session.type(Self.pin)
            session.press("Enter")
            try await session.waitForSettledDashboard(of: user, words: japanese ? .japanese : .english)
            #expect(device.commands.contains(0x02), "the key signed (getAssertion)")
            _ = try await EndToEnd.quit(session)
        }

        @Test("A key never touched: Esc on the ceremony screen cancels, and the key receives CTAPHID_CANCEL")
        func escapeCancelsOnTheKey() async throws {
            let backend = try await LocalBackend.shared()
            let device = SoftCTAPDevice(touch: .never(timeout: .seconds(60)))
            defer { device.unplug() }
            let listener = try SoftCTAPSocketListener.inTemporaryDirectory(device: device)
            defer { listener.stop() }
            let (user, store) = try await Self.signedInUser(backend)
            defer { try? FileManager.default.removeItem(atPath: store) }
            let session = try Self.start(
                backend, store: store, socket: listener.path, language: "en", name: "socket-key-esc")
            defer { session.kill() }
            try await session.waitForSettledDashboard(of: user)
            session.press("k")
            // Read first: `a` while the list loads is not taken.
            _ = try await session.waitFor("No passkeys yet.", "a add")
            session.press("a")
            _ = try await session.waitFor("Touch your security key (\(Self.keyName)).", "Esc cancel")
            _ = try await Waiter.value(
                of: "makeCredential at the key", timeout: .seconds(10), on: [.polling(every: .milliseconds(50))],
                { device.commands.contains(0x01) }, until: { $0 })
            #expect(device.cancels == 0)
            session.press("Escape")
            let cancelled = try await session.waitFor("The passkey ceremony was cancelled", "Esc close")
            TerminalPasskeyEndToEndTests.show("socket key cancelled", cancelled)
            _ = try await Waiter.value(
                of: "CTAPHID_CANCEL at the key", timeout: .seconds(10), on: [.polling(every: .milliseconds(50))],
                { device.cancels }, until: { $0 >= 1 })
            #expect(device.cancels >= 1, "Esc sent fido_dev_cancel over the socket")
            #expect(device.credentialIds.isEmpty)
            _ = try await EndToEnd.quit(session)
        }
    }
}
