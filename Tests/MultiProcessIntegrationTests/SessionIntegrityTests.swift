import CognitoAuth
import CognitoAuthTesting
import Foundation
import IntegrationTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Issue 10's reproductions (findings F1–F5, F9, F10 in shared/reference/findings/rel.md), each run
/// with the real binary against the local backend: the session never claims what the store does not
/// hold, and the store refuses what another user could plant.
extension BackendTests {
    @Suite("Sessions that never lie: store failures, cross-process races, honest sign-out, a safe store")
    struct SessionIntegrityTests {
        /// The file store, and one account: these tests are about processes sharing one session, so a
        /// second user replaces the first instead of getting an account of their own.
        static let file = ["LATCHKEY_STORE": "file", "LATCHKEY_ACCOUNT": AccountDirectory.defaultID]

        static func signIn(_ username: String, config: String, store: String) async throws -> LatchkeyBinary.Output {
            try await LatchkeyBinary.run(
                ["sign-in", "--username", username, "--password-stdin", "--config", config, "--store", store],
                stdin: Integration.password + "\n", environment: file)
        }

        /// Two new confirmed users, alice and bob (unique names).
        static func twoUsers(_ backend: LocalBackend) async throws -> (alice: String, bob: String) {
            let alice = await backend.uniqueName("alice")
            let bob = await backend.uniqueName("bob")
            try await backend.createUser(alice, password: Integration.password)
            try await backend.createUser(bob, password: Integration.password)
            return (alice, bob)
        }

        /// The username in the stored id token (what `token --id` would serve).
        static func storedUser(_ store: String) throws -> String? {
            let claims = try FileSessionStore(directory: store).load()?.tokens?.idClaims
            return claims?.cognitoUsername ?? claims?.username
        }

        /// Expects the service to refuse REFRESH_TOKEN_AUTH with `refreshToken` (revoked).
        static func expectRevoked(
            _ refreshToken: String, _ backend: LocalBackend, sourceLocation: SourceLocation = #_sourceLocation
        ) async {
            await #expect(throws: AuthError.self, sourceLocation: sourceLocation) {
                try await backend.adminCall(
                    "InitiateAuth",
                    [
                        "AuthFlow": "REFRESH_TOKEN_AUTH", "ClientId": .string(backend.info.appClientId),
                        "AuthParameters": ["REFRESH_TOKEN": .string(refreshToken)],
                    ])
            }
        }

        // MARK: F1: failed writes are reported, never hidden

        @Test("A sign-in that cannot be stored exits 5, says so, and the store still serves the earlier user")
        func signInWriteFailure() async throws {
            let backend = try await LocalBackend.shared()
            let directory = try Integration.temporaryDirectory("f1-signin")
            let store = directory + "/store"
            let (alice, bob) = try await Self.twoUsers(backend)
            let config = backend.info.configPath
            #expect(try await Self.signIn(alice, config: config, store: store).exitCode == 0)
            // As on a full disk: every write fails (ulimit -f 0; SIGXFSZ ignored, so write(2) gets EFBIG).
            let binary = try #require(LatchkeyBinary.url?.path)
            let failed = try await ChildProcess.run(
                "/bin/sh",
                [
                    "-c", "trap '' XFSZ; ulimit -f 0; exec \"$0\" \"$@\"", binary, "sign-in", "--username", bob,
                    "--password-stdin", "--config", config, "--store", store,
                ], input: .bytes(Array((Integration.password + "\n").utf8)), environment: Self.file,
                timeout: .seconds(60))
            #expect(failed.exitCode == 5, "\(failed.stderr)")
            // Messages go to stderr: neither stream claims success.
            #expect(!(failed.stdout + failed.stderr).contains("✔ Signed in"), "\(failed.stdout)\(failed.stderr)")
            #expect(failed.stderr.contains(store), "the message names the store path: \(failed.stderr)")
            #expect(try Self.storedUser(store) == alice)
            let status = try await LatchkeyBinary.run(
                ["status", "--json", "--config", config, "--store", store], environment: Self.file)
            #expect(JSONValue.parse(Array(status.stdout.utf8))?["username"]?.stringValue == alice)
        }

