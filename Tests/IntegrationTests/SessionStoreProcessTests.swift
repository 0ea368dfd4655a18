import CognitoAuth
import CognitoAuthTesting
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Runs blocking work (waitpid, sleeps) on its own thread, off Swift's cooperative pool.
func onDedicatedThread<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        do {
            try startThread(stackSize: 4 << 20) {
                do { continuation.resume(returning: try work()) } catch { continuation.resume(throwing: error) }
            }
        } catch {
            continuation.resume(throwing: error)
        }
    }
}

/// Shared helpers of the store tests.
enum StoreTestSupport {
    /// A signed-in session for the unreachable configuration's pool (fake tokens, valid for an hour).
    static func offlineSession(username: String = "offline") throws -> PersistedSession {
        let pool = UserPoolConfiguration(
            poolId: "us-east-1_Offline1", appClientId: "offlineclient", region: "us-east-1")
        let raw = TestJWT.tokens(pool: pool, username: username, issued: Date(), lifetime: 3600)
        let tokens = try CognitoTokens(idToken: raw.id, accessToken: raw.access, refreshToken: raw.refresh)
        return PersistedSession(
            state: .signedIn, username: username, provider: pool.providerKey, tokens: tokens,
            updatedAt: Date(timeIntervalSince1970: Date().timeIntervalSince1970.rounded(.down)))
    }

    /// A configuration file for a new app client of the local backend with short token lifetimes.
    static func shortLivedConfig(backend: LocalBackend, accessTokenSeconds: Int, in directory: String) async throws
        -> (path: String, configuration: AuthConfiguration)
    {
        let configuration = try await backend.configuration(accessTokenSeconds: accessTokenSeconds)
        let clientId = try #require(configuration.userPool?.appClientId)
        let data = try Data(contentsOf: URL(fileURLWithPath: backend.info.configPath))
        guard case .object(var document) = try #require(JSONValue.parse(Array(data))),
            case .object(var pools) = try #require(document["CognitoUserPool"]),
            case .object(var pool) = try #require(pools["Default"])
        else { throw TestSupportError(description: "unexpected configuration shape") }
        pool["AppClientId"] = .string(clientId)
        pool.removeValue(forKey: "AppClientSecret")
        pools["Default"] = .object(pool)
        document["CognitoUserPool"] = .object(pools)
        let path = directory + "/short-\(accessTokenSeconds)s.json"
        try JSONValue.object(document).encoded().write(to: URL(fileURLWithPath: path))
        return (path, configuration)
    }

    /// A path's permission bits including setuid, setgid and sticky (st_mode & 0o7777), or nil.
    static func mode(_ path: String) -> Int? {
        (try? FileManager.default.attributesOfItem(atPath: path))?[.posixPermissions] as? Int
    }

    /// Every regular file under `directory` whose bytes contain any of `secrets`.
    static func filesContaining(_ secrets: [String], under directory: String) -> [String] {
        let manager = FileManager.default
        guard let names = manager.subpaths(atPath: directory) else { return [] }
        return names.filter { name in
            guard let data = manager.contents(atPath: directory + "/" + name) else { return false }
            let text = String(decoding: data, as: UTF8.self)
            return secrets.contains { !$0.isEmpty && text.contains($0) }
        }
    }

    static func decode(_ data: Data) -> PersistedSession? {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .secondsSince1970
        return try? decoder.decode(PersistedSession.self, from: data)
    }
}

// MARK: - Selection (no keyring needed)

@Suite("Session store selection: keyring or plain-text file, and the one-time warning", .timeLimit(.minutes(2)))
struct SessionStoreSelectionTests {
    static let bus = ["DBUS_SESSION_BUS_ADDRESS": "unix:path=/nonexistent"]

