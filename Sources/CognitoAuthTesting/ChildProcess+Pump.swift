import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension ChildProcess {
    // MARK: The pump thread

    /// Runs on the child's own thread until the child is reaped: feeds its standard input, reads its
    /// output, kills its group at the deadline, and records how it ended.
    func pump(stdout: Int32, stderr: Int32?, feed: (fd: Int32, bytes: [UInt8])?) {
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
        var timedOut = false

        while true {
            // Exit, seen without reaping (WNOWAIT), so that kill() stays safe until we reap below.
            if exitedAt == nil, hasExitedUnreaped() { exitedAt = .now }
            // The deadline: kill the whole group, then keep pumping until it is gone.
            if deadlineJustPassed() {
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
                    keep(buffer[0..<count], fromStdout: entry.fd == stdout)
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
        reap(killingHolders: !open.isEmpty, timedOut: timedOut)
    }

    /// Appends `bytes` read from the child to its standard output or error, up to ``outputCap``.
    private func keep(_ bytes: ArraySlice<UInt8>, fromStdout: Bool) {
        condition.withLock {
            if fromStdout {
                if stdoutBytes.count < Self.outputCap { stdoutBytes += bytes }
            } else if stderrBytes.count < Self.outputCap {
                stderrBytes += bytes
            }
        }
        outputChanges.notify()
    }

    /// Whether the child has exited (seen with `WNOWAIT`, so it is not reaped); marks it exited when so.
    private func hasExitedUnreaped() -> Bool {
        var info = siginfo_t()
        guard waitid(P_PID, id_t(pid), &info, WEXITED | WNOHANG | WNOWAIT) == 0, Self.pidOf(info) == pid else {
            return false
        }
        condition.withLock { exited = true }
        outputChanges.notify()
        return true
    }

    /// Whether the deadline has passed, true only the first time it is seen.
    private func deadlineJustPassed() -> Bool {
        condition.withLock {
            guard !deadlinePassed, let deadline, ContinuousClock.now >= deadline else { return false }
            deadlinePassed = true
            return true
        }
    }

    /// Reaps the child under the lock that kill() takes, first killing its group when `killingHolders`
    /// (descendants still hold its pipes), and records the ``Outcome``.
    private func reap(killingHolders: Bool, timedOut: Bool) {
        var status: Int32 = 0
        condition.lock()
        if killingHolders { signalGroup(pid, SIGKILL) }
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

    /// The pid of the child a `waitid` answer is about.
    private static func pidOf(_ info: siginfo_t) -> pid_t {
        #if os(Linux)
            // glibc imports si_pid as a field of the _sifields union.
            info._sifields._sigchld.si_pid
        #else
            info.si_pid
        #endif
    }
}

/// Sends `signal` to the process group led by `pid`.
func signalGroup(_ pid: pid_t, _ signal: Int32) {
    _ = kill(-pid, signal)
}

/// Sends `signal` to process `pid` alone, not its group (as `kill PID` from a shell does).
func signalProcess(_ pid: pid_t, _ signal: Int32) {
    _ = kill(pid, signal)
}