        @Test("A sign-out that cannot be stored exits 5 and does not claim success; the session stays as stored")
        func signOutWriteFailure() async throws {
            let backend = try await LocalBackend.shared()
            let directory = try Integration.temporaryDirectory("f1-signout")
            let store = directory + "/store"
            let alice = await backend.uniqueName("alice")
            try await backend.createUser(alice, password: Integration.password)
            let config = backend.info.configPath
            #expect(try await Self.signIn(alice, config: config, store: store).exitCode == 0)
            let binary = try #require(LatchkeyBinary.url?.path)
            let failed = try await ChildProcess.run(
                "/bin/sh",
                [
                    "-c", "trap '' XFSZ; ulimit -f 0; exec \"$0\" \"$@\"", binary, "sign-out", "--config", config,
                    "--store", store,
                ], environment: Self.file, timeout: .seconds(60))
            #expect(failed.exitCode == 5, "\(failed.stderr)")
            #expect(!(failed.stdout + failed.stderr).contains("✔ Signed out"), "\(failed.stdout)\(failed.stderr)")
            // Nothing pretends: the store still holds the session, and status says so.
            #expect(try FileSessionStore(directory: store).load()?.state == .signedIn)
        }

        // MARK: F2: a refresh never undoes a later sign-out or sign-in

        /// Starts a process that holds the store's lock for a minute, and returns once it holds it.
        static func lockHolder(_ store: String) async throws -> ChildProcess {
            let holder = try ChildProcess.spawn(
                "/usr/bin/flock", ["-x", store + "/session.lock", "/bin/sh", "-c", "echo locked; exec sleep 60"],
                timeout: .seconds(90))
            try await Waiter.until("flock to hold \(store)/session.lock", on: [holder.changeSource()]) {
                holder.stdoutSoFar.contains("locked") || holder.hasExited
            }
            return holder
        }

        /// Signs `user` in through a proxy, lets the 1 s access token expire, and starts `token` through
        /// the proxy, which now holds the refresh for 2.5 s. Returns the running child and the config
        /// (the proxy's: a session is used only with the endpoint that issued it).
        static func refreshInFlight(
            _ backend: LocalBackend, user: String, directory: String, store: String, proxy: FaultProxy
        ) async throws -> (child: ChildProcess, config: String) {
            let config = try await StoreTestSupport.shortLivedConfig(
                backend: backend, accessTokenSeconds: 1, in: directory
            ).path
            let proxied = try StoreTestSupport.config(config, endpoint: proxy.endpoint, in: directory)
            #expect(try await Self.signIn(user, config: proxied, store: store).exitCode == 0)
            try await Task.sleep(for: .milliseconds(1100))
            let heldBefore = proxy.connectionCount(.delay(milliseconds: 2500))
            proxy.setMode(.delay(milliseconds: 2500))
            let child = try LatchkeyBinary.spawn(
                ["token", "--config", proxied, "--store", store], environment: file, timeout: .seconds(60))
            try await Waiter.until(
                "the token command's refresh held by the proxy",
                on: [.signal(proxy.changes, name: "proxy connections"), child.changeSource()]
            ) { proxy.connectionCount(.delay(milliseconds: 2500)) > heldBefore || child.hasExited }
            return (child, proxied)
        }

        @Test("A sign-out while another process's refresh is in flight stays signed out (F2)")
        func refreshDoesNotUndoSignOut() async throws {
            let backend = try await LocalBackend.shared()
            let directory = try Integration.temporaryDirectory("f2-signout")
            let store = directory + "/store"
            let user = await backend.uniqueName("race")
            try await backend.createUser(user, password: Integration.password)
            let proxy = try FaultProxy(upstream: backend.endpoint)
            defer { proxy.stop() }
            let (child, config) = try await Self.refreshInFlight(
                backend, user: user, directory: directory, store: store, proxy: proxy)
            // The held refresh keeps its delay; what follows goes straight through the same endpoint.
            proxy.setMode(.pass)
            let signOut = try await LatchkeyBinary.run(
                ["sign-out", "--config", config, "--store", store], environment: Self.file)
            #expect(signOut.exitCode == 0, "\(signOut.stderr)")
            let token = try await child.wait()
            // The refresh answer landed after the sign-out: it is dropped, not written back.
            #expect(token.exitCode != 0, "token served a signed-out session: \(token.stdout.prefix(20))")
            let stored = try FileSessionStore(directory: store).load()
            #expect(stored?.state == .signedOut)
            #expect(stored?.tokens == nil)
        }