    @Test("Without a session bus the file store is chosen, with a warning naming the path and plain text")
    func noBusMeansFile() throws {
        let directory = try Integration.temporaryDirectory("select")
        let choice = try SessionStoreSelection.make(directory: directory, environment: [:]) {
            Issue.record("the keyring must not be probed without a session bus")
            return nil
        }
        #expect(choice.backend == .file)
        #expect(choice.store is FileSessionStore)
        #expect(
            choice.warning
                == "latchkey: storing the session in plain text at \(directory)/session.json (mode 0600); no system keyring is available."
        )
    }

    @Test("With a bus: a usable keyring is chosen (no warning); an unusable one falls back to the file")
    func busAndKeyring() async throws {
        let directory = try Integration.temporaryDirectory("select")
        let usable = try SessionStoreSelection.make(directory: directory, environment: Self.bus) { nil }
        #expect(usable.backend == .keyring)
        #expect(usable.warning == nil)
        #expect(usable.store.location == "system keyring (Secret Service, collection default)")
        let locked = try SessionStoreSelection.make(directory: directory, environment: Self.bus) { "locked" }
        #expect(locked.backend == .file)
        #expect(locked.warning?.contains("plain text") == true)
    }

    @Test("A live file session stays in the file store; a signed-out one does not hold the keyring back")
    func existingFileSessionStays() async throws {
        let directory = try Integration.temporaryDirectory("select")
        try FileSessionStore(directory: directory).save(try StoreTestSupport.offlineSession())
        let kept = try SessionStoreSelection.make(directory: directory, environment: Self.bus) { nil }
        #expect(kept.backend == .file)
        #expect(kept.warning?.contains("\(directory)/session.json") == true)
        try FileSessionStore(directory: directory).save(PersistedSession(state: .signedOut, updatedAt: Date()))
        let moved = try SessionStoreSelection.make(directory: directory, environment: Self.bus) { nil }
        #expect(moved.backend == .keyring)
    }

    @Test("LATCHKEY_STORE forces a backend; keyring forced but unavailable is an error naming the fix")
    func override() async throws {
        let directory = try Integration.temporaryDirectory("select")
        let file = try SessionStoreSelection.make(
            directory: directory, environment: Self.bus.merging(["LATCHKEY_STORE": "file"]) { $1 }
        ) { nil }
        #expect(file.backend == .file)
        #expect(file.warning?.contains("LATCHKEY_STORE=file") == true)
        let keyring = try SessionStoreSelection.make(
            directory: directory, environment: Self.bus.merging(["LATCHKEY_STORE": "keyring"]) { $1 }
        ) { nil }
        #expect(keyring.backend == .keyring)
        do {
            _ = try SessionStoreSelection.make(directory: directory, environment: ["LATCHKEY_STORE": "keyring"]) { nil }
            Issue.record("forcing the keyring without a bus must fail")
        } catch {
            #expect(error.description.contains("DBUS_SESSION_BUS_ADDRESS"))
            #expect(error.description.contains("gnome-keyring-daemon --unlock"))
            #expect(error.description.contains("unset LATCHKEY_STORE"))
        }
        do {
            _ = try SessionStoreSelection.make(
                directory: directory, environment: Self.bus.merging(["LATCHKEY_STORE": "keyring"]) { $1 }
            ) {
                "the default keyring collection is locked"
            }
            Issue.record("forcing a locked keyring must fail")
        } catch {
            #expect(error.description.contains("locked"))
        }
        #expect(throws: SessionStoreSelection.Failure.self) {
            try SessionStoreSelection.make(directory: directory, environment: ["LATCHKEY_STORE": "vault"]) { nil }
        }
    }

    @Test("The warning is returned once per store directory, remembered by a marker file")
    func warningOnce() async throws {
        let directory = try Integration.temporaryDirectory("select") + "/store"
        #expect(SessionStoreSelection.firstTimeWarning(nil, directory: directory) == nil)
        #expect(SessionStoreSelection.firstTimeWarning("w", directory: directory) == "w")
        #expect(FileManager.default.fileExists(atPath: directory + "/.plaintext-warning-shown"))
        #expect(SessionStoreSelection.firstTimeWarning("w", directory: directory) == nil)
        let mode = (try FileManager.default.attributesOfItem(atPath: directory)[.posixPermissions] as? Int) ?? 0
        #expect(mode == 0o700)
    }

    @Test("The CLI prints the warning first, before any prompt or error, and only the first time")
    func cliWarnsEarlyOnce() async throws {
        let directory = try Integration.temporaryDirectory("warn")
        let store = directory + "/store"
        let config = try Integration.unreachableConfig(in: directory)
        let noKeyring = ["DBUS_SESSION_BUS_ADDRESS", "LATCHKEY_STORE"]
        // No --username and stdin not a terminal: the command fails before any network call.
        let first = try await LatchkeyBinary.run(
            ["sign-in", "--config", config, "--store", store], removing: noKeyring)
        #expect(first.exitCode == 2)
        let lines = first.stderr.split(separator: "\n")
        #expect(
            lines.first
                == "latchkey: storing the session in plain text at \(store)/session.json (mode 0600); no system keyring is available."
        )
        #expect(lines.count >= 2, "the command's own error follows the warning")
        let second = try await LatchkeyBinary.run(
            ["sign-in", "--config", config, "--store", store], removing: noKeyring)
        #expect(second.exitCode == 2)
        #expect(!second.stderr.contains("plain text"))

        let status = try await LatchkeyBinary.run(
            ["status", "--json", "--config", config, "--store", store], removing: noKeyring)
        let json = try #require(JSONValue.parse(Array(status.stdout.utf8)))
        #expect(json["storeBackend"]?.stringValue == "file")
        let human = try await LatchkeyBinary.run(["status", "--config", config, "--store", store], removing: noKeyring)
        #expect(human.stdout.contains("  - Store backend: file"))

        let forced = try await LatchkeyBinary.run(
            ["status", "--config", config, "--store", store], environment: ["LATCHKEY_STORE": "keyring"],
            removing: ["DBUS_SESSION_BUS_ADDRESS"])
        #expect(forced.exitCode == 2)
        #expect(forced.stderr.contains("LATCHKEY_STORE=keyring, but the system keyring is unavailable"))
    }
}

