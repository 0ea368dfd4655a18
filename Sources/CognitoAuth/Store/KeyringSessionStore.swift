import CKeyring
import Foundation

#if canImport(Glibc)
    // `struct stat` members resolve through CoreFoundation's re-export on Linux (MemberImportVisibility).
    import CoreFoundation
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The session in the system keyring, through the freedesktop Secret Service API (libsecret).
///
/// The secret is the session record's JSON, stored in the keyring's default collection under the
/// schema `dev.latchkey.Session` with the attributes `service` (`latchkey:` followed by the
/// absolute store directory, so that every `--store` directory has its own item) and `account`
/// (``account``). libsecret is loaded at run time, so the store works only where
/// ``KeyringSessionStore/availabilityProblem()`` returns nil; fall back to ``FileSessionStore`` elsewhere.
///
/// Nothing secret is written to the store directory. It holds only `session.lock`, the advisory
/// lock that serialises writers across processes (the same one ``FileSessionStore`` uses), and
/// `keyring.stamp`, a counter and a random id rewritten atomically after every write, from which
/// ``changeStamp()`` lets a peer process notice the write (a keyring item has no usable mtime).
///
/// A record that does not decode is moved aside to another account, `session.corrupt-<milliseconds since 1970>`,
/// never deleted, and ``load()`` reports ``SessionStoreError/corrupt(movedTo:reason:)``: the user
/// is treated as signed out.
public struct KeyringSessionStore: SessionStore {
    /// The account attribute of the live session item.
    public static let account = "session"

    /// The store directory (absolute): it names the keyring item and holds the lock and stamp files.
    public let directory: String
    /// The `service` attribute of this store's keyring items.
    public let service: String

    /// Creates a store for `directory` (made absolute against the current directory). Nothing is
    /// touched until the first call.
    public init(directory: String, lockTimeout: Duration = FileSessionStore.defaultLockTimeout) {
        self.lockTimeout = lockTimeout
        let absolute = URL(fileURLWithPath: directory).standardizedFileURL.path
        self.directory = absolute
        self.service = "latchkey:" + absolute
    }

    /// Where the session lives, for `status`.
    public var location: String { "system keyring (Secret Service, collection default)" }

    /// The stamp file whose content changes with every write.
    public var stampPath: String { directory + "/keyring.stamp" }
    private var lockPath: String { directory + "/session.lock" }
    /// How long a read or write waits for another process's lock (see ``FileSessionStore/lockTimeout``).
    public let lockTimeout: Duration

    /// Why the keyring cannot be used now (libsecret missing, no Secret Service on the session bus,
    /// no default collection, or a locked one), or nil when it can.
    public static func availabilityProblem() -> String? {
        var error: UnsafeMutablePointer<CChar>?
        if lk_keyring_available(&error) == 1 { return nil }
        return takeMessage(error) ?? "the system keyring is unavailable"
    }

    // MARK: SessionStore

    /// Loads the session from the keyring; a record that does not decode is moved aside and reported.
    public func load() throws(SessionStoreError) -> PersistedSession? {
        guard let text = try lookup(account: Self.account) else { return nil }
        if let session = Self.decode(text) { return session }
        return try moveAsideCorrupt()
    }

    /// Replaces the keyring item under the cross-process lock (nil removes it), then rewrites the
    /// stamp; with a condition, nothing is written when the stamp moved (see ``SessionStore``).
    public func save(_ session: PersistedSession?, when condition: SessionStoreWriteCondition) throws(SessionStoreError)
        -> SessionStoreWriteResult
    {
        let text: String?
        if let session {
            guard let data = session.encodedRecord() else {
                throw .io(path: location, reason: "the session could not be encoded")
            }
            text = String(decoding: data, as: UTF8.self)
        } else {
            text = nil
        }
        return try withLock { () throws(SessionStoreError) -> SessionStoreWriteResult in
            if case .unchangedSince(let expected?) = condition {
                let current = changeStamp()
                if current != expected { return .conflict(stamp: current) }
            }
            if let text {
                try store(text, account: Self.account)
            } else {
                try clear(account: Self.account)
            }
            try writeStamp()
            return .written(stamp: changeStamp())
        }
    }

    /// The refresh lock, `refresh.lock` in the store directory (see ``SessionStore/refreshLock(timeout:)``).
    public func refreshLock(timeout: Duration) async throws(SessionStoreError) -> (any HeldStoreLock)? {
        try await FileLock.acquire(directory + "/refresh.lock", directory: directory, timeout: timeout)
    }

    /// The stamp file's content: it changes whenever any process writes this store.
    public func changeStamp() -> String? {
        guard let data = FileManager.default.contents(atPath: stampPath) else { return "absent" }
        return String(decoding: data, as: UTF8.self)
    }

