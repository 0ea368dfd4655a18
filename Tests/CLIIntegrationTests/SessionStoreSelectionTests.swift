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