// MARK: - Processes sharing one file store (local backend)

extension BackendTests {
    @Suite("Session store: latchkey processes sharing one file store, and kill -9")
    struct SessionStoreProcessTests {
        /// File store in every child, whatever keyring the machine has.
        static let fileEnvironment = ["LATCHKEY_STORE": "file"]

        @Test(
            "Two terminals sign in and refresh concurrently: every read of session.json decodes, nothing is moved aside"
        )
        func twoTerminals() async throws {
            let backend = try await LocalBackend.shared()
            let directory = try Integration.temporaryDirectory("terminals")
            let store = directory + "/store"
            let username = await backend.uniqueName("terms")
            try await backend.createUser(username, password: Integration.password)
            let config = try await StoreTestSupport.shortLivedConfig(
                backend: backend, accessTokenSeconds: 1, in: directory
            ).path
            let common = ["--config", config, "--store", store]
            let signIn = ["sign-in", "--username", username, "--password-stdin"] + common
            let password = Integration.password + "\n"
            let first = try await LatchkeyBinary.run(signIn, stdin: password, environment: Self.fileEnvironment)
            #expect(first.exitCode == 0, "\(first.stderr)")

            let done = ManagedFlag()
            let sessionPath = store + "/session.json"
            async let reader = onDedicatedThread { () -> (reads: Int, bad: Int) in
                var reads = 0
                var bad = 0
                while !done.isSet {
                    if let data = FileManager.default.contents(atPath: sessionPath) {
                        reads += 1
                        if StoreTestSupport.decode(data) == nil { bad += 1 }
                    }
                    usleep(1000)
                }
                return (reads, bad)
            }
            let started = Date()
            let failures = try await withThrowingTaskGroup(of: [String].self) { group in
                for terminal in 0..<2 {
                    group.addTask {
                        try await onDedicatedThread {
                            var failures: [String] = []
                            for round in 0..<12 {
                                for arguments in [signIn, ["token", "--access"] + common, ["token"] + common] {
                                    let stdin = arguments == signIn ? password : nil
                                    let result = try LatchkeyBinary.runBlocking(
                                        arguments, stdin: stdin, environment: Self.fileEnvironment)
                                    if result.exitCode != 0 {
                                        failures.append(
                                            "terminal \(terminal) round \(round) \(arguments[0]): \(result.stderr)")
                                    }
                                }
                            }
                            return failures
                        }
                    }
                }
                var all: [String] = []
                for try await failures in group { all += failures }
                return all
            }
            done.set()
            let (reads, bad) = try await reader
            let elapsed = Date().timeIntervalSince(started)
            #expect(failures.isEmpty, "\(failures)")
            #expect(bad == 0, "\(bad) of \(reads) reads of session.json did not decode")
            #expect(reads > 0)
            let leftovers = try FileManager.default.contentsOfDirectory(atPath: store)
            #expect(!leftovers.contains { $0.contains("corrupt") }, "\(leftovers)")
            let final = try FileSessionStore(directory: store).load()
            #expect(final?.state == .signedIn)
            #expect(final?.username == username)
            print(
                "two terminals: 72 processes in \(String(format: "%.1f", elapsed)) s, \(reads) concurrent reads, all decoded"
            )
        }

