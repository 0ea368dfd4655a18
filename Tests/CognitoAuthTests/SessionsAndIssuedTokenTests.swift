import CognitoAuthTesting
import Foundation
import LatchkeyText
import Testing

@testable import CognitoAuth

/// Sessions, machine tokens and derived tokens in the core (issue 38), over a scripted transport.
@Suite("Sessions and issued tokens")
struct SessionsAndIssuedTokenTests {
    static let machineToken = TestJWT.make([
        "sub": "machine1", "client_id": "machine1", "token_use": "access", "scope": "api/read", "exp": 1_700_003_600,
    ])

    static func sessionList(current: String, other: String) -> HTTPResponseData {
        ScriptedTransport.json([
            "Sessions": [
                [
                    "SessionId": .string(other), "SessionType": "TOKEN", "ClientId": "testclient123",
                    "CreateDate": 1_699_990_000, "LastActiveDate": 1_699_999_000, "DeviceType": "Firefox on macOS",
                    "LastIPAddress": "192.0.2.7", "LastLocation": ["City": "Lisbon", "Country": "PT"],
                    "IsCurrentSession": false,
                ],
                ["SessionId": .string(current), "SessionType": "TOKEN", "IsCurrentSession": true],
            ]
        ])
    }

    static func rig(_ responder: @escaping @Sendable (HTTPRequestData) async throws -> HTTPResponseData) throws
        -> (AuthClient, ScriptedTransport)
    {
        let transport = ScriptedTransport(responder)
        let client = AuthClient(
            configuration: Fixtures.configuration(),
            store: InMemorySessionStore(Fixtures.signedInSession(try Fixtures.tokens())), transport: transport,
            clock: ManualClock(start: Fixtures.t0), random: FixedRandomSource(fixed: [0x80]),
            options: Fixtures.clientOptions)
        return (client, transport)
    }

    @Test("listSessions reads every field and marks this session")
    func listSessions() async throws {
        let (client, _) = try Self.rig { _ in Self.sessionList(current: "tknmine", other: "tknother") }
        await client.initialize()
        let sessions = try await client.listSessions()
        #expect(sessions.map(\.id) == ["tknother", "tknmine"])
        #expect(sessions.map(\.isCurrent) == [false, true])
        #expect(sessions[0].deviceType == "Firefox on macOS" && sessions[0].city == "Lisbon")
        #expect(sessions[0].country == "PT" && sessions[0].lastIPAddress == "192.0.2.7")
        #expect(sessions[0].created == Date(timeIntervalSince1970: 1_699_990_000))
    }

