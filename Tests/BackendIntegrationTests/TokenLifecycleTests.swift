import CognitoAuth
import CognitoAuthTesting
import Foundation
import IntegrationTestSupport
import Testing

extension BackendTests {
    @Suite("Tokens, refresh and re-login against the local backend")
    struct TokenLifecycleTests {
        @Test(
            "A short access-token lifetime: the server rejects the old token, a refresh yields a new one, state stays signedIn"
        )
        func refreshAfterShortLifetime() async throws {
            let backend = try await LocalBackend.shared()
            let configuration = try await backend.configuration(accessTokenSeconds: 3)
            let (client, _) = try await Integration.signedInClient(backend: backend, configuration: configuration)
            let first = try await client.getTokens()
            #expect(first.accessTokenExpiration.timeIntervalSince(first.issuedAt) <= 3.5)
            // Wait (real time) until the server itself considers the token expired.
            let api = try await client.userPoolAPI()
            // The polling fallback: the server's clock passing the expiry announces nothing.
            try await Waiter.until(
                "the server to reject the expired access token", timeout: .seconds(10),
                on: [.polling(every: .milliseconds(100))]
            ) {
                do {
                    _ = try await api.getUser(accessToken: first.accessToken)
                    return false
                } catch { return true }
            }
            let second = try await client.getTokens()
            #expect(second.accessToken != first.accessToken)
            #expect(second.refreshToken == first.refreshToken)
            #expect(await client.userState == .signedIn)
            _ = try await api.getUser(accessToken: second.accessToken)
        }

        @Test("After an admin global sign-out the refresh is rejected: signedOutUserPoolsTokenInvalid")
        func adminGlobalSignOutInvalidates() async throws {
            let backend = try await LocalBackend.shared()
            let clock = OffsetClock()
            let (client, username) = try await Integration.signedInClient(backend: backend, clock: clock)
            try await backend.adminGlobalSignOut(username)
            clock.advance(by: 3600)
            await #expect(throws: AuthError.reloginRequired(.signedOutUserPoolsTokenInvalid)) {
                _ = try await client.getTokens(.noWait)
            }
            #expect(await client.userState == .signedOutUserPoolsTokenInvalid)
            #expect(await client.username == username)
        }

        @Test(
            "1,000 concurrent getTokens() with an expired access token make exactly one GetTokensFromRefreshToken, counted at the server"
        )
        func singleFlightRefresh() async throws {
            let backend = try await LocalBackend.shared()
            let clock = OffsetClock()
            let configuration = try await backend.configuration()
            // This client's own requests are counted on their way to the real server; the server's
            // count is checked too, but it is shared with anything else that talks to the backend.
            let counting = CountingTransport(CurlTransport())
            var options = AuthClientOptions()
            options.backoff = BackoffPolicy(initial: .milliseconds(50), maximum: .milliseconds(400))
            let client = AuthClient(
                configuration: configuration, store: InMemorySessionStore(), transport: counting, clock: clock,
                options: options)
            await client.initialize()
            let username = await backend.uniqueName("user")
            try await backend.createUser(username, password: Integration.password)
            #expect(try await client.signIn(username: username, password: Integration.password) == .done)
            let before = try await backend.stats().operations["GetTokensFromRefreshToken"] ?? 0
            clock.advance(by: 3590)
            let results = await withTaskGroup(of: String?.self) { group in
                for _ in 0..<1000 {
                    group.addTask { try? await client.getTokens().accessToken }
                }
                var collected: [String?] = []
                for await result in group { collected.append(result) }
                return collected
            }
            let after = try await backend.stats().operations["GetTokensFromRefreshToken"] ?? 0
            #expect(results.count == 1000)
            #expect(results.allSatisfy { $0 != nil })
            #expect(Set(results.compactMap { $0 }).count == 1)
            #expect(counting.count(of: "GetTokensFromRefreshToken") == 1)
            #expect(after - before >= 1, "the refresh never reached the server")
        }

        @Test("A new process restores signedIn from the store, without the network")
        func newProcessRestores() async throws {
            let backend = try await LocalBackend.shared()
            let directory = URL(fileURLWithPath: TestScratch.path("restore"))
            let store = FileSessionStore(directory: directory.path)
            // Signed in through a proxy that later refuses connections: the session's own endpoint,
            // unreachable (a session is used only with the endpoint that issued it).
            let proxy = try FaultProxy(upstream: backend.endpoint)
            defer { proxy.stop() }
            var configuration = backend.configuration
            configuration.userPool?.endpoint = proxy.endpoint
            let config = try StoreTestSupport.config(
                backend.info.configPath, endpoint: proxy.endpoint,
                in: try Integration.temporaryDirectory("restore-config"))
            let (_, username) = try await Integration.signedInClient(
                backend: backend, configuration: configuration, store: store)
            let output = try await LatchkeyBinary.run([
                "status", "--json", "--config", config, "--store", directory.path,
            ])
            #expect(output.status == 0)
            let json = try #require(JSONValue.parse(Array(output.stdout.utf8)))
            #expect(json["state"]?.stringValue == "signedIn")
            #expect(json["username"]?.stringValue == username)
            #expect(json["accessTokenExpiration"]?.stringValue != nil)
            // The same with the backend unreachable.
            proxy.setMode(.refuse)
            let restored = try await LatchkeyBinary.run(["token", "--config", config, "--store", directory.path])
            #expect(restored.status == 0)
            #expect(restored.stdout.hasPrefix("eyJ"))
        }
    }
}

/// Forwards to another transport and counts the requests per `X-Amz-Target` operation.
final class CountingTransport: HTTPTransport, @unchecked Sendable {
    // @unchecked Sendable: `counts` is read and written only while holding `lock`.
    private let lock = NSLock()
    private var counts: [String: Int] = [:]
    private let base: any HTTPTransport

    init(_ base: any HTTPTransport) { self.base = base }

    func send(_ request: HTTPRequestData, timeout: Duration) async throws -> HTTPResponseData {
        let target = request.headers.first { $0.name.lowercased() == "x-amz-target" }?.value ?? ""
        let operation = target.split(separator: ".").last.map(String.init) ?? target
        lock.withLock { counts[operation, default: 0] += 1 }
        return try await base.send(request, timeout: timeout)
    }

    /// How many requests for `operation` were sent.
    func count(of operation: String) -> Int { lock.withLock { counts[operation] ?? 0 } }
}
