import CognitoAuth
import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The child `latchkey exec` runs: spawned with `posix_spawnp` on the same terminal (stdin, stdout
/// and stderr inherited, same process group), the environment passed as `envp` (no secret on
/// argv), every other descriptor closed, signals at their defaults and unblocked.
///
/// While it runs, SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM and SIGWINCH sent to
/// `latchkey` are passed on to it. A signal the terminal sent (Ctrl-C: the whole foreground group
/// receives it, the child included) is not sent a second time.
///
/// On Linux `latchkey` is the child subreaper of its descendants (`PR_SET_CHILD_SUBREAPER`): processes
/// the command leaves running are re-parented to it, so ``waitForOrphans(until:)`` can tell whether any
/// remain and wait for them (rel-3 R10).
enum ExecChild {
    /// The signals passed on to the child.
    static let forwarded: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM, SIGWINCH]

    /// Runs `arguments` (the first word looked up in `PATH`) with `environment` (`NAME=value`) and
    /// returns `exec`'s exit status: the child's, or 128 + the signal that ended it.
    ///
    /// Throws a ``CLIFailure`` with 127 (not found) or 126 (not executable) when it cannot start.
    static func run(_ arguments: [String], environment: [String]) async throws(CLIFailure) -> Int32 {
        guard let program = arguments.first else { throw CLIFailure(code: 2, message: "No command to run.") }
        #if os(Linux)
            _ = ProcessHardening.prctl(36, 1)  // PR_SET_CHILD_SUBREAPER in <linux/prctl.h>
        #endif
        installForwarding()
        let pid = try spawn(program, arguments, environment)
        childStarted(pid)
        let status = await withCheckedContinuation { (continuation: CheckedContinuation<Int32, Never>) in
            let thread = Thread {
                var status: Int32 = 0
                while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
                continuation.resume(returning: status)
            }
            thread.name = "latchkey-exec-wait"
            thread.start()
        }
        childStarted(0)
        // Signals act on latchkey itself again: a SIGTERM while orphans are waited for ends it.
        for number in forwarded { signal(number, SIG_DFL) }
        return exitStatus(status)
    }

    /// Makes `pid` the process signals are passed on to (0: none), and passes on the signals the handler held
    /// while the child was being started: on a loaded machine the child can run, and be signalled for, before
    /// the thread that started it is scheduled again to store its pid.
    static func childStarted(_ pid: pid_t) {
        forwardedChild.store(pid, ordering: .sequentiallyConsistent)
        if pid > 0 { forwardHeldSignals(to: pid) }
    }

    /// Whether processes the command left behind are still running (re-parented to `latchkey`, its subreaper);
    /// the exited ones are reaped. Always false where there is no subreaper (not Linux).
    static func hasOrphans() -> Bool {
        #if os(Linux)
            var status: Int32 = 0
            while true {
                let reaped = waitpid(-1, &status, WNOHANG)
                if reaped > 0 { continue }
                if reaped < 0 && errno == EINTR { continue }
                return reaped == 0
            }
        #else
            return false
        #endif
    }

    /// Waits until the command's orphans have all exited or `deadline` passes; true when none remain.
    static func waitForOrphans(until deadline: ContinuousClock.Instant) async -> Bool {
        while hasOrphans() {
            guard ContinuousClock.now < deadline else { return false }
            try? await Task.sleep(for: .milliseconds(50))
        }
        return true
    }

    /// The shell's reading of a `waitpid` status: the exit code, or 128 + the terminating signal.
    static func exitStatus(_ status: Int32) -> Int32 {
        let signal = status & 0x7F
        return signal == 0 ? (status >> 8) & 0xFF : 128 + signal
    }

    private static func spawn(_ program: String, _ arguments: [String], _ environment: [String]) throws(CLIFailure)
        -> pid_t
    {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for fd in openDescriptors() where fd > 2 { posix_spawn_file_actions_addclose(&actions, fd) }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var empty = sigset_t()
        sigemptyset(&empty)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in forwarded + [SIGPIPE, SIGQUIT, SIGCHLD] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigmask(&attributes, &empty)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var pid: pid_t = 0
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.map { strdup($0) } + [nil]
        defer {
            for pointer in argv { free(pointer) }
            for pointer in envp { free(pointer) }
        }
        // posix_spawnp looks the program up in latchkey's own PATH, which the child's keeps.
        let result = posix_spawnp(&pid, program, &actions, &attributes, argv, envp)
        guard result == 0 else {
            let reason = String(cString: strerror(result))
            let name = TerminalText.sanitized(program)
            switch result {
            case ENOENT:
                throw CLIFailure(code: 127, message: "\(name): command not found (\(reason)); check the name and PATH.")
            default:
                throw CLIFailure(code: 126, message: "\(name) could not be started (\(reason)).")
            }
        }
        return pid
    }

    /// The descriptors open in this process, from `/proc/self/fd` (or `/dev/fd`).
    private static func openDescriptors() -> [Int32] {
        for directory in ["/proc/self/fd", "/dev/fd"] {
            if let names = try? FileManager.default.contentsOfDirectory(atPath: directory) {
                return names.compactMap(Int32.init)
            }
        }
        return Array(3..<256)
    }

    /// Installs the handler that passes the ``forwarded`` signals on to the child.
    private static func installForwarding() {
        // The globals are made here, not first in the handler (a global's one-time set-up is not async-signal-safe).
        heldSignals.store(0, ordering: .sequentiallyConsistent)
        forwardedChild.store(0, ordering: .sequentiallyConsistent)
        install(forwardSignal, for: forwarded)
    }

    /// A C signal handler that is told the sender (`SA_SIGINFO`).
    typealias SignalHandler = @convention(c) (Int32, UnsafeMutablePointer<siginfo_t>?, UnsafeMutableRawPointer?) -> Void

    /// Installs `handler` for `signals`, with `SA_SIGINFO` and `SA_RESTART`.
    static func install(_ handler: SignalHandler, for signals: [Int32]) {
        for signal in signals {
            var action = sigaction()
            #if canImport(Darwin)
                action.__sigaction_u.__sa_sigaction = handler
            #else
                action.__sigaction_handler.sa_sigaction = handler
            #endif
            action.sa_flags = SA_SIGINFO | SA_RESTART
            sigemptyset(&action.sa_mask)
            sigaction(signal, &action, nil)
        }
    }
}

