import CNCurses
import Dispatch
import TerminalKeys

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The terminal, driven by wide-character ncurses: the one type that calls curses.
///
/// Start-up sets the locale from the environment (falling back to `C.UTF-8` when that is not
/// UTF-8), unsets `LINES` and `COLUMNS`, refuses to run without a TTY
/// (``TerminalError/notATerminal``), starts curses with `newterm` (raw, no echo, keypad, no
/// newline translation), turns on colour when the terminal has it and `NO_COLOR` is unset, and
/// enables bracketed paste.
///
/// Input is event-driven: ``nextKey(timeout:)`` waits in one poll(2) on the terminal and a
/// wake-up pipe (written by ``wake()``, SIGWINCH and cancellation), off the main actor. When the
/// terminal is readable, every byte it has is read at once and passed to curses through a pipe,
/// and curses is drained without waiting, so a paste is decoded in one pass. A trailing ESC is
/// held back for the Esc delay (25 ms, a poll timeout) so that a lone Escape and the start of
/// an escape sequence stay apart.
///
/// ``present(_:cursor:)`` writes only the cells that changed since the previous frame.
///
/// The terminal is restored by ``restore()`` (`endwin`), which ``run(theme:options:_:)``
/// calls on return and on a thrown error. For every other way out, the C shim keeps a
/// prepared restore sequence and the original terminal modes: `atexit` and `sigaction`
/// handlers for SIGINT, SIGTERM, SIGHUP, SIGQUIT and the crash signals write that sequence
/// with `write(2)` and reset the modes with `tcsetattr(3)`, both async-signal-safe (`endwin` is
/// not, so it is never called from a handler), then re-raise the signal with the default
/// action (crash signals go to the handler installed before, such as Swift's backtracer).
///
/// In raw mode Ctrl-C, Ctrl-Z, Ctrl-S and Ctrl-Q arrive as keys (``Key/ctrl(_:)``), so the
/// application decides what they do and quits cleanly.
@MainActor
public final class CursesTerminal: TerminalSurface {
    /// How the terminal is opened: descriptors, terminal type, Esc delay, paste, mouse and glyphs.
    public struct Options: Hashable, Sendable {
        /// The descriptor keys are read from.
        public var inputDescriptor: Int32
        /// The descriptor the screen is written to.
        public var outputDescriptor: Int32
        /// The terminal type; nil uses `TERM`.
        public var terminalType: String?
        /// How long a trailing ESC is held back for the rest of its sequence before it counts as a
        /// lone Escape (0 never holds it).
        public var escapeDelayMilliseconds: Int32
        /// How long a bracketed paste may go quiet before what came is delivered as the paste, for
        /// a paste whose end marker never arrives.
        public var pollMilliseconds: Int32
        /// Whether bracketed paste is enabled, so a paste arrives as one ``Key/paste(_:)``.
        public var bracketedPaste: Bool
        /// Whether left-button presses arrive as ``Key/mouse(row:column:)`` (no motion tracking).
        public var mouse: Bool
        /// The glyphs the terminal can show; nil picks ``GlyphSet/automatic(environment:)`` (ASCII
        /// when the locale is not UTF-8, fewer marks on the Linux console).
        public var glyphs: GlyphSet?

        /// Creates options; the defaults use standard input and output.
        public init(
            inputDescriptor: Int32 = 0, outputDescriptor: Int32 = 1, terminalType: String? = nil,
            escapeDelayMilliseconds: Int32 = 25, pollMilliseconds: Int32 = 40, bracketedPaste: Bool = true,
            mouse: Bool = false, glyphs: GlyphSet? = nil
        ) {
            self.glyphs = glyphs
            self.inputDescriptor = inputDescriptor
            self.outputDescriptor = outputDescriptor
            self.terminalType = terminalType
            self.escapeDelayMilliseconds = escapeDelayMilliseconds
            self.pollMilliseconds = pollMilliseconds
            self.bracketedPaste = bracketedPaste
            self.mouse = mouse
        }
    }

    /// Whether a terminal is running in this process (ncurses has one screen at a time here).
    private static var hasActiveInstance = false

    /// The options it was started with.
    public let options: Options
    /// The theme in effect (``Theme/noColor`` when colour is off).
    public let theme: Theme
    /// The glyphs in use: frames are mapped through it as they are presented.
    public let glyphs: GlyphSet
    /// The current size in cells.
    public internal(set) var size: TerminalSize
    /// Whether curses is running (false after ``restore()``).
    public private(set) var isActive: Bool

    // The state below is internal, not private, only because the input and output extensions
    // (`CursesTerminal+Input.swift`, `CursesTerminal+Output.swift`) live in their own files.