        @Test("A sign-in as bob while alice's refresh is in flight leaves bob signed in (F2)")
        func refreshDoesNotRevertUserSwitch() async throws {
            let backend = try await LocalBackend.shared()
            let directory = try Integration.temporaryDirectory("f2-switch")
            let store = directory + "/store"
            let (alice, bob) = try await Self.twoUsers(backend)
            let proxy = try FaultProxy(upstream: backend.endpoint)
            defer { proxy.stop() }
            let (child, config) = try await Self.refreshInFlight(
                backend, user: alice, directory: directory, store: store, proxy: proxy)
            // The held refresh keeps its delay; bob's sign-in goes straight through the same endpoint.
            proxy.setMode(.pass)
            #expect(try await Self.signIn(bob, config: config, store: store).exitCode == 0)
            let token = try await child.wait()
            #expect(try Self.storedUser(store) == bob)
            // Whatever the racing `token` printed, it was not alice's refreshed token written over bob.
            if token.exitCode == 0 {
                let served = try CognitoTokens(
                    idToken: token.stdout.trimmingCharacters(in: .whitespacesAndNewlines),
                    accessToken: token.stdout.trimmingCharacters(in: .whitespacesAndNewlines), refreshToken: nil)
                #expect((served.idClaims?.cognitoUsername ?? served.idClaims?.username) == bob)
            }
        }

        // MARK: F3: sign-out --global never claims what it did not do

        @Test(
            "sign-out --global with the service failing: exit 3, says other devices are NOT signed out; the retry revokes"
        )
        func globalSignOutHonest() async throws {
            let backend = try await LocalBackend.shared()
            let directory = try Integration.temporaryDirectory("f3")
            let store = directory + "/store"
            let user = await backend.uniqueName("global")
            try await backend.createUser(user, password: Integration.password)
            let proxy = try FaultProxy(upstream: backend.endpoint)
            defer { proxy.stop() }
            let proxied = try StoreTestSupport.config(backend.info.configPath, endpoint: proxy.endpoint, in: directory)
            #expect(try await Self.signIn(user, config: proxied, store: store).exitCode == 0)
            let refreshToken = try #require(try FileSessionStore(directory: store).load()?.tokens?.refreshToken)

            proxy.setMode(.http5xx)
            let first = try await LatchkeyBinary.run(
                ["sign-out", "--global", "--config", proxied, "--store", store], environment: Self.file)
            #expect(first.exitCode == 3, "\(first.stderr)")
            #expect(first.stderr.contains("NOT signed out"), "\(first.stderr)")
            #expect(!(first.stdout + first.stderr).contains("everywhere:"))
            // Signed out here, with the revocation owed in the store.
            let owed = try FileSessionStore(directory: store).load()
            #expect(owed?.tokens == nil)
            #expect(owed?.pendingRevocation?.refreshToken == refreshToken)
            #expect(owed?.pendingRevocation?.global == true)

            proxy.setMode(.pass)
            let retry = try await LatchkeyBinary.run(
                ["sign-out", "--global", "--config", proxied, "--store", store], environment: Self.file)
            #expect(retry.exitCode == 0, "\(retry.stderr)")
            #expect(retry.stderr.contains("everywhere"), "\(retry.stderr)")
            #expect(try FileSessionStore(directory: store).load()?.pendingRevocation == nil)
            // The old refresh token no longer works at the service.
            await Self.expectRevoked(refreshToken, backend)
        }

