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
}
