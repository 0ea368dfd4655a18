/// Why the full-screen terminal could not start.
public enum TerminalError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Standard input or output is not a terminal (piped, redirected, or no TTY at all).
    case notATerminal
    /// ncurses does not know the terminal type (`TERM`).
    case unknownTerminalType(String)
    /// Another ``CursesTerminal`` is already running in this process.
    case alreadyActive

    /// A message for the user.
    public var description: String {
        switch self {
        case .notATerminal:
            "The full-screen interface needs an interactive terminal on standard input and output."
        case .unknownTerminalType(let name):
            "The terminal type \"\(name)\" is unknown to ncurses; set TERM to a known type such as xterm-256color."
        case .alreadyActive:
            "The full-screen terminal is already in use."
        }
    }
}