        @Test("sign-out (local) revokes the refresh token at the service by default")
        func localSignOutRevokes() async throws {
            let backend = try await LocalBackend.shared()
            let directory = try Integration.temporaryDirectory("f3-local")
            let store = directory + "/store"
            let user = await backend.uniqueName("local")
            try await backend.createUser(user, password: Integration.password)
            let config = backend.info.configPath
            #expect(try await Self.signIn(user, config: config, store: store).exitCode == 0)
            let refreshToken = try #require(try FileSessionStore(directory: store).load()?.tokens?.refreshToken)
            let signOut = try await LatchkeyBinary.run(
                ["sign-out", "--config", config, "--store", store], environment: Self.file)
            #expect(signOut.exitCode == 0, "\(signOut.stderr)")
            #expect(signOut.stderr.contains("revoked"), "\(signOut.stderr)")
            await Self.expectRevoked(refreshToken, backend)
        }

        // MARK: F4, F5: a store no one else can plant

        @Test("An existing store directory is never chmod'ed; one others can write is refused with exit 2")
        func worldWritableDirectoryRefused() async throws {
            let backend = try await LocalBackend.shared()
            let directory = try Integration.temporaryDirectory("f4")
            let sticky = directory + "/sticky"
            #expect(mkdir(sticky, 0o700) == 0)
            #expect(chmod(sticky, 0o1777) == 0)
            let status = try await LatchkeyBinary.run(
                ["status", "--config", backend.info.configPath, "--store", sticky], environment: Self.file)
            #expect(status.exitCode == 2, "\(status.stderr)")
            #expect(status.stderr.contains("written by other users"), "\(status.stderr)")
            #expect(StoreTestSupport.mode(sticky) == 0o1777, "the directory's mode was changed")
        }

        @Test("A store directory owned by another user is refused; a symlinked lock creates nothing")
        func plantedStoreRefused() async throws {
            let backend = try await LocalBackend.shared()
            let directory = try Integration.temporaryDirectory("f5")
            let user = await backend.uniqueName("f5")
            try await backend.createUser(user, password: Integration.password)
            let config = backend.info.configPath

            // Owned by someone else (only root can chown; elsewhere the check is skipped).
            if geteuid() == 0 {
                let foreign = directory + "/foreign"
                #expect(mkdir(foreign, 0o700) == 0)
                #expect(chown(foreign, 1001, 1001) == 0)
                let refused = try await Self.signIn(user, config: config, store: foreign)
                #expect(refused.exitCode == 2, "\(refused.stderr)")
                #expect(refused.stderr.contains("another user"), "\(refused.stderr)")
            }

            // A session.lock planted as a symbolic link: refused, and its target is never created.
            let store = directory + "/store"
            #expect(mkdir(store, 0o700) == 0)
            let target = directory + "/created-by-symlinked-lock"
            #expect(symlink(target, store + "/session.lock") == 0)
            let planted = try await Self.signIn(user, config: config, store: store)
            #expect(planted.exitCode == 2, "\(planted.stderr)")
            #expect(!FileManager.default.fileExists(atPath: target))
        }

        @Test("status shows the session file's real mode, after making a readable one private with a warning")
        func statusShowsRealMode() async throws {
            let backend = try await LocalBackend.shared()
            let directory = try Integration.temporaryDirectory("f5-mode")
            let store = directory + "/store"
            let user = await backend.uniqueName("mode")
            try await backend.createUser(user, password: Integration.password)
            #expect(try await Self.signIn(user, config: backend.info.configPath, store: store).exitCode == 0)
            #expect(chmod(store + "/session.json", 0o640) == 0)
            let status = try await LatchkeyBinary.run(
                ["status", "--config", backend.info.configPath, "--store", store], environment: Self.file)
            #expect(status.stderr.contains("could be read by other users (mode 640)"), "\(status.stderr)")
            #expect(status.stdout.contains("mode 0600"), "\(status.stdout)")
        }

