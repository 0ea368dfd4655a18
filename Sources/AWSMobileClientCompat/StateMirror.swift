import CognitoAuth
import Foundation

/// What the synchronous properties read.
struct Snapshot: Sendable, Hashable {
    var state: UserState = .unknown
    var username: String?
    var identityId: String?
    var userSub: String?
}

/// The state the synchronous properties read, and the weakly held listeners.
final class StateMirror: Sendable {
    /// A listener, the object that owns it, and where it runs.
    private struct Listener: @unchecked Sendable {
        // Safe: `owner` is only compared and checked for nil, under `listeners`' lock, never used; the
        // non-Sendable `callback` is only called at `target`, the isolation of the code that added it.
        weak var owner: AnyObject?
        let callback: UserStateChangeCallback
        let target: CompletionTarget
    }

    private let snapshot = Locked(Snapshot())
    private let listeners = Locked<[Listener]>([])
    private let started = Locked(false)

    /// The current snapshot, copied under the lock.
    var value: Snapshot { snapshot.withLock { $0 } }

    /// True the first time it is called, false after: mirroring starts once per client.
    func startOnce() -> Bool {
        started.withLock { started in
            defer { started = true }
            return !started
        }
    }

    /// Records the identity id and the signed-in user's `sub`.
    func setIdentity(identityId: String?, userSub: String?) {
        snapshot.withLock { snapshot in
            snapshot.identityId = identityId
            snapshot.userSub = userSub
        }
    }

    /// Records the state and username, and tells the live listeners when either changed (once per change,
    /// at each listener's target, with `info`); the `sub` is forgotten whenever the state is not signed in.
    func update(state: UserState, username: String?, info: [String: String]) {
        let changed = snapshot.withLock { snapshot -> Bool in
            let changed = snapshot.state != state || snapshot.username != username
            snapshot.state = state
            snapshot.username = username
            if state != .signedIn { snapshot.userSub = nil }
            return changed
        }
        guard changed else { return }
        let live = listeners.withLock { listeners -> [Listener] in
            listeners.removeAll { $0.owner == nil }
            return listeners
        }
        for listener in live {
            listener.target.run { listener.callback(state, info) }
        }
    }

    /// Sets the state the synchronous properties read, without telling the listeners (the SDK's
    /// settable `currentUserState`).
    func overrideState(_ state: UserState) {
        snapshot.withLock { snapshot in
            snapshot.state = state
            if state != .signedIn { snapshot.userSub = nil }
        }
    }

    /// Adds a listener that lives as long as `owner`.
    func add(_ owner: AnyObject, _ callback: @escaping UserStateChangeCallback, target: CompletionTarget) {
        listeners.withLock { $0.append(Listener(owner: owner, callback: callback, target: target)) }
    }

    /// Removes `owner`'s listeners, and any whose owner is gone.
    func remove(_ owner: AnyObject) {
        listeners.withLock { listeners in listeners.removeAll { $0.owner == nil || $0.owner === owner } }
    }
}

/// A value behind a lock.
final class Locked<Value>: @unchecked Sendable {
    // Safe: `value` is only read or written inside `lock`.
    private var value: Value
    private let lock = NSLock()

    /// Puts `value` behind a new lock.
    init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` on the value while holding the lock; do not call back into the same `Locked` from it.
    func withLock<T>(_ body: (inout Value) throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
