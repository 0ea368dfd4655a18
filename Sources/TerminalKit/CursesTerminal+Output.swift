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

/// Drawing: frames are diffed against the previous one and only the changed cells go to curses.
extension CursesTerminal {
    /// Sends `text` to the terminal's clipboard with OSC 52, by the route tmux's options allow
    /// (``OSC52/route(inTmux:options:)``); the text is never drawn. Says where it went;
    /// ``ClipboardDelivery/unavailable`` after ``restore()``.
    public func copyToClipboard(_ text: String) -> ClipboardDelivery {
        guard isActive else { return .unavailable }
        var environment: [String: String] = [:]
        environment["TMUX"] = Platform.environmentValue("TMUX")
        environment["TMUX_PANE"] = Platform.environmentValue("TMUX_PANE")
        let inTmux = OSC52.isInsideTmux(environment: environment)
        let tmuxOptions = OSC52.tmuxOptions(environment: environment)
        switch OSC52.route(inTmux: inTmux, options: tmuxOptions) {
        case .plain:
            cnc_write_string(options.outputDescriptor, OSC52.sequence(for: text, passthrough: false))
            return .sent
        case .passthrough:
            cnc_write_string(options.outputDescriptor, OSC52.sequence(for: text, passthrough: true))
            return tmuxOptions == nil ? .sentUnverified : .sent
        case .tmuxBuffer:
            return OSC52.loadTmuxBuffer(text, environment: environment) ? .tmuxBufferOnly : .unavailable
        }
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

    func setCursorVisible(_ visible: Bool) {
        guard cursorVisible != visible else { return }
        curs_set(visible ? 1 : 0)
        cursorVisible = visible
    }

    func attributes(for style: CellStyle) -> attr_t {
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
    static func startColors(for theme: Theme) -> Bool {
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
}
