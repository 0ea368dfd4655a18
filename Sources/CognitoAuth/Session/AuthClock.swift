import Foundation

/// Wall-clock time and sleeping: the edge that tests replace with a manual clock.
///
/// Token expiry is wall time (JWT `exp`), so the clock speaks `Date`.
public protocol AuthClock: Sendable {
    /// The current time.
    func now() -> Date
    /// Suspends for `duration`, or throws `CancellationError` when the task is cancelled.
    func sleep(for duration: Duration) async throws
}

/// The system clock.
public struct SystemAuthClock: AuthClock {
    /// Creates the clock.
    public init() {}

    /// The current time.
    public func now() -> Date { Date() }

    /// Sleeps on the continuous clock.
    public func sleep(for duration: Duration) async throws {
        try await Task.sleep(for: duration)
    }
}
