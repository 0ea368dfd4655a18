import AuthScreens
import CognitoAuth
import Foundation

/// Runs the auth UI on a ``TerminalSurface``: draws ``AppView`` on every change of an
/// ``AuthScreensRuntime``, reads keys and sends them to it, and keeps the dashboard ticking.
///
/// The loop reads a key with a short timeout (``keyTimeout``, 40 ms by default), so a key, a
/// resize, the 1-second tick and the spinner are all served within one poll. Ctrl-C quits from
/// anywhere; a resize re-checks the minimum size and redraws at once. The loop ends when the
/// runtime reports an exit, then stops the runtime and restores the surface.
@MainActor
public final class AuthTerminalApp {
    /// How the UI ended.
    public typealias Exit = AuthScreensRuntime.Exit

    /// Timings for benchmarks: how soon the first frame showed and what frames cost.
    public struct RenderStats: Hashable, Sendable {
        /// From the start of ``run()`` to the first frame presented.
        public var timeToFirstFrame: Duration?
        /// Frames presented.
        public var frameCount: Int = 0
        /// Time spent rendering and presenting, all frames together.
        public var totalFrameTime: Duration = .zero
        /// The slowest frame.
        public var maximumFrameTime: Duration = .zero
        /// The last frame.
        public var lastFrameTime: Duration = .zero

        /// Creates empty statistics.
        public init() {}

        /// The mean time per frame (zero before the first).
        public var averageFrameTime: Duration {
            frameCount == 0 ? .zero : totalFrameTime / frameCount
        }

        mutating func record(_ duration: Duration) {
            frameCount += 1
            totalFrameTime += duration
            lastFrameTime = duration
            maximumFrameTime = max(maximumFrameTime, duration)
        }
    }

    /// The view models' runtime.
    public let runtime: AuthScreensRuntime
    /// Where frames go and keys come from.
    public let surface: any TerminalSurface
    /// The renderer.
    public var view: AppView
    /// How long one key read waits.
    public let keyTimeout: Duration
    /// How often the dashboard ticks.
    public let tickInterval: Duration
    /// How often the spinner advances while a request runs.
    public let spinnerInterval: Duration
    /// Frame timings.
    public private(set) var stats = RenderStats()
    /// How the UI ended, once it has.
    public private(set) var exit: Exit?

    /// Where the last frame drew clickable things.
    private var mouseMap = MouseMap()
    private let clock = ContinuousClock()
    private var startedAt: ContinuousClock.Instant?
    private var spinnerTick = 0

    /// Creates an app around a runtime; ``run()`` starts it.
    public init(
        runtime: AuthScreensRuntime, surface: any TerminalSurface, view: AppView = AppView(),
        keyTimeout: Duration = .milliseconds(40), tickInterval: Duration = .seconds(1),
        spinnerInterval: Duration = .milliseconds(100)
    ) {
        self.runtime = runtime
        self.surface = surface
        self.view = view
        self.keyTimeout = keyTimeout
        self.tickInterval = tickInterval
        self.spinnerInterval = spinnerInterval
    }

    /// Runs the UI until the user quits or cancels, then stops the runtime and restores the
    /// surface.
    public func run() async -> Exit {
        let start = clock.now
        startedAt = start
        runtime.onChange = { [weak self] _ in self?.render() }
        runtime.onExit = { [weak self] reason in self?.exit = reason }
        runtime.onCopy = { [weak self] text in self?.surface.copyToClipboard(text) ?? false }
        checkSize()
        render()
        runtime.start()
        var lastTick = clock.now
        var lastSpinner = clock.now
        while exit == nil, !Task.isCancelled {
            let readStart = clock.now
            if let key = await surface.nextKey(timeout: keyTimeout) {
                handle(key)
            } else {
                // Surfaces that do not wait (a FrameRecorder with nothing queued) still poll at
                // the key timeout, not in a busy loop.
                let waited = clock.now - readStart
                if waited < keyTimeout { try? await Task.sleep(for: keyTimeout - waited) }
            }
            guard exit == nil else { break }
            let now = clock.now
            if now - lastTick >= tickInterval {
                lastTick = now
                runtime.tick()
            }
            if runtime.state.isInFlight, now - lastSpinner >= spinnerInterval {
                lastSpinner = now
                spinnerTick &+= 1
                render()
            }
        }
        runtime.stop()
        runtime.onChange = nil
        runtime.onExit = nil
        runtime.onCopy = nil
        surface.restore()
        return exit ?? .quit
    }

    /// Handles one key: resize and Ctrl-C here, everything else through the runtime.
    public func handle(_ key: Key) {
        switch key {
        case .resize:
            checkSize()
            render()
        case .mouse(let row, let column):
            guard let target = mouseMap.target(at: Position(row: row, column: column)) else { return }
            for input in mouseMap.keys(for: target) { runtime.send(.keyPressed(input)) }
        case .ctrl(let letter) where letter.lowercased() == "c":
            runtime.send(.keyPressed(.ctrl("c")))
            if exit == nil { exit = .quit }
        default:
            guard let input = InputKey(key) else { return }
            runtime.send(.keyPressed(input))
        }
    }

    /// Draws the current state now.
    public func render() {
        let frameStart = clock.now
        let size = surface.size
        let frame = view.render(runtime.state, size: size, spinnerTick: spinnerTick)
        mouseMap = frame.grid.mouseMap
        surface.present(frame.grid, cursor: frame.cursor)
        let end = clock.now
        stats.record(end - frameStart)
        if stats.timeToFirstFrame == nil, let startedAt { stats.timeToFirstFrame = end - startedAt }
    }

    private func checkSize() {
        runtime.setTerminalTooSmall(view.isTooSmall(surface.size))
    }

    // MARK: Entry points

    /// Runs the UI for `service` on `surface` (a ``FrameRecorder`` in tests) and returns how
    /// it ended.
    public static func run(
        service: any AuthService, options: AuthUIOptions, surface: any TerminalSurface, backend: String? = nil,
        timeZone: TimeZone = .current
    ) async -> Exit {
        let runtime = AuthScreensRuntime(service: service, options: options, timeZone: timeZone)
        let app = AuthTerminalApp(runtime: runtime, surface: surface, view: AppView(backend: backend))
        return await app.run()
    }

    /// Runs the UI full screen on the process's terminal (ncurses), restoring it on every path.
    ///
    /// - Parameters:
    ///   - theme: The theme; nil picks one from `NO_COLOR` and `TERM`.
    ///   - mouse: Whether left clicks focus fields, press buttons and select rows (no motion tracking).
    /// - Throws: ``TerminalError/notATerminal`` when standard input or output is not a TTY, and
    ///   the other ``TerminalError``s when curses cannot start.
    public static func runInTerminal(
        service: any AuthService, options: AuthUIOptions, theme: Theme? = nil, backend: String? = nil,
        mouse: Bool = true
    ) async throws(TerminalError) -> Exit {
        let terminal = try CursesTerminal(theme: theme, options: CursesTerminal.Options(mouse: mouse))
        defer { terminal.restore() }
        return await run(service: service, options: options, surface: terminal, backend: backend)
    }
}
