import CognitoAuthTesting
import Foundation
import Testing

@testable import CognitoAuth

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
