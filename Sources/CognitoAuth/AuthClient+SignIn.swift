import Foundation
import Logging

extension AuthClient {
    /// Signs in with USER_SRP_AUTH and returns the next step.
    ///
    /// `username` may be an alias; the challenge's USERNAME and USER_ID_FOR_SRP are what the proof
    /// and SECRET_HASH use.
    public func signIn(username: String, password: String) async throws -> SignInStep {
        let api = try userPoolAPI()
        let trimmed = username.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { throw AuthError.invalidParameter("The username is empty. Enter a username.") }
        guard !password.isEmpty else { throw AuthError.invalidParameter("The password is empty. Enter a password.") }
        pendingChallenge = nil
        let srp = try SRPClient(random: random)
        let deviceKey = trackedDevice(for: trimmed)?.deviceKey  // devices: DEVICE_SRP_AUTH follows
        var initial = ["USERNAME": trimmed, "SRP_A": srp.srpAHex]
        if let deviceKey { initial["DEVICE_KEY"] = deviceKey }
        let first: UserPoolAPI.AuthAnswer
        do {
            first = try await reachingBackend {
                try await api.initiateAuth(flow: "USER_SRP_AUTH", parameters: initial, username: trimmed)
            }
        } catch let error where dropForgottenDevice(error, sent: deviceKey) {
            return try await signIn(username: username, password: password)  // once more, without the device
        }
        guard first.challengeName == "PASSWORD_VERIFIER" else {
            return try await handle(first, username: trimmed)
        }
        let parameters = first.challengeParameters
        guard let salt = parameters["SALT"], let serverB = parameters["SRP_B"],
            let secretBlock = parameters["SECRET_BLOCK"]
        else {
            throw AuthError.invalidResponse(
                status: 200, detail: "PASSWORD_VERIFIER arrived without SALT, SRP_B or SECRET_BLOCK")
        }
        let userIdForSrp = parameters["USER_ID_FOR_SRP"] ?? parameters["USERNAME"] ?? trimmed
        let challengeUsername = parameters["USERNAME"] ?? userIdForSrp
        let timestamp = SRPClient.timestamp(for: clock.now())
        guard let pool = configuration.userPool else { throw AuthError.notSignedIn }
        let claim = try srp.passwordClaim(
            poolName: pool.poolName, userIdForSrp: userIdForSrp, password: password, saltHex: salt,
            serverBHex: serverB, secretBlock: secretBlock, timestamp: timestamp)
        var verifierResponses = [
            "USERNAME": challengeUsername, "PASSWORD_CLAIM_SECRET_BLOCK": secretBlock,
            "PASSWORD_CLAIM_SIGNATURE": claim.signature, "TIMESTAMP": timestamp,
        ]
        if let deviceKey { verifierResponses["DEVICE_KEY"] = deviceKey }
        let answer: UserPoolAPI.AuthAnswer
        do {
            answer = try await reachingBackend {
                try await api.respond(
                    challenge: "PASSWORD_VERIFIER", responses: verifierResponses, session: first.session,
                    username: challengeUsername)
            }
        } catch let error where dropForgottenDevice(error, sent: deviceKey) {
            return try await signIn(username: username, password: password)  // once more, without the device
        }
        return try await handle(answer, username: challengeUsername)
    }

    /// Answers the pending challenge: a code, a new password, an MFA type name (`SMS_MFA` / `SOFTWARE_TOKEN_MFA`),
    /// or a custom answer. `attributes` fills NEW_PASSWORD_REQUIRED's required attributes.
    public func confirmSignIn(_ answer: String, attributes: [String: String] = [:]) async throws -> SignInStep {
        guard let challenge = pendingChallenge else {
            throw AuthError.invalidState("No sign-in challenge is pending. Start with signIn.")
        }
        let api = try userPoolAPI()
        var responses: [String: String] = ["USERNAME": challenge.username]
        var session = challenge.session
        switch challenge.name {
        case "NEW_PASSWORD_REQUIRED":
            responses["NEW_PASSWORD"] = answer
            for (name, value) in attributes { responses["userAttributes.\(name)"] = value }
        case "SMS_MFA":
            responses["SMS_MFA_CODE"] = answer
        case "SOFTWARE_TOKEN_MFA":
            responses["SOFTWARE_TOKEN_MFA_CODE"] = answer
        case "SELECT_MFA_TYPE":
            guard MFAType(rawValue: answer) != nil else {
                throw AuthError.invalidParameter("Choose SMS_MFA or SOFTWARE_TOKEN_MFA.")
            }
            responses["ANSWER"] = answer
        case "MFA_SETUP":
            session =
                try await reachingBackend {
                    try await api.verifySoftwareToken(
                        code: answer, session: challenge.session, deviceName: options.deviceName)
                } ?? challenge.session
        default:
            responses["ANSWER"] = answer
        }
        let result = try await reachingBackend {
            try await api.respond(
                challenge: challenge.name, responses: responses, session: session, username: challenge.username)
        }
        return try await handle(result, username: challenge.username)
    }

