import CognitoAuthTesting
import Foundation
import Testing

@testable import CognitoAuth

/// The manual clock the other tests rely on.
@Suite("ManualClock")
struct ManualClockTests {
    @Test("Sleepers wake when the clock passes their due time, not before")
    func wakesWhenDue() async throws {
        let clock = ManualClock(start: Fixtures.t0)
        let woke = Locked(false)
        let sleeper = Task {
            try? await clock.sleep(for: .seconds(10))
            woke.withLock { $0 = true }
        }
        try await Waiter.until("the task sleeps", on: [clock.changeSource()]) { clock.sleeperCount == 1 }
        clock.advance(by: 9)
        #expect(clock.sleeperCount == 1)
        #expect(!woke.current)
        clock.advance(by: 1)
        await sleeper.value
        #expect(woke.current)
        #expect(clock.now() == Fixtures.t0.addingTimeInterval(10))
    }

    @Test("Cancelling a sleeper throws CancellationError and removes it")
    func cancelWhileSleeping() async throws {
        let clock = ManualClock()
        let sleeper = Task { try await clock.sleep(for: .seconds(10)) }
        try await Waiter.until("the task sleeps", on: [clock.changeSource()]) { clock.sleeperCount == 1 }
        sleeper.cancel()
        await #expect(throws: CancellationError.self) { try await sleeper.value }
        #expect(clock.sleeperCount == 0)
    }

    @Test("A task cancelled before it sleeps throws at once, like Task.sleep")
    func cancelledBeforeSleeping() async throws {
        let clock = ManualClock()
        let outcome = Locked<String?>(nil)
        let finished = ChangeSignal()
        let finishing = ChangeSource.signal(finished, name: "the task finishing")
        let sleeper = Task {
            defer { finished.notify() }
            withUnsafeCurrentTask { $0?.cancel() }
            do {
                try await clock.sleep(for: .seconds(10))
                outcome.withLock { $0 = "slept" }
            } catch {
                outcome.withLock { $0 = "\(type(of: error))" }
            }
        }
        try await Waiter.until("the task finishes or sleeps", on: [clock.changeSource(), finishing]) {
            outcome.current != nil || clock.sleeperCount == 1
        }
        let leaked = clock.sleeperCount
        clock.advance(by: 11)  // frees a leaked sleeper so the task ends either way
        await sleeper.value
        #expect(leaked == 0)
        #expect(outcome.current == "CancellationError")
    }
}
