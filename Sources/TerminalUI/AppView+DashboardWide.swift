import AuthScreens
import CognitoAuth
import Foundation
import LatchkeyText
import TerminalKit

/// The dashboard on a wide terminal (``wideDashboardMinimumColumns`` and more): two columns, so
/// the values, bars and log lines use the width instead of sitting in the left 70 columns.
///
/// Left: the session and its tokens, every key (each clickable), and the waiting calls filling the
/// rest. Right: the identity id, AWS credentials and connectivity; the Security rows when there
/// are any; and the event log filling the rest, as wide as the column and as tall as it can be.
extension AppView {
    /// The narrowest body that gets two columns.
    static let wideDashboardMinimumColumns = 140
    /// The lowest body that gets two columns (below it one column shows more of the log).
    static let wideDashboardMinimumRows = 20

    /// Whether the dashboard takes two columns in `body`.
    static func usesWideDashboard(_ body: Rect) -> Bool {
        body.width >= wideDashboardMinimumColumns && body.height >= wideDashboardMinimumRows
    }

    /// The rows of the left column's Session box (the others go right), in the current language.
    static var sessionBoxLabels: Set<String> {
        [
            ScreenText.stateLabel, ScreenText.usernameLabel, ScreenText.authenticatedByLabel,
            ScreenText.activeProvidersLabel, ScreenText.idTokenLabel, ScreenText.accessTokenLabel,
            ScreenText.refreshTokenLabel,
        ]
    }
    /// The rows of the right column's first box, in the current language.
    static var credentialsBoxLabels: Set<String> {
        [
            ScreenText.identityIdLabel, ScreenText.awsCredentialsLabel, ScreenText.credentialsUsersLabel,
            ScreenText.connectivityLabel,
        ]
    }

    /// Draws the two-column dashboard.
    func drawWideDashboard(_ dashboard: DashboardState, into grid: inout CellGrid, in body: Rect) {
        let rows = panelRows(dashboard)
        let session = rows.filter { Self.sessionBoxLabels.contains($0.label) }
        let credentials = rows.filter { Self.credentialsBoxLabels.contains($0.label) }
        let security = rows.filter {
            !Self.sessionBoxLabels.contains($0.label) && !Self.credentialsBoxLabels.contains($0.label)
        }
        // The left column is the wider (its bars grow with it); the log's lines wrap in the right one.
        let leftWidth = body.width * 11 / 20
        let left = Rect(row: body.row, column: body.column, width: leftWidth, height: body.height)
        let right = Rect(
            row: body.row, column: body.column + leftWidth + 1, width: body.width - leftWidth - 1,
            height: body.height)

        var next = drawRowBox(ScreenText.dashboardTitle, session, dashboard, into: &grid, top: left.row, in: left)
        next = drawKeysBox(into: &grid, top: next, in: left, leavingRows: 3)
        drawCallsBox(
            dashboard, into: &grid,
            in: Rect(row: next, column: left.column, width: left.width, height: left.bottom - next))

        next = drawRowBox(
            ScreenText.wideCredentialsTitle, credentials, dashboard, into: &grid, top: right.row, in: right)
        if !security.isEmpty {
            next = drawRowBox(ScreenText.wideSecurityTitle, security, dashboard, into: &grid, top: next, in: right)
        }
        drawEventLog(
            dashboard, into: &grid,
            in: Rect(row: next, column: right.column, width: right.width, height: right.bottom - next))
    }

    /// Draws `rows` in a titled box from `top` (as many as fit) and returns the row below it.
    private func drawRowBox(
        _ title: String, _ rows: [PanelRow], _ dashboard: DashboardState, into grid: inout CellGrid, top: Int,
        in column: Rect
    ) -> Int {
        let height = min(column.bottom - top, rows.count + 2)
        guard height >= 3 else { return top }
        let box = Rect(row: top, column: column.column, width: column.width, height: height)
        Box(title: title).draw(into: &grid, in: box)
        let inner = box.inset(top: 1, left: 2, bottom: 1, right: 2)
        for (index, row) in rows.prefix(inner.height).enumerated() {
            drawPanelRow(
                row, action: dashboard.rowAction(for: row.label), into: &grid, row: inner.row + index, in: inner)
        }
        return box.bottom
    }

