import Foundation

/// A broadcast of "something changed" pulses: whatever a test waits on calls ``notify()`` when it
/// changes, and each ``Waiter`` subscribed with ``changes()`` wakes to re-check its condition.
///
/// Pulses carry no value and coalesce: a subscriber that is busy re-checking sees at most one pending
/// pulse, which is all it needs, since it reads the current value itself.
public final class ChangeSignal: @unchecked Sendable {
    // @unchecked Sendable: `subscribers` and `nextID` are only touched while holding `lock`; the
    // continuations themselves are Sendable.
    private let lock = NSLock()
    private var subscribers: [UInt64: AsyncStream<Void>.Continuation] = [:]
    private var nextID: UInt64 = 0

    /// Creates a signal with no subscribers.
    public init() {}

    /// Wakes every current subscriber.
    public func notify() {
        let current = lock.withLock { Array(subscribers.values) }
        for continuation in current { continuation.yield() }
    }

    /// A new subscription: one element per ``notify()`` after this call (coalesced while unread).
    /// The subscription ends when its consumer stops iterating.
    public func changes() -> AsyncStream<Void> {
        let (stream, continuation) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
        let id: UInt64 = lock.withLock {
            nextID += 1
            subscribers[nextID] = continuation
            return nextID
        }
        continuation.onTermination = { [weak self] _ in
            guard let self else { return }
            _ = self.lock.withLock { self.subscribers.removeValue(forKey: id) }
        }
        return stream
    }

    /// The number of live subscriptions (for tests of the signal itself).
    public var subscriberCount: Int { lock.withLock { subscribers.count } }
}
