import AuthScreens
import CognitoAuth
import Foundation
import LatchkeyText
import TerminalKit

/// A modal's view model that draws itself over the dashboard (the others are panels, drawn alike): its
/// drawing file conforms it, so `AppView` lists no modal.
protocol DrawnModal {
    /// Draws the modal over the dashboard in `body` and returns its cursor, if it has one.
    func draw(with view: AppView, _ state: AppState, into grid: inout CellGrid, in body: Rect) -> Position?
}

/// A base screen's view model that draws itself (Sign in, the other forms, the dashboard): its drawing file
/// conforms it, so `AppView` lists no base screen.
protocol DrawnScreen {
    /// Draws the screen in `body` and returns its cursor, if it has one.
    func draw(with view: AppView, _ state: AppState, into grid: inout CellGrid, in body: Rect) -> Position?
}

/// Draws the whole auth UI: a pure function from an `AppState` and a terminal size (plus a
/// spinner step) to a ``CellGrid`` and a cursor position.
///
/// The layout, top to bottom:
/// - the top line: the session badge (state, user, backend) and the app's name;
/// - the current screen: a form centred in a box (60 columns at 80×24, wider on bigger
///   terminals), or the full-width dashboard; the re-login prompt and the help overlay are
///   drawn over it;
/// - the status line: a spinner and a verb while a request runs, else the status message;
/// - the bottom line: the key hints, cut with "…".
///
/// Below ``minimumSize`` (or when `AppState.isTerminalTooSmall` is set) only a centred
/// notice is drawn, so no field shows or takes the cursor. Colour comes from the roles of the
/// cells, which the terminal's ``Theme`` maps (attributes only under `NO_COLOR`); every state
/// also has a glyph or a word.
public struct AppView: Hashable, Sendable {
    /// What one render produced.
    public struct Frame: Hashable, Sendable {
        /// The cells of the whole screen.
        public var grid: CellGrid
        /// Where the terminal cursor goes (in the focused text field), or nil to hide it.
        public var cursor: Position?

        /// Creates a frame of `grid`, with the cursor at `cursor` (nil hides it).
        public init(grid: CellGrid, cursor: Position?) {
            self.grid = grid
            self.cursor = cursor
        }
    }

    /// The smallest terminal the UI draws in: 60×20 (below 80×24 the layout is compact).
    public static let minimumSize = TerminalSize(columns: 60, rows: 20)
    /// The size from which forms get their full padding and the logo: 80×24.
    public static let comfortableSize = TerminalSize(columns: 80, rows: 24)

    /// The backend named in the badge ("local", a region or a pool id), if any.
    public var backend: String?
    /// The minimum size (``minimumSize`` unless changed for tests).
    public var minimum: TerminalSize

    /// Creates a view; `backend` is named in the header badge, `minimum` is the smallest terminal it draws in.
    public init(backend: String? = nil, minimum: TerminalSize = AppView.minimumSize) {
        self.backend = backend
        self.minimum = minimum
    }

    /// Whether `size` is too small for the UI.
    public func isTooSmall(_ size: TerminalSize) -> Bool { !size.fits(minimum) }

    /// Renders `state` at `size`; `spinnerTick` picks the spinner's frame.
    public func render(_ state: AppState, size: TerminalSize, spinnerTick: Int = 0) -> Frame {
        var grid = CellGrid(size: size)
        if state.isTerminalTooSmall || isTooSmall(size) {
            drawTooSmall(quitKey: state.quitKeyLabel, into: &grid)
            return Frame(grid: grid, cursor: nil)
        }
        drawTopLine(state, into: &grid)
        let body = Rect(row: 1, column: 0, width: size.columns, height: size.rows - 3)
        var cursor = drawBase(state, into: &grid, in: body)
        if state.modal != nil {
            cursor = drawModal(state, into: &grid, in: body)
        }
        if let ceremony = state.passkeyCeremony {
            cursor = drawPasskeyCeremony(ceremony, spinnerTick: spinnerTick, into: &grid, in: body)
        }
        if state.isHelpVisible {
            drawHelp(state, into: &grid, in: body)
            cursor = nil
            grid.mouseMap = MouseMap()
        }
        drawStatusLine(state, spinnerTick: spinnerTick, into: &grid, row: size.rows - 2)
        drawKeyHints(
            Self.fittedEntries(
                state.hintEntries, help: state.helpHintEntry, more: state.moreHintEntry,
                width: max(0, size.columns - 2)),
            into: &grid, row: size.rows - 1)
        return Frame(grid: grid, cursor: cursor)
    }

