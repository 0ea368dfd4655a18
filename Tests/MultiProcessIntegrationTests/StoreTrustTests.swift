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

/// A small tmpfs mounted for one test (root only), so that a store can be filled or made read-only.
final class TmpfsMount {
    let path: String

    private init(path: String) { self.path = path }

    /// Mounts a tmpfs of `kilobytes` at a new directory under `parent`; nil when this process may not mount.
    static func make(under parent: String, kilobytes: Int) throws -> TmpfsMount? {
        let path = parent + "/tmpfs"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        guard geteuid() == 0, run(["-t", "tmpfs", "-o", "size=\(kilobytes)k,mode=0700", "tmpfs", path]) else {
            return nil
        }
        return TmpfsMount(path: path)
    }

    /// Remounts read-only or read-write.
    func remount(readOnly: Bool) -> Bool {
        Self.run(["-o", "remount,\(readOnly ? "ro" : "rw")", path])
    }

    /// Fills the file system with `filler` until no byte is left.
    func fill() throws -> String {
        let filler = path + "/filler"
        let fd = open(filler, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        guard fd >= 0 else { throw TestSupportError(description: "cannot create the filler") }
        defer { close(fd) }
        let block = [UInt8](repeating: 0, count: 1024)
        var chunk = block.count
        while chunk > 0 {
            if write(fd, block, chunk) < 0 { chunk /= 2 }
        }
        return filler
    }

    deinit {
        _ = Self.run(["-o", "remount,rw", path])
        _ = Self.unmount(path)
    }

    private static func unmount(_ path: String) -> Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/umount")
        process.arguments = [path]
        guard (try? process.run()) != nil else { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }

    private static func run(_ arguments: [String]) -> Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/mount")
        process.arguments = arguments
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }
}

/// A user signed in with the binary on a rotating app client, for the store trust tests.
struct RotatingSignIn {
    let configuration: AuthConfiguration
    let config: String
    let username: String
    let common: [String]
    let store: String

    static let environment = ["LATCHKEY_STORE": "file"]

    /// Signs a new user in to `store` with `accessTokenSeconds` tokens and no rotation grace period;
    /// `endpoint` replaces the configuration's (a fault proxy).
    static func make(
        backend: LocalBackend, directory: String, store: String, accessTokenSeconds: Int, endpoint: URL? = nil
    ) async throws -> RotatingSignIn {
        let configuration = try await RotationSupport.rotatingClient(
            backend: backend, accessTokenSeconds: accessTokenSeconds, grace: 0)
        let username = await backend.uniqueName("trust")
        try await backend.createUser(username, password: Integration.password)
        var config = try RotationSupport.configFile(backend: backend, configuration, in: directory)
        if let endpoint { config = try withEndpoint(config, endpoint.absoluteString) }
        let common = ["--config", config, "--store", store]
        let signIn = try await LatchkeyBinary.run(
            ["sign-in", "--username", username, "--password-stdin"] + common, stdin: Integration.password + "\n",
            environment: environment)
        try #require(signIn.exitCode == 0, "\(signIn.stderr)")
        return RotatingSignIn(
            configuration: configuration, config: config, username: username, common: common, store: store)
    }

    /// A new user signed in through a new fault proxy (stopped by the caller) in a new directory's `store`.
    static func proxied(_ name: String, accessTokenSeconds: Int) async throws
        -> (backend: LocalBackend, proxy: FaultProxy, session: RotatingSignIn)
    {
        let backend = try await LocalBackend.shared()
        let directory = try Integration.temporaryDirectory(name)
        let proxy = try FaultProxy(upstream: backend.endpoint)
        do {
            let session = try await make(
                backend: backend, directory: directory, store: directory + "/store",
                accessTokenSeconds: accessTokenSeconds, endpoint: proxy.endpoint)
            return (backend, proxy, session)
        } catch {
            proxy.stop()
            throw error
        }
    }

