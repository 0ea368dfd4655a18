import AuthScreens
import AuthScreensTesting
import CognitoAuth
import CognitoAuthTesting
import Foundation
import TerminalKeys
import Testing

/// Issue 29's live dashboard (C5, N26, N27, N29): it refreshes the tokens ahead of expiry as the
/// library would, says when, shows what runs, and says what is known of the refresh token's lifetime.
/// Time moves only with `.tick` actions and a manual clock: no test waits on the wall clock.
@Suite struct DashboardLiveTests {
    /// Signed in as alice at `t0`, with tokens issued at `t0` for `lifetime` seconds and a refresh token.
    func dashboard(lifetime: TimeInterval = 3600, authenticatedAt: Date? = nil) -> DashboardState {
        var state = DashboardState(now: t0, timeZone: utc)
        _ = state.reduce(.sessionEvent(.stateChanged(.signedIn, username: "alice", provider: poolProvider)))
        _ = state.reduce(.sessionLoaded(session(issued: t0, lifetime: lifetime, authenticatedAt: authenticatedAt)))
        return state
    }

    func session(issued: Date, lifetime: TimeInterval, authenticatedAt: Date? = nil) -> SessionSummary {
        SessionSummary(
            username: "alice", provider: poolProvider, idTokenExpiration: issued + lifetime,
            accessTokenExpiration: issued + lifetime, tokensIssuedAt: issued, hasRefreshToken: true,
            authenticatedAt: authenticatedAt)
    }

    // MARK: C5, N26: the refresh ahead of expiry

    @Test("signed in and online, the tick refreshes the tokens at the library's margin before they expire, once")
    func refreshesAheadOfExpiry() {
        var store = dashboardStore(dashboard())
        // One hour of lifetime: the library's 120 s margin, so the refresh is due at t0 + 3480 (23:11:20).
        #expect(store.state.nextRefresh == t0 + 3480)
        #expect(store.state.tokenRefreshNote == "refreshes 23:11")
        store.send(.tick(now: t0 + 3479)) { $0.now = t0 + 3479 }
        store.send(.tick(now: t0 + 3480), [.run(.dashboard(.forceRefresh))]) {
            $0.now = t0 + 3480
            $0.refresh = .requested(at: t0 + 3480)
            $0.autoRefresh.notBefore = t0 + 3495
            $0.autoRefresh.wait = 30
            $0.append("Refreshing the tokens before they expire")
        }
        #expect(store.state.tokenRefreshNote == "refreshing…")
        // While it runs, no second one.
        store.send(.tick(now: t0 + 3500)) { $0.now = t0 + 3500 }
        store.send(.sessionEvent(.tokensRefreshed(expiration: t0 + 7100))) {
            $0.refresh = .refreshed(at: t0 + 3500)
            $0.autoRefresh = DashboardState.RefreshSchedule()
            $0.autoRefresh.announcedExpiration = t0 + 7100
            $0.append("Tokens refreshed; they expire at 00:11:40")
        }
        // The session read before the refresh still shows the old tokens: no refresh until the new ones are read.
        store.send(.tick(now: t0 + 3501)) { $0.now = t0 + 3501 }
        store.send(.sessionLoaded(session(issued: t0 + 3500, lifetime: 3600))) {
            $0.session = session(issued: t0 + 3500, lifetime: 3600)
            $0.autoRefresh.announcedExpiration = nil
        }
        #expect(store.state.nextRefresh == t0 + 3500 + 3480)
        store.send(.tick(now: t0 + 3502)) { $0.now = t0 + 3502 }
    }

    @Test("short lifetimes: the margin is a quarter of the lifetime, as the library caps it")
    func shortLifetimesUseAQuarter() {
        var state = dashboard(lifetime: 120)
        #expect(state.refreshDue == t0 + 90)
        // Within ten minutes the note counts down: "expires 22:15, refreshes 22:14" would say little (ux-3, 12).
        #expect(state.tokenRefreshNote == "refreshes in 90 s")
        _ = state.reduce(.tick(now: t0 + 31))
        #expect(state.tokenRefreshNote == "refreshes in 59 s")
        #expect(state.reduce(.tick(now: t0 + 89)).isEmpty)
        #expect(state.reduce(.tick(now: t0 + 90)) == [.run(.dashboard(.forceRefresh))])
        // A client made with another preferred margin: the dashboard uses it (the runtime sets it).
        var other = dashboard(lifetime: 120)
        other.refreshMargin = 20
        #expect(other.refreshDue == t0 + 100)
    }

