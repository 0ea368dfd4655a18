import AuthScreens
import CognitoAuth
import Foundation
import Testing

@testable import TerminalKit
@testable import TerminalUI
import TerminalKeys

/// A minimal ``AuthService``: sign-in succeeds for one password and publishes the state change.
actor StubAuthService: AuthService {
    private(set) var signIns: [String] = []
    private var continuation: AsyncStream<AuthEvent>.Continuation?
    private var state: UserState = .signedOut
    private var stored: PersistedSession?

    func signIn(username: String, password: String) async throws -> SignInStep {
        signIns.append(username)
        guard password == "Secret#123" else { throw AuthError.notAuthorized("Incorrect username or password.") }
        state = .signedIn
        continuation?.yield(
            .stateChanged(UserStateChange(state: .signedIn, info: UserStateInfo(username: username, provider: nil))))
        return .done
    }

    func confirmSignIn(_ answer: String, attributes: [String: String]) async throws -> SignInStep { .done }
    func signUp(username: String, password: String, attributes: [String: String]) async throws -> SignUpStep { .done }
    func confirmSignUp(username: String, code: String) async throws -> SignUpStep { .done }
    func resendSignUpCode(username: String) async throws -> CodeDeliveryDetails { CodeDeliveryDetails() }
    func requestPasswordReset(username: String) async throws -> CodeDeliveryDetails { CodeDeliveryDetails() }
    func confirmForgotPassword(username: String, newPassword: String, code: String) async throws {}
    func signOut(_ scope: SignOutScope) async throws -> SignOutResult { SignOutResult(scope: scope) }
    func releaseSignInWait() async {}
    func forceRefresh() async {}
    func getUserAttributes(_ options: TokenRequestOptions) async throws -> [String: String] { [:] }

    func events() async -> AsyncStream<AuthEvent> {
        let (stream, continuation) = AsyncStream<AuthEvent>.makeStream()
        self.continuation = continuation
        return stream
    }

    var userState: UserState { state }
    var session: PersistedSession? { stored }
    var pendingCalls: [PendingCall] { [] }
    var connectivity: Connectivity { .online }
}

@MainActor
@Suite("AuthTerminalApp")
struct AuthTerminalAppTests {
    /// Waits (polling the main actor) until `condition` holds, up to about twenty seconds (a loaded CI machine).
    func waitUntil(_ condition: () -> Bool) async -> Bool {
        for _ in 0..<2000 {
            if condition() { return true }
            try? await Task.sleep(for: .milliseconds(10))
        }
        return condition()
    }

    func makeApp(_ recorder: FrameRecorder, service: StubAuthService) -> AuthTerminalApp {
        let runtime = AuthScreensRuntime(
            service: service, options: AuthUIOptions(), timeZone: TimeZone(identifier: "UTC")!)
        return AuthTerminalApp(
            runtime: runtime, surface: recorder, view: AppView(backend: "test"), keyTimeout: .milliseconds(5))
    }

    @Test func signInThenDashboardThenCtrlCQuits() async throws {
        let service = StubAuthService()
        let keys: [Key] = "alice".map { .character($0) } + [.tab] + "Secret#123".map { .character($0) } + [.enter]
        let recorder = FrameRecorder(keys: keys)
        let app = makeApp(recorder, service: service)
        let run = Task { await app.run() }

        // The dashboard appears when sign-in returns; the badge follows when the state event arrives.
        #expect(
            await waitUntil {
                guard let frame = recorder.lastFrame else { return false }
                return frame.contains { $0.contains("─ Session ─") } && frame[0].contains("✔ Signed in · alice · test")
                    && frame.joined().contains("State: signedIn (alice)")
            })
        let dashboard = try #require(recorder.lastFrame)
        #expect(dashboard[0].contains("✔ Signed in · alice · test"))
        #expect(dashboard.joined().contains("State: signedIn (alice)"))
        #expect(!recorder.frames.joined().joined().contains("Secret#123"))
        #expect(await service.signIns == ["alice"])
        #expect(recorder.frames.first?.joined().contains("Sign in") == true)

        recorder.enqueue(.ctrl("c"))
        let exit = await run.value
        #expect(exit == .quit)
        #expect(recorder.isRestored)
        #expect(app.stats.frameCount == recorder.grids.count)
        #expect(app.stats.timeToFirstFrame != nil)
        #expect(app.stats.maximumFrameTime >= app.stats.averageFrameTime)
    }

    @Test func passwordFieldShowsTheCursorAndMaskWhileTyping() async {
        let recorder = FrameRecorder(keys: [.tab, .character("p"), .character("w")])
        let app = makeApp(recorder, service: StubAuthService())
        let run = Task { await app.run() }
        #expect(
            await waitUntil {
                recorder.pendingCount == 0 && recorder.lastFrame?.joined().contains("Password  ••") == true
            })
        #expect(recorder.cursors.last??.row != nil)
        recorder.enqueue(.ctrl("c"))
        _ = await run.value
    }

    @Test func resizeBelowTheMinimumHidesTheFormAndBackRestoresIt() async {
        let recorder = FrameRecorder(keys: [.character("a")])
        recorder.enqueueResize(to: TerminalSize(columns: 50, rows: 16))
        let app = makeApp(recorder, service: StubAuthService())
        let run = Task { await app.run() }
        #expect(await waitUntil { recorder.lastFrame?.joined().contains("have 50x16") == true })
        #expect(app.runtime.state.isTerminalTooSmall)
        #expect(recorder.cursors.last == .some(nil))
        // Keys other than Ctrl-C do nothing while too small; q does not quit while a form is focused.
        recorder.enqueue(.character("b"), .character("q"))
        recorder.enqueueResize(to: TerminalSize(columns: 80, rows: 24))
        #expect(await waitUntil { recorder.lastFrame?.joined().contains("Username  a") == true })
        #expect(!app.runtime.state.isTerminalTooSmall)
        #expect(recorder.lastFrame?.joined().contains("Username  ab") == false)
        #expect(app.exit == nil)
        recorder.enqueue(.ctrl("c"))
        #expect(await run.value == .quit)
    }

    @Test func ctrlZSuspendsThroughTheSurfaceAndRedrawsOnResume() async {
        let recorder = FrameRecorder(keys: [.character("a"), .ctrl("z")])
        let app = makeApp(recorder, service: StubAuthService())
        let run = Task { await app.run() }
        #expect(await waitUntil { recorder.suspendCount == 1 && recorder.pendingCount == 0 })
        let framesAfterSuspend = recorder.grids.count
        // The resume delivers a resize: the frame is drawn again, with the field as it was.
        #expect(
            await waitUntil {
                recorder.grids.count > framesAfterSuspend
                    || recorder.lastFrame?.joined().contains("Username  a") == true
            })
        #expect(recorder.lastFrame?.joined().contains("Username  a") == true)
        #expect(app.exit == nil)
        recorder.enqueue(.ctrl("c"))
        #expect(await run.value == .quit)
    }

    @Test func wrongPasswordShowsTheBanner() async {
        let keys: [Key] = "alice".map { .character($0) } + [.tab] + "nope".map { .character($0) } + [.enter]
        let recorder = FrameRecorder(keys: keys)
        let app = makeApp(recorder, service: StubAuthService())
        let run = Task { await app.run() }
        #expect(
            await waitUntil {
                recorder.lastFrame?.joined().contains("✖ The username or password is incorrect.") == true
            })
        recorder.enqueue(.ctrl("c"))
        _ = await run.value
    }
}
