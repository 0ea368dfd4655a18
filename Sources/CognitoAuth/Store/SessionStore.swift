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
    /// Replaces the stored session atomically under the store's cross-process lock; nil removes it.
    ///
    /// With ``SessionStoreWriteCondition/unchangedSince(_:)`` the stamp is re-read under the lock
    /// and nothing is written when another process changed the store meanwhile: the write is a
    /// compare-and-swap, and the caller adopts what is stored instead.
    func save(_ session: PersistedSession?, when condition: SessionStoreWriteCondition) throws(SessionStoreError)
        -> SessionStoreWriteResult
    /// An opaque stamp that changes whenever any process writes the store, to notice a peer's write.
    func changeStamp() -> String?
    /// Takes the store's cross-process refresh lock (see the default implementation's notes).
    func refreshLock(timeout: Duration) async throws(SessionStoreError) -> (any HeldStoreLock)?
    /// Sets aside what the next write needs (see the default implementation's notes).
    func reserveWrite() throws(SessionStoreError) -> (any StoreWriteReservation)?
}

/// A cross-process lock held until ``release()``.
public protocol HeldStoreLock: Sendable {
    /// Releases the lock (idempotent).
    func release()
}

extension SessionStore {
    /// Takes the store's cross-process refresh lock, waiting at most `timeout` without blocking a
    /// thread; nil when the store has no such lock (memory). A process that needs a refresh holds it
    /// while it re-reads the store and refreshes, so that processes sharing a store send one refresh
    /// between them. Throws ``SessionStoreError/busy(path:seconds:)`` when another process held it
    /// past `timeout`, and another ``SessionStoreError`` when the lock file cannot be used.
    public func refreshLock(timeout: Duration) async throws(SessionStoreError) -> (any HeldStoreLock)? { nil }

    /// Sets aside the space and directory entry the next ``save(_:when:)`` needs, so that a write
    /// whose content cannot be recomputed (a session refreshed under refresh-token rotation) cannot
    /// fail for want of them; nil when the store needs nothing set aside (memory). Throws when the
    /// store cannot take a write now (a full disk, a read-only directory): the caller then does not
    /// send the request whose answer it could not keep.
    public func reserveWrite() throws(SessionStoreError) -> (any StoreWriteReservation)? { nil }

    /// Replaces the stored session whatever it holds now (a sign-in or a sign-out: the last one wins).
    public func save(_ session: PersistedSession?) throws(SessionStoreError) {
        _ = try save(session, when: .always)
    }
}

/// When a session store write may happen.
public enum SessionStoreWriteCondition: Sendable, Hashable {
    /// Whatever the store holds now.
    case always
    /// Only if the store's change stamp is still this one (nil: whatever it is).
    case unchangedSince(String?)
}

/// What a session store write did.
public enum SessionStoreWriteResult: Sendable, Hashable {
    /// The session was written; the store's stamp is now `stamp`.
    case written(stamp: String?)
    /// Another process changed the store since the expected stamp; nothing was written.
    case conflict(stamp: String?)
}

/// A session store failure.
public enum SessionStoreError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The stored data could not be decoded; it was moved aside to `movedTo` (never deleted).
    case corrupt(movedTo: String?, reason: String)
    /// The store could not be read or written.
    case io(path: String, reason: String)
    /// The store's directory or file is not safe to use (owned by someone else, writable by others,
    /// a symbolic link): refused, never changed.
    case unsafe(path: String, reason: String)
    /// Another process held the store's lock longer than the wait allowed.
    case busy(path: String, seconds: Double)

    /// The message, with the next step.
    public var description: String {
        switch self {
        case .corrupt(let movedTo, let reason):
            let kept = movedTo.map { " It was moved aside to \($0)." } ?? ""
            return "The stored session was unreadable (\(reason)).\(kept) You are signed out; sign in again."
        case .io(let path, let reason):
            return
                "Cannot access the session store at \(path): \(reason). Free some disk space or fix the permissions, "
                + "or use another store directory (LATCHKEY_STORE_DIR)."
        case .unsafe(let path, let reason):
            return
                "Refusing the session store at \(path): \(reason). Another user could plant or read a session there. "
                + "Use a directory only you can write (chmod go-w), or another one (LATCHKEY_STORE_DIR)."
        case .busy(let path, let seconds):
            return
                "Another latchkey process has held the lock \(path) for over \(seconds.formatted(.number.precision(.fractionLength(0...1)))) s. "
                + "Wait for it to finish, or find the stopped process (ps) and end it."
        }
    }
}

/// A session store in memory, for tests and for callers that do not want persistence.
package final class InMemorySessionStore: SessionStore, @unchecked Sendable {
    // @unchecked Sendable: every access to `stored` and `writes` goes through `lock`.
    private let lock = NSLock()
    private var stored: PersistedSession?
    private var writes = 0

    /// Creates a store, optionally holding a session.
    package init(_ session: PersistedSession? = nil) { stored = session }

    /// Where the session lives.
    package var location: String { "memory" }

    /// Returns the stored session.
    package func load() throws(SessionStoreError) -> PersistedSession? { lock.withLock { stored } }

    /// Replaces the stored session (compare-and-swap on the write count when asked).
    package func save(_ session: PersistedSession?, when condition: SessionStoreWriteCondition)
        throws(SessionStoreError)
        -> SessionStoreWriteResult
    {
        lock.withLock {
            if case .unchangedSince(let expected?) = condition, expected != "\(writes)" {
                return .conflict(stamp: "\(writes)")
            }
            stored = session
            writes += 1
            return .written(stamp: "\(writes)")
        }
    }

    /// Changes with every write.
    package func changeStamp() -> String? { lock.withLock { "\(writes)" } }

    /// How many writes happened.
    package var writeCount: Int { lock.withLock { writes } }
}
