import CKeyring
import CognitoAuth
import CognitoAuthTesting
import Foundation
import IntegrationTestSupport
import Testing

/// Whether these tests can reach a real Secret Service.
enum KeyringTestEnvironment {
    static let environment = ProcessInfo.processInfo.environment

    /// Why the keyring is unusable here, or nil.
    static let problem: String? = {
        if (environment["DBUS_SESSION_BUS_ADDRESS"] ?? "").isEmpty { return "no D-Bus session bus" }
        return KeyringSessionStore.availabilityProblem()
    }()

    /// True when a Secret Service answers with an unlocked default collection.
    static var reachable: Bool { problem == nil }

    /// Scripts/test-keyring sets LATCHKEY_REQUIRE_KEYRING=1, so that a broken setup fails instead of skipping.
    static var required: Bool { environment["LATCHKEY_REQUIRE_KEYRING"] == "1" }

    /// Writes raw text into a store's live keyring item (to plant a corrupt record).
    static func plant(_ text: String, in store: KeyringSessionStore, account: String = KeyringSessionStore.account)
        throws
    {
        var error: UnsafeMutablePointer<CChar>?
        if lk_keyring_store(store.service, account, text, &error) != 1 {
            defer { lk_keyring_free(error) }
            throw TestSupportError(description: error.map { String(cString: $0) } ?? "store failed")
        }
    }

    /// Reads a keyring item's raw text, or nil.
    static func raw(_ store: KeyringSessionStore, account: String = KeyringSessionStore.account) -> String? {
        var error: UnsafeMutablePointer<CChar>?
        let found = lk_keyring_lookup(store.service, account, &error)
        lk_keyring_free(error)
        guard let found else { return nil }
        defer { lk_keyring_free(found) }
        return String(cString: found)
    }

    static func remove(_ store: KeyringSessionStore, account: String) {
        var error: UnsafeMutablePointer<CChar>?
        _ = lk_keyring_clear(store.service, account, &error)
        lk_keyring_free(error)
    }
}

@Suite("KeyringSessionStore: availability under Scripts/test-keyring")
struct KeyringSessionStoreAvailabilityTests {
    // Enabled only by Scripts/test-keyring, where a missing keyring is a broken setup, not a reason to skip.
    @Test(
        "The Secret Service started by Scripts/test-keyring is reachable and unlocked",
        .enabled(if: KeyringTestEnvironment.required))
    func reachableWhenRequired() {
        #expect(KeyringTestEnvironment.problem == nil, "\(KeyringTestEnvironment.problem ?? "")")
    }
}

// Skipped unless a Secret Service is reachable: libsecret-1.so.0 must load, DBUS_SESSION_BUS_ADDRESS
// must name a bus where org.freedesktop.secrets answers, and its default collection must be unlocked.
// Plain `swift test` (CI, no session bus) skips them; Scripts/test-keyring runs them against a real
// gnome-keyring inside dbus-run-session.
@Suite(
    "KeyringSessionStore: the real Secret Service (gnome-keyring)", .timeLimit(.minutes(2)),
    .enabled(
        if: KeyringTestEnvironment.reachable,
        "no Secret Service is reachable (needs a D-Bus session bus, gnome-keyring and libsecret); run Scripts/test-keyring"
    ))
struct KeyringSessionStoreTests {
    @Test("Round trip: what is saved loads back equal; the stamp changes with every write")
    func roundTrip() async throws {
        let store = KeyringSessionStore(directory: try Integration.temporaryDirectory("keyring"))
        #expect(try store.load() == nil)
        let first = store.changeStamp()
        let session = try StoreTestSupport.offlineSession(username: "round-trip")
        try store.save(session)
        #expect(try store.load() == session)
        let second = store.changeStamp()
        #expect(second != first)
        var updated = session
        updated.identityId = "us-east-1:updated"
        try store.save(updated)
        #expect(try store.load() == updated)
        #expect(store.changeStamp() != second)
        #expect(store.location == "system keyring (Secret Service, collection default)")
        try store.save(nil)
    }

    @Test("Clearing removes the keyring item; each store directory has its own item")
    func clearAndIsolation() async throws {
        let one = KeyringSessionStore(directory: try Integration.temporaryDirectory("keyring"))
        let two = KeyringSessionStore(directory: try Integration.temporaryDirectory("keyring"))
        #expect(one.service != two.service)
        try one.save(try StoreTestSupport.offlineSession(username: "one"))
        try two.save(try StoreTestSupport.offlineSession(username: "two"))
        #expect(try one.load()?.username == "one")
        #expect(try two.load()?.username == "two")
        let before = one.changeStamp()
        try one.save(nil)
        #expect(try one.load() == nil)
        #expect(KeyringTestEnvironment.raw(one) == nil)
        #expect(one.changeStamp() != before)
        #expect(try two.load()?.username == "two")
        try two.save(nil)
    }

