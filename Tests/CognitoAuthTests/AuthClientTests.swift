import CognitoAuthTesting
import Foundation
import Testing

@testable import CognitoAuth

/// The AuthClient actor with a scripted transport, a manual clock and an in-memory store.
@Suite("AuthClient")
struct AuthClientTests {
    let t0 = Fixtures.t0

    struct Rig {
        let client: AuthClient
        let transport: ScriptedTransport
        let store: InMemorySessionStore
        let clock: ManualClock

        var refreshRequests: [HTTPRequestData] { transport.sent.filter(\.isRefresh) }
    }

    func makeRig(
        stored: PersistedSession?, pool: UserPoolConfiguration = Fixtures.pool, start: Date = Fixtures.t0,
        _ responder: @escaping @Sendable (HTTPRequestData) async throws -> HTTPResponseData = { _ in
            ScriptedTransport.error("InvalidParameterException", "no request was expected")
        }
    ) -> Rig {
        let clock = ManualClock(start: start)
        let store = InMemorySessionStore(stored)
        let transport = ScriptedTransport(responder)
        let client = AuthClient(
            configuration: Fixtures.configuration(pool: pool), store: store, transport: transport, clock: clock,
            random: FixedRandomSource(fixed: [0x80]), options: Fixtures.clientOptions)
        return Rig(client: client, transport: transport, store: store, clock: clock)
    }

    /// Tokens that expired long before `t0`.
    func expiredTokens() throws -> CognitoTokens {
        try Fixtures.tokens(issued: t0.addingTimeInterval(-10_000))
    }

    func reloginSession() -> PersistedSession {
        var session = Fixtures.signedInSession(nil)
        session.state = .signedOutUserPoolsTokenInvalid
        return session
    }

    // MARK: Restore and listeners

    @Test("initialize restores from the store without any request")
    func initializeWithoutNetwork() async throws {
        let tokens = try Fixtures.tokens()
        let rig = makeRig(stored: Fixtures.signedInSession(tokens))
        #expect(await rig.client.userState == .unknown)
        #expect(await rig.client.initialize() == .signedIn)
        #expect(await rig.client.initialize() == .signedIn)
        #expect(await rig.client.username == "alice")
        #expect(try await rig.client.getTokens() == tokens)
        #expect(rig.transport.sent.isEmpty)
        #expect(rig.store.writeCount == 0)
    }

    @Test("A listener gets the current state first, then each change after it is persisted; removal stops it")
    func listenerOrderAndRemoval() async throws {
        let rig = makeRig(stored: Fixtures.signedInSession(try Fixtures.tokens()))
        await rig.client.initialize()
        let store = rig.store
        let calls = Locked<[(UserState, UserStateInfo, UserState?)]>([])
        let token = await rig.client.addUserStateListener { state, info in
            // What the store holds while the listener runs.
            let stored = (try? store.load())?.state
            calls.withLock { $0.append((state, info, stored)) }
        }
        #expect(calls.current.count == 1)
        #expect(calls.current.first?.0 == .signedIn)
        #expect(calls.current.first?.1 == UserStateInfo(username: "alice", provider: Fixtures.pool.providerKey))

        try await rig.client.signOut()
        let newTokens = try Fixtures.tokens(username: "bob", serial: 2)
        try await rig.client.completeSignIn(tokens: newTokens, username: "bob")

        let recorded = calls.current
        #expect(recorded.map(\.0) == [.signedIn, .signedOut, .signedIn])
        #expect(
            recorded.dropFirst().map(\.2) == [.signedOut, .signedIn], "the listener ran before the store was written")
        #expect(recorded.last?.1 == UserStateInfo(username: "bob", provider: Fixtures.pool.providerKey))

