import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The `latchkey exec` children and `serve-credentials` endpoints using a session, as small files
/// in the store directory (`endpoints/<pid>.json`), so another process (the full-screen UI) can
/// count them and show their hand-outs.
///
/// A file holds no secret: the kind, the command's name, the number of hand-outs, and the last
/// hand-out's time, access-key hint (last four characters) and expiration. Files of processes that
/// are gone are pruned when listed.
public struct CredentialsEndpointRegistry: Sendable {
    /// One registered user of the session.
    public struct Entry: Sendable, Codable, Equatable {
        /// `exec` or `serve-credentials`.
        public var kind: String
        /// The process serving the credentials.
        public var pid: Int32
        /// The command `exec` runs (its first word, without the path), or nil for an endpoint alone.
        public var command: String?
        /// Credentials handed out so far.
        public var handOuts: Int
        /// When the last credentials were handed out.
        public var lastHandOut: Date?
        /// The last four characters of the last access key id handed out.
        public var lastAccessKeyHint: String?
        /// When the last credentials handed out expire.
        public var lastExpiration: Date?

        /// An entry for `pid`, nothing handed out yet unless said.
        public init(
            kind: String, pid: Int32, command: String?, handOuts: Int = 0, lastHandOut: Date? = nil,
            lastAccessKeyHint: String? = nil, lastExpiration: Date? = nil
        ) {
            self.kind = kind
            self.pid = pid
            self.command = command
            self.handOuts = handOuts
            self.lastHandOut = lastHandOut
            self.lastAccessKeyHint = lastAccessKeyHint
            self.lastExpiration = lastExpiration
        }
    }

    /// The directory of the entries: `<store directory>/endpoints`.
    public let directory: String

    /// The registry of the session stored in `storeDirectory`.
    public init(storeDirectory: String) {
        directory = storeDirectory + "/endpoints"
    }

    /// Writes (or replaces) `entry`'s file; failures are ignored (the count is informational).
    public func record(_ entry: Entry) {
        try? FileManager.default.createDirectory(
            atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        guard let data = try? encoder.encode(entry) else { return }
        try? AtomicFile.replace(with: data, at: path(of: entry.pid), directory: directory)
    }

    /// Removes the entry of `pid`.
    public func remove(pid: Int32) {
        unlink(path(of: pid))
    }

    /// The entries of live processes, by pid; files of processes that are gone are removed.
    public func live() -> [Entry] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return [] }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        var entries: [Entry] = []
        for name in names where name.hasSuffix(".json") {
            guard let pid = Int32(name.dropLast(5)), pid > 0 else { continue }
            guard Self.isAlive(pid) else {
                remove(pid: pid)
                continue
            }
            guard let data = FileManager.default.contents(atPath: path(of: pid)),
                let entry = try? decoder.decode(Entry.self, from: data), entry.pid == pid
            else { continue }
            entries.append(entry)
        }
        return entries.sorted { $0.pid < $1.pid }
    }

    private func path(of pid: Int32) -> String { directory + "/\(pid).json" }

    /// Whether a process with `pid` exists (`kill(pid, 0)`; EPERM means it exists under another user).
    static func isAlive(_ pid: Int32) -> Bool {
        kill(pid, 0) == 0 || errno == EPERM
    }
}