    /// A copy of the configuration file `path` whose user pool endpoint is `endpoint`.
    static func withEndpoint(_ path: String, _ endpoint: String) throws -> String {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        guard case .object(var document) = try #require(JSONValue.parse(Array(data))),
            case .object(var pools) = try #require(document["CognitoUserPool"]),
            case .object(var entry) = try #require(pools["Default"])
        else { throw TestSupportError(description: "unexpected configuration shape") }
        entry["Endpoint"] = .string(endpoint)
        pools["Default"] = .object(entry)
        document["CognitoUserPool"] = .object(pools)
        let copy = path.replacingOccurrences(of: ".json", with: "-proxied.json")
        try JSONValue.object(document).encoded().write(to: URL(fileURLWithPath: copy))
        return copy
    }

    /// The stored refresh token.
    func storedRefreshToken() throws -> String? {
        try FileSessionStore(directory: store).load()?.tokens?.refreshToken
    }

    /// Runs `latchkey token` with `extra` arguments.
    func token(_ extra: [String] = []) async throws -> LatchkeyBinary.Output {
        try await LatchkeyBinary.run(["token"] + extra + common, environment: Self.environment)
    }
}

extension BackendTests {
    @Suite("Store trust: rotation never loses the session, peers' outcomes are adopted", .timeLimit(.minutes(4)))
    struct StoreTrustTests {
        @Test(
            "N4: a full disk gets no refresh (exit 5) and keeps the session; a disk filled during the refresh still stores the rotated token"
        )
        func fullDiskKeepsTheRotatedToken() async throws {
            let backend = try await LocalBackend.shared()
            let directory = try Integration.temporaryDirectory("full-disk")
            guard let disk = try TmpfsMount.make(under: directory, kilobytes: 64) else {
                // Without mount rights the read-only-directory test below and the unit tests cover this.
                print("full-disk test skipped: this process may not mount a tmpfs")
                return
            }
            let proxy = try FaultProxy(upstream: backend.endpoint)
            defer { proxy.stop() }
            let session = try await RotatingSignIn.make(
                backend: backend, directory: directory, store: disk.path + "/store", accessTokenSeconds: 2,
                endpoint: proxy.endpoint)
            let original = try #require(try session.storedRefreshToken())

            // 1. The disk is full when the refresh is due: nothing is sent, the session is kept.
            try await Task.sleep(for: .seconds(2.2))
            let filler = try disk.fill()
            let refused = try await session.token()
            #expect(refused.exitCode == 5, "\(refused.stderr)")
            #expect(refused.stderr.contains("No space left on device"), "\(refused.stderr)")
            #expect(try session.storedRefreshToken() == original)
            unlink(filler)
            // The kept token still works (checking rotates it, so sign in again for part 2).
            #expect(await RotationSupport.refreshes(backend: backend, session.configuration, original))
            let again = try await LatchkeyBinary.run(
                ["sign-in", "--username", session.username, "--password-stdin"] + session.common,
                stdin: Integration.password + "\n", environment: RotatingSignIn.environment)
            try #require(again.exitCode == 0, "\(again.stderr)")
            let second = try #require(try session.storedRefreshToken())

            // 2. The disk fills while the refresh is on the wire: the space set aside before it was
            //    sent takes the rotated token.
            try await Task.sleep(for: .seconds(2.2))
            let delayedBefore = proxy.connectionCount(.delay(milliseconds: 0))
            proxy.setMode(.delay(milliseconds: 3000))
            async let refreshing = session.token()
            while proxy.connectionCount(.delay(milliseconds: 0)) == delayedBefore {
                try await Task.sleep(for: .milliseconds(20))
            }
            let secondFiller = try disk.fill()
            let stored = try await refreshing
            proxy.setMode(.pass)
            #expect(stored.exitCode == 0, "\(stored.stderr)")
            let rotated = try #require(try session.storedRefreshToken())
            #expect(rotated != second)
            unlink(secondFiller)
            // The next command uses the rotated token, which the service still honours.
            let next = try await session.token()
            #expect(next.exitCode == 0, "\(next.stderr)")
            #expect(await RotationSupport.refreshes(backend: backend, session.configuration, rotated))
        }