    /// Draws the base screen and returns its cursor, if it has one.
    private func drawBase(_ state: AppState, into grid: inout CellGrid, in body: Rect) -> Position? {
        guard let drawn = state.baseContent as? any DrawnScreen else { return nil }
        return drawn.draw(with: self, state, into: &grid, in: body)
    }

    /// Draws the modal over the dashboard and returns its cursor, if it has one. The help overlay
    /// replaces the re-login prompt while it is open, so their borders never cross.
    private func drawModal(_ state: AppState, into grid: inout CellGrid, in body: Rect)
        -> Position?
    {
        if let panel = state.modalPanel {
            Self.coverDashboardRows(in: &grid)
            drawQuestion(Modal(title: panel.title, message: panel.message, footer: panel.footer), into: &grid, in: body)
            return nil
        }
        // The token choice (`y`) is neither: it shows only its status line.
        guard let drawn = state.modalContent as? any DrawnModal else { return nil }
        return drawn.draw(with: self, state, into: &grid, in: body)
    }

    /// A question over the dashboard: its rows' hints are covered, so they take no clicks.
    private static func coverDashboardRows(in grid: inout CellGrid) {
        grid.mouseMap.regions.removeAll { $0.target.isDashboardRow }
    }

    private func drawQuestion(_ modal: Modal, into grid: inout CellGrid, in body: Rect) {
        clearMargin(around: modal.frame(in: body), in: &grid)
        modal.draw(into: &grid, in: body)
    }

    // MARK: Chrome

    /// The badge text: "✔ Signed in · alice · local".
    func badgeText(_ state: AppState) -> String {
        [state.badge, backend].compactMap { $0 }.joined(separator: " · ")
    }

    private func drawTopLine(_ state: AppState, into grid: inout CellGrid) {
        let width = grid.width
        let name = ScreenText.appName
        let nameWidth = TextWidth.width(of: name)
        let badge = " " + TextWidth.truncate(badgeText(state), toWidth: max(1, width - nameWidth - 5)) + " "
        grid.write(badge, row: 0, column: 0, style: CellStyle(Self.badgeRole(state.headline.tone)))
        grid.write(name, row: 0, column: width - nameWidth - 1, style: CellStyle(.title, .bold))
    }

    /// The header's colour for a tone: green when signed in, yellow offline, red when a sign-in is needed.
    static func badgeRole(_ tone: SessionHeadline.Tone) -> ThemeRole {
        switch tone {
        case .good: return .badge
        case .neutral: return .badgeNeutral
        case .warning: return .badgeWarning
        case .error: return .badgeError
        }
    }

    /// Draws the status line: what runs, or the status message. A message wider than the line goes on
    /// the row above too when nothing is drawn there, so its end (often the next step, such as the tmux
    /// setting for the clipboard) is not cut (ux-3, item 14); else it is cut as before.
    private func drawStatusLine(_ state: AppState, spinnerTick: Int, into grid: inout CellGrid, row: Int) {
        let rect = Rect(row: row, column: 1, width: grid.width - 2, height: 1)
        if let activity = state.statusLineActivity {
            Spinner(message: activity, tick: spinnerTick).draw(into: &grid, in: rect)
        } else if let message = state.statusMessage, !message.isEmpty {
            let lines = TextWidth.wrap(message, toWidth: rect.width)
            if lines.count == 2, row > 1, Self.isBlank(row: row - 1, in: grid) {
                for (index, line) in lines.enumerated() {
                    grid.write(line, row: row - 1 + index, column: rect.column, style: CellStyle(.info))
                }
                return
            }
            Label(message, style: CellStyle(.info)).draw(into: &grid, in: rect)
        }
    }

    /// Whether `row` of `grid` holds nothing but spaces.
    static func isBlank(row: Int, in grid: CellGrid) -> Bool {
        (0..<grid.width).allSatisfy { grid[row, $0].isContinuation || grid[row, $0].character == " " }
    }

