import AuthScreens
import TerminalKit

/// Where a form's clickable items are, for the mouse.
extension FormLayout {
    /// Where ``draw(into:in:)`` puts each focusable item in `rect` (fields, buttons and links, in
    /// order, which is the Tab order), and which one has focus.
    func mouseMap(in rect: Rect) -> MouseMap {
        var map = MouseMap()
        guard !rect.isEmpty else { return map }
        let heights = heights(width: rect.width)
        let valueColumn = rect.column + labelWidth
        let valueWidth = max(1, rect.width - labelWidth)
        let first = Self.firstVisibleItem(items: items, heights: heights, rows: rect.height)
        var index = 0
        var row = rect.row
        for (position, (item, height)) in zip(items, heights).enumerated() {
            let visible = position >= first && row + height <= rect.bottom
            switch item {
            case .field(_, _, let isFocused, _, _):
                if visible {
                    map.regions.append(
                        MouseMap.Region(
                            rect: Rect(
                                row: row, column: rect.column, width: valueColumn - rect.column + valueWidth, height: 1),
                            target: .formItem(index: index, isField: true)))
                }
                if isFocused { map.focusedFormItem = index }
                index += 1
            case .actions(let actions):
                for (line, actionsInLine) in Self.actionRows(actions, width: rect.width).enumerated() {
                    var column = rect.column
                    for action in actionsInLine {
                        if visible {
                            map.regions.append(
                                MouseMap.Region(
                                    rect: Rect(row: row + line, column: column, width: action.width, height: 1),
                                    target: .formItem(index: index, isField: false)))
                        }
                        if action.isFocused { map.focusedFormItem = index }
                        column += action.width + 2
                        index += 1
                    }
                }
            case .choices(let choices):
                for (line, choice) in choices.enumerated() {
                    if visible {
                        map.regions.append(
                            MouseMap.Region(
                                rect: Rect(row: row + line, column: rect.column, width: rect.width, height: 1),
                                target: .formItem(index: index, isField: false)))
                    }
                    if choice.isFocused { map.focusedFormItem = index }
                    index += 1
                }
            default:
                break
            }
            if position >= first { row += height }
        }
        map.formItemCount = index
        return map
    }
}
