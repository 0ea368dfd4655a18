import CognitoAuthTesting
import Foundation
import Testing

@testable import CognitoAuth

/// SMS in MFA_SETUP, resend by re-initiating, and validationData on sign-in (issue 12, second round).
extension AuthenticationFlowTests {
    @Test("MFA_SETUP offering TOTP, SMS and email: sms asks for a phone number, checked, then sent as PHONE_NUMBER")
    func mfaSetupWithSMS() async throws {
        let recorder = Recorder()
        let client = await Self.client(
            [
                [
                    "ChallengeName": "MFA_SETUP", "Session": "s1",
                    "ChallengeParameters": ["MFAS_CAN_SETUP": #"["SOFTWARE_TOKEN_MFA","SMS_MFA","EMAIL_OTP"]"#],
                ],
                [
                    "ChallengeName": "SMS_MFA", "Session": "s2",
                    "ChallengeParameters": [
                        "CODE_DELIVERY_DELIVERY_MEDIUM": "SMS", "CODE_DELIVERY_DESTINATION": "+*******0199",
                    ],
                ],
            ], recorder: recorder)
        let step = try await client.signIn(username: "alice", password: "pw", flow: .userPassword)
        #expect(step == .selectMFASetup([.totp, .sms, .email]))
        #expect(try await client.confirmSignIn("sms") == .smsMFASetup)
        await #expect(throws: AuthError.self) { try await client.confirmSignIn("555-0199") }
        #expect(recorder.all.count == 1, "a malformed number is not sent")
        let next = try await client.confirmSignIn("+1 555 555 0199")
        guard case .smsMFA(let delivery) = next else {
            Issue.record("expected SMS_MFA, got \(next)")
            return
        }
        #expect(delivery.destination == "+*******0199")
        let last = recorder.all.last
        #expect(last?["ChallengeName"]?.stringValue == "MFA_SETUP")
        #expect(last?["ChallengeResponses"]?["PHONE_NUMBER"]?.stringValue == "+15555550199")
    }

    @Test("MFA_SETUP: a factor the pool did not offer is refused, naming the ones it did")
    func mfaSetupUnofferedFactor() async throws {
        let client = await Self.client(
            [
                [
                    "ChallengeName": "MFA_SETUP", "Session": "s1",
                    "ChallengeParameters": ["MFAS_CAN_SETUP": #"["SOFTWARE_TOKEN_MFA","EMAIL_OTP"]"#],
                ]
            ], recorder: Recorder())
        _ = try await client.signIn(username: "alice", password: "pw", flow: .userPassword)
        do {
            _ = try await client.confirmSignIn("sms")
            Issue.record("sms was accepted")
        } catch AuthError.invalidParameter(let message) {
            #expect(message.contains("SOFTWARE_TOKEN_MFA, EMAIL_OTP"))
        }
    }

    @Test("restartSignIn re-initiates the same sign-in (password included) and a new MFA code is asked for")
    func restartSignInReinitiates() async throws {
        let recorder = Recorder()
        let emailChallenge: JSONValue = [
            "ChallengeName": "EMAIL_OTP", "Session": "s1",
            "ChallengeParameters": [
                "CODE_DELIVERY_DELIVERY_MEDIUM": "EMAIL", "CODE_DELIVERY_DESTINATION": "a***@e***",
            ],
        ]
        let client = await Self.client([emailChallenge, emailChallenge], recorder: recorder)
        await #expect(throws: AuthError.self) { try await client.restartSignIn() }
        let first = try await client.signIn(
            username: "alice", password: "pw", flow: .userPassword, method: nil, validationData: ["invite": "x"])
        #expect(first.name == "EMAIL_OTP")
        let again = try await client.restartSignIn()
        #expect(again.name == "EMAIL_OTP")
        let bodies = recorder.all
        #expect(bodies.count == 2)
        #expect(bodies.allSatisfy { $0["AuthFlow"]?.stringValue == "USER_PASSWORD_AUTH" })
        #expect(bodies.last?["AuthParameters"]?["PASSWORD"]?.stringValue == "pw")
        #expect(bodies.last?["ClientMetadata"]?["invite"]?.stringValue == "x")
    }

    @Test("A sign-in that fails before any challenge keeps nothing to restart (the password is dropped)")
    func failedSignInKeepsNoPassword() async throws {
        let client = await Self.client(
            [["__type": "NotAuthorizedException", "message": "Incorrect username or password."]], recorder: Recorder())
        await #expect(throws: AuthError.self) {
            try await client.signIn(username: "alice", password: "pw", flow: .userPassword)
        }
        #expect(await client.lastSignInAttempt == nil)
        await #expect(throws: AuthError.self) { try await client.restartSignIn() }
    }

    @Test("validationData goes out as InitiateAuth's ClientMetadata (its keys win), not on the challenge answers")
    func validationDataOnSignIn() async throws {
        let recorder = Recorder()
        var options = Fixtures.clientOptions
        options.clientMetadata = ["source": "app", "invite": "old"]
        let client = await Self.client(
            options: options,
            [["ChallengeName": "CUSTOM_CHALLENGE", "Session": "s1", "ChallengeParameters": ["question": "Q?"]]],
            recorder: recorder)
        _ = try await client.signIn(
            username: "alice", password: "pw", flow: .customWithoutSRP, method: nil, validationData: ["invite": "xyz"])
        let initiate = recorder.all.first
        #expect(initiate?["ClientMetadata"]?["invite"]?.stringValue == "xyz")
        #expect(initiate?["ClientMetadata"]?["source"]?.stringValue == "app")
        #expect(initiate?["ValidationData"] == nil)
    }
}
