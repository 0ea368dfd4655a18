import AuthScreens
import TerminalKit

/// A vertical stack of form parts (text, fields, checklists, banners, buttons) measured and
/// drawn in a given width; the screens of ``AppView`` are built from it.
///
/// Fields put their label in a left column as wide as the widest label, the focused field is
/// marked with "›" in the left padding as well as by the focus style, and errors sit under
/// their field with a glyph, so nothing depends on colour.
struct FormLayout {
    /// A button or a link in a row of actions.
    struct Action {
        /// The words on the button or link, without brackets.
        var title: String
        /// Whether it is drawn as a button ("[ Sign in ]") rather than a link.
        var isButton: Bool
        /// Whether it has focus.
        var isFocused: Bool
        /// Whether it can be pressed.
        var isEnabled: Bool

        /// The text as drawn: the title, in brackets for a button.
        var text: String { isButton ? "[ \(title) ]" : title }
        /// The columns the text takes.
        var width: Int { TextWidth.width(of: text) }
    }

    /// One part of the form.
    enum Item {
        /// Text word-wrapped to the form's width.
        case text(String, CellStyle)
        /// A banner with a glyph (server errors, notices).
        case banner(Banner)
        /// A labelled text field, the error under it, and an optional hint under it.
        case field(label: String, field: FieldState, isFocused: Bool, placeholder: String, hint: String?)
        /// The password policy as a checklist in two columns.
        case checklist([PasswordCheck])
        /// A label and a wrapped value ("Secret   JBSW Y3DP …").
        case value(label: String, value: String, style: CellStyle)
        /// A row (or rows) of buttons and links.
        case actions([Action])
        /// A list of choices, one a row.
        case choices([Action])
        /// A QR code, centred.
        case qrCode(QRCodeView)
        /// Text drawn across the whole screen width, through the box's borders, cut into rows of
        /// that width and never word-wrapped (an `otpauth://` URI that must copy as one line).
        case unboxed(String, CellStyle)
        /// An empty row that separates two parts.
        case spacer
    }

    /// The glyph of a met policy rule.
    static let metGlyph = "✔"
    /// The glyph of an unmet policy rule or of a field error.
    static let unmetGlyph = "✖"
    /// The marker left of the focused field or choice.
    static let focusMarker: Character = "›"

    /// The parts, top to bottom.
    var items: [Item] = []
    /// The screen width that ``Item/unboxed(_:_:)`` parts use (0: the form's own width).
    var screenWidth = 0

    /// Adds a part below the others.
    mutating func add(_ item: Item) { items.append(item) }

    /// Adds a blank row unless the form is empty or already ends with one.
    mutating func addSpacer() {
        guard let last = items.last else { return }
        if case .spacer = last { return }
        items.append(.spacer)
    }

    /// The width of the label column: the widest field or value label plus two spaces.
    var labelWidth: Int {
        let widths = items.compactMap { item -> Int? in
            switch item {
            case .field(let label, _, _, _, _), .value(let label, _, _): return TextWidth.width(of: label)
            default: return nil
            }
        }
        return (widths.max() ?? 0) + 2
    }

    /// The rows each part takes in `width` columns.
    func heights(width: Int) -> [Int] {
        let valueWidth = max(1, width - labelWidth)
        return items.map { item in
            switch item {
            case .text(let text, _): return TextWidth.wrap(text, toWidth: width).count
            case .banner(let banner): return banner.height(width: width)
            case .field(_, let field, let isFocused, _, let hint):
                var rows = 1
                if let error = field.error { rows += TextWidth.wrap(error, toWidth: max(1, valueWidth - 2)).count }
                if isFocused, hint != nil { rows += 1 }
                return rows
            case .checklist(let checks): return (checks.count + 1) / 2
            case .value(_, let value, _): return TextWidth.wrap(value, toWidth: valueWidth).count
            case .actions(let actions): return Self.actionRows(actions, width: width).count
            case .choices(let choices): return choices.count
            case .qrCode(let view): return view.size.rows
            case .unboxed(let text, _):
                return Self.unboxedRows(text, width: screenWidth > 0 ? screenWidth : width).count
            case .spacer: return 1
            }
        }
    }

    /// The rows the whole form takes in `width` columns.
    func height(width: Int) -> Int { heights(width: width).reduce(0, +) }

    /// The rows that messages add to the form now: each banner with the blank row beside it, and the
    /// errors under fields. A form grows by these as the user types and submits.
    func messageRows(width: Int) -> Int {
        let valueWidth = max(1, width - labelWidth)
        return items.reduce(0) { rows, item in
            switch item {
            case .banner(let banner): return rows + banner.height(width: width) + 1
            case .field(_, let field, _, _, _):
                guard let error = field.error else { return rows }
                return rows + TextWidth.wrap(error, toWidth: max(1, valueWidth - 2)).count
            default: return rows
            }
        }
    }

