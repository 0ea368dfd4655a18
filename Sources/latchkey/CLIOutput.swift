import AWSSigV4
import CognitoAuth
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Terminal I/O for the non-interactive commands.
enum CLIOutput {
    static func error(_ message: String) {
        FileHandle.standardError.write(Data("latchkey: \(message)\n".utf8))
    }

    static func info(_ message: String) {
        FileHandle.standardError.write(Data("\(message)\n".utf8))
    }

    static var stdinIsTerminal: Bool { isatty(STDIN_FILENO) == 1 }

    /// Reads one line from standard input, without its newline; nil at end of input.
    static func readLine() -> String? {
        Swift.readLine(strippingNewline: true)
    }

    /// Prompts on stderr and reads a line with echo off (a password), or reads a line from a pipe.
    static func secret(prompt: String) throws -> String {
        guard stdinIsTerminal else {
            guard let line = readLine() else {
                throw CLIFailure(code: 2, message: "expected a password on standard input, found end of input.")
            }
            return line
        }
        FileHandle.standardError.write(Data(prompt.utf8))
        var saved = termios()
        let haveTerminal = tcgetattr(STDIN_FILENO, &saved) == 0
        if haveTerminal {
            var quiet = saved
            quiet.c_lflag &= ~tcflag_t(ECHO)
            _ = tcsetattr(STDIN_FILENO, TCSAFLUSH, &quiet)
        }
        defer {
            if haveTerminal { _ = tcsetattr(STDIN_FILENO, TCSAFLUSH, &saved) }
            FileHandle.standardError.write(Data("\n".utf8))
        }
        guard let line = readLine() else { throw CLIFailure(code: 2, message: "no password was entered.") }
        return line
    }

    /// Prompts on stderr and reads a visible line.
    static func ask(_ prompt: String) throws -> String {
        FileHandle.standardError.write(Data(prompt.utf8))
        guard let line = readLine() else { throw CLIFailure(code: 2, message: "no answer was entered.") }
        return line.trimmingCharacters(in: .whitespaces)
    }

    /// "14:32:05, in 42 min" / "expired 3 min ago".
    static func relative(_ date: Date, now: Date = Date()) -> String {
        let formatter = DateFormatter()
        formatter.dateFormat = "yyyy-MM-dd HH:mm:ss"
        let absolute = formatter.string(from: date)
        let seconds = Int(date.timeIntervalSince(now).rounded())
        return seconds >= 0 ? "\(absolute), in \(duration(seconds))" : "\(absolute), expired \(duration(-seconds)) ago"
    }

    static func duration(_ seconds: Int) -> String {
        if seconds < 60 { return "\(seconds) s" }
        if seconds < 3600 { return "\(seconds / 60) min" }
        if seconds < 86_400 { return "\(seconds / 3600) h \(seconds % 3600 / 60) min" }
        return "\(seconds / 86_400) d"
    }

    /// `2015-08-30T12:36:00Z`, computed without Foundation's ICU-backed formatters (they cost start-up time).
    static func iso8601(_ date: Date) -> String {
        SigV4DateFormatter.iso8601(from: date)
    }
}
