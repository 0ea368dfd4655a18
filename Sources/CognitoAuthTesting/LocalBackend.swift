import CognitoAuth
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The local Cognito backend (moto's server with Latchkey's gap patches), for integration tests.
///
/// One backend serves a whole test process: ``shared()`` starts it on first use through
/// `Scripts/local-backend serve --exit-on-stdin-eof`, so it stops when the test process exits,
/// however it exits.
public actor LocalBackend {
    /// What the launcher printed when it was ready.
    public struct Info: Sendable, Decodable {
        /// The backend's endpoint, `http://127.0.0.1:PORT`.
        public var endpoint: String
        /// The process id of the backend server.
        public var pid: Int32
        /// The AWS region the pool is created in.
        public var region: String
        /// The id of the user pool the launcher created.
        public var userPoolId: String
        /// The default app client's id (no secret).
        public var appClientId: String
        /// The id of the app client that has a secret, when the launcher made one.
        public var secretAppClientId: String?
        /// That app client's secret.
        public var secretAppClientSecret: String?
        /// The identity pool's id, when the launcher made one.
        public var identityPoolId: String?
        /// The path of the `awsconfiguration.json` for the default app client.
        public var configPath: String
        /// The path of the configuration for the app client with a secret, when there is one.
        public var secretConfigPath: String?
        /// The hosted UI's base URL (`http://127.0.0.1:PORT`), when the backend serves one.
        public var webDomain: String?
        /// The Gen 2 `amplify_outputs.json` the backend wrote, when it writes one.
        public var amplifyOutputsPath: String?
    }

    /// What the launcher printed when the backend was ready: endpoint, pool, config path.
    public nonisolated let info: Info
    /// The parsed configuration for the default app client.
    public nonisolated let configuration: AuthConfiguration
    /// The launcher; it exits when its stdin (kept open by `process`) reaches end-of-file, that is
    /// when the test process exits, however it exits.
    private let process: ChildProcess
    private let admin: AWSJSONClient
    private let identityAdmin: AWSJSONClient
    private var clientCounter = 0

    private static let starter = Starter()

    /// The process-wide backend, started on first use.
    public static func shared() async throws -> LocalBackend {
        try await starter.backend()
    }

    /// The repository root, found from this source file's location.
    public static var repositoryRoot: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
    }

    init(info: Info, process: ChildProcess) throws {
        self.info = info
        self.process = process
        self.configuration = try AuthConfiguration.load(path: info.configPath)
        guard let endpoint = URL(string: info.endpoint) else {
            throw AuthError.invalidResponse(status: 0, detail: "the backend printed a bad endpoint")
        }
        admin = AWSJSONClient(
            targetPrefix: AWSJSONClient.userPoolsTarget, endpoint: endpoint, transport: CurlTransport())
        identityAdmin = AWSJSONClient(
            targetPrefix: AWSJSONClient.identityTarget, endpoint: endpoint, transport: CurlTransport())
    }

    /// The backend's endpoint as a URL (a file URL of `/` if the launcher's text is not one).
    public nonisolated var endpoint: URL { URL(string: info.endpoint) ?? URL(fileURLWithPath: "/") }

    /// Calls an admin operation of the user-pool service (moto does not check signatures).
    @discardableResult
    public func adminCall(_ operation: String, _ body: JSONValue) async throws -> JSONValue {
        try await admin.call(operation, body)
    }

    /// Calls an operation of the identity-pool service.
    @discardableResult
    public func identityCall(_ operation: String, _ body: JSONValue) async throws -> JSONValue {
        try await identityAdmin.call(operation, body)
    }

    /// A unique name for a test user.
    public func uniqueName(_ prefix: String) -> String {
        clientCounter += 1
        return "\(prefix)\(clientCounter)x\(UInt32.random(in: 0...UInt32.max))"
    }

    /// Creates a confirmed user with a permanent password.
    public func createUser(_ username: String, password: String, email: String? = nil) async throws {
        try await adminCall(
            "AdminCreateUser",
            [
                "UserPoolId": .string(info.userPoolId), "Username": .string(username), "MessageAction": "SUPPRESS",
                "UserAttributes": [
                    ["Name": "email", "Value": .string(email ?? "\(username)@example.com")],
                    ["Name": "email_verified", "Value": "true"],
                ],
            ])
        try await adminCall(
            "AdminSetUserPassword",
            [
                "UserPoolId": .string(info.userPoolId), "Username": .string(username), "Password": .string(password),
                "Permanent": true,
            ])
    }

    /// Creates a user that must choose a new password at first sign-in.
    public func createUserWithTemporaryPassword(_ username: String, temporaryPassword: String) async throws {
        try await adminCall(
            "AdminCreateUser",
            [
                "UserPoolId": .string(info.userPoolId), "Username": .string(username), "MessageAction": "SUPPRESS",
                "TemporaryPassword": .string(temporaryPassword),
                "UserAttributes": [["Name": "email", "Value": .string("\(username)@example.com")]],
            ])
    }

    /// Signs the user out everywhere (AdminUserGlobalSignOut): refresh and access tokens are revoked.
    public func adminGlobalSignOut(_ username: String) async throws {
        try await adminCall(
            "AdminUserGlobalSignOut", ["UserPoolId": .string(info.userPoolId), "Username": .string(username)])
    }

    /// A configuration for a new app client with the given token lifetimes in seconds.
    public func configuration(
        accessTokenSeconds: Int = 3600, idTokenSeconds: Int? = nil, refreshTokenSeconds: Int = 86_400,
        withSecret: Bool = false
    ) async throws -> AuthConfiguration {
        let answer = try await adminCall(
            "CreateUserPoolClient",
            [
                "UserPoolId": .string(info.userPoolId), "ClientName": .string(uniqueName("client")),
                "GenerateSecret": .bool(withSecret),
                "ExplicitAuthFlows": ["ALLOW_USER_SRP_AUTH", "ALLOW_REFRESH_TOKEN_AUTH", "ALLOW_USER_PASSWORD_AUTH"],
                "ReadAttributes": ["email", "name", "phone_number", "email_verified"],
                "AccessTokenValidity": .number(Double(accessTokenSeconds)),
                "IdTokenValidity": .number(Double(idTokenSeconds ?? accessTokenSeconds)),
                "RefreshTokenValidity": .number(Double(refreshTokenSeconds)),
                "TokenValidityUnits": ["AccessToken": "seconds", "IdToken": "seconds", "RefreshToken": "seconds"],
            ])
        guard let client = answer["UserPoolClient"], let clientId = client["ClientId"]?.stringValue else {
            throw AuthError.invalidResponse(status: 200, detail: "CreateUserPoolClient answered without ClientId")
        }
        var configuration = self.configuration
        configuration.userPool?.appClientId = clientId
        configuration.userPool?.appClientSecret = withSecret ? client["ClientSecret"]?.stringValue : nil
        return configuration
    }

    /// A new app client (no secret) allowing the hosted UI's code grant with the callback
    /// `http://localhost:PORT/callback` and sign-out URL `http://localhost:PORT/signed-out`
    /// (`SupportedIdentityProviders` COGNITO and Google), and an `awsconfiguration.json` for it, with
    /// `Auth.Default.OAuth`, written to `directory`. Returns the file's path and the client id.
    public func hostedUIConfigurationFile(callbackPort: Int, in directory: String) async throws -> (
        path: String, clientId: String
    ) {
        guard let webDomain = info.webDomain else {
            throw AuthError.invalidState("This local backend serves no hosted UI (no webDomain in its ready line).")
        }
        let callback = "http://localhost:\(callbackPort)/callback"
        let signedOut = "http://localhost:\(callbackPort)/signed-out"
        let answer = try await adminCall(
            "CreateUserPoolClient",
            [
                "UserPoolId": .string(info.userPoolId), "ClientName": .string(uniqueName("hosted")),
                "GenerateSecret": false,
                "ExplicitAuthFlows": ["ALLOW_USER_SRP_AUTH", "ALLOW_REFRESH_TOKEN_AUTH", "ALLOW_USER_PASSWORD_AUTH"],
                "ReadAttributes": ["email", "name", "phone_number", "email_verified"],
                "AllowedOAuthFlows": ["code"], "AllowedOAuthFlowsUserPoolClient": true,
                "AllowedOAuthScopes": ["openid", "email", "profile", "phone", "aws.cognito.signin.user.admin"],
                "SupportedIdentityProviders": ["COGNITO", "Google"],
                "CallbackURLs": [.string(callback)], "LogoutURLs": [.string(signedOut)],
                "EnableTokenRevocation": true,
            ])
        guard let clientId = answer["UserPoolClient"]?["ClientId"]?.stringValue else {
            throw AuthError.invalidResponse(status: 200, detail: "CreateUserPoolClient answered without ClientId")
        }
        let document: JSONValue = [
            "Version": "1.0",
            "CognitoUserPool": [
                "Default": [
                    "PoolId": .string(info.userPoolId), "AppClientId": .string(clientId),
                    "Region": .string(info.region),
                    "Endpoint": .string(info.endpoint),
                ]
            ],
            "CredentialsProvider": info.identityPoolId.map { identityPoolId in
                [
                    "CognitoIdentity": [
                        "Default": [
                            "PoolId": .string(identityPoolId), "Region": .string(info.region),
                            "Endpoint": .string(info.endpoint),
                        ]
                    ]
                ]
            } ?? .null,
            "Auth": [
                "Default": [
                    // Gen 1's Auth.Default.socialProviders names the providers for the UI's rows.
                    "socialProviders": ["GOOGLE"],
                    "OAuth": [
                        "WebDomain": .string(webDomain), "AppClientId": .string(clientId),
                        "SignInRedirectURI": .string(callback), "SignOutRedirectURI": .string(signedOut),
                        "Scopes": ["openid", "email", "profile", "aws.cognito.signin.user.admin"],
                    ],
                ]
            ],
            "Latchkey": ["STSEndpoint": .string(info.endpoint)],
        ]
        let path = directory + "/awsconfiguration-hosted-\(clientId.prefix(8)).json"
        try Data(document.encoded()).write(to: URL(fileURLWithPath: path))
        return (path, clientId)
    }

    /// The latest sign-up and forgot-password codes for a user.
    public func codes(for username: String, poolId: String? = nil) async throws -> (
        signUp: String?, forgotPassword: String?
    ) {
        let query = username.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? username
        let json = try await testAid("codes?pool=\(poolId ?? info.userPoolId)&username=\(query)")
        return (json["signUp"]?.stringValue, json["forgotPassword"]?.stringValue)
    }

    /// The outstanding attribute verification code for a user's `email` or `phone_number` (sent by
    /// UpdateUserAttributes or GetUserAttributeVerificationCode), or nil.
    public func attributeCode(for username: String, attribute: String) async throws -> String? {
        let query = username.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? username
        return try await testAid("attribute-codes?username=\(query)")[attribute]?.stringValue
    }

    /// The latest one-time code sent to a user (EMAIL_OTP / SMS_OTP sign-in, email MFA, MFA_SETUP).
    public func oneTimeCode(for username: String, poolId: String? = nil) async throws -> String? {
        let query = username.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? username
        return try await testAid("codes?pool=\(poolId ?? info.userPoolId)&username=\(query)")["otp"]?.stringValue
    }

    /// Scripts CUSTOM_AUTH's challenge: the question sent and the answer accepted.
    public func setCustomChallenge(question: String, answer: String, attempts: Int = 3) async throws {
        _ = try await testAid(
            "custom-challenge", method: "POST",
            body: ["question": .string(question), "answer": .string(answer), "attempts": .number(Double(attempts))])
    }

    /// A new app client (no secret) allowing only `flows` (ExplicitAuthFlows names); returns its configuration.
    public func configuration(allowingFlows flows: [String]) async throws -> AuthConfiguration {
        let json = try await testAid("clients", method: "POST", body: ["flows": .array(flows.map { .string($0) })])
        guard let clientId = json["clientId"]?.stringValue else {
            throw AuthError.invalidResponse(status: 200, detail: "the clients test aid answered without clientId")
        }
        var configuration = self.configuration
        configuration.userPool?.appClientId = clientId
        configuration.userPool?.appClientSecret = nil
        return configuration
    }

    /// The `ClientMetadata` and `ValidationData` of the last `operation` request the server saw for `username`.
    public func clientMetadata(of operation: String, username: String) async throws -> (
        clientMetadata: [String: String], validationData: [String: String]
    ) {
        let query = username.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? username
        let json = try await testAid("client-metadata?operation=\(operation)&username=\(query)")
        var validation: [String: String] = [:]
        for item in json["validationData"]?.arrayValue ?? [] {
            if let name = item["Name"]?.stringValue { validation[name] = item["Value"]?.stringValue ?? "" }
        }
        return ((json["clientMetadata"]?.objectValue ?? [:]).compactMapValues { $0.stringValue }, validation)
    }

    /// How many requests of each operation / auth flow the server has seen.
    public func stats() async throws -> (operations: [String: Int], authFlows: [String: Int]) {
        let json = try await testAid("stats")
        func counts(_ value: JSONValue?) -> [String: Int] {
            (value?.objectValue ?? [:]).compactMapValues { $0.intValue }
        }
        return (counts(json["operations"]), counts(json["authFlows"]))
    }

    /// Zeroes the request counters.
    public func resetStats() async throws {
        _ = try await testAid("stats/reset", method: "POST")
    }

    private func testAid(_ path: String, method: String = "GET", body: JSONValue? = nil) async throws -> JSONValue {
        guard let url = URL(string: "\(info.endpoint)/latchkey/\(path)") else {
            throw AuthError.invalidParameter("bad test-aid path")
        }
        var request = HTTPRequestData(url: url, method: method)
        if let body { request.body = Array(body.encoded()) }
        let response = try await CurlTransport().send(request, timeout: .seconds(10))
        guard response.status == 200, let json = JSONValue.parse(response.body) else {
            throw AuthError.invalidResponse(status: response.status, detail: "test aid \(path) failed")
        }
        return json
    }

    /// Starts the backend once per process.
    actor Starter {
        private var task: Task<LocalBackend, any Error>?

        func backend() async throws -> LocalBackend {
            if let task { return try await task.value }
            let task = Task { try await LocalBackend.launch() }
            self.task = task
            return try await task.value
        }
    }

    /// How long the launcher may take to print its ready line (it provisions the pool first; the
    /// virtualenv is made beforehand by `Scripts/local-backend --ensure-only`).
    static let startTimeout: Duration = .seconds(180)

    static func launch() async throws -> LocalBackend {
        let root = repositoryRoot
        let directory = URL(fileURLWithPath: try TestScratch.directory("backend"))
        let process = try ChildProcess.spawn(
            root.appendingPathComponent("Scripts/local-backend").path,
            ["serve", "--dir", directory.path, "--port", "0", "--exit-on-stdin-eof"], input: .keptOpen,
            errorOutput: .inherit, timeout: nil)
        let deadline = ContinuousClock.now + startTimeout
        var line = ""
        while true {
            line = process.stdoutSoFar
            if line.contains("\n") || process.hasExited { break }
            guard ContinuousClock.now < deadline else {
                process.kill(SIGKILL)
                throw AuthError.invalidResponse(
                    status: 0, detail: "the local backend printed no ready line within \(startTimeout)")
            }
            try await Task.sleep(for: .milliseconds(50))
        }
        guard let first = line.split(separator: "\n").first,
            let info = try? JSONDecoder().decode(Info.self, from: Data(first.utf8))
        else {
            process.kill(SIGKILL)
            throw AuthError.invalidResponse(
                status: 0, detail: "the local backend did not start (it printed: \(line.prefix(300)))")
        }
        return try LocalBackend(info: info, process: process)
    }
}