    @Test("revoking this session is refused locally: no RevokeUserSession is sent")
    func revokingTheCurrentSessionSendsNothing() async throws {
        let (client, transport) = try Self.rig { request in
            request.operation == "ListUserSessions"
                ? Self.sessionList(current: "tknmine", other: "tknother") : ScriptedTransport.json([:])
        }
        await client.initialize()
        await #expect(throws: TokenServiceError.cannotRevokeCurrentSession(id: "tknmine")) {
            try await client.revokeSession(id: "tknmine")
        }
        #expect(!transport.operations.contains("RevokeUserSession"))
        try await client.revokeSession(id: "tknother", revokeAssociated: true)
        let revoke = try #require(transport.sent.last)
        #expect(revoke.operation == "RevokeUserSession")
        #expect(revoke.json?["SessionId"]?.stringValue == "tknother")
        #expect(revoke.json?["RevokeAssociatedSessions"]?.stringValue == "LINKED")
    }

    @Test("a pool without session tracking is named, and an unknown session too")
    func sessionErrors() async throws {
        let (client, _) = try Self.rig { request in
            request.operation == "ListUserSessions"
                ? ScriptedTransport.error("OperationNotEnabledException", "not enabled")
                : ScriptedTransport.error("ResourceNotFoundException", "no")
        }
        await client.initialize()
        await #expect(throws: TokenServiceError.sessionTrackingNotEnabled) { try await client.listSessions() }
        #expect(TokenServiceError.sessionTrackingNotEnabled.failureKind == .configuration)
    }

    @Test("the User-Agent names Latchkey, its version and the operating system")
    func userAgent() {
        #expect(LatchkeyVersion.userAgent.hasPrefix("latchkey/\(LatchkeyVersion.current) ("))
        #expect(LatchkeyVersion.userAgent.contains(LatchkeyVersion.operatingSystem))
    }

    @Test("a machine token is cached in the store directory (one request) and the secret is never written")
    func clientCredentialsCache() async throws {
        let directory = try TestScratch.directory("m2m-cache")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let transport = ScriptedTransport { request in
            #expect(request.operation == "GetClientToken")
            #expect(request.json?["Secret"]?.stringValue == "s3cret-value")
            return ScriptedTransport.json([
                "ClientAuthenticationResult": [
                    "AccessToken": .string(Self.machineToken), "ExpiresIn": 3600, "TokenType": "Bearer",
                ]
            ])
        }
        let clock = ManualClock(start: Fixtures.t0)
        func source() -> ClientCredentialsTokenSource {
            ClientCredentialsTokenSource(
                pool: Fixtures.pool, clientId: "machine1", secret: "s3cret-value", scopes: ["api/read"],
                cache: IssuedTokenCache(directory: directory), transport: transport, clock: clock)
        }
        let first = try await source().token()
        let second = try await source().token()
        #expect(first == second && first.token == Self.machineToken && first.scopes == ["api/read"])
        #expect(transport.sent.count == 1)
        for name in try FileManager.default.subpathsOfDirectory(atPath: directory) {
            let text = String(
                decoding: FileManager.default.contents(atPath: directory + "/" + name) ?? Data(), as: UTF8.self)
            #expect(!text.contains("s3cret-value") && !text.contains("machine1"))
        }
        clock.advance(by: 3600 - 60)  // inside the margin (a quarter of the lifetime at most): renewed
        _ = try await source().token()
        #expect(transport.sent.count == 2)
    }

    @Test("GetClientToken's and the token endpoint's refusals become our errors")
    func clientCredentialsErrors() async throws {
        #expect(
            ClientCredentialsTokenSource.explained(.notAuthorized("Client secret is not valid."), clientId: "m")
                as? TokenServiceError == .clientSecretRejected(clientId: "m"))
        #expect(
            ClientCredentialsTokenSource.explained(
                .invalidParameter("ALLOW_CLIENT_TOKEN_AUTH flow not enabled for this client"), clientId: "m")
                as? TokenServiceError == .clientCredentialsNotEnabled(clientId: "m", route: "GetClientToken"))
        #expect(
            ClientCredentialsTokenSource.explained(.invalidParameter("Invalid scope requested: x"), clientId: "m")
                as? TokenServiceError == .scopeNotAllowed(detail: "Invalid scope requested: x"))
        #expect(
            ClientCredentialsTokenSource.endpointError("unauthorized_client", status: 400, clientId: "m")
                as? TokenServiceError == .clientCredentialsNotEnabled(clientId: "m", route: "/oauth2/token"))
        #expect(
            ClientCredentialsTokenSource.endpointError("invalid_client", status: 400, clientId: "m")
                as? TokenServiceError == .clientSecretRejected(clientId: "m"))
    }

    @Test("the token endpoint route sends HTTP Basic and the form, never the secret in the body")
    func tokenEndpointRequest() async throws {
        let transport = ScriptedTransport { _ in
            ScriptedTransport.json([
                "access_token": .string(Self.machineToken), "expires_in": 3600, "token_type": "Bearer",
            ])
        }
        let endpoint = try #require(URL(string: "http://127.0.0.1:9/oauth2/token"))
        let source = ClientCredentialsTokenSource(
            pool: Fixtures.pool, clientId: "machine1", secret: "s3cret:&value", scopes: ["api/read", "api/write"],
            route: .tokenEndpoint(endpoint), cache: IssuedTokenCache(directory: nil), transport: transport,
            clock: ManualClock(start: Fixtures.t0))
        let token = try await source.token()
        #expect(token.token == Self.machineToken)
        let request = try #require(transport.sent.first)
        let body = String(decoding: request.body, as: UTF8.self)
        #expect(body == "grant_type=client_credentials&scope=api%2Fread%20api%2Fwrite")
        let basic = try #require(request.header("Authorization")?.dropFirst("Basic ".count))
        let decoded = Data(base64Encoded: String(basic)).map { String(decoding: $0, as: UTF8.self) }
        #expect(decoded == "machine1:s3cret%3A%26value")
    }

    @Test("derivedToken is cached per audience and scopes, and sends the user's access token")
    func derivedTokenCache() async throws {
        let derived = TestJWT.make(["aud": "billing", "token_use": "access", "exp": 1_700_003_600])
        let (client, transport) = try Self.rig { request in
            #expect(request.operation == "GetDerivedToken")
            #expect(request.json?["SubjectTokenType"]?.stringValue == "ACCESS_TOKEN")
            return ScriptedTransport.json([
                "IssuedToken": .string(derived), "IssuedTokenType": "ACCESS_TOKEN", "TokenType": "Bearer",
                "ExpiresIn": 3600, "Scopes": ["aws.cognito.signin.user.admin"],
            ])
        }
        await client.initialize()
        let first = try await client.derivedToken(audience: "billing")
        let again = try await client.derivedToken(audience: "billing")
        #expect(first == again && first.token == derived)
        #expect(transport.sent.count == 1)
        _ = try await client.derivedToken(audience: "billing", scopes: ["aws.cognito.signin.user.admin"])
        #expect(transport.sent.count == 2)
        #expect(transport.sent.first?.json?["Audiences"] == ["billing"])
    }

    @Test("a sign-out removes the tokens derived from the session and keeps the machine tokens")
    func signOutDropsDerivedTokens() async throws {
        let directory = try TestScratch.directory("derived-signout")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let store = FileSessionStore(directory: directory)
        try store.save(Fixtures.signedInSession(try Fixtures.tokens()))
        let derived = TestJWT.make(["aud": "billing", "token_use": "access", "exp": 1_700_003_600])
        let transport = ScriptedTransport { request in
            switch request.operation {
            case "GetDerivedToken":
                return ScriptedTransport.json([
                    "IssuedToken": .string(derived), "IssuedTokenType": "ACCESS_TOKEN", "TokenType": "Bearer",
                    "ExpiresIn": 3600,
                ])
            default: return ScriptedTransport.json([:])
            }
        }
        let client = AuthClient(
            configuration: Fixtures.configuration(), store: store, transport: transport,
            clock: ManualClock(start: Fixtures.t0), random: FixedRandomSource(fixed: [0x80]),
            options: Fixtures.clientOptions)
        await client.initialize()
        _ = try await client.derivedToken(audience: "billing")
        let machine = IssuedTokenCache(directory: directory)
        _ = try await machine.token(
            for: "client-credentials\nx", clock: ManualClock(start: Fixtures.t0), preferredMargin: 0
        ) {
            IssuedToken(token: "m", expiresAt: Fixtures.t0.addingTimeInterval(3600), issuedAt: Fixtures.t0)
        }
        func files() throws -> [String] {
            try FileManager.default.contentsOfDirectory(atPath: directory + "/tokens").filter { $0.hasSuffix(".json") }
                .sorted()
        }
        #expect(try files().map { String($0.prefix { $0 != "-" }) } == ["client", "derived"])
        _ = try await client.signOut()
        #expect(try files().count == 1 && (try files().first?.hasPrefix("client-credentials-") == true))
    }

    @Test("the errors are worded in the language asked for, and server text is sanitised")
    func errorWording() {
        let english = TokenServiceError.sessionTrackingNotEnabled.description
        let japanese = TokenServiceError.sessionTrackingNotEnabled.description(.japanese)
        #expect(english.contains("OperationNotEnabledException") && japanese.contains("OperationNotEnabledException"))
        #expect(english != japanese)
        let hostile = TokenServiceError.scopeNotAllowed(detail: "bad\u{1B}[2Jscope").description
        #expect(!hostile.contains("\u{1B}") && hostile.contains("scope"))
    }
}