    /// `text` cut into rows of `width` columns (at grapheme boundaries, never at spaces).
    static func unboxedRows(_ text: String, width: Int) -> [String] {
        guard width > 0 else { return [text] }
        var rows: [String] = []
        var current = ""
        var used = 0
        for character in text {
            let columns = TextWidth.width(of: TextWidth.displayable(character))
            if used + columns > width, !current.isEmpty {
                rows.append(current)
                current = ""
                used = 0
            }
            current.append(character)
            used += columns
        }
        if !current.isEmpty || rows.isEmpty { rows.append(current) }
        return rows
    }

    /// The widest a QR code item is, for choosing a box width.
    var qrWidth: Int {
        items.compactMap { item -> Int? in
            if case .qrCode(let view) = item { return view.size.columns }
            return nil
        }.max() ?? 0
    }

    /// Splits actions into rows that fit `width`, two spaces apart.
    static func actionRows(_ actions: [Action], width: Int) -> [[Action]] {
        var rows: [[Action]] = []
        var current: [Action] = []
        var used = 0
        for action in actions {
            let needed = (current.isEmpty ? 0 : 2) + action.width
            if !current.isEmpty && used + needed > width {
                rows.append(current)
                current = []
                used = 0
            }
            used += (current.isEmpty ? 0 : 2) + action.width
            current.append(action)
        }
        if !current.isEmpty { rows.append(current) }
        return rows
    }

    /// Whether the item holds the focus (a focused field, button, link or choice).
    static func hasFocus(_ item: Item) -> Bool {
        switch item {
        case .field(_, _, let isFocused, _, _): return isFocused
        case .actions(let actions), .choices(let actions): return actions.contains { $0.isFocused }
        default: return false
        }
    }

    /// The first item to draw so that the focused item fits in `rows` (0 when the whole form fits),
    /// so a long form (a pool that requires many attributes) scrolls with the focus instead of
    /// hiding a field that still takes input.
    static func firstVisibleItem(items: [Item], heights: [Int], rows: Int) -> Int {
        guard heights.reduce(0, +) > rows, let focused = items.firstIndex(where: hasFocus) else { return 0 }
        var first = focused
        var used = heights[focused]
        while first > 0 && used + heights[first - 1] <= rows {
            first -= 1
            used += heights[first]
        }
        return first
    }

    /// Draws the form from the top of `rect` (parts that do not fit are left out, scrolled so the
    /// focused item shows) and returns where the cursor goes: in the focused text field, or nil.
    ///
    /// The focus marker goes two columns left of `rect`, in the box's padding.
    func draw(into grid: inout CellGrid, in rect: Rect) -> Position? {
        guard !rect.isEmpty else { return nil }
        let heights = heights(width: rect.width)
        let labelWidth = self.labelWidth
        let valueColumn = rect.column + labelWidth
        let valueWidth = max(1, rect.width - labelWidth)
        var cursor: Position?
        var row = rect.row
        let first = Self.firstVisibleItem(items: items, heights: heights, rows: rect.height)
        for (item, height) in zip(items, heights).dropFirst(first) {
            guard row + height <= rect.bottom else { break }
            switch item {
            case .text(let text, let style):
                Label(text, style: style, wraps: true).draw(
                    into: &grid, in: Rect(row: row, column: rect.column, width: rect.width, height: height))
            case .banner(let banner):
                banner.draw(into: &grid, in: Rect(row: row, column: rect.column, width: rect.width, height: height))
            case .field(let label, let field, let isFocused, let placeholder, let hint):
                let fieldCursor = drawField(
                    label: label, field: field, isFocused: isFocused, placeholder: placeholder, hint: hint,
                    into: &grid, row: row, in: rect)
                if isFocused { cursor = fieldCursor }
            case .checklist(let checks):
                Self.drawChecklist(checks, into: &grid, row: row, in: rect)
            case .value(let label, let value, let style):
                grid.write(label, row: row, column: rect.column, style: CellStyle(.dim), maxWidth: labelWidth - 1)
                Label(value, style: style, wraps: true).draw(
                    into: &grid, in: Rect(row: row, column: valueColumn, width: valueWidth, height: height))
            case .actions(let actions):
                Self.drawActions(actions, into: &grid, row: row, in: rect)
            case .choices(let choices):
                Self.drawChoices(choices, into: &grid, row: row, in: rect)
            case .qrCode(let view):
                view.draw(into: &grid, in: Rect(row: row, column: rect.column, width: rect.width, height: height))
            case .unboxed(let text, let style):
                drawUnboxed(text, style: style, into: &grid, row: row, in: rect)
            case .spacer:
                break
            }
            row += height
        }
        return cursor
    }

