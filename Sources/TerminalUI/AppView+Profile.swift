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
        let columns = ProfileColumns(inner: inner)
        let messageRows = 2
        let form = profile.form
        let formRows = form.isEmpty ? 0 : form.reduce(1) { $0 + $1.rows }
        // The form sits one line under the list, the message under the form: nothing moves as the list grows.
        let listRows = max(0, inner.bottom - inner.row - messageRows - formRows - (formRows > 0 ? 1 : 0))
        let row = drawProfileRows(profile, into: &grid, columns: columns, listRows: listRows)
        let formTop = formRows > 0 ? row + 1 : row
        let cursor = drawProfileForm(profile, into: &grid, columns: columns, top: formTop)
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

    /// Draws up to `listRows` attribute lines from the top of the Profile box, scrolled so the
    /// selected one shows, and returns the row under the last one drawn.
    private func drawProfileRows(
        _ profile: ProfileState, into grid: inout CellGrid, columns: ProfileColumns, listRows: Int
    ) -> Int {
        let inner = columns.inner
        let labelWidth = columns.labelWidth
        let statusWidth = columns.statusWidth
        let labelColumn = columns.labelColumn
        let valueColumn = columns.valueColumn
        let statusColumn = columns.statusColumn
        let valueWidth = columns.valueWidth
        var row = inner.row
        func cell(_ text: String, _ column: Int, _ width: Int, _ style: CellStyle) {
            guard column < inner.right, width > 0 else { return }
            grid.write(
                TextWidth.truncate(text, toWidth: width), row: row, column: column, style: style,
                maxWidth: min(width, inner.right - column))
        }
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
        return row
    }

    /// Draws the Profile view's open form (its fields and warnings, as the view model lists them) from
    /// row `formTop` and returns the cursor in its focused field, or nil when no form is open.
    private func drawProfileForm(
        _ profile: ProfileState, into grid: inout CellGrid, columns: ProfileColumns, top formTop: Int
    ) -> Position? {
        let inner = columns.inner
        let labelWidth = columns.labelWidth
        let labelColumn = columns.labelColumn
        let valueColumn = columns.valueColumn
        var cursor: Position?
        var top = formTop
        for part in profile.form {
            switch part {
            case .field(let label, let state, let focused):
                grid.write(
                    TextWidth.truncate(label, toWidth: labelWidth), row: top, column: labelColumn,
                    style: CellStyle(.normal, focused ? .bold : []), maxWidth: labelWidth)
                let rect = Rect(row: top, column: valueColumn, width: max(1, inner.right - valueColumn), height: 1)
                let view = TextFieldView(
                    text: state.text, cursor: state.cursor, isMasked: state.isMasked, isFocused: focused)
                view.draw(into: &grid, in: rect)
                if focused { cursor = view.cursorPosition(in: rect) }
            case .warning(let text, let rows):
                Banner(.warning, text).draw(
                    into: &grid, in: Rect(row: top, column: inner.column, width: inner.width, height: rows))
            case .checklist(let heading, let checks):
                grid.write(
                    heading, row: top, column: labelColumn, style: CellStyle(.dim), maxWidth: inner.right - labelColumn)
                FormLayout.drawChecklist(
                    checks, into: &grid, row: top + 1,
                    in: Rect(row: top + 1, column: labelColumn, width: inner.right - labelColumn, height: part.rows - 1)
                )
            }
            top += part.rows
        }
        return cursor
    }
}

/// Where the Profile view's columns sit inside its box: label, value, and verified status.
private struct ProfileColumns {
    /// The box's interior, inside its border and padding.
    let inner: Rect
    /// The columns an attribute's label takes.
    let labelWidth = 16
    /// The columns a verified status takes, at the right edge.
    let statusWidth = 16

    var labelColumn: Int { inner.column + 2 }
    var valueColumn: Int { labelColumn + labelWidth + 1 }
    var statusColumn: Int { max(valueColumn, inner.right - statusWidth) }
    var valueWidth: Int { max(0, statusColumn - valueColumn - 1) }
}

extension ProfileState: DrawnModal {
    func draw(with view: AppView, _ state: AppState, into grid: inout CellGrid, in body: Rect) -> Position? {
        view.drawProfile(self, into: &grid, in: body)
    }
}