    /// The curses screen (`newterm`'s result) and its standard window; nil after ``restore()``.
    var screen: OpaquePointer?
    var window: UnsafeMutablePointer<WINDOW>?
    /// The frame last presented (after glyph mapping), which the next one is diffed against.
    var previousFrame: CellGrid?
    /// Whether the cursor is shown, as last set (nil: unknown, set it on the next frame).
    var cursorVisible: Bool?
    var decoder: KeyDecoder
    /// Keys decoded but not returned yet (a batch is read at once).
    var queuedKeys: [Key] = []
    var queueHead = 0
    /// Bytes read from the terminal not yet passed to curses (a trailing ESC in its delay).
    var heldBytes: [UInt8] = []
    /// The pipe curses reads keys from (we write the terminal's bytes into it) and its write end.
    var feedWrite: Int32 = -1
    /// The wake-up pipe: ``wake()``, resizes and cancellation end a wait by writing to it.
    let wakeRead: Int32
    let wakeWrite: Int32
    /// Whether the terminal reached end of file (it is no longer polled).
    var terminalClosed = false
    /// When bytes last came from the terminal (an open paste is ended after a quiet poll interval).
    var lastInputAt = ContinuousClock().now
    /// The curses attributes of each cell style met so far.
    var attributeCache: [CellStyle: attr_t] = [:]
    /// Cells passed to curses by the last ``present(_:cursor:)`` (for tests).
    var cellsWrittenInLastFrame = 0

    /// Starts curses on the terminal.
    ///
    /// - Parameters:
    ///   - theme: The theme; nil picks ``Theme/automatic(environment:)``. `NO_COLOR` and a
    ///     terminal without colour always give ``Theme/noColor``.
    ///   - options: Descriptors, terminal type and timings.
    /// - Throws: ``TerminalError/notATerminal`` without a TTY,
    ///   ``TerminalError/unknownTerminalType(_:)`` when ncurses cannot start, and
    ///   ``TerminalError/alreadyActive`` when another instance is running.
    public init(theme: Theme? = nil, options: Options = Options()) throws(TerminalError) {
        guard !Self.hasActiveInstance else { throw .alreadyActive }
        guard Platform.isTerminal(options.inputDescriptor),
            Platform.isTerminal(options.outputDescriptor)
        else {
            throw .notATerminal
        }
        Platform.adoptEnvironmentLocale()
        Platform.unsetEnvironmentValue("LINES")
        Platform.unsetEnvironmentValue("COLUMNS")
        let environment = Platform.themeEnvironment()
        let requested = theme ?? Theme.automatic(environment: environment)
        // Decided from the environment before the C.UTF-8 fallback changes the process's locale.
        self.glyphs = options.glyphs ?? GlyphSet.automatic(environment: environment)

        _ = cnc_capture_modes(options.outputDescriptor)
        let typeName = options.terminalType ?? environment["TERM"] ?? ""
        let opened = try Self.openScreen(options: options, typeName: typeName)
        self.feedWrite = opened.feedWrite
        self.wakeRead = opened.wakeRead
        self.wakeWrite = opened.wakeWrite
        self.options = options
        self.screen = opened.screen
        self.window = opened.window
        self.isActive = true
        Self.hasActiveInstance = true

        Self.configureInput(window: opened.window, wakeWrite: opened.wakeWrite)

        let noColorRequested = Theme.automatic(environment: environment) == .noColor
        var effective = noColorRequested ? Theme.noColor : requested
        if effective.usesColor && !Self.startColors(for: effective) {
            effective = effective.withoutColor
        }
        self.theme = effective

        self.decoder = KeyDecoder(codes: Self.runtimeKeyCodes())
        Self.enableModesAndRestore(options)

        var rows: Int32 = 0
        var columns: Int32 = 0
        cnc_getmaxyx(opened.window, &rows, &columns)
        self.size = TerminalSize(columns: Int(columns), rows: Int(rows))
    }

    /// Starts a terminal, runs `body` with it, and restores the terminal when `body` returns or throws.
    public static func run<Result>(
        theme: Theme? = nil, options: Options = Options(),
        _ body: (CursesTerminal) async throws -> Result
    ) async throws -> Result {
        let terminal = try CursesTerminal(theme: theme, options: options)
        defer { terminal.restore() }
        return try await body(terminal)
    }

    /// The curses screen and the two pipes of a starting terminal.
    private struct OpenedScreen {
        var screen: OpaquePointer
        var window: UnsafeMutablePointer<WINDOW>
        var feedWrite: Int32
        var wakeRead: Int32
        var wakeWrite: Int32
    }

