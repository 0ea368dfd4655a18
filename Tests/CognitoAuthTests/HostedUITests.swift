import CognitoAuthTesting
import Foundation
import Testing

@testable import CognitoAuth

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Bytes handed out in order (RFC 7636 Appendix B's verifier bytes, then the state's).
private struct SequenceRandomSource: RandomSource {
    let bytes: Locked<[UInt8]>
    init(_ bytes: [UInt8]) { self.bytes = Locked(bytes) }
    func bytes(count: Int) -> [UInt8] {
        bytes.withLock { stored in
            let taken = Array(stored.prefix(count))
            stored.removeFirst(taken.count)
            return taken + [UInt8](repeating: 7, count: count - taken.count)
        }
    }
}

@Suite("Hosted UI: PKCE, state, URLs, paste-back, token exchange, loopback listener")
struct HostedUITests {
    /// RFC 7636 Appendix B: the 32 octets, the verifier they encode to, and its S256 challenge.
    static let rfcOctets: [UInt8] = [
        116, 24, 223, 180, 151, 153, 224, 37, 79, 250, 96, 125, 216, 173, 187, 186, 22, 212, 37, 77, 105, 214, 191,
        240, 91, 88, 5, 88, 83, 132, 141, 121,
    ]
    static let rfcVerifier = "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk"
    static let rfcChallenge = "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM"

    static let hostedUI = HostedUIConfiguration(
        webDomain: URL(string: "https://example.auth.us-east-1.amazoncognito.com")!,
        signInRedirectURIs: [URL(string: "http://localhost:53682/callback")!],
        signOutRedirectURIs: [URL(string: "http://localhost:53682/signed-out")!],
        scopes: ["openid", "email"], identityProviders: ["Google"])

    func makeClient(
        pool: UserPoolConfiguration = Fixtures.pool, hostedUI: HostedUIConfiguration = Self.hostedUI,
        random: [UInt8] = rfcOctets, _ responder: @escaping @Sendable (HTTPRequestData) async throws -> HTTPResponseData
    ) -> (AuthClient, ScriptedTransport, InMemorySessionStore) {
        var configuration = Fixtures.configuration(pool: pool)
        configuration.hostedUI = hostedUI
        let transport = ScriptedTransport(responder)
        let store = InMemorySessionStore(nil)
        let client = AuthClient(
            configuration: configuration, store: store, transport: transport, clock: ManualClock(start: Fixtures.t0),
            random: SequenceRandomSource(random), options: Fixtures.clientOptions)
        return (client, transport, store)
    }

    static func tokenAnswer(pool: UserPoolConfiguration = Fixtures.pool) throws -> HTTPResponseData {
        let tokens = try Fixtures.tokens(username: "alice", pool: pool)
        return ScriptedTransport.json([
            "id_token": .string(tokens.idToken), "access_token": .string(tokens.accessToken),
            "refresh_token": "hosted-refresh", "expires_in": 3600, "token_type": "Bearer",
        ])
    }