    @Test("A corrupt record in the keyring is moved aside (kept, not deleted) and reported; the user is signed out")
    func corruptMovedAside() async throws {
        let store = KeyringSessionStore(directory: try Integration.temporaryDirectory("keyring"))
        let garbage = "{\"version\": 1, \"state\": \"signedIn\", \"tokens\": trunc"
        try KeyringTestEnvironment.plant(garbage, in: store)
        var movedTo: String?
        do {
            _ = try store.load()
            Issue.record("a corrupt record must throw")
        } catch {
            guard case .corrupt(let moved, let reason) = error else {
                Issue.record("expected .corrupt, got \(error)")
                return
            }
            movedTo = moved
            #expect(reason == "it is not a valid session record")
            #expect(error.description.contains("You are signed out"))
        }
        let moved = try #require(movedTo)
        #expect(moved.contains("service=\(store.service)"))
        let account = try #require(moved.components(separatedBy: "account=").last)
        #expect(account.hasPrefix("session.corrupt-"))
        #expect(KeyringTestEnvironment.raw(store, account: account) == garbage)
        // The live item is gone: the next load is a clean "signed out".
        #expect(try store.load() == nil)
        #expect(KeyringTestEnvironment.raw(store) == nil)

        // A second corrupt record right after the first is kept too, under its own name.
        try KeyringTestEnvironment.plant("second garbage", in: store)
        var secondAccount: String?
        do {
            _ = try store.load()
        } catch {
            if case .corrupt(let moved?, _) = error { secondAccount = moved.components(separatedBy: "account=").last }
        }
        let second = try #require(secondAccount)
        #expect(second != account)
        #expect(KeyringTestEnvironment.raw(store, account: second) == "second garbage")
        #expect(KeyringTestEnvironment.raw(store, account: account) == garbage)
        KeyringTestEnvironment.remove(store, account: account)
        KeyringTestEnvironment.remove(store, account: second)
    }

    @Test("latchkey status reports the keyring backend, and nothing secret lands in the store directory")
    func statusAndNoSecretsOnDisk() async throws {
        let directory = try Integration.temporaryDirectory("keyring-status")
        let storeDirectory = directory + "/store"
        let config = try Integration.unreachableConfig(in: directory)
        let store = KeyringSessionStore(directory: storeDirectory)
        let session = try StoreTestSupport.offlineSession(username: "keyring-user")
        try store.save(session)
        let tokens = try #require(session.tokens)

        let json = try await LatchkeyBinary.run(
            ["status", "--json", "--config", config, "--store", storeDirectory], removing: ["LATCHKEY_STORE"])
        #expect(json.exitCode == 0, "\(json.stderr)")
        let object = try #require(JSONValue.parse(Array(json.stdout.utf8)))
        #expect(object["storeBackend"]?.stringValue == "keyring")
        #expect(object["store"]?.stringValue == "system keyring (Secret Service, collection default)")
        #expect(object["state"]?.stringValue == "signedIn")
        #expect(object["username"]?.stringValue == "keyring-user")
        #expect(!json.stderr.contains("plain text"))
        let human = try await LatchkeyBinary.run(
            ["status", "--config", config, "--store", storeDirectory], removing: ["LATCHKEY_STORE"])
        #expect(human.stdout.contains("  - Store backend: keyring"))
        let token = try await LatchkeyBinary.run(
            ["token", "--config", config, "--store", storeDirectory], removing: ["LATCHKEY_STORE"])
        #expect(token.exitCode == 0, "\(token.stderr)")
        #expect(token.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == tokens.idToken)

        let secrets = [tokens.idToken, tokens.accessToken, tokens.refreshToken ?? ""]
        #expect(StoreTestSupport.filesContaining(secrets, under: directory).isEmpty)
        let names = Set(try FileManager.default.contentsOfDirectory(atPath: storeDirectory))
        #expect(names == ["session.lock", "keyring.stamp"], "\(names)")

        // LATCHKEY_STORE=file still selects the file store, where this directory holds no session.
        let forced = try await LatchkeyBinary.run(
            ["status", "--json", "--config", config, "--store", storeDirectory], environment: ["LATCHKEY_STORE": "file"]
        )
        #expect(JSONValue.parse(Array(forced.stdout.utf8))?["storeBackend"]?.stringValue == "file")
        #expect(JSONValue.parse(Array(forced.stdout.utf8))?["state"]?.stringValue == "signedOut")
        try store.save(nil)
    }

    @Test("Two processes' writes: the stamp file lets a reader notice a peer's keyring write")
    func stampSeenAcrossInstances() throws {
        let directory = try Integration.temporaryDirectory("keyring-stamp")
        let writer = KeyringSessionStore(directory: directory)
        let reader = KeyringSessionStore(directory: directory)
        let seen = reader.changeStamp()
        try writer.save(try StoreTestSupport.offlineSession(username: "stamp"))
        #expect(reader.changeStamp() != seen)
        #expect(try reader.load()?.username == "stamp")
        let stamp = try String(contentsOfFile: writer.stampPath, encoding: .utf8)
        #expect(!stamp.contains("eyJ"))
        try writer.save(nil)
    }
}

