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
        /// `/dev/null`.
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

    private let condition = NSCondition()
    private var stdoutBytes: [UInt8] = []
    private var stderrBytes: [UInt8] = []
    private var exited = false
    private var reaped = false
    private var finished: Outcome?
    private var deadline: ContinuousClock.Instant?
    private var deadlinePassed = false
    private var keptOpenInput: Int32 = -1
    private let started = ContinuousClock.now

    /// The most output kept per stream (a child writing more has the rest dropped).
    public static let outputCap = 16 << 20

    private init(pid: pid_t, command: String) {
        self.pid = pid
        self.command = command
    }

    // No deinit kill: the pump thread holds the object until the child is reaped, so a child nobody
    // waits for still ends at its deadline (every child but a server started with no deadline has one).
    deinit {
        if keptOpenInput >= 0 { close(keptOpenInput) }
    }

    // MARK: Starting

    /// Starts `executable arguments…` (an absolute path) with the test process's environment changed
    /// by `environment` and without the variables in `removing`.
    ///
    /// - Parameters:
    ///   - executable: the program's absolute path.
    ///   - arguments: its arguments.
    ///   - input: what its standard input reads.
    ///   - errorOutput: where its standard error goes.
    ///   - directory: its working directory (nil: the test process's).
    ///   - environment: variables set or changed for it.
    ///   - removing: variables removed for it.
    ///   - timeout: the deadline for the whole life of the child, counted from now; when it
    ///     passes the child's process group is killed. Nil for no deadline (a server that lives as long
    ///     as the test process).
    /// Ignores SIGPIPE in this (the test) process, once: feeding the stdin of a child that has just
    /// been killed must be an `EPIPE` the runner handles, not a signal that ends the whole test run.
    /// Children still start with every signal at its default (`POSIX_SPAWN_SETSIGDEF` with a full set).
    private static let brokenPipesAreErrors: Void = {
        _ = signal(SIGPIPE, SIG_IGN)
    }()

    public static func spawn(
        _ executable: String, _ arguments: [String], input: Input = .none, errorOutput: ErrorOutput = .capture,
        environment: [String: String] = [:], removing: [String] = [], directory: String? = nil,
        timeout: Duration?
    ) throws -> ChildProcess {
        _ = Self.brokenPipesAreErrors
        let command = ([executable] + arguments).map(Self.quoted).joined(separator: " ")
        var env = ProcessInfo.processInfo.environment
        for key in removing { env.removeValue(forKey: key) }
        for (key, value) in environment { env[key] = value }

        // Pipes are close-on-exec: only the dup2'd copies (0, 1, 2) reach the child, and no other
        // child spawned meanwhile by another thread inherits them.
        let stdoutPipe = try makePipe()
        let stderrPipe = errorOutput == .capture ? try makePipe() : nil
        var stdinPipe: (read: Int32, write: Int32)?
        if case .none = input {} else { stdinPipe = try makePipe() }
        func closeAll() {
            for fd in [
                stdoutPipe.read, stdoutPipe.write, stderrPipe?.read, stderrPipe?.write,
                stdinPipe?.read, stdinPipe?.write,
            ].compactMap({ $0 }) { close(fd) }
        }

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        if let stdinPipe {
            posix_spawn_file_actions_adddup2(&actions, stdinPipe.read, 0)
        } else {
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        }
        posix_spawn_file_actions_adddup2(&actions, stdoutPipe.write, 1)
        if let stderrPipe { posix_spawn_file_actions_adddup2(&actions, stderrPipe.write, 2) }
        if let directory { _ = addChdir?(&actions, directory) }
        #if !canImport(Darwin)
            // Darwin closes the rest through POSIX_SPAWN_CLOEXEC_DEFAULT, set with the flags below.
            if let closeFrom = addCloseFrom {
                _ = closeFrom(&actions, 3)
            } else {
                let open = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
                for fd in open.compactMap(Int32.init) where fd > 2 { posix_spawn_file_actions_addclose(&actions, fd) }
            }
        #endif

        // A clean signal mask and default dispositions (posix_spawn copies the calling thread's mask,
        // and test worker threads block most signals), and a process group of its own.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var empty = sigset_t()
        sigemptyset(&empty)
        var all = sigset_t()
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &empty)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setpgroup(&attributes, 0)
        var flags = Int32(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETPGROUP)
        #if canImport(Darwin)
            flags |= Int32(POSIX_SPAWN_CLOEXEC_DEFAULT)
        #endif
        posix_spawnattr_setflags(&attributes, Int16(flags))

        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = env.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid: pid_t = 0
        let result = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
        guard result == 0 else {
            closeAll()
            throw Failure(description: "cannot start `\(command)`: \(String(cString: strerror(result)))")
        }
        // The parent keeps only its ends.
        close(stdoutPipe.write)
        if let stderrPipe { close(stderrPipe.write) }
        if let stdinPipe { close(stdinPipe.read) }

        let child = ChildProcess(pid: pid, command: command)
        child.deadline = timeout.map { ContinuousClock.now + $0 }
        let feed: (fd: Int32, bytes: [UInt8])?
        switch input {
        case .none: feed = nil
        case .bytes(let bytes): feed = stdinPipe.map { ($0.write, bytes) }
        case .keptOpen:
            feed = nil
            child.keptOpenInput = stdinPipe?.write ?? -1
        }
        // The pump runs on a thread of its own, started with pthread_create so that a failure (EAGAIN
        // when the machine is out of threads) is an error here, not a wait that never ends: Foundation's
        // `Thread.start()` reports no failure, and `Process.run()` waits forever for its manager thread.
        do {
            try startThread { [child] in child.pump(stdout: stdoutPipe.read, stderr: stderrPipe?.read, feed: feed) }
        } catch {
            signalGroup(pid, SIGKILL)
            var status: Int32 = 0
            while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
            for fd in [stdoutPipe.read, stderrPipe?.read, feed?.fd, child.keptOpenInput].compactMap({ $0 })
            where fd >= 0 {
                close(fd)
            }
            child.keptOpenInput = -1
            child.reaped = true
            throw Failure(description: "cannot start `\(command)`: \(error)")
        }
        return child
    }

    /// Runs a child to its end and returns how it ended; throws ``Failure`` when it had to be killed
    /// at `timeout` (the message names the command and holds its output so far).
    public static func run(
        _ executable: String, _ arguments: [String], input: Input = .none, environment: [String: String] = [:],
        removing: [String] = [], directory: String? = nil, timeout: Duration
    ) async throws -> Outcome {
        let child = try spawn(
            executable, arguments, input: input, environment: environment, removing: removing, directory: directory,
            timeout: timeout)
        return try await child.wait()
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

    // MARK: The pump thread

    private func pump(stdout: Int32, stderr: Int32?, feed: (fd: Int32, bytes: [UInt8])?) {
        var open: [Int32] = [stdout] + (stderr.map { [$0] } ?? [])
        var input = feed
        var written = 0
        if let input { _ = fcntl(input.fd, F_SETFL, fcntl(input.fd, F_GETFL) | O_NONBLOCK) }
        if let current = input, current.bytes.isEmpty {
            close(current.fd)
            input = nil
        }
        var buffer = [UInt8](repeating: 0, count: 65_536)
        var exitedAt: ContinuousClock.Instant?
        var status: Int32 = 0
        var timedOut = false

        while true {
            // Exit, seen without reaping (WNOWAIT), so that kill() stays safe until we reap below.
            if exitedAt == nil {
                var info = siginfo_t()
                if waitid(P_PID, id_t(pid), &info, WEXITED | WNOHANG | WNOWAIT) == 0, Self.pidOf(info) == pid {
                    exitedAt = .now
                    condition.withLock { exited = true }
                    outputChanges.notify()
                }
            }
            // The deadline: kill the whole group, then keep pumping until it is gone.
            let passed: Bool = condition.withLock {
                guard !deadlinePassed, let deadline, ContinuousClock.now >= deadline else { return false }
                deadlinePassed = true
                return true
            }
            if passed {
                timedOut = true
                kill(SIGKILL)
            }
            // Done when the child has exited and its pipes are drained, or when a grandchild keeps
            // them open more than a second after the child's exit.
            if let exitedAt, open.isEmpty || ContinuousClock.now - exitedAt > .seconds(1) { break }

            var entries = open.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            if let input { entries.append(pollfd(fd: input.fd, events: Int16(POLLOUT), revents: 0)) }
            let ready = entries.isEmpty ? 0 : poll(&entries, nfds_t(entries.count), 50)
            if entries.isEmpty { usleep(20_000) }
            guard ready > 0 else { continue }
            for entry in entries where entry.revents != 0 {
                if let current = input, entry.fd == current.fd {
                    let count = current.bytes.withUnsafeBytes { raw in
                        write(current.fd, raw.baseAddress.map { $0 + written }, current.bytes.count - written)
                    }
                    if count > 0 { written += count }
                    if count < 0 && errno != EAGAIN && errno != EINTR || written >= current.bytes.count {
                        close(current.fd)
                        input = nil
                    }
                    continue
                }
                let count = read(entry.fd, &buffer, buffer.count)
                if count > 0 {
                    condition.withLock {
                        if entry.fd == stdout {
                            if stdoutBytes.count < Self.outputCap { stdoutBytes += buffer[0..<count] }
                        } else if stderrBytes.count < Self.outputCap {
                            stderrBytes += buffer[0..<count]
                        }
                    }
                    outputChanges.notify()
                } else if count == 0 || (errno != EINTR && errno != EAGAIN) {
                    close(entry.fd)
                    open.removeAll { $0 == entry.fd }
                }
            }
        }
        for fd in open { close(fd) }
        if let input { close(input.fd) }

        // Reap under the lock that kill() takes. Descendants still holding the pipes (a background
        // job of a shell, say) are killed with the group first, so a test leaves nothing behind.
        condition.lock()
        if !open.isEmpty { signalGroup(pid, SIGKILL) }
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        reaped = true
        let low = status & 0x7f
        finished = Outcome(
            command: command, exitCode: low == 0 ? (status >> 8) & 0xff : nil, signal: low == 0 ? nil : low,
            stdout: String(decoding: stdoutBytes, as: UTF8.self), stderr: String(decoding: stderrBytes, as: UTF8.self),
            elapsed: ContinuousClock.now - started, timedOut: timedOut)
        condition.broadcast()
        condition.unlock()
        outputChanges.notify()
    }

    // MARK: Helpers

    private static func makePipe() throws -> (read: Int32, write: Int32) {
        var fds: [Int32] = [-1, -1]
        let made: Bool
        if let pipe2 = pipeWithFlags {
            made = pipe2(&fds, O_CLOEXEC) == 0
        } else {
            // No pipe2 (Darwin): close-on-exec set at once; POSIX_SPAWN_CLOEXEC_DEFAULT covers our children.
            made = pipe(&fds) == 0 && fcntl(fds[0], F_SETFD, FD_CLOEXEC) == 0 && fcntl(fds[1], F_SETFD, FD_CLOEXEC) == 0
        }
        guard made else {
            throw Failure(description: "cannot create a pipe: \(String(cString: strerror(errno)))")
        }
        return (fds[0], fds[1])
    }

    private static func pidOf(_ info: siginfo_t) -> pid_t {
        #if os(Linux)
            // glibc imports si_pid as a field of the _sifields union.
            info._sifields._sigchld.si_pid
        #else
            info.si_pid
        #endif
    }

    private static func quoted(_ word: String) -> String {
        if !word.isEmpty, word.allSatisfy({ $0.isLetter || $0.isNumber || "-_./=:@%+,".contains($0) }) { return word }
        return "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    /// glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34+), which the Glibc module does not export.
    private typealias AddCloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
    private static let addCloseFrom: AddCloseFrom? = {
        guard let symbol = dlsym(nil, "posix_spawn_file_actions_addclosefrom_np") else { return nil }
        return unsafeBitCast(symbol, to: AddCloseFrom.self)
    }()

    /// `pipe2` (Linux), which the Glibc module does not export without _GNU_SOURCE.
    private typealias PipeWithFlags = @convention(c) (UnsafeMutablePointer<Int32>, Int32) -> Int32
    private static let pipeWithFlags: PipeWithFlags? = {
        guard let symbol = dlsym(nil, "pipe2") else { return nil }
        return unsafeBitCast(symbol, to: PipeWithFlags.self)
    }()

    /// glibc's `posix_spawn_file_actions_addchdir_np` (2.29+).
    private typealias AddChdir =
        @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, UnsafePointer<CChar>)
        -> Int32
    private static let addChdir: AddChdir? = {
        guard let symbol = dlsym(nil, "posix_spawn_file_actions_addchdir_np") else { return nil }
        return unsafeBitCast(symbol, to: AddChdir.self)
    }()
}

