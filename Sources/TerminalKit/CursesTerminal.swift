import CNCurses
import TerminalKeys
import Dispatch

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
    public private(set) var size: TerminalSize
    /// Whether curses is running (false after ``restore()``).
    public private(set) var isActive: Bool

    private var screen: OpaquePointer?
    private var window: UnsafeMutablePointer<WINDOW>?
    private var previousFrame: CellGrid?
    private var cursorVisible: Bool?
    private var decoder: KeyDecoder
    /// Keys decoded but not returned yet (a batch is read at once).
    private var queuedKeys: [Key] = []
    private var queueHead = 0
    /// Bytes read from the terminal not yet passed to curses (a trailing ESC in its delay).
    private var heldBytes: [UInt8] = []
    /// The pipe curses reads keys from (we write the terminal's bytes into it) and its write end.
    private var feedWrite: Int32 = -1
    /// The wake-up pipe: auth events, resizes and cancellation end a wait by writing to it.
    private let wakeRead: Int32
    private let wakeWrite: Int32
    /// Whether the terminal reached end of file (it is no longer polled).
    private var terminalClosed = false
    /// When bytes last came from the terminal (an open paste is ended after a quiet poll interval).
    private var lastInputAt = ContinuousClock().now
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
        // Decided from the environment before the C.UTF-8 fallback changes the process's locale.
        self.glyphs = options.glyphs ?? GlyphSet.automatic(environment: environment)

        _ = cnc_capture_modes(options.outputDescriptor)
        let typeName = options.terminalType ?? environment["TERM"] ?? ""
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
        self.feedWrite = feedWrite
        self.wakeRead = wakeRead
        self.wakeWrite = wakeWrite
        self.options = options
        self.screen = newScreen
        self.window = window
        self.isActive = true
        Self.hasActiveInstance = true

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
    public func present(_ drawn: CellGrid, cursor: Position?) {
        guard isActive, let window else { return }
        let grid = glyphs.map(drawn)
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

    /// Reads keys for up to `timeout`, blocking the caller, and returns the first decoded key,
    /// or nil. ``Key/resize`` updates ``size`` first.
    public func readKey(timeout: Duration) -> Key? {
        guard isActive else { return nil }
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: timeout)
        while isActive {
            if let key = dequeueKey() { return key }
            let events = cnc_wait_input(terminalDescriptorToPoll, wakeRead, waitMilliseconds(until: deadline))
            if let key = takeEvents(events, deadlinePassed: clock.now >= deadline) { return key }
            if clock.now >= deadline, decoder.pendingPaste == nil, heldBytes.isEmpty { return dequeueKey() }
        }
        return nil
    }

    /// Waits up to `timeout` for a key without blocking the main actor, and returns it; nil on
    /// timeout, cancellation or ``wake()``.
    ///
    /// The wait is one poll(2) on the terminal and the wake-up pipe, run off the main actor, so
    /// an idle UI makes no system calls between its own deadlines. Everything the terminal has
    /// ready is read in one go and decoded (a paste in one pass); the keys not returned stay
    /// queued for ``bufferedKey()``.
    public func nextKey(timeout: Duration) async -> Key? {
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: timeout)
        while isActive, !Task.isCancelled {
            if let key = dequeueKey() { return key }
            let events = await Self.waitOffActor(
                input: terminalDescriptorToPoll, wake: wakeRead, wakeWrite: wakeWrite,
                milliseconds: waitMilliseconds(until: deadline))
            if let key = takeEvents(events, deadlinePassed: clock.now >= deadline) { return key }
            if events & 2 != 0 { return nil }
            if clock.now >= deadline, decoder.pendingPaste == nil, heldBytes.isEmpty { return dequeueKey() }
        }
        return nil
    }

    /// A key already read and decoded but not yet returned, without waiting.
    public func bufferedKey() -> Key? {
        dequeueKey()
    }

    /// Ends a ``nextKey(timeout:)`` wait now, from any task on the main actor (auth events).
    public func wake() {
        guard isActive else { return }
        cnc_wake(wakeWrite)
    }

    /// The terminal descriptor to poll, or -1 once it reached end of file.
    private var terminalDescriptorToPoll: Int32 {
        terminalClosed ? -1 : options.inputDescriptor
    }

    /// How long the next poll may wait: up to `deadline`, but no longer than the Esc delay
    /// while an ESC waits for the rest of its sequence, and the poll interval while a paste is
    /// open (a paste whose end marker never comes is delivered after that).
    private func waitMilliseconds(until deadline: ContinuousClock.Instant) -> Int32 {
        let remaining = ContinuousClock().now.duration(to: deadline)
        var milliseconds = max(0, Self.ceilingMilliseconds(remaining))
        if !heldBytes.isEmpty { milliseconds = min(milliseconds, Int64(max(1, options.escapeDelayMilliseconds))) }
        if decoder.pendingPaste != nil { milliseconds = min(milliseconds, Int64(options.pollMilliseconds)) }
        return Int32(clamping: milliseconds)
    }

    private static func ceilingMilliseconds(_ duration: Duration) -> Int64 {
        let (seconds, attoseconds) = duration.components
        let fraction = attoseconds > 0 ? (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000 : 0
        return seconds.multipliedReportingOverflow(by: 1000).partialValue + fraction
    }

    /// Runs one poll on a background thread; a cancelled task wakes it through the pipe.
    private nonisolated static func waitOffActor(
        input: Int32, wake: Int32, wakeWrite: Int32, milliseconds: Int32
    ) async -> Int32 {
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Int32, Never>) in
                DispatchQueue.global(qos: .userInteractive).async {
                    continuation.resume(returning: cnc_wait_input(input, wake, milliseconds))
                }
            }
        } onCancel: {
            cnc_wake(wakeWrite)
        }
    }

    /// Acts on what a poll reported: reads the terminal, passes bytes to curses, drains curses
    /// into the key queue, and ends an ESC wait or an unfinished paste when their time is up.
    /// Returns the first queued key.
    private func takeEvents(_ events: Int32, deadlinePassed: Bool) -> Key? {
        let inputReady = events & 1 != 0
        if inputReady {
            readTerminal()
        } else if !heldBytes.isEmpty, events & 2 == 0 {
            // The Esc delay passed with nothing after the ESC: it is a lone Escape.
            forwardToCurses(escapeComplete: true)
        }
        drainCurses()
        let quietFor = lastInputAt.duration(to: ContinuousClock().now)
        if !inputReady, events & 2 == 0, heldBytes.isEmpty, decoder.pendingPaste != nil,
            quietFor >= .milliseconds(Int64(options.pollMilliseconds)), let key = decoder.flush()
        {
            // The poll interval passed inside a paste whose end marker has not come.
            queuedKeys.append(key)
        }
        return dequeueKey()
    }

    /// Reads everything the terminal has ready and passes it on to curses, holding back a
    /// trailing ESC until the rest of its sequence comes or the Esc delay passes.
    private func readTerminal() {
        var buffer = [UInt8](repeating: 0, count: 65_536)
        let count = buffer.withUnsafeMutableBufferPointer { pointer in
            cnc_read_available(options.inputDescriptor, pointer.baseAddress, pointer.count)
        }
        if count <= 0 {
            // End of file or a hang-up: stop polling the terminal (SIGHUP ends the process).
            if count == 0 { terminalClosed = true }
            forwardToCurses(escapeComplete: true)
            return
        }
        lastInputAt = ContinuousClock().now
        heldBytes.append(contentsOf: buffer[0..<count])
        forwardToCurses(escapeComplete: false)
    }

    /// Writes the held bytes to the pipe curses reads, keeping a trailing ESC back unless
    /// `escapeComplete`; drains curses whenever the pipe is full.
    private func forwardToCurses(escapeComplete: Bool) {
        var end = heldBytes.count
        if !escapeComplete, options.escapeDelayMilliseconds > 0 {
            end -= Self.unfinishedEscapeLength(heldBytes)
        }
        var start = 0
        while start < end {
            let written = heldBytes[start..<end].withUnsafeBufferPointer { pointer in
                cnc_write_some(feedWrite, pointer.baseAddress, pointer.count)
            }
            if written > 0 {
                start += written
            } else {
                drainCurses()
                guard isActive else { break }
            }
        }
        heldBytes.removeFirst(start)
    }

    /// How many bytes at the end of `bytes` are an escape sequence that has not ended: a lone
    /// ESC, or ESC `[` / ESC `O` followed only by parameter and intermediate bytes (0x20-0x3F).
    static func unfinishedEscapeLength(_ bytes: [UInt8]) -> Int {
        guard let escape = bytes.lastIndex(of: 0x1B), bytes.count - escape <= 16 else { return 0 }
        let tail = bytes[(escape + 1)...]
        guard let introducer = tail.first else { return 1 }
        guard introducer == UInt8(ascii: "[") || introducer == UInt8(ascii: "O") else { return 0 }
        let unfinished = tail.dropFirst().allSatisfy { (0x20...0x3F).contains($0) }
        return unfinished ? bytes.count - escape : 0
    }

    /// Decodes everything curses can return without waiting into the key queue.
    private func drainCurses() {
        guard let window else { return }
        while true {
            var character: wint_t = 0
            let status = wget_wch(window, &character)
            let value = UInt32(truncatingIfNeeded: character)
            let key: Key?
            if status == decoder.codes.ok {
                key = decoder.feed(.character(value))
            } else if status == decoder.codes.codeYes, Int32(truncatingIfNeeded: value) == cnc_key_mouse() {
                // A left-button press (the only mouse event asked for); anything else reads as nil.
                var row: Int32 = 0
                var column: Int32 = 0
                key = cnc_mouse_read(&row, &column) ? .mouse(row: Int(row), column: Int(column)) : nil
            } else if status == decoder.codes.codeYes {
                key = decoder.feed(.keyCode(Int32(truncatingIfNeeded: value)))
            } else {
                return
            }
            guard let key else { continue }
            if key == .resize { updateSize() }
            queuedKeys.append(key)
        }
    }

    private func dequeueKey() -> Key? {
        guard queueHead < queuedKeys.count else { return nil }
        let key = queuedKeys[queueHead]
        queueHead += 1
        if queueHead == queuedKeys.count {
            queuedKeys.removeAll(keepingCapacity: true)
            queueHead = 0
        }
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