extension BackendTests {
    // The same skip condition as above: these need a reachable, unlocked Secret Service.
    @Suite(
        "KeyringSessionStore: the latchkey binary signs in to the keyring (local backend)",
        .enabled(
            if: KeyringTestEnvironment.reachable,
            "no Secret Service is reachable (needs a D-Bus session bus, gnome-keyring and libsecret); run Scripts/test-keyring"
        ))
    struct KeyringSessionStoreCLITests {
        @Test("sign-in, status, token and sign-out through the keyring; the directory never holds a token")
        func signInThroughKeyring() async throws {
            let backend = try await LocalBackend.shared()
            let username = await backend.uniqueName("keyring")
            try await backend.createUser(username, password: Integration.password)
            let directory = try Integration.temporaryDirectory("keyring-cli")
            let storeDirectory = directory + "/store"
            let common = ["--config", backend.info.configPath, "--store", storeDirectory]
            let signIn = try await LatchkeyBinary.run(
                ["sign-in", "--username", username, "--password-stdin"] + common, stdin: Integration.password + "\n",
                removing: ["LATCHKEY_STORE"])
            #expect(signIn.exitCode == 0, "\(signIn.stderr)")
            #expect(!signIn.stderr.contains("plain text"))
            let status = try await LatchkeyBinary.run(["status", "--json"] + common, removing: ["LATCHKEY_STORE"])
            let json = try #require(JSONValue.parse(Array(status.stdout.utf8)))
            #expect(json["storeBackend"]?.stringValue == "keyring")
            #expect(json["state"]?.stringValue == "signedIn")
            let access = try await LatchkeyBinary.run(["token", "--access"] + common, removing: ["LATCHKEY_STORE"])
            #expect(access.exitCode == 0, "\(access.stderr)")
            let stored = try #require(try KeyringSessionStore(directory: storeDirectory).load())
            let tokens = try #require(stored.tokens)
            #expect(access.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == tokens.accessToken)
            let secrets = [tokens.idToken, tokens.accessToken, tokens.refreshToken ?? ""]
            #expect(StoreTestSupport.filesContaining(secrets, under: directory).isEmpty)
            #expect(!FileManager.default.fileExists(atPath: storeDirectory + "/session.json"))

            let signOut = try await LatchkeyBinary.run(["sign-out"] + common, removing: ["LATCHKEY_STORE"])
            #expect(signOut.exitCode == 0, "\(signOut.stderr)")
            let after = try KeyringSessionStore(directory: storeDirectory).load()
            #expect(after?.state == .signedOut)
            #expect(after?.tokens == nil)
            try KeyringSessionStore(directory: storeDirectory).save(nil)
        }

        @Test("A client on the keyring store notices a peer process's writes (the stamp file), and adopts its refresh")
        func peerWritesAreNoticed() async throws {
            let backend = try await LocalBackend.shared()
            let directory = try Integration.temporaryDirectory("keyring-peer")
            let store = KeyringSessionStore(directory: directory + "/store")
            try await BackendTests.SessionStoreProcessTests.peerWritesAreNoticed(
                backend: backend, directory: directory, store: store, environment: ["LATCHKEY_STORE": "keyring"])
            try store.save(nil)
        }

        @Test(
            "Crash test on the keyring: kill -9 at random moments in 150 runs leaves an item that loads, as before or after"
        )
        func killNineCrashTest() async throws {
            let backend = try await LocalBackend.shared()
            let directory = try Integration.temporaryDirectory("keyring-crash")
            let storeDirectory = directory + "/store"
            let username = await backend.uniqueName("kcrash")
            try await backend.createUser(username, password: Integration.password)
            let config = try await StoreTestSupport.shortLivedConfig(
                backend: backend, accessTokenSeconds: 1, in: directory
            ).path
            let store = KeyringSessionStore(directory: storeDirectory)
            var crash = CrashTest(username: username, config: config, storeDirectory: storeDirectory, store: store)
            crash.environment = ["LATCHKEY_STORE": "keyring"]
            let report = try await onDedicatedThread { [crash] in try crash.run(cycles: 150) }
            for failure in report.failures { Issue.record(Comment(rawValue: failure)) }
            #expect(report.failures.isEmpty)
            #expect(report.killed >= 30)
            let names = try FileManager.default.contentsOfDirectory(atPath: storeDirectory)
            #expect(!names.contains("session.json"))
            // Each write removes the temporary stamp files of writers killed before it: at most the last remains.
            #expect(report.temporaryDebris <= 1, "\(names)")
            print("keyring " + report.summary)
            try store.save(nil)
        }
    }
}
