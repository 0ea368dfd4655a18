import CognitoAuthTesting
import Foundation
import Testing

@testable import CognitoAuth

/// USER_SRP_AUTH through the actor against a scripted server that answers with a pycognito vector's challenge.
@Suite("AuthClient SRP sign-in")
struct AuthClientSignInTests {
    @Test(
        "signIn sends exactly the pycognito challenge answer (alias → USER_ID_FOR_SRP, SECRET_HASH, TIMESTAMP)",
        arguments: SRPVectors.caseNames)
    func signInMatchesVector(_ name: String) async throws {
        let vector = try #require(SRPVectors.case(named: name))
        func input(_ key: String) throws -> String { try #require(vector["inputs"]?[key]?.stringValue, "\(key)") }
        let expected = try #require(vector["expected"])
        let answer = try #require(expected["challenge_response"])

        let secret = vector["inputs"]?["client_secret"]?.stringValue
        let pool = UserPoolConfiguration(
            poolId: try input("pool_id"), appClientId: try input("client_id"), appClientSecret: secret,
            region: "us-east-1",
            endpoint: URL(string: "http://127.0.0.1:9/"))
        let formatter = ISO8601DateFormatter()
        let now = try #require(formatter.date(from: try input("utc_datetime")))
        let a = try #require(SRPClient.bytes(fromHex: try input("small_a_hex")))
        let userId = try input("user_id_for_srp")
        let raw = TestJWT.tokens(pool: pool, username: userId, issued: now, lifetime: 3600)
        let challenge: [String: String] = [
            "SALT": try input("salt_hex"), "SRP_B": try input("srp_b_hex"),
            "SECRET_BLOCK": try input("secret_block_b64"),
            "USER_ID_FOR_SRP": userId, "USERNAME": userId,
        ]
        let transport = ScriptedTransport { request in
            switch request.operation {
            case "InitiateAuth":
                return ScriptedTransport.json([
                    "ChallengeName": "PASSWORD_VERIFIER", "ChallengeParameters": .strings(challenge),
                    "Session": "session-1",
                ])
            case "RespondToAuthChallenge":
                return ScriptedTransport.json([
                    "AuthenticationResult": [
                        "IdToken": .string(raw.id), "AccessToken": .string(raw.access),
                        "RefreshToken": .string(raw.refresh),
                    ]
                ])
            default:
                return ScriptedTransport.error("InvalidParameterException", "unexpected")
            }
        }
        let store = InMemorySessionStore()
        let client = AuthClient(
            configuration: AuthConfiguration(userPool: pool), store: store, transport: transport,
            clock: ManualClock(start: now),
            random: FixedRandomSource(fixed: [UInt8](repeating: 0, count: 128 - a.count) + a),
            options: Fixtures.clientOptions)
        await client.initialize()
        let step = try await client.signIn(username: try input("username"), password: try input("password"))
        #expect(step == .done)
        #expect(await client.userState == .signedIn)
        #expect(await client.username == userId)
        #expect(try store.load()?.tokens?.refreshToken == raw.refresh)

        #expect(transport.operations == ["InitiateAuth", "RespondToAuthChallenge"])
        let initiate = try #require(transport.sent.first?.json)
        #expect(initiate["AuthFlow"] == "USER_SRP_AUTH")
        #expect(initiate["AuthParameters"]?["USERNAME"]?.stringValue == (try input("username")))
        let srpA = try #require(initiate["AuthParameters"]?["SRP_A"]?.stringValue)
        let expectedA = try #require(expected["srp_a_param"]?.stringValue)
        #expect(integerHex(srpA) == integerHex(expectedA))
        #expect(srpA == expectedA)
        #expect(
            initiate["AuthParameters"]?["SECRET_HASH"]?.stringValue == expected["secret_hash_initiate"]?.stringValue)

        let respond = try #require(transport.sent.last?.json)
        #expect(respond["ChallengeName"] == "PASSWORD_VERIFIER")
        #expect(respond["Session"] == "session-1")
        #expect(respond["ClientId"]?.stringValue == pool.appClientId)
        let responses = try #require(respond["ChallengeResponses"]?.objectValue)
        #expect(responses == answer.objectValue, "the ChallengeResponses differ from pycognito's")
    }
}
