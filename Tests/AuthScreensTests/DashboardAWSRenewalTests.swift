import AuthScreens
import AuthScreensTesting
import CognitoAuth
import CognitoAuthTesting
import Foundation
import Testing

/// Issue 40 item 3 (ux-3 item 6): the AWS credentials row is live. With an identity pool the dashboard
/// renews the credentials when the core's rule (`RefreshMargin`, the credentials margin and the stored
/// fetch time) says they are due, and shows credentials another process stored. Time moves only
/// with `.tick` and a manual clock.
@Suite struct DashboardAWSRenewalTests {
    /// Signed in as alice at `t0`: tokens for 12 hours (their refresh is not due in these tests), AWS
    /// credentials fetched at `fetched` for `lifetime` seconds, renewals on with the library's 600 s margin.
    func dashboard(fetched: Date = t0, lifetime: TimeInterval = 3600, renews: Bool = true) -> DashboardState {
        var state = DashboardState(now: t0, timeZone: utc)
        state.awsRenewal.isEnabled = renews
        _ = state.reduce(.sessionEvent(.stateChanged(.signedIn, username: "alice", provider: poolProvider)))
        _ = state.reduce(.sessionLoaded(session(fetched: fetched, lifetime: lifetime)))
        return state
    }

    func session(fetched: Date, lifetime: TimeInterval) -> SessionSummary {
        var summary = SessionSummary(
            username: "alice", provider: poolProvider, idTokenExpiration: t0 + 43_200,
            accessTokenExpiration: t0 + 43_200, tokensIssuedAt: t0, hasRefreshToken: true,
            awsCredentialsExpiration: fetched + lifetime, updatedAt: fetched)
        summary.awsCredentialsFetchedAt = fetched
        return summary
    }

