import CognitoAuthTesting
import Foundation
import Testing

@testable import CognitoAuth

#if canImport(Glibc)
    import CoreFoundation
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@Suite("FileSessionStore")
struct FileSessionStoreTests {
    /// A fresh parent directory per test; the store lives in `<parent>/store`.
    final class Sandbox {
        let parent: String
        var directory: String { parent + "/store" }
        var store: FileSessionStore { FileSessionStore(directory: directory) }
        init() throws {
            parent = NSTemporaryDirectory() + "latchkey-store-\(UUID().uuidString)"
            try FileManager.default.createDirectory(atPath: parent, withIntermediateDirectories: true)
        }
        deinit { try? FileManager.default.removeItem(atPath: parent) }

        func files() -> [String] { (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? [] }
    }

    /// The permission bits (stat(2) through FileManager, which reports st_mode & 0o7777).
    func mode(_ path: String) -> Int? {
        (try? FileManager.default.attributesOfItem(atPath: path))?[.posixPermissions] as? Int
    }

    func session(_ serial: Int, padding: Int = 0) throws -> PersistedSession {
        var session = Fixtures.signedInSession(try Fixtures.tokens(serial: serial))
        session.identityId = "us-east-1:" + String(repeating: "a", count: padding) + "\(serial)"
        session.awsCredentials = AWSCredentials(
            accessKeyId: "AKIA\(serial)", secretAccessKey: "secret", sessionToken: "token",
            expiration: Date(timeIntervalSince1970: 1_700_003_600))
        session.federatedLogins = ["graph.facebook.com": "fb-token-\(serial)"]
        session.developerIdentity = DeveloperIdentityLogin(identityId: "dev", token: "open-id")
        session.cachedJWKS = #"{"keys":[]}"#
        session.updatedAt = Date(timeIntervalSince1970: 1_700_000_000 + Double(serial))
        return session
    }

    @Test("save then load round-trips every field")
    func roundTrip() throws {
        let sandbox = try Sandbox()
        let store = sandbox.store
        #expect(try store.load() == nil)
        let original = try session(1)
        try store.save(original)
        #expect(try store.load() == original)
        // A second store on the same directory reads the same.
        #expect(try FileSessionStore(directory: sandbox.directory).load() == original)
        #expect(store.path == sandbox.directory + "/session.json")
        #expect(store.location.contains(store.path))
    }

    @Test("The file is 0600 and the directory 0700")
    func permissions() throws {
        let sandbox = try Sandbox()
        try sandbox.store.save(try session(1))
        #expect(mode(sandbox.store.path) == 0o600)
        #expect(mode(sandbox.directory) == 0o700)
        // An existing directory is never changed: 0755 (nobody else can write) is used as it is.
        #expect(chmod(sandbox.directory, 0o755) == 0)
        try sandbox.store.save(try session(2))
        #expect(mode(sandbox.directory) == 0o755)
        #expect(mode(sandbox.store.path) == 0o600)
    }

    @Test("Nested missing parents are created; the store directory itself is 0700")
    func nestedDirectory() throws {
        let sandbox = try Sandbox()
        let store = FileSessionStore(directory: sandbox.parent + "/a/b/latchkey")
        try store.save(try session(1))
        #expect(mode(store.directory) == 0o700)
        #expect(try store.load() == (try session(1)))
    }

    @Test("save(nil) removes the file, and is idempotent")
    func saveNilRemoves() throws {
        let sandbox = try Sandbox()
        try sandbox.store.save(try session(1))
        #expect(FileManager.default.fileExists(atPath: sandbox.store.path))
        try sandbox.store.save(nil)
        #expect(!FileManager.default.fileExists(atPath: sandbox.store.path))
        #expect(try sandbox.store.load() == nil)
        try sandbox.store.save(nil)
    }

    @Test("A corrupt file is moved aside with its contents, and load throws .corrupt")
    func corruptFileMovedAside() throws {
        let sandbox = try Sandbox()
        try sandbox.store.save(try session(1))
        let garbage = #"{"version": 1, "state": "signedIn", "tokens": {"idToken": trunc"#
        try Data(garbage.utf8).write(to: URL(fileURLWithPath: sandbox.store.path))
        do {
            _ = try sandbox.store.load()
            Issue.record("a corrupt file loaded")
        } catch {
            guard case .corrupt(let movedTo?, let reason) = error else {
                Issue.record("expected .corrupt with a path, got \(error)")
                return
            }
            #expect(movedTo.hasPrefix(sandbox.store.path + ".corrupt-"))
            #expect(FileManager.default.contents(atPath: movedTo) == Data(garbage.utf8))
            #expect(reason.contains("not a valid session"))
            #expect(error.description.contains(movedTo))
            #expect(sandbox.files().contains { $0.hasPrefix("session.json.corrupt-") })
        }
        // The next load starts afresh, and saving works.
        #expect(try sandbox.store.load() == nil)
        try sandbox.store.save(try session(2))
        #expect(try sandbox.store.load() == (try session(2)))
    }

    @Test("An empty file is reported as empty")
    func emptyFile() throws {
        let sandbox = try Sandbox()
        try sandbox.store.save(nil)
        #expect(FileManager.default.createFile(atPath: sandbox.store.path, contents: Data()))
        #expect {
            try sandbox.store.load()
        } throws: { error in
            guard case SessionStoreError.corrupt(_?, let reason) = error else { return false }
            return reason.contains("empty")
        }
    }