    static func form(_ request: HTTPRequestData) -> [String: String] {
        var result: [String: String] = [:]
        let text = String(decoding: request.body, as: UTF8.self)
        for pair in text.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1).map { String($0).removingPercentEncoding ?? "" }
            if parts.count == 2 { result[parts[0]] = parts[1] }
        }
        return result
    }

    @Test("PKCE S256 matches RFC 7636 Appendix B")
    func pkceVector() {
        #expect(PKCE.challenge(for: Self.rfcVerifier) == Self.rfcChallenge)
        let pair = PKCE(random: SequenceRandomSource(Self.rfcOctets))
        #expect(pair.verifier == Self.rfcVerifier)
        #expect(pair.challenge == Self.rfcChallenge)
        #expect(!"\(pair)".contains(Self.rfcVerifier))
        let system = PKCE(random: SystemRandomSource())
        #expect(system.verifier.count == 43)
        #expect(system.verifier != PKCE(random: SystemRandomSource()).verifier)
    }

    @Test("Constant-time comparison")
    func constantTime() {
        #expect(ConstantTime.equal("abc", "abc"))
        #expect(!ConstantTime.equal("abc", "abd"))
        #expect(!ConstantTime.equal("abc", "abcd"))
        #expect(!ConstantTime.equal("", "a"))
    }

    @Test("The authorize URL carries code, client, redirect, state, scope, S256 challenge and the provider")
    func authorizeURL() async throws {
        let (client, _, _) = makeClient { _ in ScriptedTransport.error("X", "unexpected") }
        let request = try await client.beginHostedUISignIn(provider: "Google")
        let components = try #require(URLComponents(url: request.authorizeURL, resolvingAgainstBaseURL: false))
        #expect(components.scheme == "https")
        #expect(components.host == "example.auth.us-east-1.amazoncognito.com")
        #expect(components.path == "/oauth2/authorize")
        var query: [String: String] = [:]
        for item in components.queryItems ?? [] { query[item.name] = item.value }
        #expect(query["response_type"] == "code")
        #expect(query["client_id"] == Fixtures.pool.appClientId)
        #expect(query["redirect_uri"] == "http://localhost:53682/callback")
        #expect(query["scope"] == "openid email")
        #expect(query["code_challenge"] == Self.rfcChallenge)
        #expect(query["code_challenge_method"] == "S256")
        #expect(query["identity_provider"] == "Google")
        #expect(query["state"]?.count == 43)
        #expect(request.loopbackPort == 53682)
        // The pool's own form, and no provider at all.
        let own = try await client.beginHostedUISignIn(provider: "COGNITO")
        #expect(own.authorizeURL.absoluteString.contains("identity_provider=COGNITO"))
        let any = try await client.beginHostedUISignIn(provider: nil)
        #expect(!any.authorizeURL.absoluteString.contains("identity_provider"))
        // A new state and verifier for every sign-in.
        #expect(own.authorizeURL != any.authorizeURL)
    }

    @Test("Pasted text: a whole redirect URL, a bare code, or a clear refusal")
    func pasteParsing() throws {
        #expect(
            try HostedUICallback.parse(pasted: "  http://localhost:53682/callback?code=abc-123-def&state=s1 \n")
                == .code("abc-123-def", state: "s1"))
        #expect(
            try HostedUICallback.parse(pasted: "0f4e3b2a-1c2d-4e5f-8a9b-0c1d2e3f4a5b")
                == .code("0f4e3b2a-1c2d-4e5f-8a9b-0c1d2e3f4a5b", state: nil))
        #expect(throws: AuthError.hostedUI(.missingState)) {
            try HostedUICallback.parse(pasted: "http://localhost:53682/callback?code=abc")
        }
        #expect(throws: AuthError.hostedUI(.noCode)) { try HostedUICallback.parse(pasted: "hello world") }
        #expect(throws: AuthError.hostedUI(.noCode)) { try HostedUICallback.parse(pasted: "") }
        #expect(throws: AuthError.hostedUI(.noCode)) {
            try HostedUICallback.parse(pasted: "http://localhost:53682/callback?nothing=here")
        }
        #expect(throws: AuthError.hostedUI(.noCode)) {
            try HostedUICallback.parse(pasted: String(repeating: "a", count: 10_000))
        }
    }

    @Test("Server error text is sanitised before it is kept")
    func errorSanitised() throws {
        let callback = try HostedUICallback.parse(
            pasted:
                "http://localhost:53682/callback?error=access_denied&error_description=bad%1B%5B31mred%E2%80%AEdet%E2%80%A8x&state=s"
        )
        guard case .error(let error, let description, _) = callback else {
            Issue.record("expected an error callback, got \(callback)")
            return
        }
        #expect(error == "access_denied")
        #expect(description?.contains("\u{1B}") == false)
        // N10: bidi overrides and line separators go too.
        #expect(description?.unicodeScalars.contains { $0.value == 0x202E || $0.value == 0x2028 } == false)
        #expect(
            AuthError.hostedUI(.authorizationDenied(error: error, description: description)).description
                .contains("access_denied"))
    }

    @Test("A wrong state is refused before any request; the right one exchanges the code with the verifier")
    func stateAndExchange() async throws {
        let (client, transport, store) = makeClient { _ in try Self.tokenAnswer() }
        _ = await client.initialize()
        let request = try await client.beginHostedUISignIn(provider: nil)
        await #expect(throws: AuthError.hostedUI(.stateMismatch)) {
            try await client.completeHostedUISignIn(
                request, pasted: "http://localhost:53682/callback?code=abcdefgh&state=forged")
        }
        #expect(transport.sent.isEmpty)
        try await client.completeHostedUISignIn(request, callback: .code("the-code-1", state: request.state))
        let sent = try #require(transport.sent.first)
        #expect(sent.url.absoluteString == "https://example.auth.us-east-1.amazoncognito.com/oauth2/token")
        #expect(sent.header("Content-Type") == "application/x-www-form-urlencoded")
        #expect(sent.header("Authorization") == nil)
        let form = Self.form(sent)
        #expect(form["grant_type"] == "authorization_code")
        #expect(form["code"] == "the-code-1")
        #expect(form["code_verifier"] == Self.rfcVerifier)
        #expect(form["redirect_uri"] == "http://localhost:53682/callback")
        #expect(form["client_id"] == Fixtures.pool.appClientId)
        #expect(await client.userState == .signedIn)
        let stored = try #require(try store.load())
        #expect(stored.hostedUI == true)
        #expect(stored.tokens?.refreshToken == "hosted-refresh")
        #expect(await client.username == "alice")
    }

    @Test("A bare pasted code still goes with the PKCE verifier")
    func bareCode() async throws {
        let (client, transport, _) = makeClient { _ in try Self.tokenAnswer() }
        _ = await client.initialize()
        let request = try await client.beginHostedUISignIn(provider: "COGNITO")
        try await client.completeHostedUISignIn(request, pasted: "bare-code-12345")
        #expect(Self.form(try #require(transport.sent.first))["code_verifier"] == Self.rfcVerifier)
    }

    @Test("A secret client authenticates with HTTP Basic")
    func basicAuth() async throws {
        let (client, transport, _) = makeClient(pool: Fixtures.poolWithSecret) { _ in
            try Self.tokenAnswer(pool: Fixtures.poolWithSecret)
        }
        _ = await client.initialize()
        let request = try await client.beginHostedUISignIn(provider: nil)
        try await client.completeHostedUISignIn(request, callback: .code("c0de-c0de", state: request.state))
        let expected = "Basic " + Data("testclient123:client-secret-xyz".utf8).base64EncodedString()
        #expect(transport.sent.first?.header("Authorization") == expected)
    }

    @Test("A replayed code (invalid_grant) and a refused client get their own clear errors")
    func refusedCode() async throws {
        let (client, _, _) = makeClient { _ in
            ScriptedTransport.json(["error": "invalid_grant", "error_description": "code used\u{1B}[2J"], status: 400)
        }
        _ = await client.initialize()
        let request = try await client.beginHostedUISignIn(provider: nil)
        do {
            try await client.completeHostedUISignIn(request, callback: .code("used", state: request.state))
            Issue.record("a replayed code was accepted")
        } catch let error as AuthError {
            guard case .hostedUI(.codeRejected(let description)) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(description?.contains("\u{1B}") == false)
            // N10: bidi overrides and line separators go too.
            #expect(description?.unicodeScalars.contains { $0.value == 0x202E || $0.value == 0x2028 } == false)
            #expect(error.description.contains("used already"))
            #expect(error.description.contains("latchkey sign-in --web"))
        }
        #expect(await client.userState != .signedIn)
        let (other, _, _) = makeClient { _ in ScriptedTransport.json(["error": "invalid_client"], status: 401) }
        _ = await other.initialize()
        let second = try await other.beginHostedUISignIn(provider: nil)
        await #expect(throws: AuthError.hostedUI(.tokenRequestRefused(error: "invalid_client", description: nil))) {
            try await other.completeHostedUISignIn(second, callback: .code("x", state: second.state))
        }
    }

    @Test("An error= redirect is reported, not exchanged")
    func errorRedirect() async throws {
        let (client, transport, _) = makeClient { _ in try Self.tokenAnswer() }
        _ = await client.initialize()
        let request = try await client.beginHostedUISignIn(provider: nil)
        await #expect(throws: AuthError.hostedUI(.authorizationDenied(error: "access_denied", description: nil))) {
            try await client.completeHostedUISignIn(
                request, callback: .error("access_denied", description: nil, state: request.state))
        }
        #expect(transport.sent.isEmpty)
    }

    @Test("Sign-out of a hosted session revokes, then gives the /logout URL; a password session gets none")
    func signOutLogoutURL() async throws {
        let (client, transport, _) = makeClient { request in
            if request.url.path.hasSuffix("/oauth2/token") { return try Self.tokenAnswer() }
            return ScriptedTransport.json([:])
        }
        _ = await client.initialize()
        let request = try await client.beginHostedUISignIn(provider: nil)
        try await client.completeHostedUISignIn(request, callback: .code("c", state: request.state))
        let result = try await client.signOut()
        #expect(transport.operations.contains("RevokeToken"))
        let logout = try #require(result.hostedUILogoutURL)
        #expect(
            logout.absoluteString
                == "https://example.auth.us-east-1.amazoncognito.com/logout?client_id=testclient123&logout_uri=http%3A%2F%2Flocalhost%3A53682%2Fsigned-out"
        )
        let again = try await client.signOut()
        #expect(again.hostedUILogoutURL == nil)
    }

    @Test("Without OAuth in the configuration, --web names what to add")
    func notConfigured() async throws {
        let client = AuthClient(
            configuration: Fixtures.configuration(), store: InMemorySessionStore(nil),
            transport: ScriptedTransport { _ in ScriptedTransport.json([:]) })
        let result = await Result { try await client.beginHostedUISignIn(provider: nil) }
        guard case .failure(let error) = result, case .configuration(let problem)? = error as? AuthError else {
            Issue.record("expected a configuration error, got \(result)")
            return
        }
        #expect(problem.fix.contains("OAuth"))
    }
}