    /// Draws every dashboard key with what it does, each single key clickable, leaving `leavingRows`
    /// below; returns the row below the box.
    private func drawKeysBox(into grid: inout CellGrid, top: Int, in column: Rect, leavingRows: Int) -> Int {
        let lines = ScreenText.dashboardHelp
        let height = min(column.bottom - top - leavingRows, lines.count + 2)
        guard height >= 3 else { return top }
        let box = Rect(row: top, column: column.column, width: column.width, height: height)
        Box(title: ScreenText.wideKeysTitle).draw(into: &grid, in: box)
        let inner = box.inset(top: 1, left: 2, bottom: 1, right: 2)
        let pairs = lines.map { line -> (String, String) in
            guard let range = line.range(of: "   ") else { return ("", line) }
            return (String(line[..<range.lowerBound]), String(line[range.upperBound...]))
        }
        let keyWidth = (pairs.map { TextWidth.width(of: $0.0) }.filter { $0 <= 8 }.max() ?? 0) + 2
        for (index, pair) in pairs.prefix(inner.height).enumerated() {
            let row = inner.row + index
            let textColumn = inner.column + max(keyWidth, TextWidth.width(of: pair.0) + 2)
            grid.write(pair.0, row: row, column: inner.column, style: CellStyle(.hintKey), maxWidth: inner.width)
            grid.write(
                TextWidth.truncate(pair.1, toWidth: max(0, inner.right - textColumn)), row: row, column: textColumn,
                style: CellStyle(.hint))
            // "c / C": the row presses the first key, each key's own columns that key.
            let names = pair.0.components(separatedBy: " / ")
            if let key = names.first.flatMap(MouseMap.key(named:)) {
                grid.mouseMap.regions.append(
                    MouseMap.Region(
                        rect: Rect(row: row, column: inner.column, width: inner.width, height: 1), target: .keys([key]))
                )
            }
            var keyColumn = inner.column
            for name in names {
                let width = TextWidth.width(of: name)
                if names.count > 1, let key = MouseMap.key(named: name) {
                    grid.mouseMap.regions.append(
                        MouseMap.Region(
                            rect: Rect(row: row, column: keyColumn, width: width, height: 1), target: .keys([key])))
                }
                keyColumn += width + 3
            }
        }
        return box.bottom
    }

    /// Draws the calls waiting for tokens in a box filling `rect` ("… N more" when they do not fit).
    private func drawCallsBox(_ dashboard: DashboardState, into grid: inout CellGrid, in rect: Rect) {
        guard rect.height >= 3 else { return }
        Box(title: ScreenText.wideCallsTitle).draw(into: &grid, in: rect)
        let inner = rect.inset(top: 1, left: 2, bottom: 1, right: 2)
        guard let header = pendingHeader(dashboard) else {
            grid.write(
                ScreenText.noCallsWaiting, row: inner.row, column: inner.column, style: CellStyle(.dim),
                maxWidth: inner.width)
            return
        }
        grid.write(
            "⚠ " + header, row: inner.row, column: inner.column, style: CellStyle(.warning, .bold),
            maxWidth: inner.width)
        let room = inner.height - 1
        let lines = dashboard.pendingCalls.sorted { $0.id < $1.id }.map { pendingLine($0, now: dashboard.now) }
        let shown =
            lines.count > room
            ? Array(lines.prefix(max(0, room - 1))) + [
                "… " + Localized.format(\.uiMore, ["count": String(lines.count - room + 1)])
            ] : lines
        for (index, line) in shown.prefix(max(0, room)).enumerated() {
            grid.write(
                line, row: inner.row + 1 + index, column: inner.column + 2, style: .plain, maxWidth: inner.width - 2)
        }
    }
}

extension MouseMap.Target {
    /// Whether this is a dashboard row's hint (or a key of the wide dashboard's Keys box).
    var isDashboardRow: Bool {
        if case .keys = self { return true }
        return false
    }
}
