import Foundation

/// Wall-clock time and sleeping: the edge that tests replace with a manual clock.
///
/// Token expiry is wall time (JWT `exp`), so the clock speaks `Date`.
public protocol AuthClock: Sendable {
    /// The current wall-clock time.
    func now() -> Date
    /// Suspends for `duration`, or throws `CancellationError` when the task is cancelled.
    func sleep(for duration: Duration) async throws
}

/// The real clock: the system's wall time, and `Task.sleep` for waits.
public struct SystemAuthClock: AuthClock {
    /// Creates the clock; it holds no state.
    public init() {}

    /// The system's wall-clock time, `Date()`.
    public func now() -> Date { Date() }

    /// Sleeps on the continuous clock.
    public func sleep(for duration: Duration) async throws {
        try await Task.sleep(for: duration)
    }
}