        await rig.client.removeUserStateListener(token)
        try await rig.client.signOut()
        #expect(calls.current.count == 3)
    }

    @Test("userStateChanges starts with the current state, then follows the changes")
    func userStateStream() async throws {
        let rig = makeRig(stored: Fixtures.signedInSession(try Fixtures.tokens()))
        await rig.client.initialize()
        let stream = await rig.client.userStateChanges()
        var iterator = stream.makeAsyncIterator()
        #expect(await iterator.next()?.state == .signedIn)
        try await rig.client.signOut()
        try await rig.client.completeSignIn(tokens: try Fixtures.tokens(serial: 3), username: "alice")
        #expect(await iterator.next()?.state == .signedOut)
        let change = await iterator.next()
        #expect(change?.state == .signedIn)
        #expect(change?.info.username == "alice")
    }

    // MARK: Refresh

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

    // MARK: Waiting for sign-in

    @Test("getTokens(.noWait) in signedOutUserPoolsTokenInvalid throws reloginRequired at once")
    func noWaitReloginRequired() async throws {
        let rig = makeRig(stored: reloginSession())
        #expect(await rig.client.initialize() == .signedOutUserPoolsTokenInvalid)
        await #expect(throws: AuthError.reloginRequired(.signedOutUserPoolsTokenInvalid)) {
            try await rig.client.getTokens(.noWait)
        }
        #expect(await rig.client.pendingCalls.isEmpty)
        #expect(rig.transport.sent.isEmpty)
    }

    @Test("A waiting call is resumed by completeSignIn with the new tokens")
    func waitingCallResumedBySignIn() async throws {
        let rig = makeRig(stored: reloginSession())
        await rig.client.initialize()
        let client = rig.client
        let waiters = (0..<3).map { _ in Task { try await client.getTokens() } }
        try await Waiter.value(
            of: "three calls waiting", on: [await client.changeSource()], { await client.pendingCalls.count },
            until: { $0 == 3 })
        #expect(await client.pendingCalls.allSatisfy { $0.reason == .signIn && $0.label == "getTokens" })
        let tokens = try Fixtures.tokens(serial: 21)
        try await client.completeSignIn(tokens: tokens, username: "alice")
        for waiter in waiters { #expect(try await waiter.value == tokens) }
        #expect(await client.pendingCalls.isEmpty)
        #expect(await client.userState == .signedIn)
        #expect(try rig.store.load()?.tokens == tokens)
        #expect(rig.transport.sent.isEmpty)
    }

    @Test("A cancelled waiting task throws CancellationError and leaves pendingCalls; the others keep waiting")
    func cancelledWaiter() async throws {
        let rig = makeRig(stored: reloginSession())
        await rig.client.initialize()
        let client = rig.client
        let cancelled = Task { try await client.getTokens(TokenRequestOptions(label: "cancelled")) }
        let kept = Task { try await client.getTokens(TokenRequestOptions(label: "kept")) }
        try await Waiter.value(
            of: "two calls waiting", on: [await client.changeSource()], { await client.pendingCalls.count },
            until: { $0 == 2 })
        cancelled.cancel()
        await #expect(throws: CancellationError.self) { try await cancelled.value }
        try await Waiter.value(
            of: "the cancelled call removed", on: [await client.changeSource()],
            { await client.pendingCalls.map(\.label) }, until: { $0 == ["kept"] })

        // A task cancelled before it asks never waits.
        let early = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await client.getTokens()
        }
        await #expect(throws: CancellationError.self) { try await early.value }

        await client.releaseSignInWait()
        await #expect(throws: AuthError.signInWaitCancelled) { try await kept.value }
        #expect(await client.pendingCalls.isEmpty)
    }

    @Test("releaseSignInWait fails the waiting calls; a later call waits afresh")
    func releaseSignInWait() async throws {
        let rig = makeRig(stored: reloginSession())
        await rig.client.initialize()
        let client = rig.client
        let first = Task { try await client.getTokens() }
        try await Waiter.value(
            of: "one call waiting", on: [await client.changeSource()], { await client.pendingCalls.count },
            until: { $0 == 1 })
        await client.releaseSignInWait()
        await #expect(throws: AuthError.signInWaitCancelled) { try await first.value }
        let second = Task { try await client.getTokens() }
        try await Waiter.value(
            of: "the later call waiting", on: [await client.changeSource()], { await client.pendingCalls.count },
            until: { $0 == 1 })
        try await client.signOut()
        await #expect(throws: AuthError.signedOut) { try await second.value }
        #expect(await client.userState == .signedOut)
    }

    @Test("A deadline on the manual clock fails the waiting call with deadlineExceeded")
    func deadlineExceeded() async throws {
        let rig = makeRig(stored: reloginSession())
        await rig.client.initialize()
        let client = rig.client
        let waiter = Task { try await client.getTokens(TokenRequestOptions(deadline: .seconds(30))) }
        try await Waiter.until(
            "the call waiting with its deadline timer", on: [await client.changeSource(), rig.clock.changeSource()]
        ) {
            await client.pendingCalls.count == 1 && rig.clock.sleeperCount == 1
        }
        rig.clock.advance(by: 29)
        #expect(await client.pendingCalls.count == 1)
        rig.clock.advance(by: 2)
        await #expect(throws: AuthError.deadlineExceeded) { try await waiter.value }
        #expect(await client.pendingCalls.isEmpty)
    }

    @Test("A rejected access token makes the next getTokens refresh")
    func rejectedAccessToken() async throws {
        let tokens = try Fixtures.tokens()
        let fresh = try Fixtures.tokens(serial: 31, refreshToken: nil)
        let rig = makeRig(stored: Fixtures.signedInSession(tokens)) { _ in refreshAnswer(fresh) }
        await rig.client.initialize()
        #expect(try await rig.client.getTokens() == tokens)
        await rig.client.reportAccessTokenRejected(tokens.accessToken)
        #expect(try await rig.client.getTokens().accessToken == fresh.accessToken)
        #expect(rig.refreshRequests.count == 1)
    }
}

