import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A child process for tests: spawned with every other descriptor closed, its output read
/// concurrently, and every wait bounded.
///
/// Why not Foundation's `Process`: on Linux it learns that a child ended when a socket it hands the
/// child reaches end-of-file. That socket is inheritable, so any process spawned meanwhile by
/// another thread without closing descriptors (a `posix_spawn` of our own, a daemonising tmux, the
/// long-lived local backend) keeps it open, and `waitUntilExit()` then waits for *that* process:
/// forever, in the case of the backend. Reading stdout to its end before stderr also deadlocks once
/// a child fills the stderr pipe. Here:
/// - the pipes are created close-on-exec and the child closes every descriptor above 2, so no other
///   child can hold them;
/// - one dedicated thread per child polls stdout and stderr together, feeds stdin, and watches for
///   the exit with `waitid(WNOWAIT)`, so nothing blocks Swift's cooperative pool;
/// - the child leads its own process group, and a deadline, a task cancellation or `deinit` kills the
///   whole group;
/// - the child is reaped only under the same lock that ``kill(_:)`` takes, so a signal can never
///   reach a recycled pid.
public final class ChildProcess: @unchecked Sendable {
    // @unchecked Sendable: every mutable property is only touched while holding `condition`.

    /// What the child reads on standard input.
    public enum Input: Sendable {
        /// Nothing: standard input is `/dev/null`.
        case none
        /// These bytes, then end-of-file.
        case bytes([UInt8])
        /// A pipe whose write end this object keeps open for its whole life (the child sees
        /// end-of-file when the test process exits, however it exits).
        case keptOpen
    }

    /// Where the child's standard error goes.
    public enum ErrorOutput: Sendable {
        /// Captured, like standard output.
        case capture
        /// The test process's own standard error.
        case inherit
    }

    /// How a child ended.
    public struct Outcome: Sendable, CustomStringConvertible {
        /// The command line, for messages.
        public var command: String
        /// The exit code, or nil when a signal ended the child.
        public var exitCode: Int32?
        /// The signal that ended the child, or nil.
        public var signal: Int32?
        /// Everything the child wrote to standard output.
        public var stdout: String
        /// Everything it wrote to standard error (empty when inherited).
        public var stderr: String
        /// How long it ran.
        public var elapsed: Duration
        /// Whether it was killed because its deadline passed.
        public var timedOut: Bool

        /// The exit code, or 128 + the signal number (as a shell reports it).
        public var status: Int32 { exitCode ?? (128 + (signal ?? 0)) }
        /// Whether SIGKILL ended it.
        public var killed: Bool { signal == SIGKILL }

        /// The command, how it ended (exit code or signal) and after how long.
        public var description: String {
            let how = exitCode.map { "exit \($0)" } ?? "signal \(signal ?? 0)"
            return "`\(command)` ended with \(how) after \(elapsed)\(timedOut ? " (killed at its deadline)" : "")"
        }
    }

    /// A child that did not end before its deadline (it was killed), or could not be started.
    public struct Failure: Error, CustomStringConvertible, Sendable {
        /// What went wrong, naming the command.
        public var description: String
        /// What the child had written before it was killed, when it ran at all.
        public var outcome: Outcome?
    }

    /// The child's process id (also its process group id).
    public let pid: pid_t
    /// The command line, for messages.
    public let command: String
    /// Notified after each read from the child's output and when it exits (for ``Waiter``).
    public let outputChanges = ChangeSignal()

    let condition = NSCondition()
    var stdoutBytes: [UInt8] = []
    var stderrBytes: [UInt8] = []
    var exited = false
    var reaped = false
    var finished: Outcome?
    var deadline: ContinuousClock.Instant?
    var deadlinePassed = false
    var keptOpenInput: Int32 = -1
    let started = ContinuousClock.now

    /// The most output kept per stream (a child writing more has the rest dropped).
    public static let outputCap = 16 << 20

    init(pid: pid_t, command: String) {
        self.pid = pid
        self.command = command
    }

    // No deinit kill: the pump thread holds the object until the child is reaped, so a child nobody
    // waits for still ends at its deadline (every child but a server started with no deadline has one).
    deinit {
        if keptOpenInput >= 0 { close(keptOpenInput) }
    }
    // MARK: Waiting

