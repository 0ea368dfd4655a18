import AuthScreens
import CognitoAuth
import Foundation
import TerminalKit

extension AppView {
    /// Draws the Profile view over the dashboard: one line per attribute (label, value, whether it is
    /// verified), the selected line highlighted, the open form (edit, code, password, delete) under
    /// the list, then a message line. Returns the cursor (in the form's focused field).
    func drawProfile(_ profile: ProfileState, into grid: inout CellGrid, in body: Rect) -> Position? {
        grid.fill(body)
        grid.mouseMap = MouseMap()
        if profile.mode == .browsing { grid.mouseMap.listSelection = profile.selection }
        Box(title: ScreenText.profileTitle, clearsInterior: true).draw(into: &grid, in: body)
        let inner = body.inset(top: 1, left: 2, bottom: 1, right: 2)
        guard !inner.isEmpty else { return nil }
        let labelWidth = 16
        let statusWidth = 16
        let labelColumn = inner.column + 2
        let valueColumn = labelColumn + labelWidth + 1
        let statusColumn = max(valueColumn, inner.right - statusWidth)
        let valueWidth = max(0, statusColumn - valueColumn - 1)
        let messageRows = 2
        let formRows: Int
        switch profile.mode {
        case .browsing: formRows = 0
        case .editing, .verifying: formRows = 2
        case .changingPassword: formRows = 3
        case .confirmingDelete: formRows = 5
        }
        var row = inner.row
        func cell(_ text: String, _ column: Int, _ width: Int, _ style: CellStyle) {
            guard column < inner.right, width > 0 else { return }
            grid.write(
                TextWidth.truncate(text, toWidth: width), row: row, column: column, style: style,
                maxWidth: min(width, inner.right - column))
        }
        // The form sits one line under the list, the message under the form: nothing moves as the list grows.
        let listRows = max(0, inner.bottom - row - messageRows - formRows - (formRows > 0 ? 1 : 0))
        let rows = profile.rows
        let first = max(0, min(profile.selection - listRows + 1, rows.count - listRows))
        for (index, line) in rows.enumerated().dropFirst(first).prefix(listRows) {
            let selected = index == profile.selection && profile.mode == .browsing
            if profile.mode == .browsing {
                grid.mouseMap.regions.append(
                    MouseMap.Region(
                        rect: Rect(row: row, column: inner.column, width: inner.width, height: 1),
                        target: .listRow(index)))
            }
            let style = selected ? CellStyle(.selection) : CellStyle(.normal)
            if selected { grid.fill(Rect(row: row, column: inner.column, width: inner.width, height: 1), style: style) }
            cell(selected ? "▸" : " ", inner.column, 1, style)
            cell(line.label, labelColumn, labelWidth, style.adding(.bold))
            cell(
                line.value, valueColumn, valueWidth,
                line.value == ScreenText.profileNotSet ? CellStyle(.placeholder) : style)
            if !line.status.isEmpty {
                let statusStyle = selected ? style : CellStyle(line.needsVerification ? .warning : .success)
                cell(line.status, statusColumn, statusWidth, statusStyle)
            }
            row += 1
        }
        var cursor: Position?
        let formTop = formRows > 0 ? row + 1 : row
        func field(_ label: String, _ state: FieldState, at line: Int, focused: Bool) {
            let top = formTop + line
            grid.write(
                TextWidth.truncate(label, toWidth: labelWidth), row: top, column: labelColumn,
                style: CellStyle(.normal, focused ? .bold : []), maxWidth: labelWidth)
            let rect = Rect(row: top, column: valueColumn, width: max(1, inner.right - valueColumn), height: 1)
            let view = TextFieldView(
                text: state.text, cursor: state.cursor, isMasked: state.isMasked, isFocused: focused)
            view.draw(into: &grid, in: rect)
            if focused { cursor = view.cursorPosition(in: rect) }
        }
        switch profile.mode {
        case .browsing: break
        case .editing(let name, let value):
            field(ScreenText.profileNewValue(name), value, at: 0, focused: true)
        case .verifying(_, let code, _):
            field(ScreenText.profileCodeLabel, code, at: 0, focused: true)
        case .changingPassword(let current, let proposed, let focusOnProposed):
            field(ScreenText.profileCurrentPassword, current, at: 0, focused: !focusOnProposed)
            field(ScreenText.profileNewPassword, proposed, at: 1, focused: focusOnProposed)
        case .confirmingDelete(let typed):
            Banner(.warning, ScreenText.profileDeleteWarning(profile.username)).draw(
                into: &grid, in: Rect(row: formTop, column: inner.column, width: inner.width, height: 3))
            field(ScreenText.profileTypeUsername, typed, at: 3, focused: true)
        }
        let messageTop = formRows > 0 ? formTop + formRows : row + 1
        let messageArea = Rect(
            row: messageTop, column: inner.column, width: inner.width,
            height: max(0, min(messageRows, inner.bottom - messageTop)))
        if let error = profile.error {
            Banner(.error, error).draw(into: &grid, in: messageArea)
        } else if let notice = profile.notice {
            Banner(.success, notice).draw(into: &grid, in: messageArea)
        }
        return cursor
    }
}