        @Test("N4: a read-only store gets no refresh (exit 5); once writable, the next token refreshes (exit 0)")
        func readOnlyStoreKeepsTheSession() async throws {
            let backend = try await LocalBackend.shared()
            let directory = try Integration.temporaryDirectory("read-only")
            let disk = try TmpfsMount.make(under: directory, kilobytes: 1024)
            let store = (disk?.path ?? directory) + "/store"
            let session = try await RotatingSignIn.make(
                backend: backend, directory: directory, store: store, accessTokenSeconds: 2)
            let original = try #require(try session.storedRefreshToken())
            try await Task.sleep(for: .seconds(2.2))
            // Root writes through a chmod, so as root the file system itself is made read-only.
            if let disk {
                try #require(disk.remount(readOnly: true))
            } else {
                try #require(chmod(store, 0o500) == 0)
            }
            let refused = try await session.token()
            if let disk { _ = disk.remount(readOnly: false) } else { _ = chmod(store, 0o700) }
            #expect(refused.exitCode == 5, "\(refused.stderr)")
            #expect(try session.storedRefreshToken() == original)
            let next = try await session.token()
            #expect(next.exitCode == 0, "\(next.stderr)")
            #expect(try session.storedRefreshToken() != original)
        }

        @Test("N8: a held refresh.lock is reported as such (exit 5 naming refresh.lock), not as a network time-out")
        func heldRefreshLock() async throws {
            let backend = try await LocalBackend.shared()
            let directory = try Integration.temporaryDirectory("refresh-lock")
            let session = try await RotatingSignIn.make(
                backend: backend, directory: directory, store: directory + "/store", accessTokenSeconds: 2)
            try await Task.sleep(for: .seconds(2.2))
            // Another process holds the lock: this test process, with flock(2).
            let fd = open(session.store + "/refresh.lock", O_RDWR | O_CREAT, 0o600)
            try #require(fd >= 0)
            defer { close(fd) }
            try #require(flock(fd, LOCK_EX) == 0)
            let started = ContinuousClock.now
            let blocked = try await session.token()
            print("a held refresh.lock: token ended after \(ContinuousClock.now - started)")
            #expect(blocked.exitCode == 5, "\(blocked.stderr)")
            #expect(blocked.stderr.contains("refresh.lock"), "\(blocked.stderr)")
            #expect(!blocked.stderr.contains("timed out"), "\(blocked.stderr)")
        }

        @Test(
            "N16: when one process finds the refresh token retired, the processes waiting for the refresh lock adopt its re-login and send nothing"
        )
        func waitingProcessesAdoptAPeersRelogin() async throws {
            let (backend, proxy, session) = try await RotatingSignIn.proxied("peer-relogin", accessTokenSeconds: 2)
            defer { proxy.stop() }
            // Retire the stored refresh token behind the store's back (rotation, no grace period).
            let stored = try #require(try session.storedRefreshToken())
            #expect(await RotationSupport.refreshes(backend: backend, session.configuration, stored))
            try await Task.sleep(for: .seconds(2.2))
            // Each request waits a while, so that the others queue on the refresh lock meanwhile.
            proxy.setMode(.delay(milliseconds: 700))
            let before = proxy.connectionCount(.delay(milliseconds: 0))
            let results = try await withThrowingTaskGroup(of: LatchkeyBinary.Output.self) { group in
                for _ in 0..<8 { group.addTask { try await session.token() } }
                var all: [LatchkeyBinary.Output] = []
                for try await result in group { all.append(result) }
                return all
            }
            let sent = proxy.connectionCount(.delay(milliseconds: 0)) - before
            #expect(results.allSatisfy { $0.exitCode == 4 }, "\(results.map { ($0.exitCode, $0.stderr) })")
            #expect(sent == 1, "\(sent) processes sent a refresh with the retired token")
        }
    }
}

extension BackendTests {
    @Suite("Refresh deadlines and causes: --retry-seconds bounds retries, the service's answer is named")
    struct RefreshDeadlineTests {
        @Test("F11: --retry-seconds 0 refreshes on a healthy backend; the default rides out one slow (6 s) answer")
        func retrySecondsBoundRetriesNotTheRequest() async throws {
            let (_, proxy, session) = try await RotatingSignIn.proxied("retry-seconds", accessTokenSeconds: 2)
            defer { proxy.stop() }
            try await Task.sleep(for: .seconds(2.2))
            let immediate = try await session.token(["--retry-seconds", "0"])
            #expect(immediate.exitCode == 0, "\(immediate.stderr)")
            try await Task.sleep(for: .seconds(2.2))
            proxy.setMode(.delay(milliseconds: 6000))
            let slow = try await session.token()
            proxy.setMode(.pass)
            #expect(slow.exitCode == 0, "\(slow.stderr)")
        }