    /// Draws a labelled text field at `row` of the form's `rect`, its error lines under it and, when
    /// it has focus, its hint under those; returns where the cursor goes in the field.
    private func drawField(
        label: String, field: FieldState, isFocused: Bool, placeholder: String, hint: String?,
        into grid: inout CellGrid, row: Int, in rect: Rect
    ) -> Position? {
        let labelWidth = self.labelWidth
        let valueColumn = rect.column + labelWidth
        let valueWidth = max(1, rect.width - labelWidth)
        if isFocused {
            grid.put(Self.focusMarker, row: row, column: rect.column - 2, style: CellStyle(.accent, .bold))
        }
        grid.write(
            label, row: row, column: rect.column,
            style: isFocused ? CellStyle(.title, .bold) : CellStyle(.normal), maxWidth: labelWidth - 1)
        let view = TextFieldView(
            text: field.text, cursor: field.cursor, placeholder: placeholder,
            isMasked: field.isMasked, isFocused: isFocused, maskCharacter: ScreenText.maskCharacter)
        let fieldRect = Rect(row: row, column: valueColumn, width: valueWidth, height: 1)
        view.draw(into: &grid, in: fieldRect)
        var next = row + 1
        if let error = field.error {
            let lines = TextWidth.wrap(error, toWidth: max(1, valueWidth - 2))
            for (index, line) in lines.enumerated() {
                let prefix = index == 0 ? Self.unmetGlyph + " " : "  "
                grid.write(
                    prefix + line, row: next, column: valueColumn, style: CellStyle(.error),
                    maxWidth: valueWidth)
                next += 1
            }
        }
        if isFocused, let hint {
            grid.write(hint, row: next, column: valueColumn, style: CellStyle(.hint), maxWidth: valueWidth)
        }
        return view.cursorPosition(in: fieldRect)
    }

    /// Draws the password policy from `row` of the form's `rect` in two columns, met rules ticked
    /// (the forms' checklist, and Profile's change-password form).
    static func drawChecklist(_ checks: [PasswordCheck], into grid: inout CellGrid, row: Int, in rect: Rect) {
        let columnWidth = rect.width / 2
        for (index, check) in checks.enumerated() {
            let line = "\(check.isMet ? Self.metGlyph : Self.unmetGlyph) \(check.text)"
            let style = check.isMet ? CellStyle(.success) : CellStyle(.dim)
            // The last rule of an odd count has the whole row.
            let room = index == checks.count - 1 && index % 2 == 0 ? rect.width : columnWidth - 1
            grid.write(
                TextWidth.truncate(line, toWidth: room), row: row + index / 2,
                column: rect.column + (index % 2) * columnWidth, style: style)
        }
    }

    /// Draws buttons and links from `row` of the form's `rect`, as many a row as fit.
    private static func drawActions(_ actions: [Action], into grid: inout CellGrid, row: Int, in rect: Rect) {
        for (index, line) in Self.actionRows(actions, width: rect.width).enumerated() {
            var column = rect.column
            for action in line {
                Self.draw(action, into: &grid, row: row + index, column: column, width: rect.right - column)
                column += action.width + 2
            }
        }
    }

    /// Draws choices one a row from `row` of the form's `rect`, the focus marker by the focused one.
    private static func drawChoices(_ choices: [Action], into grid: inout CellGrid, row: Int, in rect: Rect) {
        for (index, choice) in choices.enumerated() {
            if choice.isFocused {
                grid.put(
                    Self.focusMarker, row: row + index, column: rect.column - 2,
                    style: CellStyle(.accent, .bold))
            }
            Self.draw(choice, into: &grid, row: row + index, column: rect.column, width: rect.width)
        }
    }

    /// Draws unboxed text from `row` across the screen width (or the form's `rect` width when
    /// ``screenWidth`` is 0), clearing each row it takes first.
    private func drawUnboxed(_ text: String, style: CellStyle, into grid: inout CellGrid, row: Int, in rect: Rect) {
        let width = screenWidth > 0 ? min(screenWidth, grid.width) : rect.width
        let column = screenWidth > 0 ? 0 : rect.column
        for (index, line) in Self.unboxedRows(text, width: width).enumerated() {
            grid.fill(Rect(row: row + index, column: 0, width: grid.width, height: 1))
            grid.write(line, row: row + index, column: column, style: style, maxWidth: width)
        }
    }

    /// Draws a button (through ``Button``) or a link (underlined; the focus style when focused).
    static func draw(_ action: Action, into grid: inout CellGrid, row: Int, column: Int, width: Int) {
        guard width > 0 else { return }
        if action.isButton {
            Button(action.title, isFocused: action.isFocused, isEnabled: action.isEnabled).draw(
                into: &grid, in: Rect(row: row, column: column, width: width, height: 1))
            return
        }
        let style: CellStyle
        if !action.isEnabled {
            style = CellStyle(.dim)
        } else if action.isFocused {
            style = CellStyle(.focus, [.bold])
        } else {
            style = CellStyle(.accent, [.underline])
        }
        grid.write(TextWidth.truncate(action.text, toWidth: width), row: row, column: column, style: style)
    }
}
