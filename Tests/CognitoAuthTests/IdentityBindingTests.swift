import CognitoAuthTesting
import Foundation
import Testing

@testable import CognitoAuth

/// rel-3 R1 (the identity leg bound to its issuer) and R2 (credentials keep their promised margin),
/// with a scripted backend and an injected clock.
@Suite("Identity binding and credential margins (rel-3 R1, R2)")
struct IdentityBindingTests {
    static let legitimate = IdentityPoolConfiguration(
        poolId: "us-east-1:00000000-0000-0000-0000-000000000000", region: "us-east-1",
        endpoint: URL(string: "http://127.0.0.1:9/"))
    /// The same pool id behind another endpoint (a cloned config, AWS_ENDPOINT_URL_COGNITO_IDENTITY).
    static let hostile = IdentityPoolConfiguration(
        poolId: legitimate.poolId, region: "us-east-1", endpoint: URL(string: "http://127.0.0.1:7/"))

    /// A scripted user pool and identity pool: refreshes answer tokens issued now; each
    /// GetCredentialsForIdentity answers a new key (`ASIA1`, `ASIA2`, …) valid for `lifetime`.
    final class Backend: @unchecked Sendable {
        // @unchecked Sendable: `keys` and `lifetimeValue` are only touched while holding `lock`.
        private let lock = NSLock()
        private var keys = 0
        private var lifetimeValue: TimeInterval = 3600
        let clock: ManualClock
        private(set) var transport = ScriptedTransport { _ in ScriptedTransport.error("InternalErrorException", "-") }

        init(clock: ManualClock) {
            self.clock = clock
            transport = ScriptedTransport { [unowned self] request in self.answer(request) }
        }

        var lifetime: TimeInterval {
            get { lock.withLock { lifetimeValue } }
            set { lock.withLock { lifetimeValue = newValue } }
        }

        func requests(to pool: IdentityPoolConfiguration) -> [HTTPRequestData] {
            transport.sent.filter { $0.url.port == pool.resolvedEndpoint.port && $0.operation != "InitiateAuth" }
        }

        private func answer(_ request: HTTPRequestData) -> HTTPResponseData {
            let now = clock.now()
            switch request.operation {
            case "InitiateAuth":
                guard let tokens = try? Fixtures.tokens(issued: now) else {
                    return ScriptedTransport.error("InternalErrorException", "no tokens")
                }
                return refreshAnswer(tokens)
            case "GetId":
                return ScriptedTransport.json(["IdentityId": "us-east-1:11111111-1111-1111-1111-111111111111"])
            case "GetCredentialsForIdentity":
                let (key, lifetime): (Int, TimeInterval) = lock.withLock {
                    keys += 1
                    return (keys, lifetimeValue)
                }
                return ScriptedTransport.json([
                    "IdentityId": request.json?["IdentityId"] ?? .null,
                    "Credentials": [
                        "AccessKeyId": .string("ASIA\(key)"), "SecretKey": "c2VjcmV0", "SessionToken": "c2Vzc2lvbg==",
                        "Expiration": .number(now.addingTimeInterval(lifetime).timeIntervalSince1970),
                    ],
                ])
            default:
                return ScriptedTransport.error("UnknownOperationException", request.operation ?? "?")
            }
        }
    }

    static func client(
        _ backend: Backend, store: InMemorySessionStore, identity: IdentityPoolConfiguration = legitimate,
        options: AuthClientOptions = Fixtures.clientOptions
    ) -> AuthClient {
        var options = options
        options.verifySignatures = false
        return AuthClient(
            configuration: AuthConfiguration(userPool: Fixtures.pool, identityPool: identity), store: store,
            transport: backend.transport, clock: backend.clock, options: options)
    }

    static func signedInStore() throws -> InMemorySessionStore {
        InMemorySessionStore(Fixtures.signedInSession(try Fixtures.tokens()))
    }

    // MARK: R2

    @Test("R2: after a token refresh, 1 h credentials with 30 s left are fetched again, not handed out")
    func refreshDoesNotShrinkTheCredentialsMargin() async throws {
        let backend = Backend(clock: ManualClock(start: Fixtures.t0))
        let client = Self.client(backend, store: try Self.signedInStore())
        await client.initialize()
        #expect(try await client.getAWSCredentials().accessKeyId == "ASIA1")
        // 59 minutes on, the tokens are refreshed: the session record is written now.
        backend.clock.advance(by: 59 * 60)
        _ = try await client.getTokens()
        #expect(backend.transport.operations.filter { $0 == "InitiateAuth" }.count == 1)
        backend.clock.advance(by: 30)
        let credentials = try await client.getAWSCredentials()
        #expect(credentials.accessKeyId == "ASIA2")
        #expect(credentials.expiration.timeIntervalSince(backend.clock.now()) >= 600)
    }