/// Sends `signal` to the process group led by `pid`.
private func signalGroup(_ pid: pid_t, _ signal: Int32) {
    _ = kill(-pid, signal)
}

/// Starts `body` on a new detached thread, throwing when the system refuses one (unlike
/// Foundation's `Thread.start()`, which cannot report the failure, leaving its caller waiting).
public func startThread(stackSize: Int = 1 << 20, _ body: @escaping @Sendable () -> Void) throws {
    final class Box: @unchecked Sendable {
        // @unchecked Sendable: written once before the thread starts, read once by that thread.
        let body: @Sendable () -> Void
        init(_ body: @escaping @Sendable () -> Void) { self.body = body }
    }
    // Allocated and initialised by pthread_attr_init (its Swift zero-initialiser needs CDispatch).
    let attributes = UnsafeMutablePointer<pthread_attr_t>.allocate(capacity: 1)
    pthread_attr_init(attributes)
    defer {
        pthread_attr_destroy(attributes)
        attributes.deallocate()
    }
    pthread_attr_setstacksize(attributes, stackSize)
    pthread_attr_setdetachstate(attributes, Int32(PTHREAD_CREATE_DETACHED))
    let box = Unmanaged.passRetained(Box(body)).toOpaque()
    #if canImport(Glibc)
        var thread: pthread_t = 0
    #else
        var thread: pthread_t?
    #endif
    let result = pthread_create(
        &thread, attributes,
        { raw in
            guard let raw else { return nil }
            let box = Unmanaged<Box>.fromOpaque(raw).takeRetainedValue()
            box.body()
            return nil
        }, box)
    if result != 0 {
        Unmanaged<Box>.fromOpaque(box).release()
        throw ChildProcess.Failure(description: "pthread_create failed: \(String(cString: strerror(result)))")
    }
}