    private func drawKeyHints(_ hints: [HintEntry], into grid: inout CellGrid, row: Int) {
        let bar = KeyHintBar(hints.map(Self.keyHint), separator: ScreenText.hintSeparator)
        let rect = Rect(row: row, column: 1, width: grid.width - 2, height: 1)
        bar.draw(into: &grid, in: rect)
        // Each whole hint that names one key is clickable (the same columns the bar drew it at).
        var column = rect.column
        for (index, hint) in bar.fittingHints(width: rect.width).hints.enumerated() {
            if index > 0 { column += TextWidth.width(of: ScreenText.hintSeparator) }
            let width = TextWidth.width(of: hint.text)
            // Every hint is made from a key binding and carries its key (none for "↑/↓").
            if let key = hint.clickKey {
                grid.mouseMap.regions.append(
                    MouseMap.Region(rect: Rect(row: row, column: column, width: width, height: 1), target: .key(key)))
            }
            column += width
        }
    }

    /// The hints that fit in `width` columns: every hint and then `help` when they all fit, else
    /// as many of the first (most important) hints as fit beside `more` ("F1 more").
    static func fittedHints(_ hints: [String], help: String?, more: String, width: Int) -> [String] {
        let separator = TextWidth.width(of: ScreenText.hintSeparator)
        func lineWidth(_ line: [String]) -> Int {
            line.map { TextWidth.width(of: $0) }.reduce(0, +) + separator * max(0, line.count - 1)
        }
        let all = hints + (help.map { [$0] } ?? [])
        if lineWidth(all) <= width { return all }
        var kept: [String] = []
        for hint in hints {
            guard lineWidth(kept + [hint, more]) <= width else { break }
            kept.append(hint)
        }
        return kept + [more]
    }

    /// ``fittedHints(_:help:more:width:)`` for hints with their keys.
    static func fittedEntries(_ hints: [HintEntry], help: HintEntry?, more: HintEntry, width: Int) -> [HintEntry] {
        let all = hints + (help.map { [$0] } ?? [])
        let fitted = fittedHints(hints.map(\.text), help: help?.text, more: more.text, width: width)
        if fitted == all.map(\.text) { return all }
        return Array(hints.prefix(max(0, fitted.count - 1))) + [more]
    }

    /// The bar's hint for `entry`: the binding's label, its action and its key.
    static func keyHint(_ entry: HintEntry) -> KeyHint {
        KeyHint(entry.label, entry.action, clickKey: entry.clickKey)
    }

    private func drawTooSmall(quitKey: String, into grid: inout CellGrid) {
        let lines = [
            Localized.format(
                \.uiTooSmall,
                [
                    "columns": String(minimum.columns), "rows": String(minimum.rows), "width": String(grid.width),
                    "height": String(grid.height),
                ]),
            Localized.format(\.uiEnlarge, ["key": quitKey]),
        ]
        let width = max(1, grid.width)
        let wrapped = lines.flatMap { TextWidth.wrap($0, toWidth: width) }
        let top = max(0, (grid.height - wrapped.count) / 2)
        for (index, line) in wrapped.enumerated() {
            let style = index == 0 ? CellStyle(.warning, .bold) : CellStyle(.hint)
            Label(line, style: style, alignment: .center).draw(
                into: &grid, in: Rect(row: top + index, column: 0, width: grid.width, height: 1))
        }
    }

    /// Draws the help overlay: each help line's key and description in two aligned columns.
    private func drawHelp(_ state: AppState, into grid: inout CellGrid, in body: Rect) {
        let pairs = state.helpLines.map { line -> (String, String) in
            guard let range = line.range(of: "   ") else { return ("", line) }
            return (
                String(line[..<range.lowerBound]),
                String(line[range.upperBound...]).trimmingCharacters(in: .whitespaces)
            )
        }
        // Short keys share one column; a long key ("↑ ↓ PgUp PgDn …") pushes its own text right.
        let keyWidth = (pairs.map { TextWidth.width(of: $0.0) }.filter { $0 <= 10 }.max() ?? 0) + 3
        func textColumn(_ key: String) -> Int { max(keyWidth, TextWidth.width(of: key) + 3) }
        let textWidth = pairs.map { textColumn($0.0) - keyWidth + TextWidth.width(of: $0.1) }.max() ?? 0
        let footer = ScreenText.closeHelpHint
        let width = min(body.width - 2, max(keyWidth + textWidth, TextWidth.width(of: footer)) + 6)
        let height = min(body.height, pairs.count + 6)
        let box = body.centered(width: width, height: height)
        // The help replaces the screen beneath it: over the boxes it left slivers of their borders at its
        // sides (a corner, a border), and a box inside a box (ux-3, item 15).
        grid.fill(body)
        Box(title: ScreenText.helpTitle, clearsInterior: true).draw(into: &grid, in: box)
        let inner = box.inset(top: 2, left: 3, bottom: 2, right: 3)
        for (index, pair) in pairs.prefix(max(0, inner.height - 2)).enumerated() {
            let row = inner.row + index
            let column = min(textColumn(pair.0), inner.width)
            grid.write(pair.0, row: row, column: inner.column, style: CellStyle(.hintKey), maxWidth: column - 1)
            grid.write(
                TextWidth.truncate(pair.1, toWidth: max(0, inner.width - column)), row: row,
                column: inner.column + column)
        }
        Label(footer, style: CellStyle(.hint), alignment: .trailing).draw(
            into: &grid, in: Rect(row: inner.bottom - 1, column: inner.column, width: inner.width, height: 1))
    }

