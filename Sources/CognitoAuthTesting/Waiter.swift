import Foundation

/// Something that says "a change happened" to a ``Waiter``: an event stream, a ``ChangeSignal``, or
/// (the one fallback) a slow tick for state that announces nothing.
///
/// A source built from a stream is subscribed when it is made, so make it before the waiter's first
/// look: a change between that look and the subscription can then not be missed.
public struct ChangeSource: Sendable {
    /// What the source is, for the timeout message.
    public let name: String
    fileprivate let forward: @Sendable (AsyncStream<Void>.Continuation) async -> Void

    /// Wakes the waiter on every element of `sequence` (an `AuthClient.events()` stream, a pipe's reads).
    public static func events<Events: AsyncSequence & Sendable>(_ sequence: Events, name: String = "events")
        -> ChangeSource
    {
        ChangeSource(name: name) { wake in
            do {
                for try await _ in sequence { wake.yield() }
            } catch {
                // A failed stream wakes nobody more; the deadline still bounds the wait.
            }
        }
    }

    /// Wakes the waiter on every ``ChangeSignal/notify()`` from now on.
    public static func signal(_ signal: ChangeSignal, name: String = "change signal") -> ChangeSource {
        events(signal.changes(), name: name)
    }

    /// The polling fallback, for state that emits no event (a file another process writes, a counter
    /// bumped by a task the test does not own): wakes the waiter every `interval`. Use it only when no
    /// event source exists, and say why at the call site.
    public static func polling(every interval: Duration = .milliseconds(5), name: String = "polling")
        -> ChangeSource
    {
        ChangeSource(name: "\(name) every \(interval)") { wake in
            while !Task.isCancelled {
                try? await Task.sleep(for: interval)
                wake.yield()
            }
        }
    }
}

/// Awaits a condition by re-checking it only when one of its ``ChangeSource``s reports a change,
/// with one bounded deadline and a failure that names what was awaited and the last value seen.
///
/// The checks run in the caller's isolation (a `@MainActor` test reads main-actor state directly).
/// This is not a timing assertion: the deadline only keeps a broken test from hanging.
public enum Waiter {
    /// The deadline passed before the condition held.
    public struct Timeout: Error, CustomStringConvertible, Sendable {
        /// A description of the condition that was awaited.
        public var what: String
        /// The last value observed, described.
        public var lastValue: String
        /// The deadline that passed.
        public var timeout: Duration
        /// The change sources that were listened to.
        public var sources: [String]
        /// How many times the condition was checked.
        public var checks: Int

        /// The failure message: what was awaited, for how long, and the last value seen.
        public var description: String {
            "timed out after \(timeout) waiting for \(what) (checked \(checks) times, woken by "
                + "\(sources.joined(separator: ", "))); the last value seen was:\n\(lastValue)"
        }
    }

    /// The default deadline: a hang detector, not a speed check, so generous enough for a 2-core CI
    /// machine under load (a soak with the CPUs busy and builds beside it overran 20 s); a passing
    /// wait returns as soon as its condition holds.
    public static let defaultTimeout: Duration = .seconds(60)

    /// Observes a value now and after every change until `satisfied` accepts it; returns that value or
    /// throws ``Timeout`` with the last one.
    @discardableResult
    public static func value<Value>(
        of what: String, timeout: Duration = defaultTimeout, on sources: [ChangeSource],
        isolation: isolated (any Actor)? = #isolation,
        _ observe: () async throws -> Value, until satisfied: (Value) -> Bool
    ) async throws -> Value {
        let (wakes, wake) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
        let forwarders = sources.map { source in Task.detached { await source.forward(wake) } }
        let deadline = Task.detached {
            try? await Task.sleep(for: timeout)
            wake.finish()
        }
        defer {
            for forwarder in forwarders { forwarder.cancel() }
            deadline.cancel()
            wake.finish()
        }
        var checks = 1
        var last = try await observe()
        if satisfied(last) { return last }
        for await _ in wakes {
            checks += 1
            last = try await observe()
            if satisfied(last) { return last }
        }
        // The deadline passed (or the waiting task was cancelled): one last look before failing.
        checks += 1
        last = try await observe()
        if satisfied(last) { return last }
        try Task.checkCancellation()
        throw Timeout(
            what: what, lastValue: String(String(describing: last).prefix(4000)), timeout: timeout,
            sources: sources.map(\.name), checks: checks)
    }

    /// Checks `condition` now and after every change until it holds, or throws ``Timeout``.
    /// Prefer ``value(of:timeout:on:isolation:_:until:)`` when a value makes the failure clearer.
    public static func until(
        _ what: String, timeout: Duration = defaultTimeout, on sources: [ChangeSource],
        isolation: isolated (any Actor)? = #isolation, _ condition: () async throws -> Bool
    ) async throws {
        try await value(of: what, timeout: timeout, on: sources, condition, until: { $0 })
    }
}
