import Foundation
import Testing

@testable import latchkey

#if canImport(Glibc)
    import Glibc
#endif

/// Ctrl-C during a passkey ceremony cancels the ceremony's task instead of ending the process.
@Suite("Ctrl-C during a passkey ceremony", .serialized)
struct CeremonyInterruptTests {
    @Test("SIGINT cancels the running ceremony; afterwards SIGINT's action is what it was")
    func interruptCancels() async throws {
        var before = sigaction()
        sigaction(SIGINT, nil, &before)
        let outcome = try await CeremonyInterrupt.run { () -> String in
            // Sends SIGINT to this process once the body waits, as Ctrl-C would.
            let sender = Thread {
                Thread.sleep(forTimeInterval: 0.2)
                kill(getpid(), SIGINT)
            }
            sender.start()
            do {
                try await Task.sleep(for: .seconds(20))
                return "not cancelled"
            } catch is CancellationError {
                return "cancelled"
            }
        }
        // "cancelled" can only come from the sleep being cut short: no timed bound is needed (under CI's load the
        // whole run once took 16 s).
        #expect(outcome == "cancelled")
        var after = sigaction()
        sigaction(SIGINT, nil, &after)
        let handler = { (action: sigaction) in
            withUnsafeBytes(of: action.__sigaction_handler) { $0.load(as: Int.self) }
        }
        #expect(handler(after) == handler(before), "SIGINT's action is put back")
    }
}
