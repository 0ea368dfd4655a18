import TerminalKeys

/// An in-memory ``TerminalSurface`` for tests: scripted keys in, recorded frames out.
@MainActor
public final class FrameRecorder: TerminalSurface {
    /// The size frames are drawn at; a queued resize changes it when it is read.
    public private(set) var size: TerminalSize
    /// Every frame presented, in order.
    public private(set) var grids: [CellGrid] = []
    /// The cursor position given with each frame.
    public private(set) var cursors: [Position?] = []
    /// How many cells each frame changed compared with the one before (all of them for the
    /// first frame and after a resize).
    public private(set) var changedCellCounts: [Int] = []
    /// How many times ``suspend()`` was called.
    public private(set) var suspendCount = 0
    /// How many times ``wake()`` was called.
    public private(set) var wakeCount = 0
    /// How many times ``discardTypeahead()`` was called.
    public private(set) var discardCount = 0
    /// Whether ``restore()`` was called.
    public private(set) var isRestored = false
    /// What is still to be read: keys, and resizes that take effect when they are read.
    private var script: [ScriptItem]

    private enum ScriptItem {
        case key(Key)
        case resize(TerminalSize)
    }

    /// Creates a recorder of the given size with keys to deliver.
    public init(size: TerminalSize = TerminalSize(columns: 80, rows: 24), keys: [Key] = []) {
        self.size = size
        self.script = keys.map { .key($0) }
    }

    /// The frames as text lines (trailing spaces trimmed).
    public var frames: [[String]] { grids.map { $0.textLines() } }

    /// The last frame as text lines, if any.
    public var lastFrame: [String]? { grids.last?.textLines() }

    /// The number of scripted keys and resizes not read yet.
    public var pendingCount: Int { script.count }

    /// Adds keys to deliver after those already queued.
    public func enqueue(_ keys: Key...) {
        script.append(contentsOf: keys.map { .key($0) })
    }

    /// Queues a resize: when it is read, ``size`` changes and ``Key/resize`` is delivered, as a terminal does.
    public func enqueueResize(to newSize: TerminalSize) {
        script.append(.resize(newSize))
    }

    /// Records the frame and cursor.
    public func present(_ grid: CellGrid, cursor: Position?) {
        let changed: Int
        if let previous = grids.last, previous.size == grid.size {
            changed = grid.diff(from: previous).reduce(0) { $0 + $1.cells.count }
        } else {
            changed = grid.width * grid.height
        }
        grids.append(grid)
        cursors.append(cursor)
        changedCellCounts.append(changed)
    }

    /// Returns the next scripted key at once, or nil when there is none (no waiting).
    public func readKey(timeout: Duration) -> Key? {
        guard !script.isEmpty else { return nil }
        switch script.removeFirst() {
        case .key(let key):
            return key
        case .resize(let newSize):
            size = newSize
            return .resize
        }
    }

    /// Returns the next scripted key, or nil when there is none.
    public func nextKey(timeout: Duration) async -> Key? {
        await Task.yield()
        return readKey(timeout: timeout)
    }

    /// Counts a suspend and delivers ``Key/resize`` next, as the terminal does on resume.
    public func suspend() {
        suspendCount += 1
        script.insert(.key(.resize), at: 0)
    }

    /// Counts a wake-up in ``wakeCount``; there is no wait to end, since reads never block.
    public func wake() {
        wakeCount += 1
    }

    /// Counts the call in ``discardCount``; the scripted keys stay (they stand for keys typed later).
    public func discardTypeahead() {
        discardCount += 1
    }

    /// Marks the recorder restored.
    public func restore() {
        isRestored = true
    }
}