        @Test("A client notices a peer process's writes: sign-in, a refresh (adopted, not repeated), sign-out")
        func peerWritesAreNoticed() async throws {
            let backend = try await LocalBackend.shared()
            let directory = try Integration.temporaryDirectory("peer")
            try await Self.peerWritesAreNoticed(
                backend: backend, directory: directory, store: FileSessionStore(directory: directory + "/store"),
                environment: Self.fileEnvironment)
        }

        /// The shared body of the peer-write tests (file store here, keyring store in its own suite).
        static func peerWritesAreNoticed(
            backend: LocalBackend, directory: String, store: any SessionStore, environment: [String: String]
        ) async throws {
            let storeDirectory = directory + "/store"
            let username = await backend.uniqueName("peer")
            try await backend.createUser(username, password: Integration.password)
            let (config, configuration) = try await StoreTestSupport.shortLivedConfig(
                backend: backend, accessTokenSeconds: 2, in: directory)
            let common = ["--config", config, "--store", storeDirectory]
            let client = await Integration.client(configuration, store: store)
            #expect(await client.userState == .signedOut)

            // 1. A peer signs in: this client adopts the session instead of asking for a sign-in.
            let signIn = try await LatchkeyBinary.run(
                ["sign-in", "--username", username, "--password-stdin"] + common, stdin: Integration.password + "\n",
                environment: environment)
            try #require(signIn.exitCode == 0, "\(signIn.stderr)")
            let adopted = try await client.getTokens(.noWait)
            #expect(await client.userState == .signedIn)
            #expect(adopted.refreshToken != nil)

            // 2. Once the token is inside its refresh margin (a quarter of 2 s), a peer refreshes; this
            //    client adopts that refresh instead of making its own: the server sees exactly one.
            try await Task.sleep(for: .milliseconds(1600))
            let before = try await backend.stats().operations["GetTokensFromRefreshToken"] ?? 0
            let token = try await LatchkeyBinary.run(["token", "--access"] + common, environment: environment)
            try #require(token.exitCode == 0, "\(token.stderr)")
            let refreshed = token.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
            #expect(refreshed != adopted.accessToken)
            let mine = try await client.getTokens(.noWait)
            #expect(mine.accessToken == refreshed)
            let after = try await backend.stats().operations["GetTokensFromRefreshToken"] ?? 0
            #expect(after - before == 1)

            // 3. A peer signs out: this client follows.
            let signOut = try await LatchkeyBinary.run(["sign-out"] + common, environment: environment)
            #expect(signOut.exitCode == 0, "\(signOut.stderr)")
            await client.syncWithStore()
            // Sign-out persists a signed-out record (not nothing), which the client adopts.
            #expect(await client.userState == .signedOut)
            #expect(try store.load()?.tokens == nil)
        }

