import CognitoAuthTesting
import Foundation
import Testing

@testable import CognitoAuth

/// Refreshes through the actor: single flight, kept refresh tokens, network failures, rejection.
extension AuthClientTests {
    @Test("A refresh answered with another user's tokens is refused; the session and the store keep alice")
    func refreshForAnotherUserRefused() async throws {
        let stored = Fixtures.signedInSession(try expiredTokens())
        let mallory = try Fixtures.tokens(username: "mallory", serial: 5)
        let rig = makeRig(stored: stored) { request in
            request.isRefresh
                ? refreshAnswer(mallory) : ScriptedTransport.error("InvalidParameterException", "unexpected")
        }
        await rig.client.initialize()
        await #expect {
            _ = try await rig.client.getTokens(.noWait)
        } throws: { error in
            guard case AuthError.invalidToken(let message) = error else { return false }
            return message.contains("another user")
        }
        #expect(await rig.client.username == "alice")
        #expect(try rig.store.load()?.tokens == stored.tokens)
    }

    @Test("1,000 concurrent getTokens with expired tokens send exactly one refresh")
    func thousandCallersOneRefresh() async throws {
        let fresh = try Fixtures.tokens(serial: 9, refreshToken: nil)
        let gate = AsyncGate()
        let rig = makeRig(stored: Fixtures.signedInSession(try expiredTokens())) { request in
            guard request.isRefresh else { return ScriptedTransport.error("InvalidParameterException", "unexpected") }
            await gate.wait()
            return refreshAnswer(fresh)
        }
        await rig.client.initialize()
        let client = rig.client
        try await withThrowingTaskGroup(of: CognitoTokens.self) { group in
            for _ in 0..<1000 {
                group.addTask { try await client.getTokens() }
            }
            try await Waiter.value(
                of: "1,000 calls waiting for the refresh", on: [await client.changeSource()],
                { await client.pendingCalls.count }, until: { $0 == 1000 })
            // The refresh goes out after the store's refresh lock is asked for (a suspension point),
            // so it may reach the transport a moment after the 1,000th caller queued.
            try await Waiter.until("the refresh reached the transport", on: [rig.transport.changeSource()]) {
                rig.refreshRequests.count >= 1
            }
            #expect(rig.refreshRequests.count == 1)
            await gate.open()
            var results = 0
            for try await tokens in group {
                #expect(tokens.accessToken == fresh.accessToken)
                #expect(tokens.refreshToken == "refresh-alice")
                results += 1
            }
            #expect(results == 1000)
        }
        #expect(rig.refreshRequests.count == 1)
        #expect(rig.transport.sent.count == 1)
        #expect(await client.pendingCalls.isEmpty)
        #expect(try rig.store.load()?.tokens?.accessToken == fresh.accessToken)
    }

    @Test("A refresh answer without RefreshToken keeps the old one, in memory and in the store")
    func refreshKeepsOldRefreshToken() async throws {
        let fresh = try Fixtures.tokens(serial: 5, refreshToken: nil)
        let rig = makeRig(stored: Fixtures.signedInSession(try expiredTokens())) { _ in refreshAnswer(fresh) }
        await rig.client.initialize()
        let tokens = try await rig.client.getTokens()
        #expect(tokens.idToken == fresh.idToken)
        #expect(tokens.refreshToken == "refresh-alice")
        #expect(try rig.store.load()?.tokens?.refreshToken == "refresh-alice")
        #expect(try rig.store.load()?.tokens?.accessToken == fresh.accessToken)

        // A rotated refresh token replaces it.
        let rotated = try Fixtures.tokens(issued: t0.addingTimeInterval(5000), serial: 6, refreshToken: "rotated")
        let second = makeRig(stored: Fixtures.signedInSession(try expiredTokens()), start: t0.addingTimeInterval(5000))
        { _ in
            refreshAnswer(rotated, includeRefreshToken: true)
        }
        await second.client.initialize()
        #expect(try await second.client.getTokens().refreshToken == "rotated")
    }

    @Test("A network failure during refresh keeps signedIn, shows offline, and fails an impatient caller")
    func networkFailureKeepsSignedIn() async throws {
        let old = try expiredTokens()
        let refused = AuthError.network(kind: .connectionRefused, message: "connect ECONNREFUSED")
        let rig = makeRig(stored: Fixtures.signedInSession(old)) { _ in throw refused }
        await rig.client.initialize()
        await #expect(throws: refused) {
            try await rig.client.getTokens(TokenRequestOptions(waitForConnectivity: false))
        }
        #expect(await rig.client.userState == .signedIn)
        #expect(await rig.client.connectivity == .offline(since: t0, lastError: refused))
        #expect(try rig.store.load()?.state == .signedIn)
        #expect(try rig.store.load()?.tokens == old)
        #expect(await rig.client.pendingCalls.isEmpty)
    }

    @Test("A patient caller waits through network failures, retried with backoff, then resumes")
    func patientCallerRecovers() async throws {
        let fresh = try Fixtures.tokens(issued: t0, serial: 11, refreshToken: nil)
        let failures = Locked(0)
        let rig = makeRig(stored: Fixtures.signedInSession(try expiredTokens())) { request in
            let attempt = failures.withLock { count -> Int in
                count += 1
                return count
            }
            if attempt <= 2 { throw AuthError.network(kind: .timedOut, message: "timed out") }
            return refreshAnswer(fresh)
        }
        await rig.client.initialize()
        let client = rig.client
        let caller = Task { try await client.getTokens() }
        for attempt in 1...2 {
            // The retry's sleep starts after the failure is counted, so the clock's change comes last.
            try await Waiter.until(
                "attempt \(attempt) failed and a retry is scheduled",
                on: [rig.transport.changeSource(), rig.clock.changeSource()]
            ) {
                failures.current == attempt && rig.clock.sleeperCount == 1
            }
            #expect(await client.userState == .signedIn)
            #expect(await client.connectivity.isOnline == false)
            #expect(await client.pendingCalls.map(\.reason) == [.refresh])
            rig.clock.advance(by: 60)
        }
        let tokens = try await caller.value
        #expect(tokens.accessToken == fresh.accessToken)
        #expect(rig.refreshRequests.count == 3)
        #expect(await client.connectivity == .online)
        #expect(await client.pendingCalls.isEmpty)
    }

    @Test("GetTokensFromRefreshToken carries ClientSecret when the client has a secret, and nothing else secret")
    func clientSecretSent() async throws {
        let fresh = try Fixtures.tokens(serial: 3, pool: Fixtures.poolWithSecret)
        let rig = makeRig(stored: Fixtures.signedInSession(try expiredTokens()), pool: Fixtures.poolWithSecret) { _ in
            refreshAnswer(fresh)
        }
        await rig.client.initialize()
        _ = try await rig.client.getTokens()
        let request = try #require(rig.refreshRequests.first)
        #expect(request.header("X-Amz-Target") == "AWSCognitoIdentityProviderService.GetTokensFromRefreshToken")
        let body = try #require(request.json)
        #expect(body["ClientId"] == "testclient123")
        #expect(body["RefreshToken"] == "refresh-alice")
        #expect(body["ClientSecret"]?.stringValue == "client-secret-xyz")
        #expect(body["DeviceKey"] == nil)
        #expect(body["ClientMetadata"] == nil)

        // Without a secret, no ClientSecret.
        let plain = makeRig(stored: Fixtures.signedInSession(try expiredTokens())) { _ in refreshAnswer(fresh) }
        await plain.client.initialize()
        _ = try await plain.client.getTokens()
        #expect(try #require(plain.refreshRequests.first).json?["ClientSecret"] == nil)
    }

    @Test("NotAuthorized on refresh: signedOutUserPoolsTokenInvalid, persisted, the caller waits for sign-in")
    func refreshRejectedWaitsForSignIn() async throws {
        let rig = makeRig(stored: Fixtures.signedInSession(try expiredTokens())) { _ in
            ScriptedTransport.error("NotAuthorizedException", "Refresh Token has been revoked")
        }
        await rig.client.initialize()
        let client = rig.client
        let waiting = Task { try await client.getTokens() }
        await #expect(throws: AuthError.reloginRequired(.signedOutUserPoolsTokenInvalid)) {
            try await client.getTokens(.noWait)
        }
        #expect(await client.userState == .signedOutUserPoolsTokenInvalid)
        #expect(try rig.store.load()?.state == .signedOutUserPoolsTokenInvalid)
        #expect(try rig.store.load()?.tokens == nil)
        try await Waiter.value(
            of: "the default caller waiting for sign-in", on: [await client.changeSource()],
            { await client.pendingCalls.map(\.reason) }, until: { $0 == [.signIn] })
        let tokens = try Fixtures.tokens(serial: 4)
        try await client.completeSignIn(tokens: tokens, username: "alice")
        #expect(try await waiting.value == tokens)
        #expect(rig.refreshRequests.count == 1)
    }
}
