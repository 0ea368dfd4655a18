import CognitoAuthTesting
import Foundation
import Testing

@testable import CognitoAuth

/// A scripted Cognito Identity: it validates the Facebook token against a switchable "good" value,
/// which moto cannot do (it never validates logins), and records every request's Logins map.
final class ScriptedIdentityPool: @unchecked Sendable {
    // @unchecked Sendable: `goodToken`, `logins`, `counts` and `nextId` are only touched while holding `lock`.
    private let lock = NSLock()
    private var goodToken = "fb-good"
    private var logins: [[String: String]] = []
    private var counts: [String: Int] = [:]
    private var nextId = 0
    let clock: any AuthClock
    let lifetime: TimeInterval

    init(clock: any AuthClock, lifetime: TimeInterval = 3600) {
        self.clock = clock
        self.lifetime = lifetime
    }

    func acceptOnly(_ token: String) { lock.withLock { goodToken = token } }
    var recordedLogins: [[String: String]] { lock.withLock { logins } }
    func count(_ operation: String) -> Int { lock.withLock { counts[operation, default: 0] } }

    var transport: ScriptedTransport {
        ScriptedTransport { [self] request in
            let operation = request.header("X-Amz-Target")?.split(separator: ".").last.map(String.init) ?? ""
            let body = JSONValue.parse(request.body) ?? [:]
            let map = body["Logins"]?.stringMap ?? [:]
            let (good, id): (String, Int) = lock.withLock {
                counts[operation, default: 0] += 1
                logins.append(map)
                if operation == "GetId" { nextId += 1 }
                return (goodToken, nextId)
            }
            if let facebook = map[FederatedProvider.facebook], facebook != good {
                return ScriptedTransport.error("NotAuthorizedException", "Invalid login token. Token is expired.")
            }
            switch operation {
            case "GetId":
                return ScriptedTransport.json(["IdentityId": .string("us-east-1:identity-\(id)")])
            case "GetCredentialsForIdentity":
                let expiration = clock.now().addingTimeInterval(lifetime).timeIntervalSince1970
                return ScriptedTransport.json([
                    "IdentityId": body["IdentityId"] ?? "us-east-1:identity-0",
                    "Credentials": [
                        "AccessKeyId": .string("ASIA\(id)"), "SecretKey": "secret", "SessionToken": "session",
                        "Expiration": .number(expiration),
                    ],
                ])
            default:
                return ScriptedTransport.error("UnknownOperationException", operation)
            }
        }
    }
}

@Suite("Identity pools with an injected transport (what moto cannot show)")
struct IdentityPoolUnitTests {
    static let identityPool = IdentityPoolConfiguration(
        poolId: "us-east-1:00000000-0000-0000-0000-000000000000", region: "us-east-1",
        endpoint: URL(string: "http://127.0.0.1:9/"))

    static func client(
        merging: Bool = false, clock: ManualClock = ManualClock(start: Fixtures.t0), pool: ScriptedIdentityPool
    ) -> AuthClient {
        let configuration = AuthConfiguration(
            userPool: Fixtures.pool, identityPool: identityPool,
            identityManager: IdentityManagerConfiguration(
                allowIdentityMerging: merging, allowSimultaneousActiveAccounts: merging))
        return AuthClient(
            configuration: configuration, store: InMemorySessionStore(), transport: pool.transport, clock: clock,
            options: Fixtures.clientOptions)
    }

    @Test(
        "A rejected provider token: signedOutFederatedTokensInvalid, credential calls wait, a fresh token resumes them")
    func federatedRejectionWaitsAndResumes() async throws {
        let clock = ManualClock(start: Fixtures.t0)
        let pool = ScriptedIdentityPool(clock: clock)
        let client = Self.client(clock: clock, pool: pool)
        await client.initialize()
        #expect(
            try await client.federatedSignIn(providerName: FederatedProvider.facebook, token: "fb-good") == .signedIn)

