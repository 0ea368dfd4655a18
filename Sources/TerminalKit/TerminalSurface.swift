import TerminalKeys

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

    /// A key already read but not returned yet, without waiting (nil when there is none): the
    /// rest of a batch of input, so that a burst is handled before one redraw.
    func bufferedKey() -> Key?

    /// Ends a ``nextKey(timeout:)`` wait early (for example when an application event changed the
    /// state). Harmless when nothing waits.
    func wake()

    /// Drops the input typed so far and not yet returned (curses' `flushinp()`, `TCSAFLUSH`): called when
    /// a prompt opens unasked, so that keys meant for the screen before it never reach its fields.
    func discardTypeahead()

    /// Suspends the process (Ctrl-Z): gives the terminal back, stops, and on resume takes it
    /// again and delivers ``Key/resize`` so the next frame is a full redraw.
    func suspend()

    /// Gives the terminal back in the state it was found. Calling it twice is harmless.
    func restore()

    /// Puts `text` on the terminal's clipboard without drawing it, and says where it went.
    func copyToClipboard(_ text: String) -> ClipboardDelivery
}

extension TerminalSurface {
    /// Puts `text` on the terminal's clipboard (OSC 52) without drawing it;
    /// ``ClipboardDelivery/unavailable`` when this surface has no clipboard (the default).
    public func copyToClipboard(_ text: String) -> ClipboardDelivery { .unavailable }

    /// No buffering: every key comes from ``nextKey(timeout:)``.
    public func bufferedKey() -> Key? { nil }

    /// Does nothing: a surface whose waits end by themselves has nothing to wake.
    public func wake() {}

    /// Nothing is buffered: nothing to drop.
    public func discardTypeahead() {}

    /// Suspending is not supported: nothing happens.
    public func suspend() {}

    /// Shows a frame with the cursor hidden.
    public func present(_ grid: CellGrid) {
        present(grid, cursor: nil)
    }
}
