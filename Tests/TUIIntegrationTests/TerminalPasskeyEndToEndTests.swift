import CognitoAuth
import CognitoAuthTesting
import Foundation
import IntegrationTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

extension BackendTests {
    /// Issue 37's drop-in screens in tmux against the local backend: passkey sign-in with only a username through
    /// the software key (`Assets/local-backend/soft_passkey.py`) as the external provider, the Passkeys view (add,
    /// remove), and Esc on the ceremony screen terminating a provider that waits. The PIN screen cannot be reached
    /// through an external provider (its protocol has no PIN); `PasskeyCeremonyTests` drives it with a test
    /// authenticator through the same bridge and runtime.
    @Suite("The full-screen UI: passkeys, in tmux", .enabled(if: TmuxSession.canRunApp))
    struct TerminalPasskeyEndToEndTests {
        typealias EndToEnd = TerminalEndToEndTests

        static let softKey = LocalBackend.repositoryRoot.appendingPathComponent(
            "Assets/local-backend/soft_passkey.py"
        ).path

        /// The soft key as the provider command, keeping its credentials in `keys`, writing `marker` when it starts.
        static func softProvider(keys: String, marker: String) -> String {
            "'\(HostedUIDriver.python)' '\(softKey)' --store '\(keys)' --marker '\(marker)'"
        }

        /// Writes `screen` to `$LATCHKEY_E2E_SCREENS/<name>.txt` when that directory is set (for the report).
        static func show(_ name: String, _ screen: String) {
            guard let directory = ProcessInfo.processInfo.environment["LATCHKEY_E2E_SCREENS"] else { return }
            try? screen.write(toFile: directory + "/" + name + ".txt", atomically: true, encoding: .utf8)
        }

        /// A new user with a password and a passkey made by the soft key (through the CLI), signed out again.
        static func userWithPasskey(_ backend: LocalBackend, provider: String) async throws -> (String, String) {
            let user = await backend.uniqueName("tui-passkey")
            try await backend.createUser(user, password: Integration.password)
            let store = try TerminalApp.temporaryDirectory("tui-passkey-store")
            let common = ["--config", backend.info.configPath, "--store", store]
            let signIn = try await LatchkeyBinary.run(
                ["sign-in", "--username", user, "--password-stdin"] + common, stdin: Integration.password + "\n")
            #expect(signIn.status == 0, "\(signIn.stderr)")
            let add = try await LatchkeyBinary.run(
                ["passkey", "add"] + common, environment: ["LATCHKEY_PASSKEY_PROVIDER": provider])
            #expect(add.status == 0, "\(add.stderr)")
            let signOut = try await LatchkeyBinary.run(["sign-out"] + common)
            #expect(signOut.status == 0, "\(signOut.stderr)")
            return (user, store)
        }

        /// Types the username and presses "Use a passkey" (Tab: password, Sign in, Use a passkey).
        static func usePasskey(_ session: TmuxSession, username: String) {
            session.type(username)
            session.press("Tab", "Tab", "Tab")
            session.press("Enter")
        }

        @Test("Use a passkey with only the username, then the Passkeys view: list, add, remove after y")
        func signInAndManage() async throws {
            let backend = try await LocalBackend.shared()
            let directory = try Integration.temporaryDirectory("tui-passkey-keys")
            defer { try? FileManager.default.removeItem(atPath: directory) }
            let marker = directory + "/marker"
            let provider = Self.softProvider(keys: directory + "/keys.json", marker: marker)
            let (user, store) = try await Self.userWithPasskey(backend, provider: provider)
            defer { try? FileManager.default.removeItem(atPath: store) }
            let session = try TerminalApp.start(
                config: backend.info.configPath, store: store,
                environment: ["LATCHKEY_PASSKEY_PROVIDER": provider], columns: 80, rows: 24, name: "passkey")
            defer { session.kill() }
            let signIn = try await session.waitFor("Sign in", "Use a passkey")
            Self.show("sign in with a passkey", signIn)
            Self.usePasskey(session, username: user)
            try await EndToEnd.waitForDashboard(session, username: user)
            #expect((try? String(contentsOfFile: marker, encoding: .utf8)) == "webauthn.get")

            // The Passkeys view lists the one the CLI added.
            session.press("k")
            let list = try await session.waitFor("Passkeys", "security key", "a add")
            Self.show("passkeys list", list)
            // `a` with the soft key that holds this account's passkey already: it refuses (excludeCredentials), and
            // the ceremony screen shows its words, sanitised, in our sentence; Esc closes it.
            session.press("a")
            let refused = try await session.waitFor("The passkey provider stopped (exit status 1)", "Esc close")
            Self.show("provider refused", refused)
            session.press("Escape")
            _ = try await session.waitUntil("back on the list") { $0.contains("a add") && !$0.contains("Esc close") }
            // `x` asks first; another key keeps it; `x` then `y` removes it.
            session.press("x")
            _ = try await session.waitFor("Remove passkey")
            session.press("n")
            _ = try await session.waitUntil("the question gone") { !$0.contains("Remove passkey") }
            session.press("x")
            _ = try await session.waitFor("Remove passkey")
            session.press("y")
            let removed = try await session.waitFor("removed.", "No passkeys yet.")
            Self.show("passkey removed", removed)
            // Now `a` adds one through the ceremony screen (the soft key answers at once).
            session.press("a")
            let added = try await session.waitFor("Passkey added.", "security key")
            #expect((try? String(contentsOfFile: marker, encoding: .utf8)) == "webauthn.create")
            Self.show("passkey added", added)
            let left = try await LatchkeyBinary.run(
                ["passkey", "list", "--json", "--config", backend.info.configPath, "--store", store])
            #expect(JSONValue.parse(Array(left.stdout.utf8))?.arrayValue?.count == 1, "\(left.stdout)")
            #expect(try await EndToEnd.quit(session) == 0)
        }

