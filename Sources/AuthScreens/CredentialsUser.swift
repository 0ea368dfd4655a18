import CognitoAuth
import Foundation

/// A `latchkey exec` command or `serve-credentials` endpoint using the session, as the dashboard shows it (no secret).
public struct CredentialsUser: Hashable, Sendable {
    /// `exec` or `serve-credentials`.
    public var kind: String
    /// Its process id.
    public var pid: Int32
    /// The command `exec` runs (sanitised), or nil.
    public var command: String?
    /// Credentials handed out so far.
    public var handOuts: Int
    /// The last four characters of the last access key id handed out.
    public var lastAccessKeyHint: String?
    /// When the last credentials handed out expire.
    public var lastExpiration: Date?

    /// Creates a user of the session.
    public init(
        kind: String, pid: Int32, command: String? = nil, handOuts: Int = 0, lastAccessKeyHint: String? = nil,
        lastExpiration: Date? = nil
    ) {
        self.kind = kind
        self.pid = pid
        self.command = command
        self.handOuts = handOuts
        self.lastAccessKeyHint = lastAccessKeyHint
        self.lastExpiration = lastExpiration
    }

    /// Copies a registry entry; the file is another process's, so its text is sanitised.
    public init(_ entry: CredentialsEndpointRegistry.Entry) {
        self.init(
            kind: TerminalText.sanitized(entry.kind), pid: entry.pid,
            command: entry.command.map { TerminalText.sanitized($0) },
            handOuts: entry.handOuts, lastAccessKeyHint: entry.lastAccessKeyHint.map { TerminalText.sanitized($0) },
            lastExpiration: entry.lastExpiration)
    }

    /// "exec python3 (pid 123)" or "serve-credentials (pid 123)".
    var name: String {
        [kind, command].compactMap { $0 }.joined(separator: " ") + " (pid \(pid))"
    }
}
