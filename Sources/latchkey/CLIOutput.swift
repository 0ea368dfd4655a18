import CivilTime
import CognitoAuth
import Foundation
import LatchkeyText

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Terminal I/O for the non-interactive commands.
///
/// Everything written to stderr here is passed through `TerminalText.sanitized(_:keepingNewlines:)`:
/// messages carry text from the server (error messages, the username claim, challenge parameter
/// names, the TOTP secret), and control characters in it must not reach the terminal.
enum CLIOutput {
    /// The longest line read from standard input (a password, a code, an answer).
    static let maximumLineLength = 64 * 1024

    static func error(_ message: String) {
        writeStandardError("latchkey: \(TerminalText.sanitized(message))\n")
    }

    static func info(_ message: String) {
        writeStandardError("\(TerminalText.sanitized(message))\n")
    }

    static var stdinIsTerminal: Bool { isatty(STDIN_FILENO) == 1 }

    /// Reads one line from standard input, without its newline (`\n` or `\r\n`); nil at end of input.
    ///
    /// A line longer than ``maximumLineLength`` ends the process with exit 2 and a message, after
    /// reading at most that much: nothing is accumulated beyond the cap.
    static func readLine() -> String? {
        do {
            return try readLimitedLine()
        } catch {
            self.error(error.message)
            terminate(error.code)
        }
    }

    /// Reads one line like ``readLine()``, throwing exit 2 for a line over ``maximumLineLength``.
    ///
    /// It reads the descriptor a byte at a time with `read(2)`, not through C's `stdin`: a line ends
    /// exactly at its newline (what follows stays for the next reader), and no `FILE` lock is held while
    /// it waits, so another thread's `fflush(NULL)` cannot block on it (`sign-in --web` reads pasted
    /// redirects on a thread of their own).
    static func readLimitedLine(limit: Int = maximumLineLength) throws(CLIFailure) -> String? {
        var bytes: [UInt8] = []
        while true {
            var byte: UInt8 = 0
            let count = read(STDIN_FILENO, &byte, 1)
            if count < 0 && errno == EINTR { continue }
            if count <= 0 {
                if bytes.isEmpty { return nil }
                break
            }
            let character = Int32(byte)
            if character == 0x0A { break }
            guard bytes.count < limit else {
                throw CLIFailure(
                    code: 2,
                    message: Localized.format(\.cliLineTooLong, ["kib": String(limit / 1024)])
                )
            }
            bytes.append(UInt8(truncatingIfNeeded: character))
        }
        if bytes.last == 0x0D { bytes.removeLast() }
        // Never repaired silently: a password with a byte changed to U+FFFD is another password.
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw CLIFailure(code: 2, message: Localized.text(\.cliLineNotUTF8))
        }
        return text
    }

    /// Prompts on stderr and reads a line with echo off (a password), or reads a line from a pipe.
    ///
    /// While echo is off, SIGINT, SIGTERM, SIGHUP and SIGQUIT restore the terminal's settings, then
    /// end the process by the same signal (a `defer` alone would be skipped by a signal).
    static func secret(prompt: String) throws -> String {
        guard stdinIsTerminal else {
            guard let line = try readLimitedLine() else {
                throw CLIFailure(code: 2, message: Localized.text(\.cliPasswordEndOfInput))
            }
            return line
        }
        var saved = termios()
        let haveTerminal = tcgetattr(STDIN_FILENO, &saved) == 0
        var guardState: EchoGuard.Armed?
        if haveTerminal {
            guardState = EchoGuard.arm(restoring: saved)
            var quiet = saved
            quiet.c_lflag &= ~tcflag_t(ECHO)
            _ = tcsetattr(STDIN_FILENO, TCSAFLUSH, &quiet)
        }
        // The prompt comes after echo is off and earlier input is flushed (as getpass does), so what is
        // typed once the prompt shows is never echoed or dropped.
        writeStandardError(TerminalText.sanitized(prompt))
        defer {
            if haveTerminal { _ = tcsetattr(STDIN_FILENO, TCSAFLUSH, &saved) }
            if let guardState { EchoGuard.disarm(guardState) }
            writeStandardError("\n")
        }
        guard let line = try readLimitedLine() else {
            throw CLIFailure(code: 2, message: Localized.text(\.cliNoPasswordEntered))
        }
        return line
    }

    /// Prompts on stderr and reads a visible line.
    static func ask(_ prompt: String) throws -> String {
        writeStandardError(TerminalText.sanitized(prompt))
        guard let line = try readLimitedLine() else {
            throw CLIFailure(code: 2, message: Localized.text(\.cliNoAnswerEntered))
        }
        return line.trimmingCharacters(in: .whitespaces)
    }

    // MARK: Standard output

    /// Writes `text` to standard output and checks that it arrived: anything printed before is
    /// flushed first, then the bytes are written with `write(2)` and every result is checked.
    ///
    /// A failure (a full disk, `/dev/full`, a closed pipe with SIGPIPE ignored) throws exit 5, so a
    /// script never proceeds with an empty or truncated token.
    static func emit(_ text: String) throws(CLIFailure) {
        try flushStandardOutput()
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { write(STDOUT_FILENO, $0.baseAddress, $0.count) }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { throw outputFailure(errno: written < 0 ? errno : EIO) }
            offset += written
        }
    }

    /// Flushes what `print` buffered and throws exit 5 when it could not be written.
    static func flushStandardOutput() throws(CLIFailure) {
        if fflush(nil) != 0 { throw outputFailure(errno: errno) }
    }

    private static func outputFailure(errno code: Int32) -> CLIFailure {
        CLIFailure(
            code: 5,
            message: Localized.format(\.cliOutputFailed, ["reason": String(cString: strerror(code))])

        )
    }

    private static func writeStandardError(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }

    // MARK: Times

    /// "14:32:05, in 42 min" / "expired 3 min ago"; any date, however far, formats (nothing traps).
    static func relative(_ date: Date, now: Date = Date()) -> String {
        let formatter = DateFormatter()
        formatter.dateFormat = "yyyy-MM-dd HH:mm:ss"
        let absolute = formatter.string(from: date)
        let seconds = wholeSeconds(date.timeIntervalSince(now))
        return seconds >= 0
            ? Localized.format(\.cliRelativeFuture, ["time": absolute, "duration": duration(seconds)])
            : Localized.format(\.cliRelativePast, ["time": absolute, "duration": duration(-seconds)])
    }

    /// `interval` rounded to whole seconds and clamped to ±100 years (NaN reads as 0), so the
    /// conversion to `Int` cannot trap.
    static func wholeSeconds(_ interval: TimeInterval) -> Int {
        let limit: TimeInterval = 100 * 366 * 86_400
        guard interval.isFinite else { return interval.isNaN ? 0 : (interval > 0 ? Int(limit) : -Int(limit)) }
        return Int(min(max(interval, -limit), limit).rounded())
    }

    static func duration(_ seconds: Int) -> String {
        if seconds < 120 { return Localized.format(\.durationSeconds, ["s": String(seconds)]) }
        if seconds < 3600 { return Localized.format(\.durationMinutes, ["min": String(seconds / 60)]) }
        if seconds < 86_400 {
            return Localized.format(
                \.durationHours, ["h": String(seconds / 3600), "min": String(seconds % 3600 / 60)])
        }
        return Localized.format(\.cliDurationDays, ["d": String(seconds / 86_400)])
    }

    /// `2015-08-30T12:36:00Z`, computed without Foundation's ICU-backed formatters (they cost start-up time).
    static func iso8601(_ date: Date) -> String {
        CivilDate(date).iso8601
    }
}

