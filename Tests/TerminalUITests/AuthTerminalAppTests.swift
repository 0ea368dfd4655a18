import AuthScreens
import AuthScreensTesting
import CognitoAuth
import CognitoAuthTesting
import Foundation
import TerminalKeys
import Testing

@testable import TerminalKit
@testable import TerminalUI

/// A ``FrameRecorder`` seen through a surface that announces every frame, key read, suspend and
/// restore, so a test awaits the app's next step instead of polling the recorder.
@MainActor
final class ObservedSurface: TerminalSurface {
    let recorder: FrameRecorder
    /// Notified after every call that changes what the recorder holds.
    let changes = ChangeSignal()

    /// Run once by the next key read, in its place: what happens (an auth event) while a key is on its way.
    var beforeNextKey: (@MainActor () -> Key?)?

    init(_ recorder: FrameRecorder) { self.recorder = recorder }

    var size: TerminalSize { recorder.size }

    func present(_ grid: CellGrid, cursor: Position?) {
        recorder.present(grid, cursor: cursor)
        changes.notify()
    }

    func readKey(timeout: Duration) -> Key? {
        let key = recorder.readKey(timeout: timeout)
        if key != nil { changes.notify() }
        return key
    }

    func nextKey(timeout: Duration) async -> Key? {
        if let race = beforeNextKey {
            beforeNextKey = nil
            let key = race()
            changes.notify()
            return key
        }
        let key = await recorder.nextKey(timeout: timeout)
        if key != nil { changes.notify() }
        return key
    }

    func bufferedKey() -> Key? { recorder.bufferedKey() }
    func discardTypeahead() { recorder.discardTypeahead() }
    func wake() { recorder.wake() }

    func suspend() {
        recorder.suspend()
        changes.notify()
    }

    func restore() {
        recorder.restore()
        changes.notify()
    }

    func copyToClipboard(_ text: String) -> ClipboardDelivery { recorder.copyToClipboard(text) }
}

@MainActor
@Suite("AuthTerminalApp")
struct AuthTerminalAppTests {
    /// Waits until `condition` holds, re-checking it after every frame, key read, suspend or restore
    /// of `app`'s surface.
    /// A timeout is recorded as an issue rather than thrown, so the test still quits the app it started.
    func waitUntil(
        _ app: AuthTerminalApp, _ what: String, sourceLocation: SourceLocation = #_sourceLocation,
        _ condition: () -> Bool
    ) async {
        guard let observed = app.surface as? ObservedSurface else {
            Issue.record("the app's surface is not observed", sourceLocation: sourceLocation)
            return
        }
        do {
            try await Waiter.until(
                what, timeout: Self.mainActorDeadline, on: [.signal(observed.changes, name: "frames and key reads")],
                condition)
        } catch {
            Issue.record("\(error)", sourceLocation: sourceLocation)
        }
    }

    /// The hang guard of these waits. The app runs on the main actor, which every `@MainActor` suite
    /// of the test process shares, and Swift Testing runs those suites at once: on a loaded 2-core
    /// machine the main actor was busy for 12–29 s at the start of a run (nothing on it finished
    /// between 1.1 s and 12.4 s in a TerminalUITests run alone), so the default 20 s deadline failed
    /// these tests while nothing was wrong. A real hang still fails, after this bound.
    static let mainActorDeadline: Duration = .seconds(120)

    /// A service where sign-in succeeds for one password and publishes the state change.
    static func service() -> FakeAuthService {
        FakeAuthService(userState: .signedOut, acceptedPassword: "Secret#123")
    }

    func makeApp(_ recorder: FrameRecorder, service: FakeAuthService) -> AuthTerminalApp {
        let runtime = AuthScreensRuntime(
            service: service, options: AuthUIOptions(), timeZone: TimeZone(identifier: "UTC")!)
        return AuthTerminalApp(
            runtime: runtime, surface: ObservedSurface(recorder), view: AppView(backend: "test"),
            keyTimeout: .milliseconds(5))
    }

    @Test func signInThenDashboardThenCtrlCQuits() async throws {
        let service = Self.service()
        let keys: [Key] = "alice".map { .character($0) } + [.tab] + "Secret#123".map { .character($0) } + [.enter]
        let recorder = FrameRecorder(keys: keys)
        let app = makeApp(recorder, service: service)
        let run = Task { await app.run() }

        // The dashboard appears when sign-in returns; the badge follows when the state event arrives.
        await waitUntil(app, "the dashboard with the signed-in badge") {
            guard let frame = recorder.lastFrame else { return false }
            return frame.contains { $0.contains("─ Session ─") } && frame[0].contains("✔ Signed in · alice · test")
                && frame.joined().contains("State: signedIn (alice)")
        }
        let dashboard = try #require(recorder.lastFrame)
        #expect(dashboard[0].contains("✔ Signed in · alice · test"))
        #expect(dashboard.joined().contains("State: signedIn (alice)"))
        #expect(!recorder.frames.joined().joined().contains("Secret#123"))
        #expect(await service.signInUsernames == ["alice"])
        #expect(recorder.frames.first?.joined().contains("Sign in") == true)

        recorder.enqueue(.ctrl("c"))
        let exit = await run.value
        #expect(exit == .quit)
        #expect(recorder.isRestored)
        #expect(app.stats.frameCount == recorder.grids.count)
        #expect(app.stats.timeToFirstFrame != nil)
        #expect(app.stats.maximumFrameTime >= app.stats.averageFrameTime)
    }