@Suite("Loopback redirect listener")
struct LoopbackRedirectListenerTests {
    /// A port nothing listens on right now.
    static func freePort() throws -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = in_addr_t(0x7F00_0001).bigEndian
        _ = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    /// A browser sign-in begun by a client whose redirect is `http://localhost:<redirectPort>/callback`.
    static func signInRequest(redirectPort port: Int) async throws -> HostedUISignInRequest {
        var configuration = Fixtures.configuration()
        configuration.hostedUI = HostedUIConfiguration(
            webDomain: URL(string: "http://127.0.0.1:9")!,
            signInRedirectURIs: [URL(string: "http://localhost:\(port)/callback")!])
        let client = AuthClient(
            configuration: configuration, store: InMemorySessionStore(nil),
            transport: ScriptedTransport { _ in ScriptedTransport.json([:]) })
        return try await client.beginHostedUISignIn(provider: nil)
    }

    static func get(_ url: String) async throws -> (Int, String) {
        let (data, response) = try await URLSession.shared.data(from: try #require(URL(string: url)))
        return ((response as? HTTPURLResponse)?.statusCode ?? 0, String(decoding: data, as: UTF8.self))
    }

    @Test("A wrong state and another path are answered and ignored; the right state is delivered")
    func wrongStateIgnored() async throws {
        let port = try Self.freePort()
        let request = try await Self.signInRequest(redirectPort: port)
        let listener = try LoopbackRedirectListener(request: request)
        defer { listener.stop() }
        let base = "http://127.0.0.1:\(port)"
        let (wrongStatus, wrongPage) = try await Self.get(base + "/callback?code=stolen&state=forged")
        #expect(wrongStatus == 400)
        #expect(wrongPage.contains("another sign-in"))
        let (noStateStatus, _) = try await Self.get(base + "/callback?code=stolen")
        #expect(noStateStatus == 400)
        let (otherStatus, _) = try await Self.get(base + "/favicon.ico")
        #expect(otherStatus == 404)
        let (okStatus, okPage) = try await Self.get(base + "/callback?code=good-code&state=\(request.state)")
        #expect(okStatus == 200)
        #expect(okPage.contains("close this tab"))
        #expect(await listener.callback() == .code("good-code", state: request.state))
    }

    @Test("A port already in use is a clear error")
    func portInUse() async throws {
        let port = try Self.freePort()
        let request = try await Self.signInRequest(redirectPort: port)
        let first = try LoopbackRedirectListener(request: request)
        defer { first.stop() }
        #expect(throws: AuthError.self) { _ = try LoopbackRedirectListener(request: request) }
        let second = Result { try LoopbackRedirectListener(request: request) }
        guard case .failure(let error) = second, case .hostedUI(let failure)? = error as? AuthError else {
            Issue.record("expected listenerUnavailable, got \(second)")
            return
        }
        #expect(failure.summary.contains("\(port)"))
    }
}