/// Two clients on one store stand for two processes sharing the session file.
@Suite("AuthClient: another process's writes")
struct AuthClientSharedStoreTests {
    func client(_ store: InMemorySessionStore, clock: ManualClock, transport: ScriptedTransport) -> AuthClient {
        AuthClient(
            configuration: Fixtures.configuration(), store: store, transport: transport, clock: clock,
            random: FixedRandomSource(fixed: []), options: Fixtures.clientOptions)
    }

    @Test("A peer's sign-in is adopted by a client waiting for re-login")
    func peerSignInAdopted() async throws {
        var relogin = Fixtures.signedInSession(nil)
        relogin.state = .signedOutUserPoolsTokenInvalid
        let store = InMemorySessionStore(relogin)
        let clock = ManualClock(start: Fixtures.t0)
        let transport = ScriptedTransport { _ in ScriptedTransport.error("InvalidParameterException", "unexpected") }
        let a = client(store, clock: clock, transport: transport)
        let b = client(store, clock: clock, transport: transport)
        await a.initialize()
        await b.initialize()
        let tokens = try Fixtures.tokens(serial: 40)
        try await a.completeSignIn(tokens: tokens, username: "alice")
        // B notices the new record on its next call.
        #expect(try await b.getTokens(.noWait) == tokens)
        #expect(await b.userState == .signedIn)
        #expect(transport.sent.isEmpty)
    }

    @Test("A peer's sign-out is adopted, and not undone by this client's refresh")
    func peerSignOutAdopted() async throws {
        let store = InMemorySessionStore(
            Fixtures.signedInSession(try Fixtures.tokens(issued: Fixtures.t0.addingTimeInterval(-10_000))))
        let clock = ManualClock(start: Fixtures.t0)
        let fresh = try Fixtures.tokens(serial: 41, refreshToken: nil)
        let transport = ScriptedTransport { _ in refreshAnswer(fresh) }
        let a = client(store, clock: clock, transport: transport)
        let b = client(store, clock: clock, transport: transport)
        await a.initialize()
        await b.initialize()
        try await a.signOut()
        #expect(try store.load()?.state == .signedOut)
        // B's tokens are expired, so it re-reads the store before refreshing.
        let result: Result<CognitoTokens, any Error> = await Result(catching: { try await b.getTokens(.noWait) })
        let state = await b.userState
        let stored = try store.load()
        #expect(state == .signedOut)
        #expect((try? result.get()) == nil, "getTokens should have failed")
        #expect(stored?.state == .signedOut)
        #expect(stored?.tokens == nil)
        // A's sign-out revoked its refresh token; B sent nothing (no refresh of a signed-out session).
        #expect(transport.sent.compactMap(\.operation) == ["RevokeToken"])
    }

    @Test("A peer that removes the session file signs this client out")
    func peerRemovalAdopted() async throws {
        let store = InMemorySessionStore(
            Fixtures.signedInSession(try Fixtures.tokens(issued: Fixtures.t0.addingTimeInterval(-10_000))))
        let clock = ManualClock(start: Fixtures.t0)
        let fresh = try Fixtures.tokens(serial: 42, refreshToken: nil)
        let transport = ScriptedTransport { _ in refreshAnswer(fresh) }
        let b = client(store, clock: clock, transport: transport)
        await b.initialize()
        try store.save(nil)  // the peer's `save(nil)`
        let result: Result<CognitoTokens, any Error> = await Result(catching: { try await b.getTokens(.noWait) })
        let state = await b.userState
        let stored = try store.load()
        #expect(state == .signedOut)
        #expect((try? result.get()) == nil, "getTokens should have failed")
        #expect(stored == nil, "B wrote the removed session back")
        #expect(transport.sent.isEmpty)
    }
}

