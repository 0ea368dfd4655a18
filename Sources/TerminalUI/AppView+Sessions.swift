import AuthScreens
import Foundation
import LatchkeyText
import TerminalKit

/// The Sessions view's columns for a width: which fields show, how wide, and whether dates drop the year.
struct SessionColumns {
    /// One column: its heading, its width, and the row's text for it.
    struct Column {
        var title: String
        var width: Int
        var text: (SessionRow) -> String
    }

    /// The columns, left to right, after the two-cell selection marker.
    var columns: [Column]

    /// The columns for an inner width of `width`: every field at 74 cells (80 columns), the client and
    /// the creation time left to the details line below 70, and dates with their year from 100.
    init(width: Int) {
        let longDates = width >= 100
        let dateWidth = longDates ? 16 : 11
        func date(_ text: String) -> String { longDates || text.count < 16 ? text : String(text.dropFirst(5)) }
        let client = Column(title: Localized.text(\.sessionsColumnClient), width: 10) { $0.client }
        let created = Column(title: Localized.text(\.sessionsColumnCreated), width: dateWidth) { date($0.created) }
        let active = Column(title: Localized.text(\.sessionsColumnLastActive), width: dateWidth) { date($0.lastActive) }
        let narrow = width < 70
        let fixed = narrow ? [active] : [client, created, active]
        // What the fixed columns, their spaces and the marker leave goes to the device and the address, halved.
        let rest = max(0, width - 2 - fixed.reduce(0) { $0 + $1.width + 1 } - 1)
        let deviceWidth = rest / 2
        let device = Column(title: Localized.text(\.sessionsColumnDevice), width: deviceWidth) { $0.device }
        let address = Column(title: Localized.text(\.sessionsColumnAddress), width: rest - deviceWidth) { $0.address }
        columns = [device, address] + fixed
    }
}

extension AppView {
    /// Draws the Sessions view over the dashboard: one line per session (device, address and place,
    /// app client, created, last active), this terminal's marked, the selected line highlighted; then
    /// the selected session's details and one message (the question, an error, the outcome).
    func drawSessions(_ sessions: SessionsState, timeZone: TimeZone?, into grid: inout CellGrid, in body: Rect) {
        grid.fill(body)
        grid.mouseMap = MouseMap()
        grid.mouseMap.listSelection = sessions.selection
        Box(title: Localized.text(\.sessionsTitle), clearsInterior: true).draw(into: &grid, in: body)
        let inner = body.inset(top: 1, left: 2, bottom: 1, right: 2)
        guard !inner.isEmpty else { return }
        let messageRows = min(5, max(0, inner.height - 2))
        let list = Rect(row: inner.row, column: inner.column, width: inner.width, height: inner.height - messageRows)
        let rows = sessions.rows(timeZone: timeZone)
        if let placeholder = sessions.placeholder {
            Banner(Self.bannerKind(placeholder.kind), placeholder.text).draw(into: &grid, in: list)
        } else {
            drawSessionRows(rows, selection: sessions.selection, into: &grid, in: list)
        }
        let messageArea = Rect(
            row: inner.bottom - messageRows, column: inner.column, width: inner.width, height: messageRows)
        guard messageArea.height > 0 else { return }
        // The selected session whole, as the columns cut it: its device, then its id, kind and app client.
        if sessions.placeholder == nil, rows.indices.contains(sessions.selection) {
            let row = rows[sessions.selection]
            for (offset, text) in [row.device, row.detail].enumerated() where offset < messageArea.height {
                grid.write(
                    TextWidth.truncate(text, toWidth: messageArea.width), row: messageArea.row + offset,
                    column: messageArea.column, style: CellStyle(.dim), maxWidth: messageArea.width)
            }
        }
        if let message = sessions.message {
            let area = messageArea.inset(top: 2, left: 0, bottom: 0, right: 0)
            Banner(Self.bannerKind(message.kind), message.text).draw(into: &grid, in: area)
        }
    }

    /// Draws the heading and the rows that fit in `list`, scrolled so the selection shows.
    private func drawSessionRows(_ rows: [SessionRow], selection: Int, into grid: inout CellGrid, in list: Rect) {
        let layout = SessionColumns(width: list.width)
        var row = list.row
        func cells(_ texts: [String], _ style: CellStyle) {
            var column = list.column + 2
            for (text, spec) in zip(texts, layout.columns) where column < list.right {
                let width = min(spec.width, list.right - column)
                grid.write(
                    TextWidth.truncate(text, toWidth: width), row: row, column: column, style: style, maxWidth: width)
                column += spec.width + 1
            }
        }
        cells(layout.columns.map(\.title), CellStyle(.dim, .bold))
        row += 1
        let listRows = max(0, list.bottom - row)
        let first = max(0, min(selection - listRows + 1, rows.count - listRows))
        for (index, session) in rows.enumerated().dropFirst(first).prefix(listRows) {
            let selected = index == selection
            let line = Rect(row: row, column: list.column, width: list.width, height: 1)
            grid.mouseMap.regions.append(MouseMap.Region(rect: line, target: .listRow(index)))
            let style = selected ? CellStyle(.selection) : CellStyle(.normal)
            if selected { grid.fill(line, style: style) }
            grid.write(selected ? "▸" : " ", row: row, column: list.column, style: style, maxWidth: 1)
            var texts = layout.columns.map { $0.text(session) }
            if session.isCurrent, let deviceWidth = layout.columns.first?.width {
                texts[0] = Self.markedCurrent(session.device, width: deviceWidth)
            }
            cells(texts, session.isCurrent ? style.adding(.bold) : style)
            row += 1
        }
    }

    /// This terminal's device cell: the device, shortened, then "← this terminal", which always shows.
    static func markedCurrent(_ device: String, width: Int) -> String {
        let marker = Localized.text(\.sessionsThisTerminal)
        let room = width - TextWidth.width(of: marker) - 1
        guard room >= 4 else { return marker }
        return TextWidth.truncate(device, toWidth: room) + " " + marker
    }

    /// The banner kind of a Sessions message (a question is a warning).
    static func bannerKind(_ kind: SessionsMessageKind) -> Banner.Kind {
        switch kind {
        case .info: return .info
        case .success: return .success
        case .warning, .question: return .warning
        case .error: return .error
        }
    }
}

extension SessionsState: DrawnModal {
    func draw(with view: AppView, _ state: AppState, into grid: inout CellGrid, in body: Rect) -> Position? {
        view.drawSessions(self, timeZone: state.dashboard.timeZone, into: &grid, in: body)
        return nil
    }
}
