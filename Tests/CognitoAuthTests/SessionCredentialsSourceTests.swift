import CognitoAuthTesting
import Foundation
import Testing

@testable import CognitoAuth

/// The endpoint's source over an `AuthClient`: refusals, the refresh window, waiting for a re-login.
@Suite("Session credentials source")
struct SessionCredentialsSourceTests {
    static func client(clock: ManualClock, pool: ScriptedIdentityPool, options: AuthClientOptions) async -> AuthClient {
        let configuration = AuthConfiguration(
            userPool: Fixtures.pool, identityPool: IdentityPoolUnitTests.identityPool,
            identityManager: IdentityManagerConfiguration(
                allowIdentityMerging: false, allowSimultaneousActiveAccounts: false))
        let client = AuthClient(
            configuration: configuration, store: InMemorySessionStore(), transport: pool.transport, clock: clock,
            options: options)
        await client.initialize()
        return client
    }

    @Test("Signed out: NotSignedIn (403) without a request; the identity pool is not asked for guest credentials")
    func signedOutIsRefused() async throws {
        let clock = ManualClock(start: Fixtures.t0)
        let pool = ScriptedIdentityPool(clock: clock)
        let client = await Self.client(clock: clock, pool: pool, options: Fixtures.clientOptions)
        let answer = await SessionCredentialsSource(client: client).containerCredentials()
        guard case .refused(let status, let code, let message) = answer else {
            Issue.record("expected a refusal, got \(answer)")
            return
        }
        #expect(status == 403 && code == "NotSignedIn" && message.contains("latchkey sign-in"))
        #expect(pool.count("GetCredentialsForIdentity") == 0 && pool.count("GetId") == 0)
    }

    @Test("Credentials with less than 15 minutes left are not handed out: the source's client fetches new ones")
    func refreshWindow() async throws {
        let clock = ManualClock(start: Fixtures.t0)
        let pool = ScriptedIdentityPool(clock: clock, lifetime: 3600)
        let client = await Self.client(
            clock: clock, pool: pool, options: SessionCredentialsSource.clientOptions(Fixtures.clientOptions))
        #expect(await client.options.credentialsMargin == SessionCredentialsSource.minimumRemaining)
        _ = try await client.federatedSignIn(providerName: FederatedProvider.facebook, token: "fb-good")
        let source = SessionCredentialsSource(client: client)
        guard case .credentials(let first) = await source.containerCredentials() else {
            Issue.record("no credentials")
            return
        }
        let fetches = pool.count("GetCredentialsForIdentity")
        // 44 minutes on: 16 left, still handed out as they are.
        clock.advance(by: 44 * 60)
        guard case .credentials(let same) = await source.containerCredentials() else {
            Issue.record("no credentials")
            return
        }
        #expect(same == first && pool.count("GetCredentialsForIdentity") == fetches)
        // 2 more: 14 left, inside botocore's 15-minute window: new ones.
        clock.advance(by: 2 * 60)
        guard case .credentials(let fresh) = await source.containerCredentials() else {
            Issue.record("no credentials")
            return
        }
        #expect(pool.count("GetCredentialsForIdentity") == fetches + 1)
        #expect(fresh.expiration.timeIntervalSince(clock.now()) > SessionCredentialsSource.minimumRemaining)
    }

    @Test("Re-login required: refused ReloginRequired (503) after the wait; a sign-in during the wait answers it")
    func reloginWaitAndResume() async throws {
        let clock = ManualClock(start: Fixtures.t0)
        let pool = ScriptedIdentityPool(clock: clock)
        let client = await Self.client(
            clock: clock, pool: pool, options: SessionCredentialsSource.clientOptions(Fixtures.clientOptions))
        _ = try await client.federatedSignIn(providerName: FederatedProvider.facebook, token: "fb-good")
        // The provider stops accepting the token: the next fetch finds the session needs re-login.
        pool.acceptOnly("fb-fresh")
        await client.invalidateCachedTemporaryCredentials()
        let short = SessionCredentialsSource(client: client, reloginWait: .milliseconds(100))
        #expect(await short.containerCredentials() == SessionCredentialsSource.reloginRequired)
        #expect(await client.userState == .signedOutFederatedTokensInvalid)

        // A long wait, answered by a sign-in meanwhile.
        let long = SessionCredentialsSource(client: client, reloginWait: .seconds(60), pollInterval: .milliseconds(20))
        let waiting = Task { await long.containerCredentials() }
        #expect(
            try await client.federatedSignIn(providerName: FederatedProvider.facebook, token: "fb-fresh") == .signedIn)
        guard case .credentials(let credentials) = await waiting.value else {
            Issue.record("the waiting request was not answered with credentials")
            return
        }
        #expect(credentials.accessKeyId.hasPrefix("ASIA"))
    }
}