    /// Makes the key-feed and wake-up pipes and starts curses with `newterm` on the output
    /// descriptor, reading keys from the feed pipe; closes what it opened when a step fails.
    private static func openScreen(options: Options, typeName: String) throws(TerminalError) -> OpenedScreen {
        // Curses reads keys from a pipe that this type fills from the terminal after poll(2)
        // says it is readable, so no read ever blocks and an ESC's delay is a poll timeout.
        var feedRead: Int32 = -1
        var feedWrite: Int32 = -1
        var wakeRead: Int32 = -1
        var wakeWrite: Int32 = -1
        guard cnc_make_pipe(&feedRead, &feedWrite) == 0 else { throw .unknownTerminalType(typeName) }
        guard cnc_make_pipe(&wakeRead, &wakeWrite) == 0 else {
            close(feedRead)
            close(feedWrite)
            throw .unknownTerminalType(typeName)
        }
        let newScreen: OpaquePointer?
        if let terminalType = options.terminalType {
            newScreen = terminalType.withCString {
                cnc_newterm($0, options.outputDescriptor, feedRead)
            }
        } else {
            newScreen = cnc_newterm(nil, options.outputDescriptor, feedRead)
        }
        close(feedRead)  // curses holds its own duplicate
        guard let newScreen, let window = cnc_stdscr() else {
            for descriptor in [feedWrite, wakeRead, wakeWrite] { close(descriptor) }
            throw .unknownTerminalType(typeName)
        }
        return OpenedScreen(
            screen: newScreen, window: window, feedWrite: feedWrite, wakeRead: wakeRead, wakeWrite: wakeWrite)
    }

    /// Puts curses in raw mode without echo or newline translation, with keypad decoding, and
    /// makes it never wait; SIGWINCH writes to the wake-up pipe.
    private static func configureInput(window: UnsafeMutablePointer<WINDOW>, wakeWrite: Int32) {
        raw()
        noecho()
        nonl()
        keypad(window, true)
        // Curses never waits: everything it reads is already in the pipe, and an unfinished escape
        // sequence is held back here until it completes or the Esc delay passes (a poll timeout).
        _ = cnc_set_escdelay(0)
        wtimeout(window, 0)
        _ = cnc_notimeout(window, false)
        _ = cnc_typeahead(-1)
        cnc_install_winch_wake(wakeWrite)
    }

    /// Turns on bracketed paste and mouse reporting when asked, and arms the C shim's restore
    /// (at exit and on signals) with the sequence that turns them off again.
    private static func enableModesAndRestore(_ options: Options) {
        if options.bracketedPaste {
            cnc_define_paste_keys()
            cnc_write_string(options.outputDescriptor, "\u{1B}[?2004h")
        }

        if options.mouse { cnc_mouse_enable(true) }
        cnc_prepare_restore_sequence(options.bracketedPaste)
        cnc_register_atexit_restore()
        cnc_install_signal_restore()
        cnc_set_restore_armed(true)
    }

    // MARK: Suspend

    /// Suspends the process as Ctrl-Z does in a shell (job control): gives the terminal back
    /// (`endwin`, bracketed paste off), stops with SIGTSTP, and when continued takes the terminal
    /// again and makes the next frame a full redraw. A shell without job control (an orphaned
    /// process group) ignores the stop and the UI simply redraws.
    public func suspend() {
        guard isActive, let window else { return }
        cnc_set_restore_armed(false)
        if options.bracketedPaste { cnc_write_string(options.outputDescriptor, "\u{1B}[?2004l") }
        curs_set(1)
        endwin()
        cnc_suspend_self()
        // Continued: curses re-enters program mode on the next refresh; the size may have changed.
        if options.bracketedPaste { cnc_write_string(options.outputDescriptor, "\u{1B}[?2004h") }
        cursorVisible = nil
        cnc_set_restore_armed(true)
        wrefresh(window)
        updateSize()
        queuedKeys.append(.resize)
    }

    // MARK: Restore

    /// Ends curses (`endwin`), turns bracketed paste off, removes the signal handlers and
    /// releases the screen. Safe to call more than once.
    public func restore() {
        guard isActive else { return }
        isActive = false
        cnc_set_restore_armed(false)
        if options.mouse { cnc_mouse_enable(false) }
        curs_set(1)
        endwin()
        if options.bracketedPaste {
            cnc_write_string(options.outputDescriptor, "\u{1B}[?2004l")
        }
        cnc_remove_signal_restore()
        cnc_remove_winch_wake()
        cnc_delscreen(screen)
        screen = nil
        window = nil
        for descriptor in [feedWrite, wakeRead, wakeWrite] { close(descriptor) }
        feedWrite = -1
        Self.hasActiveInstance = false
    }
}
