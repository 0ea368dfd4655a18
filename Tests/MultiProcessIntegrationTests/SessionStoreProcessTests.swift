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
