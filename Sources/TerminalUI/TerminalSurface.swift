/// A screen that shows cell grids and delivers keys: the real terminal (``CursesTerminal``)
/// or an in-memory one for tests (``FrameRecorder``).
@MainActor
public protocol TerminalSurface: AnyObject {
    /// The current size in cells.
    var size: TerminalSize { get }

    /// Shows a frame, then puts the cursor at `cursor` (hidden when nil).
    func present(_ grid: CellGrid, cursor: Position?)

    /// Waits up to `timeout` for a key and returns it, or nil when none came. It blocks the
    /// caller; ``nextKey(timeout:)`` is the form that lets other work run while waiting.
    func readKey(timeout: Duration) -> Key?

    /// Waits up to `timeout` for a key, letting other tasks on the main actor run between
    /// short polls, and returns it, or nil on timeout or cancellation.
    func nextKey(timeout: Duration) async -> Key?

    /// Gives the terminal back in the state it was found. Calling it twice is harmless.
    func restore()

    /// Puts `text` on the terminal's clipboard without drawing it; false when there is none.
    func copyToClipboard(_ text: String) -> Bool
}

extension TerminalSurface {
    /// Puts `text` on the terminal's clipboard (OSC 52) without drawing it; false when this
    /// surface has no clipboard (the default).
    public func copyToClipboard(_ text: String) -> Bool { false }

    /// Shows a frame with the cursor hidden.
    public func present(_ grid: CellGrid) {
        present(grid, cursor: nil)
    }
}