/// Restores the terminal's settings when a signal ends the process during a password prompt.
private enum EchoGuard {
    /// The signals that end a prompt: Ctrl-C, `kill`, a closed terminal, Ctrl-\.
    static let signals: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGQUIT]

    /// The dispositions replaced by ``arm(restoring:)``, to put back.
    struct Armed {
        var previous: [(signal: Int32, action: sigaction)]
    }

    // nonisolated(unsafe): the pointer itself never changes. Its pointee is written only by `arm`,
    // before the handlers that read it are installed, and is not written again until `disarm` has
    // put the old handlers back; a handler only reads it. Prompts happen on one thread at a time.
    nonisolated(unsafe) static let saved = UnsafeMutablePointer<termios>.allocate(capacity: 1)

    /// Saves `settings` and installs the restoring handler for ``signals`` (a signal that is
    /// ignored stays ignored).
    static func arm(restoring settings: termios) -> Armed {
        saved.pointee = settings
        var armed = Armed(previous: [])
        for signal in signals {
            var old = sigaction()
            guard sigaction(signal, nil, &old) == 0, !SignalDisposition.isIgnored(old) else { continue }
            var action = sigaction()
            #if os(Linux)
                action.__sigaction_handler.sa_handler = restoreAndReraise
                action.sa_flags = Int32(truncatingIfNeeded: SA_RESETHAND)  // 0x80000000, imported as Int
            #else
                action.__sigaction_u.__sa_handler = restoreAndReraise
                action.sa_flags = SA_RESETHAND
            #endif
            sigemptyset(&action.sa_mask)
            if sigaction(signal, &action, nil) == 0 { armed.previous.append((signal, old)) }
        }
        return armed
    }

    /// Puts back the dispositions that ``arm(restoring:)`` replaced.
    static func disarm(_ armed: Armed) {
        for (signal, action) in armed.previous {
            var old = action
            _ = sigaction(signal, &old, nil)
        }
    }

}

/// The handler: only async-signal-safe calls. SA_RESETHAND has already made the disposition the
/// default again, so the signal raised here ends the process as soon as the handler returns.
private func restoreAndReraise(_ signal: Int32) {
    _ = tcsetattr(STDIN_FILENO, TCSAFLUSH, EchoGuard.saved)
    _ = raise(signal)
}
