import CognitoAuthTesting
import Foundation
import Testing

@testable import CognitoAuth

/// Bad input from a configuration file, a token or a server never crashes and never passes as good
/// (findings F6, F8, F14, F18 of the reliability report).
@Suite("Bad input: configuration URLs, token times, credential expiry, terminal text")
struct InputValidationTests {
    // MARK: F6: configured URLs

    /// A configuration with `url` at one of the four URL keys.
    static func configuration(key: String, url: String) -> String {
        let quoted = "\"\(url)\""
        let poolEndpoint = key == "CognitoUserPool.Default.Endpoint" ? ", \"Endpoint\": \(quoted)" : ""
        let identityEndpoint =
            key == "CredentialsProvider.CognitoIdentity.Default.Endpoint" ? ", \"Endpoint\": \(quoted)" : ""
        let latchkeyField = key.hasPrefix("Latchkey.") ? "\"\(key.dropFirst("Latchkey.".count))\": \(quoted)" : ""
        return """
            {"CognitoUserPool": {"Default": {"PoolId": "us-east-1_Abc123", "AppClientId": "client",
              "Region": "us-east-1"\(poolEndpoint)}},
             "CredentialsProvider": {"CognitoIdentity": {"Default": {
               "PoolId": "us-east-1:1a2b3c4d-0000-1111-2222-333344445555"\(identityEndpoint)}}},
             "Latchkey": {\(latchkeyField)}}
            """
    }

    static let urlKeys = [
        "CognitoUserPool.Default.Endpoint", "CredentialsProvider.CognitoIdentity.Default.Endpoint",
        "Latchkey.JWKSURL", "Latchkey.STSEndpoint",
    ]

    static let badURLs = [
        "http://127.0.0.1:65536", "http://127.0.0.1:99999", "http://127.0.0.1:4294967297",
        "http://127.0.0.1:99999999999999999999999", "http://127.0.0.1:0", "http://[::1]:70000/jwks",
        "http://localhost:70000", "http://:80", "http:///path", "ftp://127.0.0.1:21", "http://h:x",
    ]

    @Test(
        "A bad port, an empty host or another scheme at any URL key is a configuration error naming the key",
        arguments: urlKeys)
    func badURLsAreRejected(key: String) {
        for url in Self.badURLs {
            do {
                _ = try AuthConfiguration.parse(Data(Self.configuration(key: key, url: url).utf8), path: "/c.json")
                Issue.record("\(key) = \(url) was accepted")
            } catch {
                #expect(error.key == key, "\(url): \(error.description)")
                #expect(error.description.contains("/c.json"))
                #expect(AuthError.configuration(error).failureKind == .configuration)
                #expect(!error.fix.isEmpty)
            }
        }
    }

    @Test("A user name and password in a URL is refused without echoing the password", arguments: urlKeys)
    func userinfoIsRejected(key: String) {
        let text = Self.configuration(key: key, url: "http://admin:hunter2@127.0.0.1:5000/")
        do {
            _ = try AuthConfiguration.parse(Data(text.utf8), path: "/c.json")
            Issue.record("userinfo accepted at \(key)")
        } catch {
            #expect(error.key == key)
            #expect(!error.description.contains("hunter2"), "\(error.description)")
            #expect(error.problem.contains("user name or password"))
        }
    }

    @Test("Good URLs still load: ports 1 and 65535, IPv6 literals, https, paths", arguments: urlKeys)
    func goodURLsLoad(key: String) throws {
        for url in ["http://127.0.0.1:1", "https://example.com:65535/x", "http://[::1]:5000/jwks", "https://h/"] {
            let configuration = try AuthConfiguration.parse(Data(Self.configuration(key: key, url: url).utf8))
            let loaded: URL? =
                switch key {
                case "CognitoUserPool.Default.Endpoint": configuration.userPool?.endpoint
                case "Latchkey.JWKSURL": configuration.latchkey.jwksURL
                case "Latchkey.STSEndpoint": configuration.latchkey.stsEndpoint
                default: configuration.identityPool?.endpoint
                }
            #expect(loaded == URL(string: url), "\(key) = \(url)")
        }
    }

