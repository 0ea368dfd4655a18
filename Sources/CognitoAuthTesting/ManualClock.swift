import CognitoAuth
import Foundation

/// A clock that only moves when a test advances it; sleepers wake when their time comes.
public final class ManualClock: AuthClock, @unchecked Sendable {
    // @unchecked Sendable: `current` and `sleepers` are only touched while holding `lock`.
    private let lock = NSLock()
    private var current: Date
    private var sleepers: [(id: UInt64, due: Date, continuation: CheckedContinuation<Void, any Error>)] = []
    private var nextID: UInt64 = 0

    /// Notified whenever a sleeper starts, wakes or is cancelled (for ``Waiter``).
    public let changes = ChangeSignal()

    /// Creates a clock at `start`.
    public init(start: Date = Date(timeIntervalSince1970: 1_700_000_000)) {
        current = start
    }

    /// The current manual time.
    public func now() -> Date { lock.withLock { current } }

    /// The number of tasks sleeping on this clock.
    public var sleeperCount: Int { lock.withLock { sleepers.count } }

    /// Suspends until the clock is advanced past `now + duration`.
    public func sleep(for duration: Duration) async throws {
        try Task.checkCancellation()
        let id: UInt64 = lock.withLock {
            nextID += 1
            return nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let fireNow: Bool = lock.withLock {
                    let due = current.addingTimeInterval(
                        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18)
                    if due <= current { return true }
                    sleepers.append((id, due, continuation))
                    return false
                }
                if fireNow { continuation.resume() } else { changes.notify() }
            }
        } onCancel: {
            let cancelled: CheckedContinuation<Void, any Error>? = lock.withLock {
                guard let index = sleepers.firstIndex(where: { $0.id == id }) else { return nil }
                return sleepers.remove(at: index).continuation
            }
            cancelled?.resume(throwing: CancellationError())
            changes.notify()
        }
    }

    /// Moves the clock forward and wakes every sleeper that is due.
    public func advance(by seconds: TimeInterval) {
        let due: [CheckedContinuation<Void, any Error>] = lock.withLock {
            current = current.addingTimeInterval(seconds)
            let ready = sleepers.filter { $0.due <= current }
            sleepers.removeAll { $0.due <= current }
            return ready.map(\.continuation)
        }
        for continuation in due { continuation.resume() }
        if !due.isEmpty { changes.notify() }
    }
}