    @Test("credentials for an hour are renewed 600 s before they expire, once, and the row says when")
    func renewsAtTheMargin() {
        var state = dashboard()
        #expect(state.awsCredentialsRenewalDue == t0 + 3000)
        #expect(state.awsCredentialsRenewalNote == "refreshes 23:03")
        #expect(
            state.rows.first { $0.label == "AWS credentials" }?.value == "23:13:20 (in 1 h 0 min), refreshes 23:03",
            "\(state.rows)")
        #expect(state.reduce(.tick(now: t0 + 2999)).isEmpty)
        #expect(state.reduce(.tick(now: t0 + 3000)) == [.run(.dashboard(.renewAWSCredentials))])
        #expect(state.awsCredentialsRenewalNote == "refreshing…")
        // While it runs, no second one.
        #expect(state.reduce(.tick(now: t0 + 3001)).isEmpty)
        // The client fetched new ones: the session read after it shows them, and the next renewal is theirs.
        _ = state.reduce(.awsCredentialsRenewed(.success(session(fetched: t0 + 3001, lifetime: 3600))))
        #expect(state.awsCredentialsRenewalDue == t0 + 3001 + 3000)
        #expect(state.reduce(.tick(now: t0 + 3002)).isEmpty)
        #expect(state.awsCredentials?.remainingFraction ?? 0 > 0.99)
    }

    @Test("short-lived credentials are renewed a quarter of their lifetime early, as the client does")
    func shortLifetime() {
        let state = dashboard(lifetime: 900)
        // 900 s: the margin is min(600, 900 / 4) = 225 s.
        #expect(state.awsCredentialsRenewalDue == t0 + 675)
        #expect(
            state.awsCredentialsRenewalDue
                == RefreshMargin.renewalDue(expiration: t0 + 900, issuedAt: t0, preferred: 600))
    }

    @Test("no renewal without an identity pool, while offline, signed out or with nothing stored")
    func noRenewal() {
        var off = dashboard(renews: false)
        #expect(off.reduce(.tick(now: t0 + 3500)).isEmpty)
        #expect(off.awsCredentialsRenewalNote == nil)

        var offline = dashboard()
        _ = offline.reduce(
            .sessionEvent(
                .connectivityChanged(.offline(since: t0, lastError: .network(kind: .timedOut, message: "15 s")))))
        #expect(!offline.reduce(.tick(now: t0 + 3500)).contains(.run(.dashboard(.renewAWSCredentials))))

        var signedOut = dashboard()
        _ = signedOut.reduce(.sessionEvent(.stateChanged(.signedOut, username: nil, provider: nil)))
        #expect(signedOut.reduce(.tick(now: t0 + 3500)).isEmpty)

        var none = DashboardState(now: t0, timeZone: utc)
        none.awsRenewal.isEnabled = true
        _ = none.reduce(.sessionEvent(.stateChanged(.signedIn, username: "alice", provider: poolProvider)))
        #expect(none.reduce(.tick(now: t0 + 3500)).isEmpty)
    }

    @Test("a failed renewal is logged and tried again after the wait, which doubles")
    func failedRenewalWaits() {
        var state = dashboard()
        #expect(state.reduce(.tick(now: t0 + 3000)) == [.run(.dashboard(.renewAWSCredentials))])
        _ = state.reduce(.awsCredentialsRenewed(.failure(.network(kind: .timedOut, message: "15 s"))))
        #expect(state.log.texts.last?.hasPrefix("AWS credentials not renewed:") == true, "\(state.log.texts)")
        #expect(state.reduce(.tick(now: t0 + 3014)).isEmpty)
        #expect(state.reduce(.tick(now: t0 + 3015)) == [.run(.dashboard(.renewAWSCredentials))])
        _ = state.reduce(.awsCredentialsRenewed(.failure(.network(kind: .timedOut, message: "15 s"))))
        #expect(state.reduce(.tick(now: t0 + 3044)).isEmpty)
        #expect(state.reduce(.tick(now: t0 + 3045)) == [.run(.dashboard(.renewAWSCredentials))])
    }

    @Test("credentials the client still judged fresh (another process renewed them) do not start a loop")
    func stillDueWaits() {
        var state = dashboard()
        _ = state.reduce(.tick(now: t0 + 3000))
        // The session read shows the same credentials: still due, so the 15 s wait stands.
        _ = state.reduce(.awsCredentialsRenewed(.success(session(fetched: t0, lifetime: 3600))))
        #expect(state.reduce(.tick(now: t0 + 3001)).isEmpty)
        #expect(state.reduce(.tick(now: t0 + 3015)) == [.run(.dashboard(.renewAWSCredentials))])
    }

    @MainActor
    @Test("the tick adopts credentials another process stored: the row is never red while the store's are fresh")
    func adoptsStoredCredentials() async throws {
        let service = FakeAuthService()
        let clock = ManualClock(start: t0 + 3590)
        var state = AppState(options: AuthUIOptions(), now: t0 + 3590, timeZone: utc)
        state.dashboard = dashboard()
        state.dashboard.now = t0 + 3590
        state.base = .dashboard
        let runtime = AuthScreensRuntime(service: service, state: state, clock: clock)
        // The shown credentials expire in 10 s; an `exec` in another process renewed them in the store.
        #expect(runtime.state.dashboard.awsCredentials?.remainingFraction ?? 1 < 0.01)
        await service.store(try Self.persisted(fetched: t0 + 3000, lifetime: 3600))
        runtime.tick(now: t0 + 3590)
        await runtime.settle()
        #expect(runtime.state.dashboard.session?.awsCredentialsExpiration == t0 + 6600)
        #expect(runtime.state.dashboard.session?.awsCredentialsFetchedAt == t0 + 3000)
        #expect((runtime.state.dashboard.awsCredentials?.remainingFraction ?? 0) > 0.8)
        runtime.stop()
    }

    /// A stored session for alice with tokens for 12 hours and AWS credentials fetched at `fetched`.
    static func persisted(fetched: Date, lifetime: TimeInterval) throws -> PersistedSession {
        let pool = UserPoolConfiguration(poolId: "us-east-1_TestPool1", appClientId: "client", region: "us-east-1")
        let raw = TestJWT.tokens(pool: pool, username: "alice", issued: t0, lifetime: 43_200)
        let tokens = try CognitoTokens(idToken: raw.id, accessToken: raw.access, refreshToken: raw.refresh)
        var session = PersistedSession(
            state: .signedIn, username: "alice", provider: pool.providerKey, tokens: tokens,
            awsCredentials: AWSCredentials(
                accessKeyId: "AKIDTEST", secretAccessKey: "secret", sessionToken: "token",
                expiration: fetched + lifetime),
            updatedAt: fetched)
        session.awsCredentialsFetchedAt = fetched
        return session
    }
}