    @Test("no refresh of its own while offline, signed out, needing a sign-in, without a refresh token, or signing out")
    func refreshesOnlyWhenItCan() {
        let late = t0 + 3590
        var offline = dashboard()
        _ = offline.reduce(
            .sessionEvent(
                .connectivityChanged(.offline(since: t0, lastError: .network(kind: .timedOut, message: "15 s")))))
        #expect(offline.nextRefresh == nil && offline.tokenRefreshNote == nil)
        #expect(offline.reduce(.tick(now: late)).filter { $0 == .run(.dashboard(.forceRefresh)) }.isEmpty)

        var relogin = dashboard()
        _ = relogin.reduce(
            .sessionEvent(.stateChanged(.signedOutUserPoolsTokenInvalid, username: "alice", provider: nil)))
        #expect(relogin.reduce(.tick(now: late)).isEmpty)

        var noRefreshToken = dashboard()
        noRefreshToken.session?.hasRefreshToken = false
        #expect(noRefreshToken.reduce(.tick(now: late)).isEmpty)

        var signingOut = dashboard()
        _ = signingOut.reduce(.keyPressed(.character("o")))
        #expect(signingOut.reduce(.tick(now: late)).isEmpty)

        var signedOut = dashboard()
        _ = signedOut.reduce(.sessionEvent(.stateChanged(.signedOut, username: nil, provider: nil)))
        #expect(signedOut.reduce(.tick(now: late)).isEmpty)
    }

    @Test(
        "a refresh that failed is tried again after a wait that doubles; once back online, at once; a success clears the note"
    )
    func failedRefreshesAreRetried() {
        var state = dashboard()
        let due = t0 + 3480
        #expect(state.reduce(.tick(now: due)) == [.run(.dashboard(.forceRefresh))])
        _ = state.reduce(.sessionEvent(.refreshFailed(.service(type: "InternalErrorException", message: "boom"))))
        #expect(state.refreshTokenText == "stored; refresh failed at 23:11:20: InternalErrorException: boom")
        #expect(state.nextRefresh == due + 15)
        #expect(state.reduce(.tick(now: due + 14)).isEmpty)
        #expect(state.reduce(.tick(now: due + 15)) == [.run(.dashboard(.forceRefresh))])
        _ = state.reduce(.sessionEvent(.refreshFailed(.service(type: "InternalErrorException", message: "boom"))))
        #expect(state.nextRefresh == due + 15 + 30)

        // The backend goes away, and comes back before that wait is over: the failed refresh is tried again at once.
        let error = AuthError.network(kind: .connectionRefused, message: "refused")
        _ = state.reduce(.sessionEvent(.connectivityChanged(.offline(since: due + 16, lastError: error))))
        #expect(state.nextRefresh == nil)
        #expect(state.reduce(.tick(now: due + 19)).filter { $0 == .run(.dashboard(.forceRefresh)) }.isEmpty)
        _ = state.reduce(.sessionEvent(.connectivityChanged(.online)))
        #expect(state.nextRefresh == due)
        #expect(state.reduce(.tick(now: due + 20)) == [.run(.dashboard(.forceRefresh))])
        #expect(state.log.texts.last == "Refreshing the tokens before they expire")
        _ = state.reduce(.sessionEvent(.tokensRefreshed(expiration: due + 3661)))
        #expect(state.refreshTokenText == "stored; Cognito sends no expiry")
        #expect(state.autoRefresh.wait == DashboardState.RefreshSchedule.firstWait)
    }

