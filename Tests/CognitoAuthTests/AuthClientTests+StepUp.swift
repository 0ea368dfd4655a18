import CognitoAuthTesting
import Foundation
import Testing

@testable import CognitoAuth

/// Step-up through the client with a scripted transport and a manual clock: calls wait, one step-up
/// (USER_AUTH with TARGET_ACR_VALUES, then the email code) resumes them all, release fails them.
extension AuthClientTests {
    typealias StepUp = StepUpFixtures

    @Test("Concurrent getTokens(acr: loa:2) calls wait; one stepUp + code resumes them all with the new tokens")
    func stepUpResumesWaitingCalls() async throws {
        let weak = try StepUp.tokens(acr: StepUp.loa1, amr: ["pwd"], serial: 1)
        let strong = try StepUp.tokens(acr: StepUp.loa2, amr: ["pwd", "otp", "mfa"], serial: 2)
        let rig = makeRig(stored: Fixtures.signedInSession(weak)) { request in
            let target = request.header("X-Amz-Target") ?? ""
            let body = request.json ?? .null
            if target.hasSuffix("InitiateAuth") {
                #expect(body["AuthParameters"]?["TARGET_ACR_VALUES"]?.stringValue == StepUp.loa2)
                #expect(body["AuthParameters"]?["ACCESS_TOKEN"]?.stringValue == weak.accessToken)
                return ScriptedTransport.json([
                    "ChallengeName": "EMAIL_OTP", "Session": "s1",
                    "ChallengeParameters": [
                        "USERNAME": "alice", "CODE_DELIVERY_DESTINATION": "a***@e***",
                        "CODE_DELIVERY_DELIVERY_MEDIUM": "EMAIL",
                    ],
                ])
            }
            #expect(body["ChallengeResponses"]?["EMAIL_OTP_CODE"]?.stringValue == "123456")
            return ScriptedTransport.json([
                "AuthenticationResult": [
                    "IdToken": .string(strong.idToken), "AccessToken": .string(strong.accessToken),
                    "RefreshToken": "refresh-alice", "ExpiresIn": 3600, "TokenType": "Bearer",
                ]
            ])
        }
        let client = rig.client
        await client.initialize()
        let options = TokenRequestOptions(acr: [StepUp.loa2], label: "admin")
        let calls = (0..<3).map { _ in Task { try await client.getTokens(options) } }
        try await Waiter.value(
            of: "three calls behind the step-up", on: [await client.changeSource()],
            { await client.stepUpRequirement?.waitingCount }, until: { $0 == 3 })
        #expect(await client.pendingCalls.allSatisfy { $0.reason == .stepUp })
        #expect(try await client.getTokens() == weak)  // a call asking for no level is not held

        let step = try await client.stepUp(acr: [StepUp.loa2])
        guard case .emailOTP = step else { throw StepUpTestFailure.unexpected("\(step)") }
        #expect(try await client.confirmSignIn("123456") == .done)
        for call in calls { #expect(try await call.value == strong) }
        #expect(await client.pendingCalls.isEmpty)
        #expect(await client.stepUpRequirement == nil)
        #expect(try rig.store.load()?.tokens?.accessToken == strong.accessToken)
    }

    @Test("releaseStepUpWait fails the waiting calls with stepUpCancelled; the session stays signed in")
    func releaseStepUpFailsCalls() async throws {
        let weak = try StepUp.tokens(acr: StepUp.loa1, amr: ["pwd"], serial: 1)
        let rig = makeRig(stored: Fixtures.signedInSession(weak))
        let client = rig.client
        await client.initialize()
        let events = await client.events()
        let call = Task { try await client.getTokens(TokenRequestOptions(acr: [StepUp.loa2])) }
        try await Waiter.value(
            of: "a call behind the step-up", on: [await client.changeSource()],
            { await client.pendingCalls.count }, until: { $0 == 1 })
        // The event stream says so: the pending calls, then the requirement (level, count, current acr).
        var iterator = events.makeAsyncIterator()
        var announced: StepUpRequirement?
        while let event = await iterator.next() {
            guard case .pendingCallsChanged(let calls) = event, calls.contains(where: { $0.reason == .stepUp }) else {
                continue
            }
            if case .stepUpRequired(let requirement)? = await iterator.next() { announced = requirement }
            break
        }
        #expect(announced?.acr == [StepUp.loa2] && announced?.waitingCount == 1)
        #expect(announced?.current.acr == StepUp.loa1)
        await client.releaseStepUpWait()
        await #expect(throws: AuthError.stepUpCancelled) { try await call.value }
        #expect(await client.userState == .signedIn)
        #expect(AuthError.stepUpCancelled.failureKind == .reloginRequired)
        await #expect(throws: AuthError.stepUpRequired(acr: [StepUp.loa2])) {
            try await client.getTokens(TokenRequestOptions(acr: [StepUp.loa2], waitForSignIn: false))
        }
        #expect(rig.transport.sent.isEmpty)
    }
}

enum StepUpTestFailure: Error {
    case unexpected(String)
}