        @Test(
            "Crash test: kill -9 at random moments in 500 sign-in, refresh and sign-out runs leaves a store that loads, as before or after"
        )
        func killNineCrashTest() async throws {
            let backend = try await LocalBackend.shared()
            let directory = try Integration.temporaryDirectory("crash")
            let storeDirectory = directory + "/store"
            let username = await backend.uniqueName("crash")
            try await backend.createUser(username, password: Integration.password)
            // Access tokens live 1 s, so `token` refreshes (and writes) whenever the last one is over 0.75 s old.
            let config = try await StoreTestSupport.shortLivedConfig(
                backend: backend, accessTokenSeconds: 1, in: directory
            ).path
            let report = try await onDedicatedThread {
                try CrashTest(username: username, config: config, storeDirectory: storeDirectory).run(cycles: 500)
            }
            for failure in report.failures { Issue.record(Comment(rawValue: failure)) }
            #expect(report.failures.isEmpty)
            // The kills must land in flight, and some during the writes themselves: a temporary file left
            // behind is a writer killed between creating it and renaming it over session.json.
            #expect(report.killed >= 100)
            #expect(report.aimedAtWrite + report.temporaryDebris + report.changedWhileKilled >= 5)
            // The temporary files killed writers left behind do not get in the way of the binary either.
            let status = try await LatchkeyBinary.run(
                ["status", "--json", "--config", config, "--store", storeDirectory], environment: Self.fileEnvironment)
            // 0 signed in or 1 signed out, depending on where the last writer was killed; never an error.
            #expect([0, 1].contains(status.exitCode), "\(status.stderr)")
            #expect(JSONValue.parse(Array(status.stdout.utf8))?["storeBackend"]?.stringValue == "file")
            print(report.summary)
        }
    }
}

/// A thread-safe boolean.
final class ManagedFlag: @unchecked Sendable {
    // @unchecked Sendable: `value` is only accessed under `lock`.
    private let lock = NSLock()
    private var value = false
    var isSet: Bool { lock.withLock { value } }
    func set() { lock.withLock { value = true } }
}

/// The kill -9 crash test, on a dedicated thread (it blocks in waits and usleep).
struct CrashTest {
    enum Operation: String, CaseIterable {
        case signIn = "sign-in"
        case refresh = "token"
        case signOut = "sign-out"
    }

    struct Report: Sendable {
        var failures: [String] = []
        var killed = 0
        var exited = 0
        var changed = 0
        var changedWhileKilled = 0
        var byOperation: [String: Int] = [:]
        var temporaryDebris = 0
        var aimedAtWrite = 0
        var elapsed: TimeInterval = 0
        var maxDelayMilliseconds: [String: Int] = [:]

        var summary: String {
            "crash test: \(killed + exited) cycles in \(String(format: "%.1f", elapsed)) s; \(killed) killed by SIGKILL, "
                + "\(exited) finished first; the store changed in \(changed) cycles (\(changedWhileKilled) of them killed); "
                + "operations \(byOperation.sorted { $0.key < $1.key }); kill delays 0…\(maxDelayMilliseconds) ms; "
                + "\(aimedAtWrite) kills sent while a temporary file was being written; "
                + "\(temporaryDebris) temporary files left by killed writers (ignored by load)"
        }
    }

    let username: String
    let config: String
    let storeDirectory: String
    /// The store the children write, read back after every cycle.
    var store: any SessionStore
    /// The children's environment changes (which backend they use).
    var environment = ["LATCHKEY_STORE": "file"]

    init(username: String, config: String, storeDirectory: String, store: (any SessionStore)? = nil) {
        self.username = username
        self.config = config
        self.storeDirectory = storeDirectory
        self.store = store ?? FileSessionStore(directory: storeDirectory)
    }

    func arguments(_ operation: Operation) -> (arguments: [String], stdin: String?) {
        let common = ["--config", config, "--store", storeDirectory]
        switch operation {
        case .signIn:
            return (["sign-in", "--username", username, "--password-stdin"] + common, Integration.password + "\n")
        case .refresh: return (["token"] + common, nil)
        case .signOut: return (["sign-out"] + common, nil)
        }
    }

    /// The parts of a session that an operation changes (not the JWKS cache or the write time).
    static func core(_ session: PersistedSession?) -> String {
        guard let session else { return "none" }
        return
            "\(session.state.rawValue)|\(session.username ?? "-")|\(session.tokens?.accessToken ?? "-")|\(session.tokens?.refreshToken ?? "-")"
    }

