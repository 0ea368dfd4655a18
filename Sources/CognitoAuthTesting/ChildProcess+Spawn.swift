import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension ChildProcess {
    // MARK: Starting

    /// Ignores SIGPIPE in this (the test) process, once: feeding the stdin of a child that has just
    /// been killed must be an `EPIPE` the runner handles, not a signal that ends the whole test run.
    /// Children still start with every signal at its default (`POSIX_SPAWN_SETSIGDEF` with a full set).
    private static let brokenPipesAreErrors: Void = {
        _ = signal(SIGPIPE, SIG_IGN)
    }()

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
        addDescriptorActions(
            to: &actions, stdin: stdinPipe?.read, stdout: stdoutPipe.write, stderr: stderrPipe?.write,
            directory: directory)

        // A clean signal mask and default dispositions (posix_spawn copies the calling thread's mask,
        // and test worker threads block most signals), and a process group of its own.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        setCleanSignalsAndGroup(&attributes)

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

        return try startPump(
            pid: pid, command: command, timeout: timeout, input: input, stdout: stdoutPipe.read,
            stderr: stderrPipe?.read, stdin: stdinPipe?.write)
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

    /// Gives the child its standard input (a pipe's read end or `/dev/null`), standard output and
    /// error (pipes' write ends), its working directory, and closes every other descriptor.
    private static func addDescriptorActions(
        to actions: inout posix_spawn_file_actions_t, stdin: Int32?, stdout: Int32, stderr: Int32?,
        directory: String?
    ) {
        if let stdin {
            posix_spawn_file_actions_adddup2(&actions, stdin, 0)
        } else {
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        }
        posix_spawn_file_actions_adddup2(&actions, stdout, 1)
        if let stderr { posix_spawn_file_actions_adddup2(&actions, stderr, 2) }
        if let directory { _ = addChdir?(&actions, directory) }
        #if !canImport(Darwin)
            // Darwin closes the rest through POSIX_SPAWN_CLOEXEC_DEFAULT, set by setCleanSignalsAndGroup.
            if let closeFrom = addCloseFrom {
                _ = closeFrom(&actions, 3)
            } else {
                let open = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
                for fd in open.compactMap(Int32.init) where fd > 2 { posix_spawn_file_actions_addclose(&actions, fd) }
            }
        #endif
    }

    /// Sets an empty signal mask, every signal at its default, and a process group of the child's own.
    private static func setCleanSignalsAndGroup(_ attributes: inout posix_spawnattr_t) {
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
    }

    /// Wraps the spawned `pid` in a ``ChildProcess`` and starts its pump thread, which owns the
    /// parent's ends of the pipes (`stdin`: the write end, when `input` is not `.none`).
    private static func startPump(
        pid: pid_t, command: String, timeout: Duration?, input: Input, stdout: Int32, stderr: Int32?, stdin: Int32?
    ) throws -> ChildProcess {
        let child = ChildProcess(pid: pid, command: command)
        child.deadline = timeout.map { ContinuousClock.now + $0 }
        let feed: (fd: Int32, bytes: [UInt8])?
        switch input {
        case .none: feed = nil
        case .bytes(let bytes): feed = stdin.map { ($0, bytes) }
        case .keptOpen:
            feed = nil
            child.keptOpenInput = stdin ?? -1
        }
        // The pump runs on a thread of its own, started with pthread_create so that a failure (EAGAIN
        // when the machine is out of threads) is an error here, not a wait that never ends: Foundation's
        // `Thread.start()` reports no failure, and `Process.run()` waits forever for its manager thread.
        do {
            try startThread { [child] in child.pump(stdout: stdout, stderr: stderr, feed: feed) }
        } catch {
            signalGroup(pid, SIGKILL)
            var status: Int32 = 0
            while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
            for fd in [stdout, stderr, feed?.fd, child.keptOpenInput].compactMap({ $0 })
            where fd >= 0 {
                close(fd)
            }
            child.keptOpenInput = -1
            child.reaped = true
            throw Failure(description: "cannot start `\(command)`: \(error)")
        }
        return child
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

    /// glibc's `posix_spawn_file_actions_addchdir_np` (2.29+), which sets the child's working directory.
    private typealias AddChdir =
        @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, UnsafePointer<CChar>)
        -> Int32
    private static let addChdir: AddChdir? = {
        guard let symbol = dlsym(nil, "posix_spawn_file_actions_addchdir_np") else { return nil }
        return unsafeBitCast(symbol, to: AddChdir.self)
    }()
}