        /// A provider that writes its process id to `pidFile` and waits a minute (it never answers).
        static func waitingProvider(in directory: String, pidFile: String) throws -> String {
            let path = directory + "/slow-provider"
            try "#!/bin/sh\necho $$ > '\(pidFile)'\nexec sleep 60\n".write(
                toFile: path, atomically: true, encoding: .utf8)
            try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: path)
            // `exec`: the provider is the shell's own process, so the SIGTERM reaches it (see the manual).
            return "exec '\(path)'"
        }

        /// Whether process `pid` still runs (a zombie reaped, or gone).
        static func isRunning(_ pid: Int32) -> Bool {
            guard kill(pid, 0) == 0 else { return false }
            let status = (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)) ?? ""
            return !status.contains(") Z ")
        }

        @Test(
            "Esc on the ceremony screen terminates a provider that waits, and says the ceremony was cancelled",
            arguments: ["en", "ja"])
        func escapeTerminatesTheProvider(language: String) async throws {
            let backend = try await LocalBackend.shared()
            let directory = try Integration.temporaryDirectory("tui-passkey-esc")
            defer { try? FileManager.default.removeItem(atPath: directory) }
            let soft = Self.softProvider(keys: directory + "/keys.json", marker: directory + "/marker")
            let (user, store) = try await Self.userWithPasskey(backend, provider: soft)
            defer { try? FileManager.default.removeItem(atPath: store) }
            let pidFile = directory + "/pid"
            let provider = try Self.waitingProvider(in: directory, pidFile: pidFile)
            let japanese = language == "ja"
            let session = try TerminalApp.start(
                config: backend.info.configPath, store: store, extra: japanese ? ["--lang", "ja"] : [],
                environment: ["LATCHKEY_PASSKEY_PROVIDER": provider, "LC_ALL": "", "LC_CTYPE": ""], columns: 80,
                rows: 24, name: "passkey-esc-\(language)")
            defer { session.kill() }
            _ = try await session.waitFor(japanese ? "パスキーを使う" : "Use a passkey")
            Self.usePasskey(session, username: user)
            let waiting = try await session.waitFor(
                japanese ? "slow-provider を待っています" : "Waiting for slow-provider", japanese ? "Esc 取り消し" : "Esc cancel")
            Self.show("ceremony waiting \(language)", waiting)
            let read = try await Waiter.value(
                of: "the provider's pid", timeout: .seconds(10), on: [.polling(every: .milliseconds(50))],
                {
                    Int32(
                        (try? String(contentsOfFile: pidFile, encoding: .utf8))?.trimmingCharacters(
                            in: .whitespacesAndNewlines) ?? "")
                },
                until: { $0 != nil })
            let pid = try #require(read)
            #expect(Self.isRunning(pid))
            session.press("Escape")
            let cancelled = try await session.waitFor(
                japanese ? "パスキーの操作を取り消しました" : "The passkey ceremony was cancelled", japanese ? "Esc 閉じる" : "Esc close")
            Self.show("ceremony cancelled \(language)", cancelled)
            _ = try await Waiter.value(
                of: "the provider terminated", timeout: .seconds(10), on: [.polling(every: .milliseconds(50))],
                { Self.isRunning(pid) }, until: { !$0 })
            #expect(!Self.isRunning(pid), "the provider \(pid) still runs")
            session.press("Escape")
            // Back on Sign in, still signed out, with the reason in the banner.
            let back = try await session.waitUntil("the ceremony screen closed") { screen in
                !screen.contains(japanese ? "Esc 閉じる" : "Esc close")
                    && screen.contains(japanese ? "パスキーを使う" : "Use a passkey")
            }
            #expect(back.contains(japanese ? "取り消しました" : "cancelled"), "\(back)")
            _ = try await EndToEnd.quit(session)
        }
    }
}
