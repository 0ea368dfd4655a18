import CognitoAuthTesting
import Foundation
import Testing

@testable import CognitoAuth

/// The manual clock the other tests rely on.
@Suite("ManualClock")
struct ManualClockTests {
    @Test("Sleepers wake when the clock passes their due time, not before")
    func wakesWhenDue() async {
        let clock = ManualClock(start: Fixtures.t0)
        let woke = Locked(false)
        let sleeper = Task {
            try? await clock.sleep(for: .seconds(10))
            woke.withLock { $0 = true }
        }
        await eventually("the task sleeps") { clock.sleeperCount == 1 }
        clock.advance(by: 9)
        #expect(clock.sleeperCount == 1)
        #expect(!woke.current)
        clock.advance(by: 1)
        await sleeper.value
        #expect(woke.current)
        #expect(clock.now() == Fixtures.t0.addingTimeInterval(10))
    }

    @Test("Cancelling a sleeper throws CancellationError and removes it")
    func cancelWhileSleeping() async {
        let clock = ManualClock()
        let sleeper = Task { try await clock.sleep(for: .seconds(10)) }
        await eventually("the task sleeps") { clock.sleeperCount == 1 }
        sleeper.cancel()
        await #expect(throws: CancellationError.self) { try await sleeper.value }
        #expect(clock.sleeperCount == 0)
    }

    @Test("A task cancelled before it sleeps throws at once, like Task.sleep")
    func cancelledBeforeSleeping() async {
        let clock = ManualClock()
        let outcome = Locked<String?>(nil)
        let sleeper = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            do {
                try await clock.sleep(for: .seconds(10))
                outcome.withLock { $0 = "slept" }
            } catch {
                outcome.withLock { $0 = "\(type(of: error))" }
            }
        }
        await eventually("the task finishes or sleeps") { outcome.current != nil || clock.sleeperCount == 1 }
        let leaked = clock.sleeperCount
        clock.advance(by: 11)  // frees a leaked sleeper so the task ends either way
        await sleeper.value
        #expect(leaked == 0)
        #expect(outcome.current == "CancellationError")
    }
}
