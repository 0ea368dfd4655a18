import Foundation

/// Where the session is persisted: the edge that tests replace with an in-memory store.
///
/// Calls are synchronous and short: the client runs them inside its actor so that a listener is
/// always notified after the write it describes, and writes happen in order.
public protocol SessionStore: Sendable {
    /// A human-readable description of where the session lives, for `status`.
    var location: String { get }
    /// Loads the session, or nil when there is none. A corrupt store throws ``SessionStoreError/corrupt(movedTo:reason:)``
    /// after moving the bad data aside.
    func load() throws(SessionStoreError) -> PersistedSession?
    /// Replaces the stored session atomically; nil removes it.
    func save(_ session: PersistedSession?) throws(SessionStoreError)
    /// An opaque stamp that changes whenever any process writes the store, to notice a peer's write.
    func changeStamp() -> String?
}

/// A session store failure.
public enum SessionStoreError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The stored data could not be decoded; it was moved aside to `movedTo` (never deleted).
    case corrupt(movedTo: String?, reason: String)
    /// The store could not be read or written.
    case io(path: String, reason: String)

    /// The message, with the next step.
    public var description: String {
        switch self {
        case .corrupt(let movedTo, let reason):
            let kept = movedTo.map { " It was moved aside to \($0)." } ?? ""
            return "The stored session was unreadable (\(reason)).\(kept) You are signed out; sign in again."
        case .io(let path, let reason):
            return
                "Cannot access the session store at \(path): \(reason). Check the directory's permissions, or pass --store DIR."
        }
    }
}

/// A session store in memory, for tests and for callers that do not want persistence.
public final class InMemorySessionStore: SessionStore, @unchecked Sendable {
    // @unchecked Sendable: every access to `stored` and `writes` goes through `lock`.
    private let lock = NSLock()
    private var stored: PersistedSession?
    private var writes = 0

    /// Creates a store, optionally holding a session.
    public init(_ session: PersistedSession? = nil) { stored = session }

    /// Where the session lives.
    public var location: String { "memory" }

    /// Returns the stored session.
    public func load() throws(SessionStoreError) -> PersistedSession? { lock.withLock { stored } }

    /// Replaces the stored session.
    public func save(_ session: PersistedSession?) throws(SessionStoreError) {
        lock.withLock {
            stored = session
            writes += 1
        }
    }

    /// Changes with every write.
    public func changeStamp() -> String? { lock.withLock { "\(writes)" } }

    /// How many writes happened.
    public var writeCount: Int { lock.withLock { writes } }
}
