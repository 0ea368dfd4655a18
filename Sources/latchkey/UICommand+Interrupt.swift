import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Ctrl-C while the full-screen UI is between two runs (an account hand-over restarts the screens).
///
/// In a run the terminal is in raw mode and Ctrl-C is a key the screens handle. Between runs it is
/// in cooked mode for a moment, so Ctrl-C becomes SIGINT. Armed, the first SIGINT is remembered and
/// the UI command quits as Ctrl-C in the screens does once the step in hand ends (an unused new
/// account is removed, the account sign-in came from is active again); a second SIGINT ends the
/// process at once, so a step that hangs can still be interrupted.
enum InterruptBetweenRuns {
    /// Installs the handler, unless SIGINT is ignored (started under `nohup` or in the background).
    static func arm() {
        var current = sigaction()
        guard sigaction(SIGINT, nil, &current) == 0, !SignalDisposition.isIgnored(current) else { return }
        previous.withLock { $0 = current }
        interruptedBetweenRuns.store(false, ordering: .releasing)
        ExecChild.install(rememberInterrupt, for: [SIGINT])
    }

    /// Puts back the action SIGINT had before ``arm()``.
    static func disarm() {
        guard var action = previous.withLock({ $0 }) else { return }
        sigaction(SIGINT, &action, nil)
        previous.withLock { $0 = nil }
    }

    /// Whether SIGINT arrived since ``arm()``.
    static var wasInterrupted: Bool { interruptedBetweenRuns.load(ordering: .acquiring) }

    /// SIGINT's action before ``arm()``; nil when not armed.
    private static let previous = Mutex<sigaction?>(nil)

}

/// Set by the handler; read by the UI command's loop.
private let interruptedBetweenRuns = Atomic<Bool>(false)

/// The SIGINT handler: remembers the first, and on the second restores the default action and
/// raises it again. Only async-signal-safe calls: an atomic exchange, `signal` and `raise`.
private func rememberInterrupt(_ number: Int32, _: UnsafeMutablePointer<siginfo_t>?, _: UnsafeMutableRawPointer?) {
    let (isFirst, _) = interruptedBetweenRuns.compareExchange(
        expected: false, desired: true, ordering: .acquiringAndReleasing)
    if !isFirst {
        _ = signal(number, SIG_DFL)
        raise(number)
    }
}