    /// Turns an auth answer into the next step, completing the sign-in when tokens arrived.
    private func handle(_ answer: UserPoolAPI.AuthAnswer, username: String) async throws -> SignInStep {
        if let id = answer.idToken, let access = answer.accessToken {
            pendingChallenge = nil
            let tokens = try CognitoTokens(idToken: id, accessToken: access, refreshToken: answer.refreshToken)
            try await verify(tokens)
            let name = tokens.accessClaims?.username ?? tokens.idClaims?.preferredUsername ?? username
            try await completeSignIn(tokens: tokens, username: name)
            await registerNewDevice(answer, tokens: tokens, username: name)  // devices
            return .done
        }
        guard let name = answer.challengeName else {
            throw AuthError.invalidResponse(status: 200, detail: "the answer has neither tokens nor a challenge")
        }
        let parameters = answer.challengeParameters
        let challengeUser = parameters["USER_ID_FOR_SRP"] ?? parameters["USERNAME"] ?? username
        pendingChallenge = PendingChallenge(
            name: name, session: answer.session, username: challengeUser, parameters: parameters)
        switch name {
        case "NEW_PASSWORD_REQUIRED":
            let required =
                JSONValue.parse(Array((parameters["requiredAttributes"] ?? "[]").utf8))?.arrayValue?
                .compactMap { $0.stringValue?.replacingOccurrences(of: "userAttributes.", with: "") } ?? []
            return .newPasswordRequired(requiredAttributes: required)
        case "SMS_MFA":
            return .smsMFA(
                CodeDeliveryDetails(
                    destination: parameters["CODE_DELIVERY_DESTINATION"],
                    deliveryMedium: parameters["CODE_DELIVERY_DELIVERY_MEDIUM"] ?? "SMS", attributeName: "phone_number")
            )
        case "SOFTWARE_TOKEN_MFA":
            return .softwareTokenMFA
        case "SELECT_MFA_TYPE":
            let choices =
                JSONValue.parse(Array((parameters["MFAS_CAN_CHOOSE"] ?? "[]").utf8))?.arrayValue?
                .compactMap { $0.stringValue.flatMap(MFAType.init(rawValue:)) } ?? MFAType.allCases
            return .selectMFAType(choices)
        case "MFA_SETUP":
            let api = try userPoolAPI()
            let association = try await reachingBackend {
                try await api.associateSoftwareToken(session: answer.session)
            }
            pendingChallenge?.session = association.session ?? answer.session
            return .mfaSetup(TOTPSetupDetails(secret: association.secret, accountName: challengeUser))
        case "CUSTOM_CHALLENGE":
            return .customChallenge(parameters)
        case "DEVICE_SRP_AUTH":
            return try await handle(
                try await answerDeviceChallenge(answer, username: challengeUser), username: username)
        default:
            pendingChallenge = nil
            throw AuthError.unsupported(type: name, message: "Latchkey cannot answer the \(name) challenge.")
        }
    }

    /// Adopts a completed sign-in: persist, notify, resume every waiting call.
    func completeSignIn(tokens: CognitoTokens, username: String) async throws {
        // A revocation an earlier sign-out could not send is retried now that the service answers.
        var settled: PendingRevocation?
        if let owed = machine.session?.pendingRevocation {
            do {
                try await revoke(owed, accessToken: nil)
                settled = owed
            } catch AuthError.notAuthorized {
                settled = owed
            } catch {
                logger?.debug("the owed revocation failed again; kept for the next sign-out")
            }
        }
        let signIn = AuthStateMachine.UserPoolSignIn(
            tokens: tokens, username: username, keySet: jwksCache, settledRevocation: settled)
        // The user's own sign-in replaces whatever is stored; if it cannot be stored, the sign-in
        // fails and the client keeps what the store holds.
        if let failure = run(machine.handle(.userPoolSignedIn(signIn), now: clock.now()), writes: .replace) {
            throw AuthError(storeError: failure)
        }
    }

    /// Runs a request and reports to the machine that the backend answered (or not).
    func reachingBackend<T: Sendable>(_ body: () async throws -> T) async throws -> T {
        do {
            let value = try await body()
            run(machine.handle(.reachedBackend, now: clock.now()))
            return value
        } catch let error as AuthError {
            if !error.isNetworkFailure { run(machine.handle(.reachedBackend, now: clock.now())) }
            throw error
        }
    }
}
