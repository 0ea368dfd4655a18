import CognitoAuthTesting
import Foundation
import Testing

@Suite("Waiter: waits on change sources, bounded, and says what it waited for")
struct WaiterTests {
    @Test("A change signal wakes the waiter, which returns the value that satisfied it")
    func signalWakesTheWaiter() async throws {
        let value = Locked(0)
        let signal = ChangeSignal()
        let source = ChangeSource.signal(signal, name: "test signal")
        let writer = Task {
            for step in 1...3 {
                await Task.yield()
                value.withLock { $0 = step }
                signal.notify()
            }
        }
        let seen = try await Waiter.value(of: "the value 3", on: [source], { value.current }, until: { $0 == 3 })
        #expect(seen == 3)
        await writer.value
    }

    @Test("With no change the condition is checked twice (at the start and at the deadline), never polled")
    func noEventsMeansNoPolling() async throws {
        let checks = Locked(0)
        let signal = ChangeSignal()
        do {
            try await Waiter.value(
                of: "a value that never comes", timeout: .milliseconds(50), on: [.signal(signal, name: "silent")],
                {
                    checks.withLock { $0 += 1 }
                    return "still 7"
                }, until: { $0 == "8" })
            Issue.record("the wait returned without its condition")
        } catch let timeout as Waiter.Timeout {
            #expect(timeout.checks == 2)
            #expect(checks.current == 2)
            #expect(timeout.description.contains("a value that never comes"))
            #expect(timeout.description.contains("still 7"))
            #expect(timeout.sources == ["silent"])
        }
    }

    @Test("The polling fallback re-checks state that announces nothing")
    func pollingFallback() async throws {
        let started = ContinuousClock.now
        try await Waiter.until("40 ms to pass", on: [.polling(every: .milliseconds(5))]) {
            ContinuousClock.now - started >= .milliseconds(40)
        }
    }

    @Test("A cancelled wait throws CancellationError, not a timeout")
    func cancellation() async {
        let waiting = Task {
            try await Waiter.until("nothing", timeout: .seconds(60), on: [.signal(ChangeSignal())]) { false }
        }
        waiting.cancel()
        await #expect(throws: CancellationError.self) { try await waiting.value }
    }
}