    @Test("A configuration file over 4 MiB is refused with a clear error, before it is parsed")
    func oversizedConfigurationFile() throws {
        let directory = NSTemporaryDirectory() + "latchkey-bigconfig-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/awsconfiguration.json"
        // Valid JSON, so only the size can reject it.
        let padding = String(repeating: " ", count: AuthConfiguration.maximumFileSize)
        try Data((Self.configuration(key: "Latchkey.JWKSURL", url: "http://127.0.0.1:1") + padding).utf8)
            .write(to: URL(fileURLWithPath: path))
        do {
            _ = try AuthConfiguration.load(path: path)
            Issue.record("a file of over 4 MiB was loaded")
        } catch {
            #expect(error.problem.contains("larger than 4 MiB"), "\(error.description)")
            #expect(error.file == path)
        }
    }

    // MARK: F8: token and credential times

    static func token(exp: JSONValue?, iat: JSONValue? = .number(1_700_000_000)) -> String {
        var claims: [String: JSONValue] = ["token_use": "id", "cognito:username": "alice"]
        if let exp { claims["exp"] = exp }
        if let iat { claims["iat"] = iat }
        return TestJWT.make(claims)
    }

    @Test("An exp given as a string is not a NumericDate (RFC 7519): the tokens are rejected")
    func stringExpIsRejected() throws {
        #expect(try TokenClaims.decode(Self.token(exp: "99999999999"), what: "id token").exp == nil)
        #expect(throws: AuthError.self) {
            try CognitoTokens(
                idToken: Self.token(exp: "99999999999"), accessToken: Self.token(exp: "99999999999"),
                refreshToken: nil)
        }
    }

    @Test("exp and iat beyond any sane horizon are clamped to 2100; negative ones to 1970")
    func absurdTimesAreClamped() throws {
        for huge in [1e20, 1e300, 9e15] {
            let tokens = try CognitoTokens(
                idToken: Self.token(exp: .number(huge), iat: .number(-huge)),
                accessToken: Self.token(exp: .number(huge), iat: .number(huge)), refreshToken: nil)
            #expect(tokens.expiration.timeIntervalSince1970 == ClaimTime.latest)
            #expect(tokens.issuedAt.timeIntervalSince1970 == ClaimTime.latest)
            #expect(tokens.idClaims?.iat == 0)
            // What downstream code does with these times must not trap.
            _ = tokens.margin(preferred: 300)
            _ = tokens.areValid(at: Date(), preferredMargin: 300)
        }
    }

    @Test("Stored tokens with absurd times (an older version's or an edited session) are clamped when decoded")
    func storedTimesAreClamped() throws {
        let id = Self.token(exp: .number(1_700_003_600))
        let json = """
            {"idToken": "\(id)", "accessToken": "\(id)", "idTokenExpiration": 1e20,
             "accessTokenExpiration": -1e20, "issuedAt": 1e300}
            """
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .secondsSince1970
        let tokens = try decoder.decode(CognitoTokens.self, from: Data(json.utf8))
        #expect(tokens.idTokenExpiration.timeIntervalSince1970 == ClaimTime.latest)
        #expect(tokens.accessTokenExpiration.timeIntervalSince1970 == 0)
        #expect(tokens.issuedAt.timeIntervalSince1970 == ClaimTime.latest)
    }

    @Test("An identity pool Expiration is clamped to 1970...2100, and one that is not a number is refused")
    func credentialExpirationIsClamped() {
        let cases: [(JSONValue, Double?)] = [
            (.number(1e20), ClaimTime.latest), (.number(-1e20), 0), (.number(1e300), ClaimTime.latest),
            (.string("1e300"), ClaimTime.latest), (.string("nan"), nil), (.string("inf"), nil),
            (.string("0000-01-01T00:00:00Z"), 0), (.number(1_700_000_000), 1_700_000_000),
            (.string("2023-11-14T22:13:20Z"), 1_700_000_000),
        ]
        for (value, expected) in cases {
            #expect(IdentityPoolAPI.date(value)?.timeIntervalSince1970 == expected, "\(value)")
        }
    }

    // MARK: F18: expired AWS credentials

    /// An identity pool whose credentials expire at `expiration` (epoch seconds) or `lifetime` from now.
    static func pool(expiration: @escaping @Sendable (Date) -> JSONValue) -> ScriptedTransport {
        ScriptedTransport { request in
            let operation = request.header("X-Amz-Target")?.split(separator: ".").last.map(String.init) ?? ""
            switch operation {
            case "GetId": return ScriptedTransport.json(["IdentityId": "us-east-1:identity-1"])
            default:
                return ScriptedTransport.json([
                    "IdentityId": "us-east-1:identity-1",
                    "Credentials": [
                        "AccessKeyId": "ASIAEXPIRED", "SecretKey": "secret", "SessionToken": "session",
                        "Expiration": expiration(Fixtures.t0),
                    ],
                ])
            }
        }
    }

    static func guestClient(_ transport: ScriptedTransport, clock: ManualClock) -> AuthClient {
        AuthClient(
            configuration: AuthConfiguration(
                userPool: Fixtures.pool, identityPool: IdentityPoolUnitTests.identityPool),
            store: InMemorySessionStore(), transport: transport, clock: clock, options: Fixtures.clientOptions)
    }

    @Test(
        "Credentials that arrive already expired (Expiration 0, 0000-01-01, a minute ago) are refused, not handed out or cached",
        arguments: [
            JSONValue.number(0), .string("0000-01-01T00:00:00Z"), .number(Fixtures.t0.timeIntervalSince1970 - 60),
        ])
    func expiredCredentialsAreRefused(expiration: JSONValue) async throws {
        let clock = ManualClock(start: Fixtures.t0)
        let client = Self.guestClient(Self.pool { _ in expiration }, clock: clock)
        await client.initialize()
        do {
            let credentials = try await client.getAWSCredentials()
            Issue.record("expired credentials were handed out: \(credentials.expiration)")
        } catch let error as AuthError {
            #expect(error.description.contains("already expired"), "\(error.description)")
        }
        #expect(await client.session?.awsCredentials == nil)
    }

    @Test("Cached credentials whose Expiration has passed are fetched again, never handed out")
    func expiredCachedCredentialsAreRefetched() async throws {
        let clock = ManualClock(start: Fixtures.t0)
        let client = Self.guestClient(
            Self.pool { _ in .number(clock.now().timeIntervalSince1970 + 600) }, clock: clock)
        await client.initialize()
        let first = try await client.getAWSCredentials()
        clock.advance(by: 601)
        let second = try await client.getAWSCredentials()
        #expect(second.expiration > clock.now())
        #expect(second.expiration > first.expiration)
    }

    // MARK: F14: terminal text

    @Test("Control characters from the network are stripped: C0, C1, DEL; line breaks become spaces")
    func sanitizing() {
        let hostile = "\u{1B}[2J\u{1B}[31mPWNED\u{1B}]0;title\u{07} \r\nlatchkey: fake line\u{7F}\u{9B}1m\u{0}"
        let clean = TerminalText.sanitized(hostile)
        #expect(clean == "[2J[31mPWNED]0;title   latchkey: fake line1m")
        #expect(!clean.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
        #expect(TerminalText.sanitized("a\nb\tc\r", keepingNewlines: true) == "a\nb\tc ")
        #expect(TerminalText.sanitized("Grüße, 世界 ✔") == "Grüße, 世界 ✔")
    }
}