    // MARK: Corrupt records

    /// Under the lock, re-reads the item (a peer may have fixed it meanwhile) and, if it is still
    /// unreadable, copies it to `session.corrupt-<time>` before removing the live item.
    private func moveAsideCorrupt() throws(SessionStoreError) -> PersistedSession? {
        try withLock { () throws(SessionStoreError) -> PersistedSession? in
            guard let text = try lookup(account: Self.account) else { return nil }
            if let session = Self.decode(text) { return session }
            var aside = Self.account + ".corrupt-\(Int(Date().timeIntervalSince1970 * 1000))"
            // Never overwrite an earlier corrupt record moved aside in the same millisecond.
            while (try? lookup(account: aside)) != nil { aside += "-\(UInt16.random(in: 0...UInt16.max))" }
            var movedTo: String?
            do {
                try store(text, account: aside)
                movedTo = "the system keyring item service=\(service) account=\(aside)"
            } catch {
                // Keep the live item rather than lose the only copy.
                throw .corrupt(
                    movedTo: nil, reason: "it is not a valid session record, and moving it aside failed: \(error)")
            }
            try clear(account: Self.account)
            try writeStamp()
            throw .corrupt(
                movedTo: movedTo,
                reason: text.isEmpty ? "the keyring item is empty" : "it is not a valid session record")
        }
    }

    private static func decode(_ text: String) -> PersistedSession? {
        PersistedSession.decoded(from: Data(text.utf8))
    }

    // MARK: The keyring

    private func lookup(account: String) throws(SessionStoreError) -> String? {
        var error: UnsafeMutablePointer<CChar>?
        let found = lk_keyring_lookup(service, account, &error)
        if let found {
            defer { lk_keyring_free(found) }
            return String(cString: found)
        }
        if let message = Self.takeMessage(error) { throw keyringFailure(message) }
        return nil
    }

    private func store(_ secret: String, account: String) throws(SessionStoreError) {
        var error: UnsafeMutablePointer<CChar>?
        if lk_keyring_store(service, account, secret, &error) != 1 {
            throw keyringFailure(Self.takeMessage(error) ?? "the keyring refused the item")
        }
    }

    private func clear(account: String) throws(SessionStoreError) {
        var error: UnsafeMutablePointer<CChar>?
        if lk_keyring_clear(service, account, &error) != 1 {
            throw keyringFailure(Self.takeMessage(error) ?? "the keyring could not remove the item")
        }
    }

    private func keyringFailure(_ message: String) -> SessionStoreError {
        .io(path: location, reason: message + " (LATCHKEY_STORE=file selects the file store instead)")
    }

    private static func takeMessage(_ pointer: UnsafeMutablePointer<CChar>?) -> String? {
        guard let pointer else { return nil }
        defer { lk_keyring_free(pointer) }
        return String(cString: pointer)
    }

    // MARK: The store directory: lock and stamp (nothing secret)

    private func withLock<T>(_ body: () throws(SessionStoreError) -> T) throws(SessionStoreError) -> T {
        try StoreDirectoryFiles.ensureDirectory(directory)
        return try StoreDirectory.withLock(lockPath, timeout: lockTimeout, body)
    }

    /// Rewrites `keyring.stamp` atomically with the next counter and a fresh random id.
    ///
    /// Runs under the lock, and writers create their temporary stamp files only under it, so any such
    /// file found here was left by a writer that died (`kill -9`): it is removed (it holds no secret).
    private func writeStamp() throws(SessionStoreError) {
        let debrisPrefix = ".keyring.stamp.tmp-"
        for name in (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        where name.hasPrefix(debrisPrefix) {
            unlink(directory + "/" + name)
        }
        let previous = changeStamp().flatMap { Int($0.split(separator: " ").first ?? "") } ?? 0
        let content = "\(previous &+ 1) \(UUID().uuidString)\n"
        try StoreDirectoryFiles.writeAtomically(Data(content.utf8), to: stampPath, directory: directory)
    }
}

/// File helpers for the store directory (mode 0700) shared by the keyring store and the CLI's marker files.
enum StoreDirectoryFiles {
    /// Creates `directory` with mode 0700 (parents with default permissions); an existing one is
    /// checked, never changed (see ``StoreDirectory``).
    static func ensureDirectory(_ directory: String) throws(SessionStoreError) {
        try StoreDirectory.ensure(directory)
    }

    /// Writes `data` atomically beside `path` (see ``AtomicFile/replace(with:at:directory:)``).
    static func writeAtomically(_ data: Data, to path: String, directory: String) throws(SessionStoreError) {
        try AtomicFile.replace(with: data, at: path, directory: directory)
    }
}