/// The running child's pid (0 when none), read by the signal handler, which cannot capture context.
let forwardedChild = Atomic<Int32>(0)

/// The signals that came while no child's pid was known yet, one bit each (bit `n` for signal `n`).
///
/// Both the handler and the thread that started the child take the bits with `exchange`, after the pid is
/// stored on the one side and after the bit is set on the other, so each held signal is passed on once.
let heldSignals = Atomic<UInt64>(0)

/// Passes on, once each, the signals held while the child was being started.
private func forwardHeldSignals(to pid: pid_t) {
    let held = heldSignals.exchange(0, ordering: .sequentiallyConsistent)
    guard held != 0 else { return }
    for signal in 1..<64 where held & (UInt64(1) << UInt64(signal)) != 0 {
        kill(pid, Int32(signal))
    }
}

/// The signal handler: passes the signal on unless the kernel sent it (a terminal's Ctrl-C reaches
/// the child by itself). Before the child's pid is known the signal is held (``heldSignals``) and passed
/// on by whichever comes second: this handler or the thread that stores the pid. Only async-signal-safe
/// calls: atomic operations and `kill`.
func forwardSignal(_ signal: Int32, _ info: UnsafeMutablePointer<siginfo_t>?, _: UnsafeMutableRawPointer?) {
    if let info, info.pointee.si_code == 0x80 { return }  // SI_KERNEL: from the terminal
    guard signal > 0, signal < 64 else { return }
    heldSignals.bitwiseOr(UInt64(1) << UInt64(signal), ordering: .sequentiallyConsistent)
    let pid = forwardedChild.load(ordering: .sequentiallyConsistent)
    guard pid > 0 else { return }
    forwardHeldSignals(to: pid)
}
