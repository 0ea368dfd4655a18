import CognitoAuth
import Foundation

/// The real clock shifted by an adjustable offset: lets integration tests jump past token expiry
/// against a live backend without sleeping.
public final class OffsetClock: AuthClock, @unchecked Sendable {
    // @unchecked Sendable: `offset` is only touched while holding `lock`.
    private let lock = NSLock()
    private var offset: TimeInterval = 0

    /// Creates a clock with no offset.
    public init() {}

    /// Real time plus the offset.
    public func now() -> Date { Date().addingTimeInterval(lock.withLock { offset }) }

    /// Sleeps in real time.
    public func sleep(for duration: Duration) async throws { try await Task.sleep(for: duration) }

    /// Moves this clock forward.
    public func advance(by seconds: TimeInterval) { lock.withLock { offset += seconds } }
}