        // The provider's token stops being accepted; credentials must be fetched again.
        pool.acceptOnly("fb-fresh")
        await client.invalidateCachedTemporaryCredentials()
        let calls = (0..<3).map { _ in Task { try await client.getAWSCredentials() } }
        try await Waiter.value(
            of: "three calls waiting", on: [await client.changeSource()], { await client.pendingCalls.count },
            until: { $0 == 3 })
        #expect(await client.userState == .signedOutFederatedTokensInvalid)
        #expect(
            try await client.federatedSignIn(providerName: FederatedProvider.facebook, token: "fb-fresh") == .signedIn)
        for call in calls { #expect(try await call.value.accessKeyId.hasPrefix("ASIA")) }

        // Again, and this time the user gives up.
        pool.acceptOnly("fb-newest")
        await client.invalidateCachedTemporaryCredentials()
        let released = (0..<3).map { _ in Task { try await client.getAWSCredentials() } }
        try await Waiter.value(
            of: "three calls waiting", on: [await client.changeSource()], { await client.pendingCalls.count },
            until: { $0 == 3 })
        await client.releaseSignInWait()
        for call in released {
            await #expect(throws: AuthError.signInWaitCancelled) { _ = try await call.value }
        }
        await #expect(throws: AuthError.reloginRequired(.signedOutFederatedTokensInvalid)) {
            _ = try await client.getAWSCredentials(TokenRequestOptions(waitForSignIn: false, label: "no wait"))
        }
    }

    @Test("With identity merging, a second provider's sign-in sends both logins in one map; both stay active")
    func mergingSendsBothLogins() async throws {
        let clock = ManualClock(start: Fixtures.t0)
        let pool = ScriptedIdentityPool(clock: clock)
        let client = Self.client(merging: true, clock: clock, pool: pool)
        await client.initialize()
        try await client.completeSignIn(tokens: try Fixtures.tokens(), username: "alice")
        _ = try await client.getAWSCredentials()
        try await client.federatedSignIn(providerName: FederatedProvider.facebook, token: "fb-good")
        let last = try #require(pool.recordedLogins.last)
        #expect(Set(last.keys) == [Fixtures.pool.providerKey, FederatedProvider.facebook])
        #expect(Set(await client.activeProviderKeys) == [Fixtures.pool.providerKey, FederatedProvider.facebook])
        // The identity id was kept (merged), not replaced by a new GetId.
        #expect(pool.count("GetId") == 1)
        try await client.signOut(provider: FederatedProvider.facebook)
        #expect(await client.userState == .signedIn)
        #expect(await client.activeProviderKeys == [Fixtures.pool.providerKey])
    }

    @Test("Credentials are refreshed silently a margin before they expire; the identity id is not fetched again")
    func credentialsRefreshBeforeExpiry() async throws {
        let clock = ManualClock(start: Fixtures.t0)
        let pool = ScriptedIdentityPool(clock: clock, lifetime: 90)
        let client = Self.client(clock: clock, pool: pool)
        await client.initialize()
        let events = await client.events()
        let first = try await client.getAWSCredentials()
        #expect(await client.userState == .guest)
        _ = try await client.getAWSCredentials()
        #expect(pool.count("GetCredentialsForIdentity") == 1)
        clock.advance(by: 70)  // inside the margin of a 90 s lifetime
        let second = try await client.getAWSCredentials()
        #expect(pool.count("GetCredentialsForIdentity") == 2)
        #expect(pool.count("GetId") == 1)
        #expect(second.expiration > first.expiration)
        var sawIdentityChange = false
        for await event in events {
            if case .identityIdChanged(let old, let new) = event {
                #expect(old == nil && new == "us-east-1:identity-1")
                sawIdentityChange = true
                break
            }
        }
        #expect(sawIdentityChange)
    }

    @Test("A custom role ARN is sent with GetCredentialsForIdentity")
    func customRoleArn() async throws {
        let clock = ManualClock(start: Fixtures.t0)
        let pool = ScriptedIdentityPool(clock: clock)
        let transport = pool.transport
        var options = Fixtures.clientOptions
        options.customRoleArn = "arn:aws:iam::123456789012:role/Custom"
        let client = AuthClient(
            configuration: AuthConfiguration(userPool: Fixtures.pool, identityPool: Self.identityPool),
            store: InMemorySessionStore(), transport: transport, clock: clock, options: options)
        await client.initialize()
        _ = try await client.getAWSCredentials()
        let request = try #require(transport.sent.last)
        #expect(JSONValue.parse(request.body)?["CustomRoleArn"]?.stringValue == "arn:aws:iam::123456789012:role/Custom")
    }

    @Test("federatedSignIn's per-call role is sent, kept for later fetches, and dropped at sign-out")
    func perCallCustomRole() async throws {
        let clock = ManualClock(start: Fixtures.t0)
        let pool = ScriptedIdentityPool(clock: clock)
        let transport = pool.transport
        var options = Fixtures.clientOptions
        options.customRoleArn = "arn:aws:iam::123456789012:role/Default"
        let client = AuthClient(
            configuration: AuthConfiguration(userPool: Fixtures.pool, identityPool: Self.identityPool),
            store: InMemorySessionStore(), transport: transport, clock: clock, options: options)
        await client.initialize()
        func lastRole() -> String? {
            transport.sent.last.flatMap { JSONValue.parse($0.body)?["CustomRoleArn"]?.stringValue }
        }
        _ = try await client.federatedSignIn(
            providerName: FederatedProvider.facebook, token: "fb-good",
            customRoleARN: "arn:aws:iam::123456789012:role/PerCall")
        #expect(lastRole() == "arn:aws:iam::123456789012:role/PerCall")
        await client.invalidateCachedTemporaryCredentials()
        _ = try await client.getAWSCredentials()
        #expect(lastRole() == "arn:aws:iam::123456789012:role/PerCall", "later fetches keep the sign-in's role")
        _ = try await client.signOut()
        _ = try await client.getAWSCredentials()
        #expect(lastRole() == "arn:aws:iam::123456789012:role/Default", "after sign-out, the client's role again")
    }
}