        @Test("A corrupt session is reported on stderr and in status; sign-out removes what was moved aside (F15)")
        func corruptSessionReported() async throws {
            let backend = try await LocalBackend.shared()
            let directory = try Integration.temporaryDirectory("f15")
            let store = directory + "/store"
            let user = await backend.uniqueName("corrupt")
            try await backend.createUser(user, password: Integration.password)
            let common = ["--config", backend.info.configPath, "--store", store]
            #expect(try await Self.signIn(user, config: backend.info.configPath, store: store).exitCode == 0)
            let handle = try #require(FileHandle(forWritingAtPath: store + "/session.json"))
            handle.seekToEndOfFile()
            handle.write(Data("garbage".utf8))
            try handle.close()
            let status = try await LatchkeyBinary.run(["status"] + common, environment: Self.file)
            #expect(status.stderr.contains("moved aside"), "\(status.stderr)")
            #expect(status.stdout.contains("unreadable session file(s) moved aside"), "\(status.stdout)")
            #expect(FileSessionStore(directory: store).corruptFiles.count == 1)
            #expect(try await Self.signIn(user, config: backend.info.configPath, store: store).exitCode == 0)
            let signOut = try await LatchkeyBinary.run(["sign-out"] + common, environment: Self.file)
            #expect(signOut.exitCode == 0, "\(signOut.stderr)")
            #expect(FileSessionStore(directory: store).corruptFiles.isEmpty)
        }

        // MARK: F9, F10: nothing waits without a bound

        @Test("A FIFO in place of session.json is moved aside with a warning instead of hanging every command")
        func fifoDoesNotHang() async throws {
            let backend = try await LocalBackend.shared()
            let store = try Integration.temporaryDirectory("f9")
            #expect(chmod(store, 0o700) == 0)
            #expect(mkfifo(store + "/session.json", 0o600) == 0)
            let status = try await LatchkeyBinary.run(
                ["status", "--config", backend.info.configPath, "--store", store], environment: Self.file,
                timeout: .seconds(20))
            #expect(status.exitCode == 1, "signed out after the FIFO was moved aside: \(status.stderr)")
            #expect(status.stderr.contains("FIFO"), "\(status.stderr)")
        }

        @Test("A write waits a bounded time for a lock another process holds, then exits 5 naming the lock")
        func heldLockIsBounded() async throws {
            let backend = try await LocalBackend.shared()
            let store = try Integration.temporaryDirectory("f10")
            #expect(chmod(store, 0o700) == 0)
            let user = await backend.uniqueName("lock")
            try await backend.createUser(user, password: Integration.password)
            let holder = try await Self.lockHolder(store)
            defer { holder.kill() }
            let started = ContinuousClock.now
            let signIn = try await Self.signIn(user, config: backend.info.configPath, store: store)
            #expect(signIn.exitCode == 5, "\(signIn.stderr)")
            #expect(signIn.stderr.contains("session.lock"), "\(signIn.stderr)")
            #expect(ContinuousClock.now - started < .seconds(40))
        }

        @Test("token's lock wait is bounded by its own --retry-seconds, not the store's 10 s")
        func lockWaitFollowsTheDeadline() async throws {
            let backend = try await LocalBackend.shared()
            let directory = try Integration.temporaryDirectory("f10-deadline")
            let store = directory + "/store"
            let user = await backend.uniqueName("lockdl")
            try await backend.createUser(user, password: Integration.password)
            let config = try await StoreTestSupport.shortLivedConfig(
                backend: backend, accessTokenSeconds: 1, in: directory
            ).path
            #expect(try await Self.signIn(user, config: config, store: store).exitCode == 0)
            try await Task.sleep(for: .milliseconds(1100))  // the access token has expired: token must write
            let holder = try await Self.lockHolder(store)
            defer { holder.kill() }
            let started = ContinuousClock.now
            let token = try await LatchkeyBinary.run(
                ["token", "--retry-seconds", "1", "--config", config, "--store", store], environment: Self.file,
                timeout: .seconds(30))
            let took = ContinuousClock.now - started
            // The refreshed tokens cannot be stored: the command fails (5, naming the lock) instead of
            // serving tokens the store does not hold, and it does so within its own deadline's bound.
            #expect(token.exitCode == 5, "\(token.stderr)")
            #expect(token.stderr.contains("session.lock"), "\(token.stderr)")
            #expect(took < .seconds(8), "token waited \(took) behind the lock")
        }
    }
}
