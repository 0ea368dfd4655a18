import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Ctrl-C during a passkey ceremony: the first SIGINT cancels the ceremony (a security key gets `fido_dev_cancel`,
/// a provider is stopped) instead of ending `latchkey` at once, so the key stops waiting; a second SIGINT ends
/// `latchkey` as usual. While the PIN is asked (``pausedForPrompt(_:)``) SIGINT has its usual action, so the PIN
/// prompt's echo guard restores the terminal and ends the process.
enum CeremonyInterrupt {
    /// Runs `body` in a task that SIGINT cancels; without a usable SIGINT (ignored: `nohup`, background), just runs it.
    static func run<T: Sendable>(_ body: @escaping @Sendable () async throws -> T) async throws -> T {
        var fds: [Int32] = [0, 0]
        guard let previous = currentAction(), !SignalDisposition.isIgnored(previous), pipe(&fds) == 0 else {
            return try await body()
        }
        let task = Task { try await body() }
        interruptPipe.store(fds[1], ordering: .releasing)
        interrupted.store(false, ordering: .releasing)
        saved.withLock { $0 = previous }
        ExecChild.install(cancelOnInterrupt, for: [SIGINT])
        let readEnd = fds[0]
        let reader = Thread {
            var byte: UInt8 = 0
            // Ends at the first byte (an interrupt) or when the write end is closed (the ceremony ended).
            while read(readEnd, &byte, 1) < 0 && errno == EINTR {}
            if byte != 0 { task.cancel() }
            close(readEnd)
        }
        reader.name = "latchkey-ceremony-interrupt"
        reader.start()
        defer {
            restore()
            saved.withLock { $0 = nil }
            interruptPipe.store(0, ordering: .releasing)
            close(fds[1])
        }
        return try await withTaskCancellationHandler {
            try await task.value
        } onCancel: {
            task.cancel()
        }
    }

    /// Runs `prompt` with SIGINT's usual action (a PIN prompt), then cancels on SIGINT again.
    static func pausedForPrompt<T>(_ prompt: () throws -> T) rethrows -> T {
        let armed = saved.withLock { $0 != nil }
        guard armed else { return try prompt() }
        restore()
        defer { ExecChild.install(cancelOnInterrupt, for: [SIGINT]) }
        return try prompt()
    }

    /// Puts back SIGINT's action from before ``run(_:)``.
    private static func restore() {
        guard var action = saved.withLock({ $0 }) else { return }
        sigaction(SIGINT, &action, nil)
    }

    private static func currentAction() -> sigaction? {
        var action = sigaction()
        return sigaction(SIGINT, nil, &action) == 0 ? action : nil
    }

    /// SIGINT's action before ``run(_:)``; nil when not running.
    private static let saved = Mutex<sigaction?>(nil)
}

/// The write end of the pipe the handler writes to (0 when no ceremony runs).
private let interruptPipe = Atomic<Int32>(0)
/// Whether a SIGINT already cancelled the ceremony.
private let interrupted = Atomic<Bool>(false)

/// The SIGINT handler: the first writes a byte to the pipe (the reader cancels the ceremony), the second restores
/// the default action and raises SIGINT again. Only async-signal-safe calls: atomics, `write`, `signal`, `raise`.
private func cancelOnInterrupt(_ number: Int32, _: UnsafeMutablePointer<siginfo_t>?, _: UnsafeMutableRawPointer?) {
    let (isFirst, _) = interrupted.compareExchange(expected: false, desired: true, ordering: .acquiringAndReleasing)
    let fd = interruptPipe.load(ordering: .acquiring)
    if isFirst && fd > 0 {
        var byte: UInt8 = 1
        _ = write(fd, &byte, 1)
    } else {
        signal(number, SIG_DFL)
        raise(number)
    }
}