    /// Whether `after` is a state that `operation` may leave, starting from `before`.
    func isAfterState(_ after: PersistedSession?, of operation: Operation, from before: PersistedSession?) -> Bool {
        guard let after else { return false }
        switch operation {
        case .signIn:
            return after.state == .signedIn && after.username == username && after.tokens != nil
        case .refresh:
            return after.state == .signedIn && after.username == username && after.tokens?.refreshToken != nil
                && after.tokens?.refreshToken == before?.tokens?.refreshToken
        case .signOut:
            return after.state == .signedOut && after.tokens == nil
        }
    }

    /// How long each operation takes when left alone (the median of three runs), so that kill delays span whole runs.
    func calibrate() throws -> [Operation: Int] {
        var durations: [Operation: [Int]] = [:]
        for _ in 0..<3 {
            for operation in [Operation.signIn, .refresh, .signOut] {
                let (arguments, stdin) = arguments(operation)
                let start = Date()
                let result = try LatchkeyBinary.runBlocking(arguments, stdin: stdin, environment: environment)
                guard result.exitCode == 0 else {
                    throw TestSupportError(
                        description: "calibration \(operation.rawValue) failed: \(result.stderr)")
                }
                durations[operation, default: []].append(Int(Date().timeIntervalSince(start) * 1000))
            }
        }
        return durations.mapValues { $0.sorted()[$0.count / 2] }
    }

    /// The writers' temporary files in the store directory.
    func temporaryFiles() -> Set<String> {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: storeDirectory)) ?? []
        return Set(names.filter { $0.contains(".tmp-") })
    }

    func run(cycles: Int) throws -> Report {
        var report = Report()
        let durations = try calibrate()
        // Delays up to a little past a typical run: most kills land at start-up, in flight or mid-write, and
        // some come too late, so that completed writes are checked as well.
        let maxDelay = durations.mapValues { Int(Double($0) * 1.1) + 5 }
        report.maxDelayMilliseconds = Dictionary(uniqueKeysWithValues: maxDelay.map { ($0.key.rawValue, $0.value) })
        let start = Date()
        var before = try store.load()
        for cycle in 0..<cycles {
            let operation = Operation.allCases.randomElement() ?? .refresh
            report.byOperation[operation.rawValue, default: 0] += 1
            let (arguments, stdin) = arguments(operation)
            // A third of the kills come after a delay uniform over the whole run, a third aim at its last
            // third (where the write is), and a third wait for the writer's temporary file to appear.
            let longest = maxDelay[operation] ?? 30
            let mode = Int.random(in: 0..<3)
            let delay = mode == 0 ? Int.random(in: 0...longest) : Int.random(in: (longest * 6 / 10)...longest)
            let child = try LatchkeyBinary.spawn(arguments, stdin: stdin, environment: environment)
            if mode == 2 {
                let debris = temporaryFiles()
                let deadline = Date().addingTimeInterval(Double(longest) * 3 / 1000)
                while Date() < deadline && !child.hasExited {
                    if !temporaryFiles().subtracting(debris).isEmpty {
                        report.aimedAtWrite += 1
                        break
                    }
                    usleep(100)
                }
            } else {
                usleep(useconds_t(delay * 1000))
            }
            child.kill(SIGKILL)
            let finished = try child.waitSynchronously()
            if finished.killed { report.killed += 1 } else { report.exited += 1 }

            let after: PersistedSession?
            do {
                after = try store.load()
            } catch {
                report.failures.append("cycle \(cycle) (\(operation.rawValue), kill mode \(mode)): load threw \(error)")
                before = nil
                continue
            }
            let same = Self.core(after) == Self.core(before)
            if !same {
                report.changed += 1
                if finished.killed { report.changedWhileKilled += 1 }
                if !isAfterState(after, of: operation, from: before) {
                    report.failures.append(
                        "cycle \(cycle) (\(operation.rawValue), kill mode \(mode)): the store holds neither the state "
                            + "before (\(before?.state.rawValue ?? "none")) nor one after (\(after?.state.rawValue ?? "none"))"
                    )
                }
            }
            before = after
        }
        report.elapsed = Date().timeIntervalSince(start)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: storeDirectory)) ?? []
        report.temporaryDebris = names.filter { $0.contains(".tmp-") }.count
        if names.contains(where: { $0.contains("corrupt") }) {
            report.failures.append("a store file was moved aside as corrupt: \(names)")
        }
        return report
    }
}