/// USER_SRP_AUTH through the actor against a scripted server that answers with a pycognito vector's challenge.
@Suite("AuthClient SRP sign-in")
struct AuthClientSignInTests {
    @Test(
        "signIn sends exactly the pycognito challenge answer (alias → USER_ID_FOR_SRP, SECRET_HASH, TIMESTAMP)",
        arguments: SRPVectors.caseNames)
    func signInMatchesVector(_ name: String) async throws {
        let vector = try #require(SRPVectors.case(named: name))
        func input(_ key: String) throws -> String { try #require(vector["inputs"]?[key]?.stringValue, "\(key)") }
        let expected = try #require(vector["expected"])
        let answer = try #require(expected["challenge_response"])

        let secret = vector["inputs"]?["client_secret"]?.stringValue
        let pool = UserPoolConfiguration(
            poolId: try input("pool_id"), appClientId: try input("client_id"), appClientSecret: secret,
            region: "us-east-1",
            endpoint: URL(string: "http://127.0.0.1:9/"))
        let formatter = ISO8601DateFormatter()
        let now = try #require(formatter.date(from: try input("utc_datetime")))
        let a = try #require(SRPClient.bytes(fromHex: try input("small_a_hex")))
        let userId = try input("user_id_for_srp")
        let raw = TestJWT.tokens(pool: pool, username: userId, issued: now, lifetime: 3600)
        let challenge: [String: String] = [
            "SALT": try input("salt_hex"), "SRP_B": try input("srp_b_hex"),
            "SECRET_BLOCK": try input("secret_block_b64"),
            "USER_ID_FOR_SRP": userId, "USERNAME": userId,
        ]
        let transport = ScriptedTransport { request in
            switch request.operation {
            case "InitiateAuth":
                return ScriptedTransport.json([
                    "ChallengeName": "PASSWORD_VERIFIER", "ChallengeParameters": .strings(challenge),
                    "Session": "session-1",
                ])
            case "RespondToAuthChallenge":
                return ScriptedTransport.json([
                    "AuthenticationResult": [
                        "IdToken": .string(raw.id), "AccessToken": .string(raw.access),
                        "RefreshToken": .string(raw.refresh),
                    ]
                ])
            default:
                return ScriptedTransport.error("InvalidParameterException", "unexpected")
            }
        }
        let store = InMemorySessionStore()
        let client = AuthClient(
            configuration: AuthConfiguration(userPool: pool), store: store, transport: transport,
            clock: ManualClock(start: now),
            random: FixedRandomSource(fixed: [UInt8](repeating: 0, count: 128 - a.count) + a),
            options: Fixtures.clientOptions)
        await client.initialize()
        let step = try await client.signIn(username: try input("username"), password: try input("password"))
        #expect(step == .done)
        #expect(await client.userState == .signedIn)
        #expect(await client.username == userId)
        #expect(try store.load()?.tokens?.refreshToken == raw.refresh)

        #expect(transport.operations == ["InitiateAuth", "RespondToAuthChallenge"])
        let initiate = try #require(transport.sent.first?.json)
        #expect(initiate["AuthFlow"] == "USER_SRP_AUTH")
        #expect(initiate["AuthParameters"]?["USERNAME"]?.stringValue == (try input("username")))
        let srpA = try #require(initiate["AuthParameters"]?["SRP_A"]?.stringValue)
        let expectedA = try #require(expected["srp_a_param"]?.stringValue)
        #expect(integerHex(srpA) == integerHex(expectedA))
        #expect(srpA == expectedA)
        #expect(
            initiate["AuthParameters"]?["SECRET_HASH"]?.stringValue == expected["secret_hash_initiate"]?.stringValue)

        let respond = try #require(transport.sent.last?.json)
        #expect(respond["ChallengeName"] == "PASSWORD_VERIFIER")
        #expect(respond["Session"] == "session-1")
        #expect(respond["ClientId"]?.stringValue == pool.appClientId)
        let responses = try #require(respond["ChallengeResponses"]?.objectValue)
        #expect(responses == answer.objectValue, "the ChallengeResponses differ from pycognito's")
    }
}
