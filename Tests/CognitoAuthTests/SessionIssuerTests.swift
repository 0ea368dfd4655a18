import CognitoAuthTesting
import Foundation
import Testing

@testable import CognitoAuth

/// A stored session is bound to the pool, app client and endpoint that issued it (rel-2 N2): a client
/// on another issuer never sends its refresh token, id token or revocation anywhere.
@Suite("Session issuer binding")
struct SessionIssuerTests {
    static let poolA = UserPoolConfiguration(
        poolId: "us-east-1_PoolAaaa1", appClientId: "clienta", region: "us-east-1",
        endpoint: URL(string: "http://127.0.0.1:9/"))

    /// A signed-in session of pool A whose access token expired an hour ago (any use needs a refresh).
    static func expiredSession(recordingIssuer: Bool) throws -> PersistedSession {
        let issued = Date().addingTimeInterval(-7200)
        let raw = TestJWT.tokens(pool: poolA, username: "alice", issued: issued, lifetime: 3600)
        var session = PersistedSession(
            state: .signedIn, username: "alice", provider: poolA.providerKey,
            tokens: try CognitoTokens(idToken: raw.id, accessToken: raw.access, refreshToken: raw.refresh),
            updatedAt: issued)
        if recordingIssuer { session.issuer = SessionIssuer(pool: poolA) }
        return session
    }

    /// Every configuration that is not pool A as A issued the session.
    static let others: [(String, UserPoolConfiguration)] = [
        (
            "another pool",
            UserPoolConfiguration(
                poolId: "us-east-1_PoolBbbb1", appClientId: "clientb", region: "us-east-1",
                endpoint: URL(string: "http://127.0.0.1:10/"))
        ),
        (
            "another app client",
            UserPoolConfiguration(
                poolId: poolA.poolId, appClientId: "clientb", region: "us-east-1",
                endpoint: URL(string: "http://127.0.0.1:9/"))
        ),
        (
            "the same ids at another endpoint",
            UserPoolConfiguration(
                poolId: poolA.poolId, appClientId: poolA.appClientId, region: "us-east-1",
                endpoint: URL(string: "http://127.0.0.1:10/"))
        ),
    ]

    @Test("getTokens, signOut, logins and forceRefresh send nothing to another issuer", arguments: [0, 1, 2])
    func nothingReachesAnotherIssuer(_ index: Int) async throws {
        let (what, pool) = Self.others[index]
        let transport = ScriptedTransport { _ in ScriptedTransport.json([:]) }
        let original = try Self.expiredSession(recordingIssuer: true)
        let store = InMemorySessionStore(original)
        let client = AuthClient(
            configuration: AuthConfiguration(userPool: pool), store: store, transport: transport)
        await client.initialize()
        let mismatch = try #require(await client.sessionIssuerMismatch, "\(what)")
        #expect(mismatch.session.userPoolId == Self.poolA.poolId)
        #expect(mismatch.configured?.endpoint == SessionIssuer(pool: pool).endpoint)
        await #expect(throws: AuthError.self) { try await client.getTokens(.noWait) }
        await #expect(throws: AuthError.self) { try await client.signOut() }
        await #expect(throws: AuthError.self) { try await client.userAttributes() }
        await client.forceRefresh()
        do {
            _ = try await client.getTokens(.noWait)
        } catch AuthError.sessionIssuerMismatch(let found) {
            #expect(found == mismatch)
            #expect(AuthError.sessionIssuerMismatch(found).failureKind == .configuration)
        }
        #expect(transport.sent.isEmpty, "\(what): \(transport.operations)")
        // Nothing of pool A's session was changed by the refusals.
        #expect(try store.load() == original)
        #expect(AuthClient.cachedTokens(in: try store.load(), at: Date(), configuration: .init(userPool: pool)) == nil)
    }

    @Test("A record written before issuers were recorded is judged by its tokens' iss and aud")
    func legacyRecordsUseTheClaims() throws {
        let legacy = try Self.expiredSession(recordingIssuer: false)
        #expect(legacy.issuerMismatch(with: AuthConfiguration(userPool: Self.poolA)) == nil)
        #expect(legacy.issuerMismatch(with: AuthConfiguration(userPool: Self.others[0].1)) != nil)
        #expect(legacy.issuerMismatch(with: AuthConfiguration(userPool: Self.others[1].1)) != nil)
        #expect(legacy.effectiveIssuer?.userPoolId == Self.poolA.poolId)
        // An old record still decodes, without an issuer.
        let encoded = try #require(legacy.encodedRecord())
        var object = try #require(JSONValue.parse(Array(encoded)))
        if case .object(var fields) = object {
            fields.removeValue(forKey: "issuer")
            object = .object(fields)
        }
        let decoded = try #require(PersistedSession.decoded(from: Data(object.encoded())))
        #expect(decoded.issuer == nil)
        #expect(decoded.tokens == legacy.tokens)
    }

    @Test("A sign-out records the issuer with the revocation it owes, and only that issuer gets it")
    func owedRevocationKeepsItsIssuer() async throws {
        var stored = try Self.expiredSession(recordingIssuer: true)
        stored.state = .signedOut
        stored.tokens = nil
        stored.pendingRevocation = PendingRevocation(
            refreshToken: "refresh-alice", global: false, username: "alice", issuer: SessionIssuer(pool: Self.poolA))
        stored.issuer = nil
        let transport = ScriptedTransport { _ in ScriptedTransport.json([:]) }
        let client = AuthClient(
            configuration: AuthConfiguration(userPool: Self.others[0].1), store: InMemorySessionStore(stored),
            transport: transport)
        await client.initialize()
        #expect(await client.sessionIssuerMismatch != nil)
        await #expect(throws: AuthError.self) { try await client.signOut() }
        #expect(transport.sent.isEmpty)
    }
}
