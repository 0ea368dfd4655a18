import TerminalKeys

/// What a left click at a cell means: the part of the frame under it, and the keys that act on it.
///
/// The renderer records where focusable things were drawn; a click becomes the keys a keyboard
/// user would press (Tabs to the clicked form item, then Enter for a button or link; ↑/↓ to a list
/// row), so the application needs no mouse handling of its own.
public struct MouseMap: Hashable, Sendable {
    /// A clickable part of a frame.
    public enum Target: Hashable, Sendable {
        /// The `index`th focusable item of the form showing (fields, buttons and links in Tab order).
        case formItem(index: Int, isField: Bool)
        /// A row of the list showing; a click moves the selection there with ↑/↓.
        case listRow(Int)
        /// A key hint on the bottom line ("p profile"): the click presses its key.
        case key(Key)
        /// A clickable hint that stands for several keys (a dashboard row's "y copy"): the click presses them in order.
        case keys([Key])
    }

    /// Where a target was drawn.
    public struct Region: Hashable, Sendable {
        /// The cells the target was drawn on.
        public var rect: Rect
        /// What a click on those cells acts on.
        public var target: Target

        /// A region of `rect` that acts as `target`.
        public init(rect: Rect, target: Target) {
            self.rect = rect
            self.target = target
        }
    }

    /// The regions, in drawing order (a later one is on top).
    public var regions: [Region] = []
    /// The index of the focused form item, when a form shows.
    public var focusedFormItem: Int?
    /// How many focusable items the form has (Tab wraps after the last).
    public var formItemCount = 0
    /// The selected list row, when a list shows.
    public var listSelection: Int?

    /// Creates an empty map.
    public init() {}

    /// The target under `position`, topmost first, or nil.
    public func target(at position: Position) -> Target? {
        regions.last { $0.rect.contains(position) }?.target
    }

    /// The keys that act on `target`: Tabs to a form item (then Enter for a button or link), or ↑/↓ to a row.
    public func keys(for target: Target) -> [Key] {
        switch target {
        case .formItem(let index, let isField):
            guard let focused = focusedFormItem, formItemCount > 0 else { return [] }
            let tabs = ((index - focused) % formItemCount + formItemCount) % formItemCount
            return Array(repeating: Key.tab, count: tabs) + (isField ? [] : [.enter])
        case .listRow(let row):
            guard let selected = listSelection else { return [] }
            return Array(repeating: row > selected ? Key.down : .up, count: abs(row - selected))
        case .key(let key):
            return [key]
        case .keys(let keys):
            return keys
        }
    }
}
