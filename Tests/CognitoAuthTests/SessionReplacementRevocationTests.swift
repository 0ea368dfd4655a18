import CognitoAuthTesting
import Foundation
import Synchronization
import Testing

@testable import CognitoAuth

/// rel-3 R12: a sign-in that replaces another user's session revokes that user's refresh token (or
/// owes the revocation), says what it did, and a credentials source pinned to a user serves no one else.
@Suite("Replacing another user's session (rel-3 R12)")
struct SessionReplacementRevocationTests {
    /// A client whose USER_PASSWORD_AUTH sign-in answers tokens for whoever signs in, and whose
    /// RevokeToken answers `revokeStatus` (200: revoked); every revoked token is recorded.
    final class Backend: Sendable {
        let revoked = Mutex<[String]>([])
        let revokeStatus: Int
        init(revokeStatus: Int = 200) { self.revokeStatus = revokeStatus }

        var transport: ScriptedTransport {
            ScriptedTransport { [self] request in
                let body = JSONValue.parse(request.body)
                let target = request.header("X-Amz-Target") ?? ""
                if target.hasSuffix(".RevokeToken") {
                    guard revokeStatus == 200 else {
                        return ScriptedTransport.error("InternalErrorException", "down", status: revokeStatus)
                    }
                    revoked.withLock { $0.append(body?["Token"]?.stringValue ?? "?") }
                    return ScriptedTransport.json([:])
                }
                guard target.hasSuffix(".InitiateAuth"), body?["AuthFlow"]?.stringValue == "USER_PASSWORD_AUTH",
                    let user = body?["AuthParameters"]?["USERNAME"]?.stringValue
                else { return ScriptedTransport.error("InvalidParameterException", "no such request was expected") }
                let tokens = try Fixtures.tokens(username: user, serial: 12, refreshToken: "refresh-\(user)")
                return refreshAnswer(tokens, includeRefreshToken: true)
            }
        }
    }

    static func client(_ backend: Backend, store: InMemorySessionStore) -> AuthClient {
        AuthClient(
            configuration: Fixtures.configuration(), store: store, transport: backend.transport,
            clock: ManualClock(start: Fixtures.t0), random: FixedRandomSource(fixed: [0x80]),
            options: Fixtures.clientOptions)
    }

    static func aliceStore() throws -> InMemorySessionStore {
        InMemorySessionStore(Fixtures.signedInSession(try Fixtures.tokens(refreshToken: "refresh-alice")))
    }

    static func signIn(_ client: AuthClient, _ user: String) async throws {
        _ = try await client.signIn(
            username: user, password: "pw", flow: .userPassword, method: nil, validationData: [:],
            replacingSession: true)
    }

    @Test("Replacing alice with bob revokes alice's refresh token and says so")
    func replacementRevokes() async throws {
        let backend = Backend()
        let store = try Self.aliceStore()
        let client = Self.client(backend, store: store)
        await client.initialize()
        try await Self.signIn(client, "bob")
        #expect(backend.revoked.withLock { $0 } == ["refresh-alice"])
        #expect(
            await client.lastReplacement
                == SessionReplacement(previousUsername: "alice", username: "bob", revocation: .revoked))
        #expect(try store.load()?.pendingRevocation == nil)
        #expect(try store.load()?.username == "bob")
    }

    @Test("When RevokeToken fails, the replaced user's revocation is owed in the store, and said so")
    func replacementOwesRevocation() async throws {
        let backend = Backend(revokeStatus: 503)
        let store = try Self.aliceStore()
        let client = Self.client(backend, store: store)
        await client.initialize()
        try await Self.signIn(client, "bob")
        #expect(await client.lastReplacement?.revocation == .owed)
        let owed = try #require(try store.load()?.pendingRevocation)
        #expect(owed.refreshToken == "refresh-alice")
        #expect(owed.username == "alice")
        #expect(owed.issuer?.userPoolId == Fixtures.pool.poolId)
    }

    @Test("The same user signing in again replaces nobody and revokes nothing")
    func sameUserRevokesNothing() async throws {
        let backend = Backend()
        let client = Self.client(backend, store: try Self.aliceStore())
        await client.initialize()
        try await Self.signIn(client, "alice")
        #expect(await client.lastReplacement == nil)
        #expect(backend.revoked.withLock { $0 }.isEmpty)
    }

    @Test("A source pinned to alice answers 403 SessionUserChanged once bob replaced her in the store")
    func pinnedSourceRefusesAnotherUser() async throws {
        let backend = Backend()
        let store = try Self.aliceStore()
        let serving = Self.client(backend, store: store)
        await serving.initialize()
        let pinned = try #require(await SessionCredentialsSource.SessionUser.current(of: serving))
        #expect(pinned.username == "alice" && pinned.sub == "sub-alice")
        let source = SessionCredentialsSource(client: serving, pinnedUser: pinned)

        let other = Self.client(backend, store: store)
        await other.initialize()
        try await Self.signIn(other, "bob")
        guard case .refused(let status, let code, let message) = await source.containerCredentials() else {
            Issue.record("bob's credentials were handed out")
            return
        }
        #expect(status == 403)
        #expect(code == "SessionUserChanged")
        #expect(message.contains("bob") && message.contains("alice"))
    }
}