    @Test("R2: the endpoint's client never hands out less than 15 minutes of 1 h credentials, refresh or not")
    func endpointKeepsFifteenMinutes() async throws {
        let backend = Backend(clock: ManualClock(start: Fixtures.t0))
        let client = Self.client(
            backend, store: try Self.signedInStore(),
            options: SessionCredentialsSource.clientOptions(Fixtures.clientOptions))
        await client.initialize()
        #expect(try await client.getAWSCredentials().accessKeyId == "ASIA1")
        backend.clock.advance(by: 44 * 60)
        #expect(try await client.getAWSCredentials().accessKeyId == "ASIA1")
        backend.clock.advance(by: 14 * 60)
        _ = try await client.getTokens()
        backend.clock.advance(by: 60)
        let credentials = try await client.getAWSCredentials()
        #expect(credentials.accessKeyId == "ASIA2")
        #expect(
            credentials.expiration.timeIntervalSince(backend.clock.now()) >= SessionCredentialsSource.minimumRemaining)
    }

    @Test("R2: credentials issued for less than an hour keep a quarter of their lifetime")
    func shortCredentialsKeepAQuarter() async throws {
        let backend = Backend(clock: ManualClock(start: Fixtures.t0))
        backend.lifetime = 90
        let client = Self.client(backend, store: try Self.signedInStore())
        await client.initialize()
        #expect(try await client.getAWSCredentials().accessKeyId == "ASIA1")
        backend.clock.advance(by: 60)  // 30 s left: more than a quarter of 90 s
        #expect(try await client.getAWSCredentials().accessKeyId == "ASIA1")
        backend.clock.advance(by: 10)  // 20 s left: less than a quarter
        #expect(try await client.getAWSCredentials().accessKeyId == "ASIA2")
    }

    @Test("The margin rule: the preferred margin from an hour up, at most a quarter below, preferred when unknown")
    func refreshMarginRule() {
        #expect(RefreshMargin.margin(preferred: 900, lifetime: 3600) == 900)
        #expect(RefreshMargin.margin(preferred: 900, lifetime: 43_200) == 900)
        #expect(RefreshMargin.margin(preferred: 900, lifetime: 1200) == 300)
        #expect(RefreshMargin.margin(preferred: 120, lifetime: 3599) == 120)
        #expect(RefreshMargin.margin(preferred: 120, lifetime: 200) == 50)
        #expect(RefreshMargin.margin(preferred: 120, lifetime: nil) == 120)
        #expect(RefreshMargin.margin(preferred: 120, lifetime: -5) == 0)
    }

    // MARK: R1

    @Test("R1: another identity endpoint is refused for a bound identity, and is sent nothing")
    func anotherIdentityEndpointIsSentNothing() async throws {
        let backend = Backend(clock: ManualClock(start: Fixtures.t0))
        let store = try Self.signedInStore()
        let legitimate = Self.client(backend, store: store)
        await legitimate.initialize()
        let first = try await legitimate.getAWSCredentials()
        #expect(await legitimate.session?.identityIssuer == IdentityIssuer(pool: Self.legitimate))

        let other = Self.client(backend, store: store, identity: Self.hostile)
        await other.initialize()
        await #expect(throws: AuthError.self) { _ = try await other.getAWSCredentials() }
        do {
            _ = try await other.getAWSCredentials()
        } catch AuthError.identityIssuerMismatch(let mismatch) {
            #expect(mismatch.session == IdentityIssuer(pool: Self.legitimate))
            #expect(mismatch.configured == IdentityIssuer(pool: Self.hostile))
            #expect(AuthError.identityIssuerMismatch(mismatch).failureKind == .configuration)
        }
        await #expect(throws: AuthError.self) { _ = try await other.getIdentityId() }
        #expect(backend.requests(to: Self.hostile).isEmpty)
        // The legitimate configuration still gets its own cached credentials.
        #expect(try await legitimate.getAWSCredentials() == first)
    }

    @Test("R1: a record from before identity binding: its credentials are not served, its identity is looked up again")
    func unboundRecordIsFetchedAfresh() async throws {
        let backend = Backend(clock: ManualClock(start: Fixtures.t0))
        var record = Fixtures.signedInSession(try Fixtures.tokens())
        record.identityId = "us-east-1:99999999-9999-9999-9999-999999999999"
        record.awsCredentials = AWSCredentials(
            accessKeyId: "AKIAPERSIST", secretAccessKey: "x", sessionToken: "y",
            expiration: Date(timeIntervalSince1970: 4_070_908_800))
        let client = Self.client(backend, store: InMemorySessionStore(record))
        await client.initialize()
        let credentials = try await client.getAWSCredentials()
        #expect(credentials.accessKeyId == "ASIA1")
        #expect(backend.transport.operations.contains("GetId"))
        #expect(await client.session?.identityId == "us-east-1:11111111-1111-1111-1111-111111111111")
        #expect(await client.session?.identityIssuer == IdentityIssuer(pool: Self.legitimate))
    }

    @Test("R1: an Expiration further ahead than Cognito Identity issues is refused and never stored")
    func farExpirationIsRefused() async throws {
        let backend = Backend(clock: ManualClock(start: Fixtures.t0))
        backend.lifetime = 13 * 3600
        let client = Self.client(backend, store: try Self.signedInStore())
        await client.initialize()
        await #expect(throws: AuthError.self) { _ = try await client.getAWSCredentials() }
        #expect(await client.session?.awsCredentials == nil)
        backend.lifetime = 12 * 3600
        #expect(try await client.getAWSCredentials().accessKeyId == "ASIA2")
    }
}