    @Test("r while offline fails; back online it is tried again however far the expiry, and the note goes away")
    func aFailedRefreshFromRIsRetriedBackOnline() {
        var state = dashboard()
        _ = state.reduce(.keyPressed(.character("r")))
        let error = AuthError.network(kind: .timedOut, message: "no answer")
        _ = state.reduce(.sessionEvent(.connectivityChanged(.offline(since: t0, lastError: error))))
        _ = state.reduce(.sessionEvent(.refreshFailed(error)))
        #expect(state.refreshTokenText.hasPrefix("stored; refresh failed at 22:13:20"))
        #expect(state.reduce(.tick(now: t0 + 30)).filter { $0 == .run(.dashboard(.forceRefresh)) }.isEmpty)
        _ = state.reduce(.sessionEvent(.connectivityChanged(.online)))
        #expect(state.reduce(.tick(now: t0 + 31)) == [.run(.dashboard(.forceRefresh))])
        _ = state.reduce(.sessionEvent(.tokensRefreshed(expiration: t0 + 3631)))
        #expect(!state.refreshTokenText.contains("failed"))
    }

    @Test("a refresh left unanswered counts as running for 30 s, then the next may start")
    func anUnansweredRefreshIsNotWaitedOnForever() {
        var state = dashboard()
        let due = t0 + 3480
        _ = state.reduce(.tick(now: due))
        #expect(state.isRefreshing)
        #expect(state.reduce(.tick(now: due + 29)).isEmpty)
        #expect(state.reduce(.tick(now: due + 30)) == [.run(.dashboard(.forceRefresh))])
        // Expired by the next try (the backend never answered): the log says so.
        _ = state.reduce(.tick(now: due + 200))
        _ = state.reduce(.tick(now: due + 200 + 30))
        #expect(state.log.texts.last == "Refreshing the expired tokens")
    }

    // MARK: N27: what runs

    @Test("a call in flight and a refresh show on the calls line and beside the status line's spinner")
    func workInFlightIsShown() {
        var app = signedInApp()
        _ = app.reduce(.sessionLoaded(session(issued: t0, lifetime: 3600)))
        #expect(!app.isInFlight)
        #expect(app.dashboard.workLine == nil)
        _ = app.reduce(.keyPressed(.character("c")))
        #expect(app.isInFlight)
        #expect(app.statusLine == "Running: GetUser #1")
        _ = app.reduce(.tick(now: t0 + 12))
        #expect(app.dashboard.workLine == "Running: GetUser #1 (12 s)")
        _ = app.reduce(.keyPressed(.character("r")))
        _ = app.reduce(.keyPressed(.character("C")))
        _ = app.reduce(.tick(now: t0 + 14))
        #expect(app.statusLine == "Running: 6 GetUser calls · token refresh")
        #expect(app.dashboard.workLine == "Running: 6 GetUser calls (14 s) · token refresh (2 s)")
        _ = app.reduce(.sessionEvent(.tokensRefreshed(expiration: t0 + 3614)))
        for number in 1...6 { _ = app.reduce(.dashboard(.sampleCallFinished(number: number, result: .success(())))) }
        #expect(!app.isInFlight)
        #expect(app.statusLine.isEmpty)
    }

    @Test("a call waiting for a sign-in is listed as waiting, not as running")
    func callsWaitingForASignInAreNotRunning() {
        var app = signedInApp()
        _ = app.reduce(.keyPressed(.character("c")))
        _ = app.reduce(
            .sessionEvent(.stateChanged(.signedOutUserPoolsTokenInvalid, username: "alice", provider: poolProvider)))
        _ = app.reduce(
            .sessionEvent(
                .pendingCallsChanged([WaitingCall(id: 1, label: "GetUser #1", since: t0, reason: .signIn)])))
        #expect(app.dashboard.work.isEmpty)
        #expect(app.dashboard.workLine == nil)
    }

    // MARK: N29: the refresh token's lifetime

    @Test("the refresh token row says since when it is stored (the sign-in), and that Cognito sends no expiry")
    func theRefreshTokensLifetimeIsWhatIsKnown() {
        var state = dashboard(authenticatedAt: t0 - 600)
        #expect(state.refreshTokenText == "stored since 22:03:20; Cognito sends no expiry")
        // A later sign-in time for the same session (a local backend, or Cognito with rotation, moves
        // auth_time on a refresh) does not move the issue time.
        _ = state.reduce(.sessionLoaded(session(issued: t0 + 60, lifetime: 3600, authenticatedAt: t0 + 60)))
        #expect(state.refreshTokenText == "stored since 22:03:20; Cognito sends no expiry")
        // Days later, the date is shown too.
        _ = state.reduce(.tick(now: t0 + 3 * 86_400))
        #expect(state.refreshTokenText == "stored since 2023-11-14 22:03; Cognito sends no expiry")
        // Without auth_time in the tokens, it says only that it is stored.
        #expect(dashboard().refreshTokenText == "stored; Cognito sends no expiry")
    }
}

