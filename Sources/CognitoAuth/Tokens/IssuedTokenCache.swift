import Foundation
import SystemCrypto

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Issued tokens (machine-to-machine and derived) cached until shortly before they expire, one entry per key.
///
/// With a directory (a file session store's), each entry is `tokens/<kind>-<sha256(key)>.json` (mode 0600, written
/// atomically) and is renewed under the same name with `.lock`: like a user refresh, one process asks and
/// the others, waiting on the lock, read what it wrote, so any number of processes send one request between
/// them. Without a directory (memory or keyring stores: nothing secret goes to a keyring store's directory)
/// the cache lives in this process only (one table for the process, keyed like the files). The key is never written in clear; a corrupt entry counts as absent.
public struct IssuedTokenCache: Sendable {
    /// The store directory the entries live under (`<directory>/tokens`), or nil for this process only.
    public let directory: String?
    /// How long a renewal waits for another process that is renewing the same entry.
    public let lockTimeout: Duration
    /// In-process entries (without a directory): one table for the process, so every cache value sees them.
    private var memory: MemoryEntries { MemoryEntries.shared }

    /// Creates a cache under `directory` (nil: in memory).
    public init(directory: String?, lockTimeout: Duration = .seconds(15)) {
        self.directory = directory
        self.lockTimeout = lockTimeout
    }

    /// The cache a client's store allows: files beside a ``FileSessionStore``'s session, else memory.
    public static func beside(_ store: any SessionStore, lockTimeout: Duration = .seconds(15)) -> IssuedTokenCache {
        IssuedTokenCache(directory: (store as? FileSessionStore)?.directory, lockTimeout: lockTimeout)
    }

    /// The cached token for `key` when it is good beyond the margin at `now`; otherwise `fetch` is called
    /// once (under the entry's lock, after reading the entry again) and its token is kept and returned.
    public func token(
        for key: String, clock: any AuthClock, preferredMargin: TimeInterval,
        fetch: @Sendable () async throws -> IssuedToken
    ) async throws -> IssuedToken {
        let name = Self.fileName(for: key)
        if let cached = try read(name), cached.isValid(at: clock.now(), preferredMargin: preferredMargin) {
            return cached
        }
        guard let directory else {
            let fresh = try await fetch()
            memory.put(name, fresh)
            return fresh
        }
        let folder = directory + "/tokens"
        let lock: FileLock
        do {
            try StoreDirectory.ensure(directory)
            try StoreDirectory.ensure(folder)
            lock = try await FileLock.acquire(folder + "/\(name).lock", directory: folder, timeout: lockTimeout)
        } catch {
            throw AuthError(storeError: error)
        }
        defer { lock.release() }
        if let cached = try read(name), cached.isValid(at: clock.now(), preferredMargin: preferredMargin) {
            return cached
        }
        let fresh = try await fetch()
        do {
            let data = try JSONEncoder().encode(fresh)
            try AtomicFile.replace(with: data, at: folder + "/\(name).json", directory: folder)
        } catch let error as SessionStoreError {
            throw AuthError(storeError: error)
        }
        return fresh
    }

    /// Forgets the entry for `key` (its file too).
    public func remove(_ key: String) {
        let name = Self.fileName(for: key)
        memory.put(name, nil)
        if let directory { unlink(directory + "/tokens/\(name).json") }
    }

    private func read(_ name: String) throws -> IssuedToken? {
        guard let directory else { return memory.get(name) }
        let path = directory + "/tokens/\(name).json"
        let result: StoreDirectory.ReadResult
        do {
            result = try StoreDirectory.readRegularFile(path, cap: 64 * 1024)
        } catch .unsafe(let path, let reason) {
            throw AuthError(storeError: .unsafe(path: path, reason: reason))
        } catch {
            return nil  // unreadable: renew it
        }
        guard case .contents(let data) = result else { return nil }
        return try? JSONDecoder().decode(IssuedToken.self, from: data)
    }

    /// Forgets every entry of one kind (the key's first line, such as `derived`): a sign-out drops the
    /// tokens derived from the session, and keeps the machine tokens.
    public func removeAll(kind: String) {
        let prefix = Self.kindPrefix(kind)
        memory.removeAll { $0.hasPrefix(prefix) }
        guard let directory, let names = try? FileManager.default.contentsOfDirectory(atPath: directory + "/tokens")
        else { return }
        for name in names where name.hasPrefix(prefix) && name.hasSuffix(".json") {
            unlink(directory + "/tokens/" + name)
        }
    }

    /// The entry's file name: the key's kind (its first line, letters and dashes only) and the SHA-256 of
    /// the whole key in hex (the key holds client ids and audiences, which are not written in clear).
    static func fileName(for key: String) -> String {
        let kind = String(key.prefix { $0 != "\n" })
        return kindPrefix(kind) + SHA256.hash(data: Array(key.utf8)).map { String(format: "%02x", $0) }.joined()
    }

    private static func kindPrefix(_ kind: String) -> String {
        let safe = kind.filter { $0.isASCII && ($0.isLetter || $0 == "-") }.prefix(32)
        return safe.isEmpty ? "" : safe + "-"
    }
}

/// The in-process entries of an ``IssuedTokenCache`` without a directory.
private final class MemoryEntries: @unchecked Sendable {
    // @unchecked Sendable: `entries` is only touched while holding `lock`.
    static let shared = MemoryEntries()
    private let lock = NSLock()
    private var entries: [String: IssuedToken] = [:]

    func get(_ name: String) -> IssuedToken? { lock.withLock { entries[name] } }
    func put(_ name: String, _ token: IssuedToken?) { lock.withLock { entries[name] = token } }
    func removeAll(where matches: (String) -> Bool) {
        lock.withLock { entries = entries.filter { !matches($0.key) } }
    }
}
