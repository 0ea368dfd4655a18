import AuthScreens
import LatchkeyText
import TerminalKit

extension AppView {
    /// Draws the hosted UI's sign-out URL that the run before could not open (ux-3, item 9) at the foot of the
    /// dashboard: its sentence, then the URL whole on full-width rows of its own (no box border inside it, so a
    /// terminal selection takes it as it is; Ctrl-Y copies it too). Returns the rows left above for the dashboard.
    ///
    /// Drawn only when it leaves the dashboard at least ``dashboardRowsKept`` rows; the event log still has it.
    func drawPendingSignOutURL(_ url: String, into grid: inout CellGrid, in body: Rect) -> Rect {
        let sentence = TextWidth.wrap(ScreenText.hostedUILogoutOpenBelow, toWidth: max(1, grid.width - 2))
        let urlRows = FormLayout.unboxedRows(url, width: grid.width)
        let height = sentence.count + urlRows.count
        guard body.height - height >= Self.dashboardRowsKept else { return body }
        let top = body.bottom - height
        for (index, line) in sentence.enumerated() {
            grid.fill(Rect(row: top + index, column: 0, width: grid.width, height: 1))
            grid.write(line, row: top + index, column: 1, style: CellStyle(.info), maxWidth: grid.width - 2)
        }
        for (index, line) in urlRows.enumerated() {
            let row = top + sentence.count + index
            grid.fill(Rect(row: row, column: 0, width: grid.width, height: 1))
            grid.write(line, row: row, column: 0, style: CellStyle(.accent), maxWidth: grid.width)
        }
        return Rect(row: body.row, column: body.column, width: body.width, height: body.height - height)
    }

    /// The rows the dashboard keeps under the sign-out URL: its panel's first rows and a short event log.
    static let dashboardRowsKept = 12
}
