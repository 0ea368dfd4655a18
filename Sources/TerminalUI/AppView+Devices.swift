import AuthScreens
import CognitoAuth
import Foundation
import LatchkeyText
import TerminalKit

extension AppView {
    /// Draws the Devices view over the dashboard: one line per device (name, short key, remembered,
    /// last use and IP), this machine marked, the selected line highlighted, then a message line.
    func drawDevices(_ devices: DevicesState, timeZone: TimeZone?, into grid: inout CellGrid, in body: Rect) {
        grid.fill(body)
        grid.mouseMap = MouseMap()
        grid.mouseMap.listSelection = devices.selection
        Box(title: ScreenText.devicesTitle, clearsInterior: true).draw(into: &grid, in: body)
        let inner = body.inset(top: 1, left: 2, bottom: 1, right: 2)
        guard !inner.isEmpty else { return }
        let nameWidth = 24
        let keyWidth = 10
        let statusWidth = 14
        var row = inner.row
        func cell(_ text: String, _ column: Int, _ width: Int, _ style: CellStyle) {
            guard column < inner.right else { return }
            grid.write(
                TextWidth.truncate(text, toWidth: width), row: row, column: column, style: style,
                maxWidth: min(width, inner.right - column))
        }
        let nameColumn = inner.column + 2
        let keyColumn = nameColumn + nameWidth + 1
        let statusColumn = keyColumn + keyWidth + 1
        let usedColumn = statusColumn + statusWidth + 1
        let header = CellStyle(.dim, .bold)
        cell(Localized.text(\.uiDevicesName), nameColumn, nameWidth, header)
        cell(Localized.text(\.uiDevicesKey), keyColumn, keyWidth, header)
        cell(Localized.text(\.uiDevicesStatus), statusColumn, statusWidth, header)
        cell(Localized.text(\.uiDevicesLastUsed), usedColumn, inner.right - usedColumn, header)
        row += 1
        let messageRows = 3
        let listRows = max(0, inner.bottom - row - messageRows)
        let rows = devices.rows(timeZone: timeZone)
        // Keep the selection in view.
        let first = max(0, min(devices.selection - listRows + 1, rows.count - listRows))
        for (index, device) in rows.enumerated().dropFirst(first).prefix(listRows) {
            let selected = index == devices.selection
            grid.mouseMap.regions.append(
                MouseMap.Region(
                    rect: Rect(row: row, column: inner.column, width: inner.width, height: 1), target: .listRow(index)))
            let style = selected ? CellStyle(.selection) : CellStyle(.normal)
            if selected { grid.fill(Rect(row: row, column: inner.column, width: inner.width, height: 1), style: style) }
            cell(selected ? "▸" : " ", inner.column, 1, style)
            // This machine's marker stays visible: the name gives way to it.
            let marker = " " + ScreenText.thisMachine
            let name =
                device.isCurrent
                ? TextWidth.truncate(device.name, toWidth: nameWidth - TextWidth.width(of: marker)) + marker
                : device.name
            cell(name, nameColumn, nameWidth, style.adding(device.isCurrent ? .bold : []))
            cell(device.shortKey, keyColumn, keyWidth, style)
            cell(device.remembered, statusColumn, statusWidth, style)
            cell(device.lastUsed, usedColumn, inner.right - usedColumn, style)
            row += 1
        }
        // With no device, the empty-list text sits under the headings, not at the foot of an empty table.
        let messageRow = rows.isEmpty && devices.emptyText != nil ? row + 1 : inner.bottom - messageRows
        let messageArea = Rect(row: messageRow, column: inner.column, width: inner.width, height: messageRows)
        drawDevicesMessage(devices, into: &grid, in: messageArea)
    }

    /// Draws the Devices view's one message in `messageArea`: the forget confirmation, else the
    /// error, else the empty-list text, else the notice.
    private func drawDevicesMessage(_ devices: DevicesState, into grid: inout CellGrid, in messageArea: Rect) {
        if devices.confirmingForget != nil {
            Banner(.warning, ScreenText.confirmForgetThisMachine).draw(into: &grid, in: messageArea)
        } else if let error = devices.error {
            Banner(.error, error).draw(into: &grid, in: messageArea)
        } else if let empty = devices.emptyText {
            Banner(.info, empty).draw(into: &grid, in: messageArea)
        } else if let notice = devices.notice {
            Banner(.success, notice).draw(into: &grid, in: messageArea)
        }
    }
}

extension DevicesState: DrawnModal {
    func draw(with view: AppView, _ state: AppState, into grid: inout CellGrid, in body: Rect) -> Position? {
        view.drawDevices(self, timeZone: state.dashboard.timeZone, into: &grid, in: body)
        return nil
    }
}
