import CognitoAuthTesting
import Foundation
import Testing

@testable import CognitoAuth

/// Flow selection from the configuration, and the new challenges on the wire (issue 12).
@Suite("Authentication flows and challenges")
struct AuthenticationFlowTests {
    static func configuration(_ extra: String, pool: String = "") throws -> AuthConfiguration {
        let json = """
            {"CognitoUserPool":{"Default":{"PoolId":"us-east-1_TestPool1","AppClientId":"c","Region":"us-east-1"\(pool)}}\(extra)}
            """
        return try AuthConfiguration.parse(Data(json.utf8))
    }

    @Test(
        "Auth.Default.authenticationFlowType picks the flow",
        arguments: [
            ("USER_SRP_AUTH", AuthenticationFlow.userSRP), ("USER_PASSWORD_AUTH", .userPassword),
            ("CUSTOM_AUTH", .customWithoutSRP), ("CUSTOM_AUTH_WITH_SRP", .customWithSRP), ("USER_AUTH", .userAuth),
        ])
    func flowFromAuthSection(value: String, flow: AuthenticationFlow) throws {
        let configuration = try Self.configuration(#","Auth":{"Default":{"authenticationFlowType":"\#(value)"}}"#)
        #expect(configuration.userPool?.authenticationFlow == flow)
        #expect(!configuration.poolSettings.ignoredKeys.contains("Auth.Default.authenticationFlowType"))
    }

    @Test("MigrationEnabled means USER_PASSWORD_AUTH; an explicit authenticationFlowType wins; the default is SRP")
    func migration() throws {
        #expect(try Self.configuration("").userPool?.authenticationFlow == .userSRP)
        #expect(
            try Self.configuration("", pool: #","MigrationEnabled":true"#).userPool?.authenticationFlow == .userPassword
        )
        let both = try Self.configuration(
            #","Auth":{"Default":{"authenticationFlowType":"USER_SRP_AUTH"}}"#, pool: #","MigrationEnabled":true"#)
        #expect(both.userPool?.authenticationFlow == .userSRP)
    }

    @Test("An unknown authenticationFlowType is listed as ignored and SRP is used")
    func unknownFlow() throws {
        let configuration = try Self.configuration(#","Auth":{"Default":{"authenticationFlowType":"MAGIC"}}"#)
        #expect(configuration.userPool?.authenticationFlow == .userSRP)
        #expect(configuration.poolSettings.ignoredKeys.contains("Auth.Default.authenticationFlowType"))
    }

    // MARK: The wire, with a scripted transport

    final class Recorder: @unchecked Sendable {
        // @unchecked Sendable: `bodies` is only touched while holding `lock`.
        private let lock = NSLock()
        private var bodies: [JSONValue] = []
        func add(_ body: JSONValue) { lock.withLock { bodies.append(body) } }
        var all: [JSONValue] { lock.withLock { bodies } }
    }

    static func client(
        options: AuthClientOptions = Fixtures.clientOptions, _ answers: [JSONValue], recorder: Recorder
    ) async -> AuthClient {
        let queue = Queue(answers)
        let transport = ScriptedTransport { request in
            recorder.add(JSONValue.parse(request.body) ?? .null)
            if let next = queue.next() {
                if let error = next["__type"]?.stringValue {
                    return ScriptedTransport.error(error, next["message"]?.stringValue ?? "")
                }
                return ScriptedTransport.json(next)
            }
            return ScriptedTransport.error("InvalidParameterException", "no request was expected")
        }
        let client = AuthClient(
            configuration: Fixtures.configuration(), store: InMemorySessionStore(nil), transport: transport,
            clock: ManualClock(start: Fixtures.t0), random: FixedRandomSource(fixed: [0x80]), options: options)
        await client.initialize()
        return client
    }

    final class Queue: @unchecked Sendable {
        // @unchecked Sendable: `items` is only touched while holding `lock`.
        private let lock = NSLock()
        private var items: [JSONValue]
        init(_ items: [JSONValue]) { self.items = items }
        func next() -> JSONValue? { lock.withLock { items.isEmpty ? nil : items.removeFirst() } }
    }

    @Test(
        "USER_AUTH with EMAIL_OTP: PREFERRED_CHALLENGE, no password, the code sent as EMAIL_OTP_CODE; metadata on both")
    func emailOTP() async throws {
        let recorder = Recorder()
        var options = Fixtures.clientOptions
        options.clientMetadata = ["k": "v"]
        let client = await Self.client(
            options: options,
            [
                [
                    "ChallengeName": "EMAIL_OTP", "Session": "s1",
                    "ChallengeParameters": [
                        "CODE_DELIVERY_DESTINATION": "a***@e***", "CODE_DELIVERY_DELIVERY_MEDIUM": "EMAIL",
                        "USERNAME": "alice",
                    ],
                ],
                ["__type": "CodeMismatchException", "message": "Invalid code or auth state for the user."],
            ], recorder: recorder)
        let step = try await client.signIn(username: "alice", password: nil, flow: .userAuth, method: .emailOTP)
        guard case .emailOTP(let delivery) = step else {
            Issue.record("expected emailOTP, got \(step)")
            return
        }
        #expect(delivery.destination == "a***@e***")
        await #expect(throws: AuthError.self) { try await client.confirmSignIn("123456") }
        let bodies = recorder.all
        #expect(bodies.first?["AuthFlow"]?.stringValue == "USER_AUTH")
        #expect(bodies.first?["AuthParameters"]?["PREFERRED_CHALLENGE"]?.stringValue == "EMAIL_OTP")
        #expect(bodies.first?["AuthParameters"]?["PASSWORD"] == nil)
        #expect(bodies.last?["ChallengeResponses"]?["EMAIL_OTP_CODE"]?.stringValue == "123456")
        #expect(bodies.last?["Session"]?.stringValue == "s1")
        #expect(bodies.allSatisfy { $0["ClientMetadata"]?["k"]?.stringValue == "v" })
    }

    @Test("SELECT_CHALLENGE lists AvailableChallenges; WEB_AUTHN is refused with a way forward, not a dead end")
    func selectChallenge() async throws {
        let recorder = Recorder()
        let client = await Self.client(
            [
                [
                    "ChallengeName": "SELECT_CHALLENGE", "Session": "s1", "ChallengeParameters": ["USERNAME": "alice"],
                    "AvailableChallenges": ["WEB_AUTHN", "EMAIL_OTP", "PASSWORD"],
                ],
                ["ChallengeName": "EMAIL_OTP", "Session": "s2", "ChallengeParameters": ["USERNAME": "alice"]],
            ], recorder: recorder)
        let step = try await client.signIn(username: "alice", password: nil, flow: .userAuth)
        #expect(step == .selectChallenge([.webAuthn, .emailOTP, .password]))
        await #expect(throws: AuthError.self) { try await client.selectSignInMethod(.webAuthn) }
        // Still pending: another method can be chosen.
        let next = try await client.selectSignInMethod(.emailOTP)
        #expect(next.name == "EMAIL_OTP")
        #expect(recorder.all.last?["ChallengeResponses"]?["ANSWER"]?.stringValue == "EMAIL_OTP")
    }

    @Test("An unknown challenge names itself and what Latchkey answers")
    func unknownChallenge() async throws {
        let client = await Self.client(
            [["ChallengeName": "DEVICE_SRP_AUTH_X", "Session": "s", "ChallengeParameters": [:]]], recorder: Recorder())
        do {
            _ = try await client.signIn(username: "alice", password: nil, flow: .customWithoutSRP)
            Issue.record("expected an error")
        } catch let error as AuthError {
            let text = error.description
            #expect(text.contains("DEVICE_SRP_AUTH_X"))
            #expect(text.contains("EMAIL_OTP"))
            #expect(text.contains("--flow"))
        }
    }

    @Test("MFA_SETUP offering TOTP and email asks which; email then takes the address")
    func mfaSetupChoice() async throws {
        let recorder = Recorder()
        let client = await Self.client(
            [
                [
                    "ChallengeName": "MFA_SETUP", "Session": "s1",
                    "ChallengeParameters": ["MFAS_CAN_SETUP": #"["SOFTWARE_TOKEN_MFA","EMAIL_OTP"]"#],
                ],
                ["ChallengeName": "EMAIL_OTP", "Session": "s2", "ChallengeParameters": [:]],
            ], recorder: recorder)
        let step = try await client.signIn(username: "alice", password: "pw", flow: .userPassword)
        #expect(step == .selectMFASetup([.totp, .email]))
        #expect(try await client.confirmSignIn("email") == .emailMFASetup)
        let next = try await client.confirmSignIn("alice@example.com")
        #expect(next.name == "EMAIL_OTP")
        let last = recorder.all.last
        #expect(last?["ChallengeName"]?.stringValue == "MFA_SETUP")
        #expect(last?["ChallengeResponses"]?["EMAIL"]?.stringValue == "alice@example.com")
        #expect(recorder.all.first?["AuthParameters"]?["PASSWORD"]?.stringValue == "pw")
        #expect(recorder.all.first?["AuthFlow"]?.stringValue == "USER_PASSWORD_AUTH")
    }

    @Test("SELECT_MFA_TYPE offers EMAIL_OTP and takes \"email\"")
    func selectMFATypeEmail() async throws {
        let recorder = Recorder()
        let client = await Self.client(
            [
                [
                    "ChallengeName": "SELECT_MFA_TYPE", "Session": "s1",
                    "ChallengeParameters": ["MFAS_CAN_CHOOSE": #"["SOFTWARE_TOKEN_MFA","EMAIL_OTP"]"#],
                ],
                ["ChallengeName": "EMAIL_OTP", "Session": "s2", "ChallengeParameters": [:]],
            ], recorder: recorder)
        let step = try await client.signIn(username: "alice", password: "pw", flow: .userPassword)
        #expect(step == .selectMFAType([.totp, .email]))
        _ = try await client.confirmSignIn("email")
        #expect(recorder.all.last?["ChallengeResponses"]?["ANSWER"]?.stringValue == "EMAIL_OTP")
    }
}