    /// The app's tick and the countdowns it drives run on the runtime's clock: advancing a manual clock
    /// ends Resend code's 30-second wait at once, and no wall time passes for it.
    @Test func theResendCountdownRunsOnTheInjectedClock() async throws {
        let clock = ManualClock(start: ScreenFixtures.t0)
        let runtime = AuthScreensRuntime(service: Self.service(), state: ScreenFixtures.confirmCode, clock: clock)
        let recorder = FrameRecorder(size: TerminalSize(columns: 80, rows: 24))
        let app = AuthTerminalApp(
            runtime: runtime, surface: ObservedSurface(recorder), view: AppView(backend: "test"),
            keyTimeout: .milliseconds(5))
        let run = Task { await app.run() }
        await waitUntil(app, "the countdown on the link") {
            recorder.lastFrame?.joined().contains("Resend code (30 s)") == true
        }
        clock.advance(by: 12)
        await waitUntil(app, "the countdown after 12 s of the app's time") {
            recorder.lastFrame?.joined().contains("Resend code (18 s)") == true
        }
        clock.advance(by: 18)
        await waitUntil(app, "the link without a countdown") {
            guard let frame = recorder.lastFrame?.joined() else { return false }
            return frame.contains("Resend code") && !frame.contains("Resend code (")
        }
        #expect(runtime.state.now == ScreenFixtures.t0 + 30)
        recorder.enqueue(.ctrl("c"))
        _ = await run.value
    }

    @Test func passwordFieldShowsTheCursorAndMaskWhileTyping() async throws {
        let recorder = FrameRecorder(keys: [.tab, .character("p"), .character("w")])
        let app = makeApp(recorder, service: Self.service())
        let run = Task { await app.run() }
        await waitUntil(app, "the masked password with all keys read") {
            recorder.pendingCount == 0 && recorder.lastFrame?.joined().contains("Password  ••") == true
        }
        #expect(recorder.cursors.last??.row != nil)
        recorder.enqueue(.ctrl("c"))
        _ = await run.value
    }

    @Test func resizeBelowTheMinimumHidesTheFormAndBackRestoresIt() async throws {
        let recorder = FrameRecorder(keys: [.character("a")])
        recorder.enqueueResize(to: TerminalSize(columns: 50, rows: 16))
        let app = makeApp(recorder, service: Self.service())
        let run = Task { await app.run() }
        await waitUntil(app, "the too-small notice") { recorder.lastFrame?.joined().contains("have 50x16") == true }
        #expect(app.runtime.state.isTerminalTooSmall)
        #expect(recorder.cursors.last == .some(nil))
        // Keys other than Ctrl-C do nothing while too small; q does not quit while a form is focused.
        recorder.enqueue(.character("b"), .character("q"))
        recorder.enqueueResize(to: TerminalSize(columns: 80, rows: 24))
        await waitUntil(app, "the form back with \"Username  a\"") {
            recorder.lastFrame?.joined().contains("Username  a") == true
        }
        #expect(!app.runtime.state.isTerminalTooSmall)
        #expect(recorder.lastFrame?.joined().contains("Username  ab") == false)
        #expect(app.exit == nil)
        recorder.enqueue(.ctrl("c"))
        #expect(await run.value == .quit)
    }

    @Test func ctrlZSuspendsThroughTheSurfaceAndRedrawsOnResume() async throws {
        let recorder = FrameRecorder(keys: [.character("a"), .ctrl("z")])
        let app = makeApp(recorder, service: Self.service())
        let run = Task { await app.run() }
        await waitUntil(app, "the suspend with all keys read") {
            recorder.suspendCount == 1 && recorder.pendingCount == 0
        }
        let framesAfterSuspend = recorder.grids.count
        // The resume delivers a resize: the frame is drawn again, with the field as it was.
        await waitUntil(app, "a redraw after the resume") {
            recorder.grids.count > framesAfterSuspend
                || recorder.lastFrame?.joined().contains("Username  a") == true
        }
        #expect(recorder.lastFrame?.joined().contains("Username  a") == true)
        #expect(app.exit == nil)
        recorder.enqueue(.ctrl("c"))
        #expect(await run.value == .quit)
    }

    @Test func wrongPasswordShowsTheBanner() async throws {
        let keys: [Key] = "alice".map { .character($0) } + [.tab] + "nope".map { .character($0) } + [.enter]
        let recorder = FrameRecorder(keys: keys)
        let app = makeApp(recorder, service: Self.service())
        let run = Task { await app.run() }
        await waitUntil(app, "the wrong-password banner") {
            recorder.lastFrame?.joined().contains("✖ The username or password is incorrect.") == true
        }
        recorder.enqueue(.ctrl("c"))
        _ = await run.value
    }
}
