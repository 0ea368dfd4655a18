import AuthScreens
import AuthScreensTesting
import CognitoAuth
import CognitoAuthTesting
import Foundation
import TerminalKeys
import Testing

@MainActor
@Suite struct RuntimeTests {
    let expired = AppAction.sessionEvent(
        .stateChanged(.signedOutUserPoolsTokenInvalid, username: "alice", provider: poolProvider))

    func type(_ runtime: AuthScreensRuntime, _ text: String) {
        for key in text.keys { runtime.send(.keyPressed(key)) }
    }

    @Test func signInRunsAndAFailureComesBackAsTheBanner() async {
        let fake = FakeAuthService()
        await fake.script(signIn: [.failure(.notAuthorized("Incorrect username or password."))])
        let runtime = AuthScreensRuntime(service: fake, timeZone: utc, clock: ManualClock(start: t0))
        var changes = 0
        runtime.onChange = { _ in changes += 1 }
        type(runtime, "alice")
        runtime.send(.keyPressed(.enter))
        type(runtime, "pw")
        runtime.send(.keyPressed(.enter))
        #expect(runtime.state.statusLine == "Signing in…")
        await runtime.settle()
        #expect(await fake.calls == [.signIn("alice", "pw")])
        guard case .signIn(let signIn) = runtime.state.base else { return #expect(Bool(false)) }
        #expect(signIn.banner == "The username or password is incorrect. Try again, or choose Forgot password below.")
        #expect(signIn.username.text == "alice" && signIn.password.text.isEmpty && signIn.focus == .password)
        #expect(changes == 10)
    }

    @Test func successfulSignInShowsTheDashboard() async {
        let fake = FakeAuthService()
        let runtime = AuthScreensRuntime(service: fake, timeZone: utc, clock: ManualClock(start: t0))
        runtime.send(.keyPressed(.paste("alice")))
        runtime.send(.keyPressed(.tab))
        runtime.send(.keyPressed(.paste("pw")))
        runtime.send(.keyPressed(.enter))
        await runtime.settle()
        #expect(runtime.state.base == .dashboard)
    }

    @Test func signUpConfirmationAndAutomaticSignInRunInOrder() async {
        let fake = FakeAuthService()
        let runtime = AuthScreensRuntime(
            service: fake, options: AuthUIOptions(startOnSignUp: true, signUpAttributes: []), timeZone: utc,
            clock: ManualClock(start: t0))
        runtime.send(.keyPressed(.paste("bob")))
        runtime.send(.keyPressed(.tab))
        runtime.send(.keyPressed(.paste("Sup3r-secret")))
        runtime.send(.keyPressed(.tab))
        runtime.send(.keyPressed(.paste("Sup3r-secret")))
        runtime.send(.keyPressed(.enter))
        await runtime.settle()
        guard case .confirmSignUp(let confirm) = runtime.state.base else { return #expect(Bool(false)) }
        #expect(confirm.destinationText == "We sent a confirmation code in an email to b***@e***. Enter it below.")
        runtime.send(.keyPressed(.paste("123456")))
        runtime.send(.keyPressed(.enter))
        await runtime.settle()
        await runtime.settle()
        #expect(runtime.state.base == .dashboard)
        #expect(
            await fake.calls == [
                .signUp("bob", "Sup3r-secret", [:]), .confirmSignUp("bob", "123456"), .signIn("bob", "Sup3r-secret"),
            ])
    }

    @Test func forgotPasswordRunsBothSteps() async {
        let fake = FakeAuthService()
        let runtime = AuthScreensRuntime(service: fake, timeZone: utc, clock: ManualClock(start: t0))
        runtime.send(.keyPressed(.paste("alice")))
        for _ in 0..<4 { runtime.send(.keyPressed(.tab)) }
        runtime.send(.keyPressed(.enter))
        runtime.send(.keyPressed(.enter))
        await runtime.settle()
        runtime.send(.keyPressed(.paste("123456")))
        runtime.send(.keyPressed(.tab))
        runtime.send(.keyPressed(.paste("NewPass1!")))
        runtime.send(.keyPressed(.tab))
        runtime.send(.keyPressed(.paste("NewPass1!")))
        runtime.send(.keyPressed(.enter))
        await runtime.settle()
        #expect(
            runtime.state.base
                == .signIn(SignInState(username: "alice", notice: "Password changed. Sign in with the new password.")))
        #expect(
            await fake.calls == [
                .forgotPassword("alice"), .confirmForgotPassword("alice", "NewPass1!", "123456"),
            ])
    }

    @Test func sampleCallsRunWithNumberedLabelsAndTheirResultsAreLogged() async {
        let fake = FakeAuthService()
        let runtime = AuthScreensRuntime(service: fake, state: signedInApp(), clock: ManualClock(start: t0))
        runtime.send(.keyPressed(.character("c")))
        runtime.send(.keyPressed(.character("C")))
        await runtime.settle()
        let labels = await fake.calls.compactMap { call -> String? in
            if case .getUserAttributes(let label) = call { return label }
            return nil
        }
        #expect(Set(labels) == Set((1...6).map { "GetUser #\($0)" }))
        let log = runtime.state.dashboard.log.texts
        for number in 1...6 {
            #expect(log.contains("GetUser #\(number) started"))
            #expect(log.contains("GetUser #\(number) ok"))
        }
        #expect(runtime.state.dashboard.runningSampleCalls.isEmpty)
    }

    @Test func escInTheReloginPromptReleasesTheWaitingCallsAndLogsThemCancelled() async throws {
        let fake = FakeAuthService()
        await fake.set(holdsCalls: true)
        let runtime = AuthScreensRuntime(service: fake, state: signedInApp(), clock: ManualClock(start: t0))
        runtime.start()
        defer { runtime.stop() }
        runtime.send(.keyPressed(.character("c")))
        runtime.send(.keyPressed(.character("c")))
        try await runtime.waitUntil("two calls wait", service: fake) { await fake.waitingCount == 2 }
        runtime.send(expired)
        #expect(runtime.state.relogin?.signIn.username.text == "alice")
        runtime.send(.keyPressed(.escape))
        #expect(runtime.state.relogin == nil)
        try await runtime.waitUntil("the cancelled calls are logged", service: fake) {
            let log = runtime.state.dashboard.log.texts
            return log.contains("GetUser #1 cancelled (sign-in was cancelled)")
                && log.contains("GetUser #2 cancelled (sign-in was cancelled)")
                && log.contains("Sign-in cancelled: 2 waiting calls released")
        }
        #expect(await fake.calls.last == .releaseSignInWait)
    }

    @Test func signingInFromThePromptResumesTheWaitingCalls() async throws {
        let fake = FakeAuthService()
        await fake.set(holdsCalls: true)
        let runtime = AuthScreensRuntime(service: fake, state: signedInApp(), clock: ManualClock(start: t0))
        runtime.send(.keyPressed(.character("C")))
        try await runtime.waitUntil("five calls wait", service: fake) { await fake.waitingCount == 5 }
        runtime.send(expired)
        type(runtime, "Secret1!")
        runtime.send(.keyPressed(.enter))
        await runtime.settle()
        #expect(runtime.state.relogin == nil)
        let log = runtime.state.dashboard.log.texts
        #expect(log.contains("Signed in again as alice"))
        for number in 1...5 { #expect(log.contains("GetUser #\(number) ok")) }
        #expect(await fake.calls.contains(.signIn("alice", "Secret1!")))
    }

    @Test func eventsReachTheDashboardAndTheSessionIsReloaded() async throws {
        let fake = FakeAuthService()
        let pool = UserPoolConfiguration(poolId: "us-east-1_TestPool1", appClientId: "client", region: "us-east-1")
        let raw = TestJWT.tokens(pool: pool, username: "alice", issued: t0, lifetime: 3600)
        let tokens = try CognitoTokens(idToken: raw.id, accessToken: raw.access, refreshToken: raw.refresh)
        await fake.store(
            PersistedSession(
                state: .signedIn, username: "alice", provider: pool.providerKey, tokens: tokens, identityId: "id-1",
                updatedAt: t0))
        let runtime = AuthScreensRuntime(service: fake, state: signedInApp(), clock: ManualClock(start: t0))
        runtime.start()
        defer { runtime.stop() }
        try await runtime.waitUntil("subscribed", service: fake) { await fake.isSubscribed }
        runtime.send(.keyPressed(.character("r")))
        try await runtime.waitUntil("refreshed and reloaded", service: fake) {
            runtime.state.dashboard.session?.accessTokenExpiration == t0 + 3600
                && runtime.state.dashboard.log.texts.last == "Tokens refreshed; they expire at 00:13:20"
        }
        let summary = runtime.state.dashboard.session
        #expect(summary?.hasRefreshToken == true)
        #expect(summary?.identityId == "id-1")
        #expect(summary?.activeProviders == [pool.providerKey])
        #expect(!dumped(runtime.state).contains(raw.access))
    }

    @Test func cancellingAnInFlightRequestDropsItsResult() async throws {
        let fake = FakeAuthService()
        await fake.set(holdsSignIn: true)
        let runtime = AuthScreensRuntime(service: fake, timeZone: utc, clock: ManualClock(start: t0))
        runtime.send(.keyPressed(.paste("alice")))
        runtime.send(.keyPressed(.tab))
        runtime.send(.keyPressed(.paste("pw")))
        runtime.send(.keyPressed(.enter))
        try await runtime.waitUntil("sign-in is held", service: fake) { await fake.isSignInHeld }
        runtime.send(.keyPressed(.escape))
        #expect(!runtime.state.isInFlight)
        await fake.finishSignIn()
        await runtime.settle()
        guard case .signIn(let signIn) = runtime.state.base else { return #expect(Bool(false)) }
        #expect(signIn.notice == ScreenText.requestCancelled)
    }

    @Test func quitAndCancelEndTheUIOnce() {
        let fake = FakeAuthService()
        let runtime = AuthScreensRuntime(
            service: fake, options: AuthUIOptions(canCancel: true), clock: ManualClock(start: t0))
        var exits: [AuthScreensRuntime.Exit] = []
        runtime.onExit = { exits.append($0) }
        runtime.send(.keyPressed(.escape))
        runtime.send(.keyPressed(.ctrl("c")))
        #expect(exits == [.cancelled])
        #expect(runtime.exit == .cancelled)
        let other = AuthScreensRuntime(service: fake, clock: ManualClock(start: t0))
        other.send(.keyPressed(.ctrl("c")))
        #expect(other.exit == .quit)
    }

    /// The 1-second tick sleeps on the runtime's clock: a test moves it, and no test waits for it.
    @Test func tickingAdvancesTheDashboardClockOnTheInjectedClock() async throws {
        let clock = ManualClock(start: t0)
        let runtime = AuthScreensRuntime(service: FakeAuthService(), clock: clock)
        runtime.startTicking(every: .seconds(1))
        defer { runtime.stop() }
        try await Waiter.until("the tick sleeps on the clock", on: [.signal(clock.changes, name: "the clock")]) {
            clock.sleeperCount == 1
        }
        #expect(runtime.state.now == t0)
        clock.advance(by: 1)
        try await runtime.waitUntil("a tick arrived") { runtime.state.now == t0 + 1 }
    }

    @Test func tickAndResizeUpdateTheState() {
        let runtime = AuthScreensRuntime(service: FakeAuthService(), clock: ManualClock(start: t0))
        runtime.tick(now: t0 + 5)
        #expect(runtime.state.now == t0 + 5)
        runtime.setTerminalTooSmall(true)
        #expect(runtime.state.isTerminalTooSmall)
    }

    /// The real client: a restored expired session, a call that waits, Esc, and the call's cancellation in the log.
    @Test func realClientWaitingCallIsCancelledFromThePrompt() async throws {
        let pool = UserPoolConfiguration(
            poolId: "us-east-1_TestPool1", appClientId: "client", region: "us-east-1",
            endpoint: URL(string: "http://127.0.0.1:9/"))
        let store = InMemorySessionStore(
            PersistedSession(
                state: .signedOutUserPoolsTokenInvalid, username: "alice", provider: pool.providerKey, updatedAt: t0))
        let transport = ScriptedTransport { _ in throw AuthError.network(kind: .connectionRefused, message: "scripted")
        }
        let client = AuthClient(
            configuration: AuthConfiguration(userPool: pool), store: store, transport: transport,
            clock: ManualClock(start: t0))
        await client.initialize()
        let runtime = AuthScreensRuntime(service: client, timeZone: utc, clock: ManualClock(start: t0))
        runtime.start()
        defer { runtime.stop() }
        try await runtime.waitUntil("the prompt opens over the dashboard") {
            runtime.state.base == .dashboard && runtime.state.relogin?.signIn.username.text == "alice"
        }
        runtime.send(.keyPressed(.escape))
        runtime.send(.keyPressed(.character("c")))
        try await runtime.waitUntil("the call waits and the prompt reopens") {
            runtime.state.relogin?.waitingCount == 1
        }
        #expect(runtime.state.dashboard.pendingCallLines == ["GetUser #1 — waiting for sign-in, 0 s"])
        runtime.send(.keyPressed(.escape))
        try await runtime.waitUntil("the call is cancelled") {
            runtime.state.dashboard.log.texts.contains("GetUser #1 cancelled (sign-in was cancelled)")
        }
        // The release is reported through the event stream, a separate path from the call's own
        // failure, so it may land a moment later.
        try await runtime.waitUntil("the release is logged") {
            runtime.state.dashboard.log.texts.contains("Sign-in cancelled: 1 waiting call released")
        }
        #expect(runtime.state.dashboard.pendingCalls.isEmpty)
    }

    /// The real client answers the UI's `getTokens` itself through the service surface (a signature
    /// drift once routed `latchkey token` and the dashboard's copy to a "cannot hand out tokens"
    /// default; the surface now has no default bodies).
    @Test func realClientAnswersGetTokensItself() async throws {
        let pool = UserPoolConfiguration(
            poolId: "us-east-1_TestPool1", appClientId: "client", region: "us-east-1",
            endpoint: URL(string: "http://127.0.0.1:9/"))
        let client = AuthClient(
            configuration: AuthConfiguration(userPool: pool), store: InMemorySessionStore(),
            transport: ScriptedTransport { _ in throw AuthError.network(kind: .connectionRefused, message: "scripted")
            },
            clock: ManualClock(start: t0))
        await client.initialize()
        let service: any AuthClientService = client
        await #expect(throws: AuthError.notSignedIn) {
            _ = try await service.getTokens(TokenRequestOptions(waitForSignIn: false))
        }
    }
}