        @Test(
            "F12: a refresh answered 503 JSON, 429 TooManyRequests or 502 HTML is exit 3 naming the answer, not a time-out; a 302 says redirected"
        )
        func refreshFailuresNameTheCause() async throws {
            let (_, proxy, session) = try await RotatingSignIn.proxied("refresh-causes", accessTokenSeconds: 2)
            defer { proxy.stop() }
            try await Task.sleep(for: .seconds(2.2))
            let json = "application/x-amz-json-1.1"
            let answers: [(FaultProxy.Mode, String)] = [
                (
                    .respond(
                        status: 503, contentType: json,
                        body: #"{"__type":"ServiceUnavailableException","message":"try later"}"#),
                    "ServiceUnavailable"
                ),
                (
                    .respond(
                        status: 429, contentType: json,
                        body: #"{"__type":"TooManyRequestsException","message":"slow down"}"#),
                    "slow down"
                ),
                (
                    .respond(status: 502, contentType: "text/html", body: "<html><h1>502 Bad Gateway</h1></html>"),
                    "HTML"
                ),
            ]
            for (mode, cause) in answers {
                proxy.setMode(mode)
                let failed = try await session.token(["--retry-seconds", "1"])
                #expect(failed.exitCode == 3, "\(mode): \(failed.stderr)")
                #expect(failed.stderr.contains(cause), "\(mode): \(failed.stderr)")
                #expect(!failed.stderr.contains("timed out"), "\(mode): \(failed.stderr)")
                print("refresh answered \(mode): \(failed.stderr)")
            }
            proxy.setMode(.respond(status: 302, contentType: "text/plain", body: ""))
            let redirected = try await LatchkeyBinary.run(
                ["sign-in", "--username", session.username, "--password-stdin"] + session.common,
                stdin: Integration.password + "\n", environment: RotatingSignIn.environment)
            proxy.setMode(.pass)
            #expect(redirected.exitCode == 1, "\(redirected.stderr)")
            #expect(redirected.stderr.contains("redirected"), "\(redirected.stderr)")
            #expect(!redirected.stderr.contains("0 bytes"), "\(redirected.stderr)")
            print("sign-in answered 302: \(redirected.stderr)")
        }
    }
}

extension BackendTests {
    @Suite("Accounts trust: owed revocations kept, concurrent sign-ins, removed accounts, file modes")
    struct AccountsTrustTests {
        static let environment = RotatingSignIn.environment

        /// A rotating app client (no secret) and its configuration file, optionally through `endpoint`.
        static func client(backend: LocalBackend, directory: String, accessTokenSeconds: Int = 3600, endpoint: URL?)
            async throws -> (configuration: AuthConfiguration, direct: String, proxied: String?)
        {
            let configuration = try await RotationSupport.rotatingClient(
                backend: backend, accessTokenSeconds: accessTokenSeconds, grace: 0)
            let direct = try RotationSupport.configFile(backend: backend, configuration, in: directory)
            return (
                configuration, direct, try endpoint.map { try RotatingSignIn.withEndpoint(direct, $0.absoluteString) }
            )
        }

        /// A rotating pool reached through a new fault proxy (stopped by the caller), with two new users.
        struct ProxiedPool {
            let backend: LocalBackend
            let directory: String
            let proxy: FaultProxy
            let configuration: AuthConfiguration
            let direct: String
            let proxied: String
            let users: [String]
        }

