import CognitoAuth
import CognitoAuthTesting
import Foundation
import IntegrationTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Stock, unpatched `moto_server` from the project's virtualenv (`Scripts/local-backend --ensure-only`
/// makes it), on a free port, killed when the test ends (and at its deadline at the latest).
struct StockMoto {
    let process: ChildProcess
    let endpoint: URL
    let admin: AWSJSONClient

    /// How long moto may take to print its address.
    static let startTimeout: Duration = .seconds(60)

    static func start() async throws -> StockMoto {
        let environment = ProcessInfo.processInfo.environment
        let venv =
            environment["LATCHKEY_VENV"].flatMap { $0.isEmpty ? nil : $0 }
            ?? LocalBackend.repositoryRoot.appendingPathComponent(".venv").path
        let server = venv + "/bin/moto_server"
        guard FileManager.default.isExecutableFile(atPath: server) else {
            throw TestSupportError(
                description: "no moto_server at \(server): run Scripts/local-backend --ensure-only first")
        }
        let process = try ChildProcess.spawn(
            server, ["-H", "127.0.0.1", "-p", "0"], input: .keptOpen, errorOutput: .capture,
            environment: [
                "AWS_DEFAULT_REGION": "us-east-1", "AWS_ACCESS_KEY_ID": "local", "AWS_SECRET_ACCESS_KEY": "local",
            ],
            timeout: .seconds(170))
        // werkzeug prints " * Running on http://127.0.0.1:PORT" once it listens.
        let log = try? await Waiter.value(
            of: "moto_server to listen", timeout: startTimeout, on: [process.changeSource()],
            { process.stderrSoFar + process.stdoutSoFar },
            until: {
                $0.range(of: #"http://127\.0\.0\.1:[0-9]+"#, options: .regularExpression) != nil || process.hasExited
            })
        let output = log ?? process.stderrSoFar + process.stdoutSoFar
        guard let range = output.range(of: #"http://127\.0\.0\.1:[0-9]+"#, options: .regularExpression),
            let url = URL(string: String(output[range]))
        else {
            process.kill(SIGKILL)
            throw TestSupportError(description: "moto_server did not start: \(output.suffix(400))")
        }
        let admin = AWSJSONClient(
            targetPrefix: AWSJSONClient.userPoolsTarget, endpoint: url, transport: CurlTransport())
        return StockMoto(process: process, endpoint: url, admin: admin)
    }

    func stop() { process.kill(SIGKILL) }

    /// A pool, an SRP app client and a confirmed user with a permanent password.
    func provision(username: String, password: String) async throws -> (poolId: String, clientId: String) {
        let pool = try await admin.call("CreateUserPool", ["PoolName": "stock"])
        let poolId = try #require(pool["UserPool"]?["Id"]?.stringValue)
        let client = try await admin.call(
            "CreateUserPoolClient",
            [
                "UserPoolId": .string(poolId), "ClientName": "cli",
                "ExplicitAuthFlows": ["ALLOW_USER_SRP_AUTH", "ALLOW_REFRESH_TOKEN_AUTH"],
            ])
        let clientId = try #require(client["UserPoolClient"]?["ClientId"]?.stringValue)
        _ = try await admin.call(
            "AdminCreateUser",
            ["UserPoolId": .string(poolId), "Username": .string(username), "MessageAction": "SUPPRESS"])
        _ = try await admin.call(
            "AdminSetUserPassword",
            [
                "UserPoolId": .string(poolId), "Username": .string(username), "Password": .string(password),
                "Permanent": true,
            ])
        return (poolId, clientId)
    }
}

extension BackendTests {
    @Suite("Stock moto: only the standard configuration keys")
    struct StockMotoTests {
        /// Variables that would change where the binary connects or which region it uses.
        static let unset = [
            "HTTP_PROXY", "HTTPS_PROXY", "ALL_PROXY", "http_proxy", "https_proxy", "all_proxy", "AWS_ENDPOINT_URL",
            "AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER", "AWS_ENDPOINT_URL_COGNITO_IDENTITY", "AWS_ENDPOINT_URL_STS",
            "AWS_REGION", "AWS_DEFAULT_REGION", "LATCHKEY_CONFIG_SECTION",
        ]

        @Test(
            "sign-in, token, a forced refresh and sign-out against unpatched moto_server, with only the standard keys")
        func standardKeysOnly() async throws {
            let moto = try await StockMoto.start()
            defer { moto.stop() }
            let username = "stock\(UInt32.random(in: 0...UInt32.max))"
            let (poolId, clientId) = try await moto.provision(username: username, password: Integration.password)

            let directory = try Integration.temporaryDirectory("stock")
            let config = directory + "/awsconfiguration.json"
            let json = """
                {"CognitoUserPool": {"Default": {"PoolId": "\(poolId)", "AppClientId": "\(clientId)",
                  "Region": "us-east-1", "Endpoint": "\(moto.endpoint.absoluteString)"}}}
                """
            try json.write(toFile: config, atomically: true, encoding: .utf8)
            let store = directory + "/store"
            let common = ["--config", config, "--store", store]
            func run(_ arguments: [String], stdin: String? = nil) async throws -> LatchkeyBinary.Output {
                try await LatchkeyBinary.run(
                    arguments + common, stdin: stdin, environment: ["LATCHKEY_STORE": "file"], removing: Self.unset)
            }

            // Sign-in verifies the tokens against the key set, which must come from the endpoint.
            let signIn = try await run(
                ["sign-in", "--username", username, "--password-stdin"], stdin: Integration.password + "\n")
            #expect(signIn.status == 0, "\(signIn)")
            #expect(!signIn.stderr.contains("amazonaws.com"), "\(signIn.stderr)")
            let first = try await run(["token"])
            #expect(first.status == 0, "\(first)")
            #expect(first.stdout.hasPrefix("eyJ"))

            // Force a refresh: mark the stored tokens expired, then ask for a token again.
            let files = FileSessionStore(directory: store)
            var session = try #require(try files.load())
            var tokens = try #require(session.tokens)
            tokens.idTokenExpiration = Date().addingTimeInterval(-60)
            tokens.accessTokenExpiration = Date().addingTimeInterval(-60)
            session.tokens = tokens
            try files.save(session)
            let refreshed = try await run(["token"])
            #expect(refreshed.status == 0, "\(refreshed)")
            #expect(refreshed.stdout.hasPrefix("eyJ"))
            #expect(refreshed.stdout != first.stdout, "the token was not refreshed")
            let after = try #require(try files.load()?.tokens)
            #expect(after.idTokenExpiration > Date(), "the refreshed token is not stored")

            // `latchkey config` says where the key set comes from.
            let shown = try await run(["config", "--json"])
            #expect(shown.status == 0, "\(shown)")
            let facts = try #require(JSONValue.parse(Array(shown.stdout.utf8)))
            let base =
                moto.endpoint.absoluteString.hasSuffix("/")
                ? String(moto.endpoint.absoluteString.dropLast()) : moto.endpoint.absoluteString
            #expect(facts["jwksURL"]?.stringValue?.hasPrefix("\(base)/\(poolId)/.well-known/jwks.json") == true)

            // Stock moto has no RevokeToken: sign-out still signs out here (the revocation stays owed).
            let signOut = try await run(["sign-out"])
            #expect(signOut.status == 0, "\(signOut)")
            let none = try await run(["token"])
            #expect(none.status == 1, "nobody is signed in: \(none)")
        }
    }
}
