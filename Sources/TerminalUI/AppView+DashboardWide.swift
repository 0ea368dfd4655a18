import AuthScreens
import CognitoAuth
import Foundation
import LatchkeyText
import TerminalKit

/// The dashboard on a wide terminal (``wideDashboardMinimumColumns`` and more): a band of two
/// columns, each box as tall as its content, then the event log across the whole width, taking the
/// rest of the height (its lines use the width; the key hints are on the bottom line, and `?` lists them all).
///
/// Left: the session and its tokens. Right: the identity id, AWS credentials and connectivity; the
/// Security rows when there are any; the calls (waiting, and what runs). The shorter column's last
/// box is stretched to the taller's bottom, so the band ends on one line.
extension AppView {
    /// The narrowest body that gets two columns.
    static let wideDashboardMinimumColumns = 140
    /// The lowest body that gets two columns (below it one column shows more of the log).
    static let wideDashboardMinimumRows = 20
    /// The rows the wide dashboard's event log keeps, borders included, however tall the band.
    static let wideLogMinimumRows = 5

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

    /// One box of the band: its title and what it draws inside.
    private enum BandBox {
        case rows(String, [PanelRow])
        case calls([CallLine])

        /// The rows it needs, borders included.
        var height: Int {
            switch self {
            case .rows(_, let rows): return rows.count + 2
            case .calls(let lines): return lines.count + 2
            }
        }
    }

    /// Draws the wide dashboard: the band of two columns, then the event log below it.
    func drawWideDashboard(_ dashboard: DashboardState, into grid: inout CellGrid, in body: Rect) {
        // The left column is the wider (its bars grow with it); the Security rows sit in the right one.
        let leftWidth = body.width * 11 / 20
        let rows = panelRows(
            dashboard, securityValueWidth: body.width - leftWidth - 1 - 4 - Self.dashboardLabelWidth)
        let session = rows.filter { Self.sessionBoxLabels.contains($0.label) }
        let credentials = rows.filter { Self.credentialsBoxLabels.contains($0.label) }
        let security = rows.filter {
            !Self.sessionBoxLabels.contains($0.label) && !Self.credentialsBoxLabels.contains($0.label)
        }
        let left = Rect(row: body.row, column: body.column, width: leftWidth, height: body.height)
        let right = Rect(
            row: body.row, column: body.column + leftWidth + 1, width: body.width - leftWidth - 1,
            height: body.height)
        // The calls take as many lines as they have, up to a third of the body.
        let calls = callLines(dashboard, room: max(1, body.height / 3 - 2))
        let leftBoxes: [BandBox] = [.rows(ScreenText.dashboardTitle, session)]
        let rightBoxes: [BandBox] =
            [.rows(ScreenText.wideCredentialsTitle, credentials)]
            + (security.isEmpty ? [] : [.rows(ScreenText.wideSecurityTitle, security)]) + [.calls(calls)]
        let needed = max(leftBoxes.map(\.height).reduce(0, +), rightBoxes.map(\.height).reduce(0, +))
        let band = min(needed, body.height - Self.wideLogMinimumRows)
        drawColumn(
            leftBoxes, dashboard, into: &grid,
            in: Rect(row: left.row, column: left.column, width: left.width, height: band))
        drawColumn(
            rightBoxes, dashboard, into: &grid,
            in: Rect(row: right.row, column: right.column, width: right.width, height: band))
        drawEventLog(
            dashboard, into: &grid,
            in: Rect(row: body.row + band, column: body.column, width: body.width, height: body.height - band))
    }

    /// Draws `boxes` top to bottom in `column`, each as tall as it needs and the last down to the
    /// column's bottom (boxes that do not fit are left out).
    private func drawColumn(_ boxes: [BandBox], _ dashboard: DashboardState, into grid: inout CellGrid, in column: Rect)
    {
        var top = column.row
        for (index, box) in boxes.enumerated() {
            let height = index == boxes.count - 1 ? column.bottom - top : min(box.height, column.bottom - top)
            guard height >= 3 else { return }
            let rect = Rect(row: top, column: column.column, width: column.width, height: height)
            let inner = rect.inset(top: 1, left: 2, bottom: 1, right: 2)
            switch box {
            case .rows(let title, let rows):
                Box(title: title).draw(into: &grid, in: rect)
                for (index, row) in rows.prefix(inner.height).enumerated() {
                    drawPanelRow(
                        row, action: dashboard.rowAction(for: row.label), into: &grid, row: inner.row + index,
                        in: inner)
                }
            case .calls(let lines):
                Box(title: ScreenText.wideCallsTitle).draw(into: &grid, in: rect)
                for (index, line) in lines.prefix(inner.height).enumerated() {
                    grid.write(
                        line.text, row: inner.row + index, column: inner.column + line.indent, style: line.style,
                        maxWidth: inner.width - line.indent)
                }
            }
            top = rect.bottom
        }
    }
}

extension MouseMap.Target {
    /// Whether this is a dashboard row's hint.
    var isDashboardRow: Bool {
        if case .keys = self { return true }
        return false
    }
}
