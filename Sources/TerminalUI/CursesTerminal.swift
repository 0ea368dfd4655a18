import CNCurses

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
/// newline translation, a 25 ms Esc delay, reads that wait at most about 40 ms), turns on
/// colour when the terminal has it and `NO_COLOR` is unset, and enables bracketed paste.
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
    /// Start-up options.
    public struct Options: Hashable, Sendable {
        /// The descriptor keys are read from.
        public var inputDescriptor: Int32
        /// The descriptor the screen is written to.
        public var outputDescriptor: Int32
        /// The terminal type; nil uses `TERM`.
        public var terminalType: String?
        /// How long ncurses waits after ESC for the rest of a key sequence.
        public var escapeDelayMilliseconds: Int32
        /// The longest a single read blocks.
        public var pollMilliseconds: Int32
        /// Whether bracketed paste is enabled, so a paste arrives as one ``Key/paste(_:)``.
        public var bracketedPaste: Bool
        /// Whether left-button presses arrive as ``Key/mouse(row:column:)`` (no motion tracking).
        public var mouse: Bool

        /// Creates options; the defaults use standard input and output.
        public init(
            inputDescriptor: Int32 = 0, outputDescriptor: Int32 = 1, terminalType: String? = nil,
            escapeDelayMilliseconds: Int32 = 25, pollMilliseconds: Int32 = 40, bracketedPaste: Bool = true,
            mouse: Bool = false
        ) {
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
    /// The current size in cells.
    public private(set) var size: TerminalSize
    /// Whether curses is running (false after ``restore()``).
    public private(set) var isActive: Bool

    private var screen: OpaquePointer?
    private var window: UnsafeMutablePointer<WINDOW>?
    private var previousFrame: CellGrid?
    private var cursorVisible: Bool?
    private var decoder: KeyDecoder
    private var attributeCache: [CellStyle: attr_t] = [:]
    /// Cells passed to curses by the last ``present(_:cursor:)`` (for tests).
    private(set) var cellsWrittenInLastFrame = 0

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

        _ = cnc_capture_modes(options.outputDescriptor)
        let typeName = options.terminalType ?? environment["TERM"] ?? ""
        let newScreen: OpaquePointer?
        if let terminalType = options.terminalType {
            newScreen = terminalType.withCString {
                cnc_newterm($0, options.outputDescriptor, options.inputDescriptor)
            }
        } else {
            newScreen = cnc_newterm(nil, options.outputDescriptor, options.inputDescriptor)
        }
        guard let newScreen, let window = cnc_stdscr() else {
            throw .unknownTerminalType(typeName)
        }
        self.options = options
        self.screen = newScreen
        self.window = window
        self.isActive = true
        Self.hasActiveInstance = true

        raw()
        noecho()
        nonl()
        keypad(window, true)
        _ = cnc_set_escdelay(options.escapeDelayMilliseconds)
        wtimeout(window, options.pollMilliseconds)

        let noColorRequested = Theme.automatic(environment: environment) == .noColor
        var effective = noColorRequested ? Theme.noColor : requested
        if effective.usesColor && !Self.startColors(for: effective) {
            effective = effective.withoutColor
        }
        self.theme = effective

        var keyCodes = KeyDecoder.KeyCodes()
        keyCodes.codeYes = cnc_key_code_yes()
        keyCodes.ok = cnc_ok()
        keyCodes.resize = cnc_key_resize()
        keyCodes.pasteBegin = cnc_key_paste_begin()
        keyCodes.pasteEnd = cnc_key_paste_end()
        self.decoder = KeyDecoder(codes: keyCodes)
        if options.bracketedPaste {
            cnc_define_paste_keys()
            cnc_write_string(options.outputDescriptor, "\u{1B}[?2004h")
        }

        if options.mouse { cnc_mouse_enable(true) }
        cnc_prepare_restore_sequence(options.bracketedPaste)
        cnc_register_atexit_restore()
        cnc_install_signal_restore()
        cnc_set_restore_armed(true)

        var rows: Int32 = 0
        var columns: Int32 = 0
        cnc_getmaxyx(window, &rows, &columns)
        self.size = TerminalSize(columns: Int(columns), rows: Int(rows))
    }

    /// Starts a terminal, runs `body` with it, and restores the terminal when `body` returns
    /// or throws.
    public static func run<Result>(
        theme: Theme? = nil, options: Options = Options(),
        _ body: (CursesTerminal) async throws -> Result
    ) async throws -> Result {
        let terminal = try CursesTerminal(theme: theme, options: options)
        defer { terminal.restore() }
        return try await body(terminal)
    }

    /// The key codes of the ncurses this was built against (for checking ``KeyDecoder``'s
    /// table).
    nonisolated static func nativeKeyCodes() -> KeyDecoder.KeyCodes {
        var codes = KeyDecoder.KeyCodes()
        codes.ok = cnc_ok()
        codes.codeYes = cnc_key_code_yes()
        codes.down = cnc_key_down()
        codes.up = cnc_key_up()
        codes.left = cnc_key_left()
        codes.right = cnc_key_right()
        codes.home = cnc_key_home()
        codes.backspace = cnc_key_backspace()
        codes.function0 = cnc_key_f(0)
        codes.delete = cnc_key_dc()
        codes.pageDown = cnc_key_npage()
        codes.pageUp = cnc_key_ppage()
        codes.enter = cnc_key_enter()
        codes.backTab = cnc_key_btab()
        codes.end = cnc_key_end()
        codes.resize = cnc_key_resize()
        codes.pasteBegin = cnc_key_paste_begin()
        codes.pasteEnd = cnc_key_paste_end()
        return codes
    }

    // MARK: Output

    /// Sends `text` to the terminal's clipboard with OSC 52 (in tmux's passthrough when tmux would
    /// drop it); the text is never drawn. Returns false after ``restore()``.
    public func copyToClipboard(_ text: String) -> Bool {
        guard isActive else { return false }
        var environment: [String: String] = [:]
        environment["TMUX"] = Platform.environmentValue("TMUX")
        let passthrough = OSC52.needsTmuxPassthrough(
            environment: environment, tmuxSetClipboard: OSC52.tmuxSetClipboardOption(environment: environment))
        cnc_write_string(options.outputDescriptor, OSC52.sequence(for: text, passthrough: passthrough))
        return true
    }

    /// Shows a frame: writes the cells that differ from the previous frame (all of them after
    /// a resize or ``invalidate()``), then places or hides the cursor and refreshes.
    public func present(_ grid: CellGrid, cursor: Position?) {
        guard isActive, let window else { return }
        let runs: [CellRun]
        if let previousFrame, previousFrame.size == grid.size {
            runs = grid.diff(from: previousFrame)
        } else {
            werase(window)
            runs = grid.diff(from: CellGrid(width: 0, height: 0))
        }
        var written = 0
        for run in runs where run.row < size.rows {
            for (offset, cell) in run.cells.enumerated() where !cell.isContinuation {
                let column = run.column + offset
                guard column + cell.width <= size.columns else { continue }
                let form = TextWidth.terminalForm(of: cell.character)
                _ = form.withCString { text in
                    cnc_put_grapheme(
                        window, Int32(run.row), Int32(column), text, attributes(for: cell.style),
                        theme.colorPair(for: cell.style))
                }
                written += 1
            }
        }
        cellsWrittenInLastFrame = written
        previousFrame = grid
        if let cursor, cursor.row >= 0, cursor.row < size.rows, cursor.column >= 0,
            cursor.column < size.columns
        {
            setCursorVisible(true)
            wmove(window, Int32(cursor.row), Int32(cursor.column))
        } else {
            setCursorVisible(false)
        }
        wnoutrefresh(window)
        doupdate()
    }

    /// Makes the next ``present(_:cursor:)`` repaint every cell and clear the physical screen.
    public func invalidate() {
        previousFrame = nil
        if let window { clearok(window, true) }
    }

    private func setCursorVisible(_ visible: Bool) {
        guard cursorVisible != visible else { return }
        curs_set(visible ? 1 : 0)
        cursorVisible = visible
    }

    private func attributes(for style: CellStyle) -> attr_t {
        if let cached = attributeCache[style] { return cached }
        let wanted = theme.attributes(for: style)
        var result = cnc_attr_normal()
        if wanted.contains(.bold) { result |= cnc_attr_bold() }
        if wanted.contains(.reverse) { result |= cnc_attr_reverse() }
        if wanted.contains(.underline) { result |= cnc_attr_underline() }
        if wanted.contains(.dim) { result |= cnc_attr_dim() }
        attributeCache[style] = result
        return result
    }

    /// Starts colour and defines one pair per role; false when the terminal cannot.
    private static func startColors(for theme: Theme) -> Bool {
        guard has_colors(), start_color() != cnc_err() else { return false }
        guard cnc_color_pairs() > ThemeRole.allCases.count else { return false }
        let defaultsAllowed = use_default_colors() != cnc_err()
        for role in ThemeRole.allCases {
            let style = theme.style(for: role)
            var foreground = style.foreground.rawValue
            var background = style.background.rawValue
            if !defaultsAllowed {
                if foreground < 0 { foreground = TerminalColor.white.rawValue }
                if background < 0 { background = TerminalColor.black.rawValue }
            }
            init_pair(role.colorPair, foreground, background)
        }
        return true
    }

    /// The text curses holds for each screen row (read back with `mvwinnwstr`; wide
    /// characters once), for tests.
    func screenLines() -> [String] {
        guard isActive, let window else { return [] }
        return (0..<size.rows).map { row in
            var buffer = [UInt32](repeating: 0, count: 1024)
            let count = Int(cnc_read_line(window, Int32(row), &buffer, Int32(buffer.count)))
            var scalars = String.UnicodeScalarView()
            for value in buffer.prefix(max(0, count)) {
                if let scalar = Unicode.Scalar(value) { scalars.append(scalar) }
            }
            return String(scalars)
        }
    }

    // MARK: Input

    /// Reads keys for up to `timeout` (at least one read of up to the poll interval) and
    /// returns the first decoded key, or nil. ``Key/resize`` updates ``size`` first.
    public func readKey(timeout: Duration) -> Key? {
        guard isActive else { return nil }
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: timeout)
        repeat {
            if let key = readOnce() { return key }
        } while clock.now < deadline || decoder.pendingPaste != nil
        return nil
    }

    /// Like ``readKey(timeout:)``, but yields to other main-actor work between polls.
    public func nextKey(timeout: Duration) async -> Key? {
        // Never block the main actor inside curses: on a small machine the blocked thread can be the
        // only worker, and the auth core's jobs would starve. Poll without waiting, then sleep
        // (which releases the actor) for a few milliseconds; key latency stays under 10 ms.
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: timeout)
        guard let window else { return nil }
        wtimeout(window, 0)
        defer { wtimeout(window, options.pollMilliseconds) }
        while isActive, !Task.isCancelled {
            if let key = readOnce() { return key }
            if clock.now >= deadline, decoder.pendingPaste == nil { return nil }
            try? await Task.sleep(for: .milliseconds(6))
        }
        return nil
    }

    /// One `get_wch`, waiting at most the poll interval.
    private func readOnce() -> Key? {
        guard let window else { return nil }
        var character: wint_t = 0
        let status = wget_wch(window, &character)
        let value = UInt32(truncatingIfNeeded: character)
        let key: Key?
        if status == decoder.codes.ok {
            key = decoder.feed(.character(value))
        } else if status == decoder.codes.codeYes, Int32(truncatingIfNeeded: value) == cnc_key_mouse() {
            var row: Int32 = 0
            var column: Int32 = 0
            key = cnc_mouse_read(&row, &column) ? .mouse(row: Int(row), column: Int(column)) : nil
        } else if status == decoder.codes.codeYes {
            key = decoder.feed(.keyCode(Int32(truncatingIfNeeded: value)))
        } else {
            // A timeout: a paste whose end marker has not come is delivered as it is.
            key = decoder.flush()
        }
        if key == .resize { updateSize() }
        return key
    }

    private func updateSize() {
        guard let window else { return }
        var rows: Int32 = 0
        var columns: Int32 = 0
        cnc_getmaxyx(window, &rows, &columns)
        size = TerminalSize(columns: Int(columns), rows: Int(rows))
        invalidate()
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
        cnc_delscreen(screen)
        screen = nil
        window = nil
        Self.hasActiveInstance = false
    }
}