    @Test("Two corrupt files in quick succession are both kept")
    func twoCorruptFilesKept() throws {
        let sandbox = try Sandbox()
        try sandbox.store.save(nil)
        for text in ["first garbage", "second garbage"] {
            try Data(text.utf8).write(to: URL(fileURLWithPath: sandbox.store.path))
            _ = try? sandbox.store.load()
        }
        let kept = sandbox.files().filter { $0.hasPrefix("session.json.corrupt-") }
            .compactMap { FileManager.default.contents(atPath: sandbox.directory + "/" + $0) }
            .map { String(decoding: $0, as: UTF8.self) }
        // Each move gets a unique name, so neither copy replaces the other.
        #expect(Set(kept) == ["first garbage", "second garbage"])
        #expect(kept.count == 2)
    }

    @Test("A stale temporary file from a killed writer does not break load or save")
    func staleTemporaryFile() throws {
        let sandbox = try Sandbox()
        try sandbox.store.save(try session(1))
        let stale = sandbox.directory + "/.session.json.tmp-99999-12345"
        try Data(#"{"version":1,"state":"signedIn","tok"#.utf8).write(to: URL(fileURLWithPath: stale))
        #expect(try sandbox.store.load() == (try session(1)))
        try sandbox.store.save(try session(2))
        #expect(try sandbox.store.load() == (try session(2)))
        // The torn temporary file was never taken for the session.
        #expect(!sandbox.files().contains { $0.contains("corrupt") })
    }

    @Test("Loads during a stream of saves always see a whole session (atomic rename)")
    func loadsDuringSavesSeeWholeSessions() async throws {
        let sandbox = try Sandbox()
        let store = sandbox.store
        // Sessions of very different sizes, so a torn write could not decode.
        let sessions = try (0..<40).map { try session($0, padding: ($0 % 5) * 4000) }
        try store.save(sessions[0])
        let done = Locked(false)
        let writerError = Locked<String?>(nil)
        let rounds = 8
        let directory = sandbox.directory
        let writer = Thread {
            let writerStore = FileSessionStore(directory: directory)
            for round in 0..<rounds {
                for (index, session) in sessions.enumerated() where (index + round) % 2 == 0 || round % 3 == 0 {
                    do { try writerStore.save(session) } catch { writerError.withLock { $0 = "\(error)" } }
                }
            }
            done.withLock { $0 = true }
        }
        writer.start()
        var loads = 0
        var unexpected: [String] = []
        while !done.current || loads < 50 {
            do {
                let loaded = try store.load()
                if let loaded, !sessions.contains(loaded) {
                    unexpected.append("unknown session \(loaded.identityId ?? "-")")
                }
                if loaded == nil { unexpected.append("nil") }
            } catch {
                unexpected.append("\(error)")
            }
            loads += 1
            if loads > 200_000 { break }
        }
        #expect(done.current)
        #expect(writerError.current == nil)
        #expect(unexpected.isEmpty, "\(unexpected.prefix(3)) in \(loads) loads")
        #expect(!sandbox.files().contains { $0.contains("corrupt") })
    }

    @Test("Two stores saving concurrently on one directory never leave an undecodable file")
    func concurrentWriters() async throws {
        let sandbox = try Sandbox()
        let directory = sandbox.directory
        let a = try (0..<30).map { try session($0, padding: 3000) }
        let b = try (100..<130).map { try session($0) }
        let errors = Locked<[String]>([])
        let finished = Locked(0)
        let writerFinished = ChangeSignal()
        let finishing = ChangeSource.signal(writerFinished, name: "writer threads finishing")
        for batch in [a, b] {
            Thread {
                let store = FileSessionStore(directory: directory)
                for _ in 0..<4 {
                    for session in batch {
                        do {
                            try store.save(session)
                            if let loaded = try store.load(), !(a + b).contains(loaded) {
                                errors.withLock { $0.append("foreign session") }
                            }
                        } catch {
                            errors.withLock { $0.append("\(error)") }
                        }
                    }
                }
                finished.withLock { $0 += 1 }
                writerFinished.notify()
            }.start()
        }
        try await Waiter.value(of: "both writers finished", on: [finishing], { finished.current }, until: { $0 == 2 })
        #expect(errors.current.isEmpty, "\(errors.current.prefix(3))")
        let final = try FileSessionStore(directory: directory).load()
        #expect(final.map { (a + b).contains($0) } == true)
        // Only the session and the lock remain: no temporary or corrupt files.
        #expect(Set(sandbox.files()) == ["session.json", "session.lock"])
    }

    @Test("changeStamp changes after every save")
    func changeStampChanges() throws {
        let sandbox = try Sandbox()
        let store = sandbox.store
        #expect(store.changeStamp() == "absent")
        var previous = store.changeStamp()
        var seen: Set<String?> = [previous]
        // Same-size records written back to back: only the inode and the timestamp tell them apart.
        for serial in 0..<100 {
            try store.save(try session(serial % 2))
            let stamp = store.changeStamp()
            #expect(stamp != previous, "save \(serial) left the stamp unchanged")
            seen.insert(stamp)
            previous = stamp
        }
        #expect(seen.count > 2)
        try store.save(nil)
        #expect(store.changeStamp() == "absent")
    }

    @Test("defaultDirectory: LATCHKEY_STORE_DIR, then XDG_DATA_HOME, then HOME")
    func defaultDirectory() {
        #expect(
            FileSessionStore.defaultDirectory(environment: [
                "LATCHKEY_STORE_DIR": "/s", "XDG_DATA_HOME": "/x", "HOME": "/h",
            ]) == "/s")
        #expect(FileSessionStore.defaultDirectory(environment: ["XDG_DATA_HOME": "/x", "HOME": "/h"]) == "/x/latchkey")
        #expect(
            FileSessionStore.defaultDirectory(environment: ["XDG_DATA_HOME": "", "HOME": "/h"])
                == "/h/.local/share/latchkey")
    }
}