/// The runtime on the real client: the dashboard refreshes by itself through `forceRefresh()` when
/// the injected clock reaches the client's own margin, and shows the new tokens.
@MainActor
@Suite struct DashboardLiveRuntimeTests {
    @Test("the dashboard refreshes by itself at the client's margin, on the injected clock")
    func theRuntimeRefreshesAtTheClientsMargin() async throws {
        let pool = UserPoolConfiguration(
            poolId: "us-east-1_TestPool1", appClientId: "client", region: "us-east-1",
            endpoint: URL(string: "http://127.0.0.1:9/"))
        let clock = ManualClock(start: t0)
        let raw = TestJWT.tokens(pool: pool, username: "alice", issued: t0, lifetime: 120)
        let tokens = try CognitoTokens(idToken: raw.id, accessToken: raw.access, refreshToken: raw.refresh)
        let store = InMemorySessionStore(
            PersistedSession(
                state: .signedIn, username: "alice", provider: pool.providerKey, tokens: tokens, updatedAt: t0))
        let transport = ScriptedTransport { request in
            guard request.header("X-Amz-Target")?.hasSuffix("GetTokensFromRefreshToken") == true else {
                return ScriptedTransport.error("InvalidParameterException", "unexpected")
            }
            let fresh = TestJWT.tokens(pool: pool, username: "alice", issued: clock.now(), lifetime: 120, serial: 1)
            return ScriptedTransport.json([
                "AuthenticationResult": [
                    "IdToken": .string(fresh.id), "AccessToken": .string(fresh.access), "ExpiresIn": 120,
                    "TokenType": "Bearer",
                ]
            ])
        }
        var options = AuthClientOptions()
        options.verifySignatures = false
        // A preferred margin of 20 s (a quarter of the 120 s lifetime would be 30): due at t0 + 100.
        options.refreshMargin = 20
        let client = AuthClient(
            configuration: AuthConfiguration(userPool: pool), store: store, transport: transport, clock: clock,
            options: options)
        await client.initialize()
        let runtime = AuthScreensRuntime(service: client, timeZone: utc, clock: clock)
        runtime.start()
        runtime.startTicking(every: .seconds(1))
        defer { runtime.stop() }
        try await runtime.waitUntil("the session is read") {
            runtime.state.dashboard.session?.accessTokenExpiration == t0 + 120
        }
        #expect(runtime.state.dashboard.tokenRefreshNote == "refreshes in 100 s")

        /// Moves the clock to `t0 + seconds` and waits for that tick.
        func tick(to seconds: TimeInterval) async throws {
            try await Waiter.until("the tick sleeps on the clock", on: [clock.changeSource()]) {
                clock.sleeperCount >= 1
            }
            clock.advance(by: t0.addingTimeInterval(seconds).timeIntervalSince(clock.now()))
            try await runtime.waitUntil("the tick at t0 + \(seconds)") { runtime.state.now == t0 + seconds }
        }
        try await tick(to: 99)
        #expect(transport.sent.isEmpty)
        try await tick(to: 100)
        try await Waiter.until(
            "the dashboard's own refresh, and the new tokens read",
            on: [runtime.changeSource(), transport.changeSource()]
        ) {
            runtime.state.dashboard.session?.accessTokenExpiration == t0 + 220
        }
        #expect(transport.operations == ["GetTokensFromRefreshToken"])
        let log = runtime.state.dashboard.log.texts
        #expect(log.contains("Refreshing the tokens before they expire"))
        #expect(log.contains("Tokens refreshed; they expire at 22:17:00"))
        #expect(runtime.state.dashboard.session?.tokensIssuedAt == t0 + 100)
        #expect(runtime.state.dashboard.nextRefresh == t0 + 200)
        #expect(!runtime.state.isInFlight)
    }
}