        static func proxiedPool(_ name: String, accessTokenSeconds: Int = 3600) async throws -> ProxiedPool {
            let backend = try await LocalBackend.shared()
            let directory = try Integration.temporaryDirectory(name)
            let proxy = try FaultProxy(upstream: backend.endpoint)
            let pool = try await client(
                backend: backend, directory: directory, accessTokenSeconds: accessTokenSeconds, endpoint: proxy.endpoint
            )
            let users = [await backend.uniqueName("alice"), await backend.uniqueName("bob")]
            for user in users { try await backend.createUser(user, password: Integration.password) }
            return ProxiedPool(
                backend: backend, directory: directory, proxy: proxy, configuration: pool.configuration,
                direct: pool.direct, proxied: try #require(pool.proxied), users: users)
        }

        static func signIn(_ username: String, _ common: [String]) async throws -> LatchkeyBinary.Output {
            try await LatchkeyBinary.run(
                ["sign-in", "--username", username, "--password-stdin"] + common, stdin: Integration.password + "\n",
                environment: environment)
        }

        @Test("F5: a session.json others can read is made 0600 with a warning before it is used")
        func worldReadableSessionFileIsFixed() async throws {
            let backend = try await LocalBackend.shared()
            let directory = try Integration.temporaryDirectory("mode-0644")
            let session = try await RotatingSignIn.make(
                backend: backend, directory: directory, store: directory + "/store", accessTokenSeconds: 3600)
            let file = session.store + "/session.json"
            try #require(chmod(file, 0o644) == 0)
            let token = try await session.token()
            #expect(token.exitCode == 0, "\(token.stderr)")
            #expect(token.stderr.contains("could be read by other users (mode 644)"), "\(token.stderr)")
            #expect(StoreTestSupport.mode(file) == 0o600)
        }

        @Test(
            "N3: signing out a second account while RevokeToken fails keeps the owed revocation; status shows it; the next sign-out sends it"
        )
        func owedRevocationOfASecondAccountIsKept() async throws {
            let pool = try await Self.proxiedPool("owed-revocation")
            let (backend, directory, proxy) = (pool.backend, pool.directory, pool.proxy)
            defer { proxy.stop() }
            let common = ["--config", pool.proxied, "--store", directory + "/store"]
            let (alice, bob) = (pool.users[0], pool.users[1])
            #expect(try await Self.signIn(alice, common).exitCode == 0)
            #expect(try await Self.signIn(bob, common).exitCode == 0)
            let bobStore = directory + "/store/accounts/account-2"
            let bobToken = try #require(try FileSessionStore(directory: bobStore).load()?.tokens?.refreshToken)

            proxy.setMode(.http5xx)
            let signOut = try await LatchkeyBinary.run(["sign-out"] + common, environment: Self.environment)
            #expect(signOut.exitCode == 0, "\(signOut.stderr)")
            #expect(FileManager.default.fileExists(atPath: bobStore), "bob's account and its owed revocation are gone")
            #expect(try FileSessionStore(directory: bobStore).load()?.pendingRevocation?.refreshToken == bobToken)
            let status = try await LatchkeyBinary.run(["status"] + common, environment: Self.environment)
            #expect(status.stdout.contains("An earlier sign-out of \(bob)"), "\(status.stdout)")

            proxy.setMode(.pass)
            let retry = try await LatchkeyBinary.run(["sign-out"] + common, environment: Self.environment)
            #expect(retry.exitCode == 0, "\(retry.stderr)")
            #expect(!FileManager.default.fileExists(atPath: bobStore))
            #expect(await RotationSupport.refreshes(backend: backend, pool.configuration, bobToken) == false)
        }

        @Test(
            "N17: two users signing in at once to an empty store: each one that reports success is stored, none is dropped"
        )
        func concurrentSignInsOfTwoUsers() async throws {
            let pool = try await Self.proxiedPool("concurrent-sign-ins")
            let proxy = pool.proxy
            defer { proxy.stop() }
            let common = ["--config", pool.proxied, "--store", pool.directory + "/store"]
            let users = pool.users
            proxy.setMode(.delay(milliseconds: 1000))
            async let first = Self.signIn(users[0], common)
            async let second = Self.signIn(users[1], common)
            let results = try await [first, second]
            proxy.setMode(.pass)
            let listed = try await LatchkeyBinary.run(["accounts", "--json"] + common, environment: Self.environment)
            let accounts = JSONValue.parse(Array(listed.stdout.utf8))?.arrayValue ?? []
            let stored = Set(
                accounts.filter { $0["state"]?.stringValue == "signedIn" }.compactMap { $0["username"]?.stringValue })
            for (user, result) in zip(users, results) where result.exitCode == 0 {
                #expect(stored.contains(user), "\(user) was told ✔ but is not stored: \(listed.stdout)")
            }
            #expect(results.contains { $0.exitCode == 0 })
            for result in results where result.exitCode != 0 {
                #expect(result.stderr.contains("signed in"), "\(result.stderr)")
            }
        }

        @Test("N19: a sign-in --remember-device killed during ConfirmDevice leaves session.json with its account.json")
        func interruptedDeviceSignInKeepsThePair() async throws {
            let backend = try await LocalBackend.shared()
            let directory = try Integration.temporaryDirectory("interrupted-device")
            let proxy = try FaultProxy(upstream: backend.endpoint)
            defer { proxy.stop() }
            let configuration = try await RotationSupport.devicePool(backend: backend)
            let username = try await RotationSupport.createUser(backend: backend, in: configuration)
            let config = try RotatingSignIn.withEndpoint(
                RotationSupport.configFile(backend: backend, configuration, in: directory),
                proxy.endpoint.absoluteString)
            let store = directory + "/store"
            proxy.setMode(.delay(milliseconds: 1500))
            let child = try LatchkeyBinary.spawn(
                [
                    "sign-in", "--username", username, "--password-stdin", "--remember-device", "--config", config,
                    "--store", store,
                ],
                stdin: Integration.password + "\n", environment: Self.environment)
            while !FileManager.default.fileExists(atPath: store + "/session.json") {
                try await Task.sleep(for: .milliseconds(10))
            }
            // The session is stored; the device step's requests are still delayed in the proxy.
            try await Task.sleep(for: .milliseconds(300))
            child.kill()
            _ = try? await child.wait()
            proxy.setMode(.pass)
            #expect(try FileSessionStore(directory: store).load()?.state == .signedIn)
            #expect(FileManager.default.fileExists(atPath: store + "/" + AccountProfile.fileName))
            #expect(AccountDirectory(root: store).profile(of: AccountDirectory.defaultID)?.username == username)
        }

        @Test("N19: a command in flight for an account that is signed out meanwhile does not bring its directory back")
        func removedAccountIsNotRecreated() async throws {
            let pool = try await Self.proxiedPool("removed-account", accessTokenSeconds: 2)
            let proxy = pool.proxy
            defer { proxy.stop() }
            let store = pool.directory + "/store"
            let proxied = ["--config", pool.proxied, "--store", store]
            let (alice, bob) = (pool.users[0], pool.users[1])
            #expect(try await Self.signIn(alice, proxied).exitCode == 0)
            #expect(try await Self.signIn(bob, proxied).exitCode == 0)
            let bobStore = store + "/accounts/account-2"
            try #require(FileManager.default.fileExists(atPath: bobStore))
            try await Task.sleep(for: .seconds(2.2))
            proxy.setMode(.delay(milliseconds: 3000))
            let before = proxy.connectionCount(.delay(milliseconds: 0))
            async let inFlight = LatchkeyBinary.run(
                ["token", "--account", bob] + proxied,
                environment: Self.environment)
            for _ in 0..<1000 where proxy.connectionCount(.delay(milliseconds: 0)) == before {
                try await Task.sleep(for: .milliseconds(20))
            }
            try #require(proxy.connectionCount(.delay(milliseconds: 0)) > before, "the token never sent its refresh")
            // Only the refresh already accepted stays delayed; the sign-out passes straight through.
            proxy.setMode(.pass)
            let signOut = try await LatchkeyBinary.run(
                ["sign-out", "--account", bob] + proxied, environment: Self.environment)
            #expect(signOut.exitCode == 0, "\(signOut.stderr)")
            #expect(!FileManager.default.fileExists(atPath: bobStore))
            let token = try await inFlight
            proxy.setMode(.pass)
            #expect(token.exitCode != 0)
            #expect(
                !FileManager.default.fileExists(atPath: bobStore),
                "\((try? FileManager.default.contentsOfDirectory(atPath: bobStore)) ?? [])")
        }
    }
}