    /// Blanks one column either side of a modal box, so it stands apart from what is under it.
    func clearMargin(around box: Rect, in grid: inout CellGrid) {
        grid.fill(Rect(row: box.row, column: box.column - 1, width: 1, height: box.height))
        grid.fill(Rect(row: box.row, column: box.right, width: 1, height: box.height))
    }

    // MARK: Boxes

    /// The width of a form's box: 60 columns at 80, two thirds of wider terminals, at most 90.
    func boxWidth(for columns: Int) -> Int {
        min(columns - 2, max(60, min(90, columns * 2 / 3)))
    }

    /// The padding inside a form's box, border included: a blank row above and below and the
    /// focus marker's column with a blank either side, or (compact) no blank rows when the form
    /// would not fit with them, and no blank before the marker below 64 columns.
    struct BoxPadding: Hashable {
        var vertical: Int
        var horizontal: Int
    }

    /// The padding for `form` in a box `width` wide within `area`.
    func padding(for form: FormLayout, width: Int, in area: Rect, growth: Int = 0) -> BoxPadding {
        let horizontal = area.width >= 64 ? 4 : 3
        let fits = form.height(width: width - 2 * horizontal) + growth + 4 <= area.height
        return BoxPadding(vertical: fits ? 2 : 1, horizontal: horizontal)
    }

    /// The height of content the form screens are placed for: a form of this height or less
    /// starts on the same row whatever its height, so it grows downwards as errors appear.
    static let designHeight = 14

    /// The top row of content `height` rows tall in `area`: the row where content of
    /// ``designHeight`` rows would be centred, moved up only as far as the content needs to fit.
    /// The top does not depend on the height otherwise, so the logo and the focused field stay
    /// put when an error or a notice appears.
    func anchoredTop(height: Int, in area: Rect) -> Int {
        let preferred = max(0, (area.height - Self.designHeight) / 2)
        return area.row + max(0, min(preferred, area.height - height))
    }

    /// Draws `form` in a box centred across `area`, anchored as ``anchoredTop(height:in:)`` says,
    /// and returns the cursor.
    ///
    /// `growth` is how many rows the form may still grow by (an error after a submit): the padding and the top
    /// are chosen for that height when it fits, so the box and its fields stay put when the error appears.
    func drawBoxed(
        _ form: FormLayout, title: String, into grid: inout CellGrid, in area: Rect, minimumWidth: Int = 0,
        clears: Bool = false, growth: Int = 0
    ) -> Position? {
        let width = min(area.width, max(boxWidth(for: area.width), minimumWidth))
        let pad = padding(for: form, width: width, in: area, growth: growth)
        let innerWidth = width - 2 * pad.horizontal
        let height = min(area.height, form.height(width: innerWidth) + 2 * pad.vertical)
        let centred = area.centered(width: width, height: height)
        let placedHeight = min(area.height, height + growth)
        let box = Rect(
            row: anchoredTop(height: placedHeight, in: area), column: centred.column, width: centred.width,
            height: height)
        if clears { clearMargin(around: box, in: &grid) }
        Box(title: title, clearsInterior: clears).draw(into: &grid, in: box)
        let inner = box.inset(
            top: pad.vertical, left: pad.horizontal, bottom: pad.vertical, right: pad.horizontal)
        grid.mouseMap = form.mouseMap(in: inner)
        return form.draw(into: &grid, in: inner)
    }
}