    /// Waits for the child to end (at most until its deadline, when it is killed). Cancelling the
    /// waiting task kills the child too.
    ///
    /// The wait polls every 10 ms instead of parking on a continuation that another thread must
    /// resume: it ends at the deadline (plus a 10 s grace for the pump to reap) whatever happens to
    /// the pump thread, and it never blocks a thread of Swift's cooperative pool.
    public func wait() async throws -> Outcome {
        var killedForCancellation = false
        while true {
            if let outcome = condition.withLock({ finished }) { return try check(outcome) }
            if Task.isCancelled && !killedForCancellation {
                kill(SIGKILL)
                killedForCancellation = true
            }
            if let limit = condition.withLock({ deadline }), ContinuousClock.now > limit + .seconds(10) {
                kill(SIGKILL)
                throw Failure(description: "`\(command)` was not reaped 10 s after its deadline", outcome: nil)
            }
            // Task.sleep throws when cancelled; the loop then kills and keeps waiting for the reap.
            try? await Task.sleep(for: .milliseconds(10))
        }
    }

    /// Waits on the calling thread (for code that already runs on a dedicated thread), at most
    /// `timeout` more; kills the child when that passes. Throws ``Failure`` on a timeout.
    public func waitSynchronously(timeout: Duration? = nil) throws -> Outcome {
        if let timeout {
            condition.withLock {
                let limit = ContinuousClock.now + timeout
                if deadline.map({ limit < $0 }) ?? true { deadline = limit }
            }
        }
        return try check(waitBlocking())
    }

    private func check(_ outcome: Outcome) throws -> Outcome {
        guard outcome.timedOut else { return outcome }
        throw Failure(
            description:
                "`\(command)` did not end before its deadline and was killed after \(outcome.elapsed); it wrote:\n"
                + "stdout: \(outcome.stdout.suffix(2000))\nstderr: \(outcome.stderr.suffix(2000))",
            outcome: outcome)
    }

    private func waitBlocking() -> Outcome {
        condition.lock()
        defer { condition.unlock() }
        while finished == nil { condition.wait() }
        return finished
            ?? Outcome(
                command: command, exitCode: nil, signal: nil, stdout: "", stderr: "", elapsed: .zero, timedOut: false)
    }

    // MARK: Observing

    /// Sends `signal` to the child's process group, unless the child has already been reaped (so a
    /// recycled pid is never signalled).
    public func kill(_ signal: Int32 = SIGKILL) {
        condition.withLock {
            guard !reaped else { return }
            signalGroup(pid, signal)
        }
    }

    /// Sends `signal` to the child alone, not to the processes it started (as `kill PID` from a shell does):
    /// what a signal-forwarding parent passes on is then all its children get.
    public func signalAlone(_ signal: Int32) {
        condition.withLock {
            guard !reaped else { return }
            signalProcess(pid, signal)
        }
    }

    /// Writes `text` to the child's standard input (``Input/keptOpen`` only), as a user typing a line.
    ///
    /// A short write (a few lines) fits the pipe's buffer, so it never blocks on a child that is not reading.
    public func writeInput(_ text: String) throws {
        let fd = condition.withLock { keptOpenInput }
        guard fd >= 0 else { throw Failure(description: "`\(command)` has no kept-open standard input") }
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let count = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw Failure(description: "writing to `\(command)`'s standard input failed (errno \(errno))")
            }
            bytes = bytes.dropFirst(count)
        }
    }

    /// Closes the kept-open standard input: the child reads end-of-file.
    public func closeInput() {
        condition.withLock {
            if keptOpenInput >= 0 { close(keptOpenInput) }
            keptOpenInput = -1
        }
    }

    /// Whether the child has exited (it may not be reaped yet).
    public var hasExited: Bool { condition.withLock { exited } }

    /// What the child has written to standard output so far.
    public var stdoutSoFar: String { condition.withLock { String(decoding: stdoutBytes, as: UTF8.self) } }

    /// What the child has written to standard error so far (empty when inherited).
    public var stderrSoFar: String { condition.withLock { String(decoding: stderrBytes, as: UTF8.self) } }
}
