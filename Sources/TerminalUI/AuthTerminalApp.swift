import AuthScreens
import CognitoAuth
import Foundation
import TerminalKeys
import TerminalKit

/// Runs the auth UI on a ``TerminalSurface``: draws ``AppView`` on every change of an
/// `AuthScreensRuntime`, reads keys and sends them to it, and keeps the dashboard ticking.
///
/// The loop waits for input, a wake-up or its next deadline (the 1-second tick; the spinner
/// while a request runs) and draws once per batch of keys. The deadlines are on the runtime's
/// clock, so a test with a manual clock moves countdowns by advancing it, never by waiting. Ctrl-C quits from anywhere, Ctrl-Z
/// suspends; a resize re-checks the minimum size and redraws. The loop ends when the
/// runtime reports an exit, then stops the runtime and restores the surface.
@MainActor
public final class AuthTerminalApp {
    /// How the UI ended.
    public typealias Exit = AuthScreensRuntime.Exit

    /// Timings for benchmarks: how soon the first frame showed and what frames cost.
    package struct RenderStats: Hashable, Sendable {
        /// From the start of ``run()`` to the first frame presented.
        package var timeToFirstFrame: Duration?
        /// The number of frames presented so far.
        package var frameCount: Int = 0
        /// Time spent rendering and presenting, all frames together.
        package var totalFrameTime: Duration = .zero
        /// The slowest frame's render-and-present time.
        package var maximumFrameTime: Duration = .zero
        /// The most recent frame's render-and-present time.
        package var lastFrameTime: Duration = .zero

        /// Creates statistics with no frames recorded.
        package init() {}

        /// The mean time per frame (zero before the first).
        package var averageFrameTime: Duration {
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
    /// The renderer that turns the app state into frames.
    public var view: AppView
    /// How long one key read waits.
    public let keyTimeout: Duration
    /// How often the dashboard ticks.
    public let tickInterval: Duration
    /// How often the spinner advances while a request runs.
    public let spinnerInterval: Duration
    /// Frame timings since the start, for benchmarks.
    package private(set) var stats = RenderStats()
    /// How the UI ended, once it has.
    public private(set) var exit: Exit?

    /// Where the last frame drew clickable things.
    private var mouseMap = MouseMap()
    /// The state's ``AppState/unaskedOpenings`` when the frame on screen was drawn: a key is sent with it,
    /// so one typed before a modal that opened unasked was drawn is dropped.
    private var shownOpenings = 0
    /// Measures frames and paces polling (real time); the UI's own time is the runtime's clock.
    private let clock = ContinuousClock()
    private var startedAt: ContinuousClock.Instant?
    private var spinnerTick = 0
    private var needsRender = false
    private var isWaiting = false

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
    ///
    /// The loop is event-driven: it waits for a key, a wake-up (a state change from an auth
    /// event) or its next deadline (the 1-second tick, the spinner while a request runs),
    /// whichever comes first; then it handles every key already read and draws once.
    public func run() async -> Exit {
        let start = clock.now
        startedAt = start
        runtime.onChange = { [weak self] _ in self?.stateChanged() }
        runtime.onExit = { [weak self] reason in
            self?.exit = reason
            if self?.isWaiting == true { self?.surface.wake() }
        }
        runtime.onCopy = { [weak self] text in self?.surface.copyToClipboard(text).copyDestination }
        checkSize()
        render()
        runtime.start()
        let time = runtime.clock
        var nextTick = time.now().addingTimeInterval(Self.seconds(tickInterval))
        var nextSpinner = time.now().addingTimeInterval(Self.seconds(spinnerInterval))
        while exit == nil, !Task.isCancelled {
            if needsRender { render() }
            var deadline = nextTick
            if runtime.state.isInFlight { deadline = min(deadline, nextSpinner) }
            let timeout = Duration.seconds(max(0, deadline.timeIntervalSince(time.now())))
            let readStart = clock.now
            isWaiting = true
            let read = await surface.nextKey(timeout: timeout)
            isWaiting = false
            if var key = read {
                while true {
                    handle(key)
                    guard exit == nil, let next = surface.bufferedKey() else { break }
                    key = next
                }
            } else if !needsRender, exit == nil {
                // Surfaces that do not wait (a FrameRecorder with nothing queued) still wait for
                // the key timeout, not in a busy loop.
                let waited = clock.now - readStart
                let pause = min(keyTimeout, timeout) - waited
                if pause > .zero, time.now() < deadline { try? await Task.sleep(for: pause) }
            }
            guard exit == nil else { break }
            let now = time.now()
            if now >= nextTick {
                nextTick = now.addingTimeInterval(Self.seconds(tickInterval))
                runtime.tick()
            }
            if runtime.state.isInFlight {
                if now >= nextSpinner {
                    nextSpinner = now.addingTimeInterval(Self.seconds(spinnerInterval))
                    spinnerTick &+= 1
                    needsRender = true
                }
            } else {
                nextSpinner = now.addingTimeInterval(Self.seconds(spinnerInterval))
            }
        }
        runtime.stop()
        runtime.onChange = nil
        runtime.onExit = nil
        runtime.onCopy = nil
        surface.restore()
        return exit ?? .quit
    }

    /// `duration` in seconds, for the clock's `Date`s.
    private static func seconds(_ duration: Duration) -> TimeInterval {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    /// Handles one key: resize, Ctrl-C and Ctrl-Z here, everything else through the runtime.
    /// The frame is drawn by the loop once the batch of keys is handled.
    package func handle(_ key: Key) {
        switch key {
        case .resize:
            checkSize()
            needsRender = true
        case .mouse(let row, let column):
            guard let target = mouseMap.target(at: Position(row: row, column: column)) else { return }
            for key in mouseMap.keys(for: target) { handle(key) }
        case _ where AppKeys.interrupts(key):
            runtime.send(.keyPressed(key))
            if exit == nil { exit = .quit }
        case _ where AppKeys.suspends(key):
            surface.suspend()
            needsRender = true
        case .unknown:
            return
        default:
            runtime.send(.keyTyped(key, seenOpenings: shownOpenings))
        }
    }

    /// A state change: draw at the end of this batch, and wake the loop if it is waiting.
    private func stateChanged() {
        needsRender = true
        // Only a waiting loop needs waking; while it handles keys it draws at the end anyway.
        if isWaiting { surface.wake() }
    }

    /// Draws the current state now.
    package func render() {
        needsRender = false
        let frameStart = clock.now
        let size = surface.size
        let frame = view.render(runtime.state, size: size, spinnerTick: spinnerTick)
        mouseMap = frame.grid.mouseMap
        surface.present(frame.grid, cursor: frame.cursor)
        let openings = runtime.state.unaskedOpenings
        if openings != shownOpenings {
            // A modal opened unasked and now shows: what was typed before it was meant for the screen before.
            shownOpenings = openings
            surface.discardTypeahead()
        }
        let end = clock.now
        stats.record(end - frameStart)
        if stats.timeToFirstFrame == nil, let startedAt { stats.timeToFirstFrame = end - startedAt }
    }

    private func checkSize() {
        runtime.setTerminalTooSmall(view.isTooSmall(surface.size))
    }

    // MARK: Entry points

    /// Runs the UI for `service` on `surface` (a ``FrameRecorder`` in tests) and returns how
    /// it ended; the UI's time (the tick, countdowns, the spinner) is `clock`'s.
    public static func run(
        service: any AuthClientService, options: AuthUIOptions, surface: any TerminalSurface, backend: String? = nil,
        timeZone: TimeZone? = nil, browser: BrowserHooks = BrowserHooks(), clock: any AuthClock = SystemAuthClock(),
        passkeys: PasskeyCeremonyBridge? = nil
    ) async -> Exit {
        let runtime = AuthScreensRuntime(service: service, options: options, timeZone: timeZone, clock: clock)
        if let passkeys { runtime.attachPasskeys(passkeys) }
        runtime.openURL = browser.openURL
        runtime.tunnelLine = browser.tunnelLine
        let app = AuthTerminalApp(runtime: runtime, surface: surface, view: AppView(backend: backend))
        return await app.run()
    }

    /// Runs the UI full screen on the process's terminal (ncurses), restoring it on every path.
    ///
    /// - Parameters:
    ///   - service: The auth service the screens drive (an `AuthClient`).
    ///   - options: The UI's options (AWSAuthUI's, and the pool's settings).
    ///   - theme: The theme; nil picks one from `NO_COLOR` and `TERM`.
    ///   - backend: The backend's host, shown on the top line.
    ///   - mouse: Whether left clicks focus fields, press buttons and select rows (no motion tracking).
    /// - Throws: ``TerminalError/notATerminal`` when standard input or output is not a TTY, and
    ///   the other ``TerminalError``s when curses cannot start.
    ///   - browser: How a browser sign-in opens its URL and words the `ssh -L` line.
    ///   - passkeys: The bridge the client's passkey authenticator was wrapped with, for the ceremony screen.
    public static func runInTerminal(
        service: any AuthClientService, options: AuthUIOptions, theme: Theme? = nil, backend: String? = nil,
        mouse: Bool = true, browser: BrowserHooks = BrowserHooks(), passkeys: PasskeyCeremonyBridge? = nil
    ) async throws(TerminalError) -> Exit {
        let terminal = try CursesTerminal(theme: theme, options: CursesTerminal.Options(mouse: mouse))
        defer { terminal.restore() }
        return await run(
            service: service, options: options, surface: terminal, backend: backend, browser: browser,
            passkeys: passkeys)
    }
}

/// How the UI's browser sign-in reaches a browser: the host (the `latchkey` command) knows the
/// environment (`$BROWSER`, a display, an SSH session); the UI only asks.
public struct BrowserHooks: Sendable {
    /// Opens a URL; false when there is no browser here (then the screen shows the URL, a QR code and a paste field).
    public var openURL: (@MainActor @Sendable (URL) -> Bool)?
    /// The `ssh -L` line for a loopback port.
    public var tunnelLine: (@MainActor @Sendable (Int) -> String)?

    /// Creates hooks; without them no browser is opened and no tunnel line is shown.
    public init(
        openURL: (@MainActor @Sendable (URL) -> Bool)? = nil, tunnelLine: (@MainActor @Sendable (Int) -> String)? = nil
    ) {
        self.openURL = openURL
        self.tunnelLine = tunnelLine
    }
}
