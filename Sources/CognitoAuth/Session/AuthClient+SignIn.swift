import Foundation
import Logging

extension AuthClient {
    /// Signs in with the configured flow (USER_SRP_AUTH unless configured otherwise) and returns the next step.
    ///
    /// `username` may be an alias; the challenge's USERNAME and USER_ID_FOR_SRP are what the proof
    /// and SECRET_HASH use.
    public func signIn(username: String, password: String) async throws -> SignInStep {
        try await signIn(username: username, password: password, flow: nil, method: nil)
    }

    /// Signs in with the configured flow, sending `validationData` to the pool's Lambda triggers.
    ///
    /// As AWSMobileClient's `signIn(username:password:validationData:)` does, the data goes out as
    /// InitiateAuth's `ClientMetadata` (InitiateAuth has no ValidationData field), joined with
    /// ``AuthClientOptions/clientMetadata``; a key in both takes the validation-data value.
    public func signIn(username: String, password: String, validationData: [String: String]) async throws
        -> SignInStep
    {
        try await signIn(username: username, password: password, flow: nil, method: nil, validationData: validationData)
    }

    /// Signs in with `flow` (nil: ``AuthClientOptions/authenticationFlow``, then the configured flow).
    ///
    /// For USER_AUTH, `method` is the preferred first factor (`PREFERRED_CHALLENGE`); without one Cognito
    /// answers ``SignInStep/selectChallenge(_:)``. The password is needed by the password flows only.
    public func signIn(
        username: String, password: String?, flow: AuthenticationFlow?, method: SignInMethod? = nil
    ) async throws -> SignInStep {
        try await signIn(username: username, password: password, flow: flow, method: method, validationData: [:])
    }

    /// Signs in with `flow` and `method`, sending `validationData` with InitiateAuth's `ClientMetadata`
    /// (see ``signIn(username:password:validationData:)``).
    public func signIn(
        username: String, password: String?, flow: AuthenticationFlow?, method: SignInMethod?,
        validationData: [String: String]
    ) async throws -> SignInStep {
        try await signIn(
            username: username, password: password, flow: flow, method: method, validationData: validationData,
            replacingSession: false)
    }

    /// Signs in with the configured flow; with `replacingSession` the sign-in may replace another
    /// user's session (see ``signIn(username:password:flow:method:validationData:replacingSession:)``).
    public func signIn(username: String, password: String, replacingSession: Bool) async throws -> SignInStep {
        try await signIn(
            username: username, password: password, flow: nil, method: nil, validationData: [:],
            replacingSession: replacingSession)
    }

    /// Signs in, saying whether the sign-in may replace another user's session.
    ///
    /// Every `signIn` refuses, by default, to replace the session of another user-pool user who is
    /// signed in here or must sign in again: it throws ``AuthError/anotherUserSignedIn(signedIn:attempted:)``
    /// and keeps that user's session and waiting calls, as AWSMobileClient refuses. Signing in again
    /// as the same user (a re-login) is always allowed and resumes the calls waiting for it. Because
    /// a username may be an alias (an email address), who signs in is known only from the tokens:
    /// the refusal comes when the sign-in completes (after any challenge), and the tokens are dropped.
    ///
    /// With `replacingSession: true` the other user's session is replaced; the calls waiting for it
    /// fail with ``AuthError/sessionReplaced(previous:current:)`` and never get the new user's tokens.
    public func signIn(
        username: String, password: String?, flow: AuthenticationFlow?, method: SignInMethod?,
        validationData: [String: String], replacingSession: Bool
    ) async throws -> SignInStep {
        let trimmed = Self.normalizedUsername(username)
        guard !trimmed.isEmpty else { throw AuthError.invalidParameter("The username is empty. Enter a username.") }
        let attempt = SignInAttempt(
            username: trimmed, password: password, flow: flow, method: method, validationData: validationData,
            replacingSession: replacingSession)
        // A device this store remembers for the user is named in every request (DEVICE_SRP_AUTH follows).
        let deviceKey = trackedDevice(for: trimmed)?.deviceKey
        do {
            do {
                return try await startSignIn(attempt, deviceKey: deviceKey)
            } catch let error where dropForgottenDevice(error, sent: deviceKey) {
                // The device was forgotten elsewhere: once more, without it.
                return try await startSignIn(attempt, deviceKey: nil)
            }
        } catch {
            // Nothing waits for a code: the password is not kept.
            if pendingChallenge == nil { lastSignInAttempt = nil }
            throw error
        }
    }

    /// Starts the sign-in that led to the pending code challenge again, so that Cognito sends a new code.
    ///
    /// Cognito has no "resend" for sign-in codes (ResendConfirmationCode is for sign-up): the flow is
    /// initiated again with what was sent before, password included (kept in memory only while the
    /// sign-in is unfinished). USER_AUTH with a chosen method is re-initiated with that method preferred.
    public func restartSignIn() async throws -> SignInStep {
        guard let attempt = lastSignInAttempt, pendingChallenge != nil else {
            throw AuthError.invalidState("No sign-in is waiting for a code. Sign in again.")
        }
        return try await signIn(
            username: attempt.username, password: attempt.password, flow: attempt.flow, method: attempt.method,
            validationData: attempt.validationData, replacingSession: attempt.replacingSession)
    }

    private func startSignIn(_ attempt: SignInAttempt, deviceKey: String?) async throws -> SignInStep {
        let trimmed = attempt.username
        let password = attempt.password
        let method = attempt.method
        let validationData = attempt.validationData
        lastSignInAttempt = attempt
        let api = try userPoolAPI()
        let flow = attempt.flow ?? options.authenticationFlow ?? configuration.userPool?.authenticationFlow ?? .userSRP
        func requirePassword() throws -> String {
            guard let password, !password.isEmpty else {
                throw AuthError.invalidParameter("The password is empty. Enter a password.")
            }
            return password
        }
        pendingChallenge = nil
        switch flow {
        case .userSRP, .customWithSRP:
            let password = try requirePassword()
            let srp = try SRPClient(random: random)
            var parameters = ["USERNAME": trimmed, "SRP_A": srp.srpAHex]
            if flow == .customWithSRP { parameters["CHALLENGE_NAME"] = "SRP_A" }
            if let deviceKey { parameters["DEVICE_KEY"] = deviceKey }
            let first = try await reachingBackend {
                try await api.initiateAuth(
                    flow: flow.wireName, parameters: parameters, username: trimmed, validationData: validationData)
            }
            return try await continueSRP(
                first, srp: srp, password: password, username: trimmed, deviceKey: deviceKey, api: api)
        case .userPassword:
            let password = try requirePassword()
            var parameters = ["USERNAME": trimmed, "PASSWORD": password]
            if let deviceKey { parameters["DEVICE_KEY"] = deviceKey }
            let first = try await reachingBackend {
                try await api.initiateAuth(
                    flow: flow.wireName, parameters: parameters, username: trimmed, validationData: validationData)
            }
            return try await handle(first, username: trimmed)
        case .customWithoutSRP:
            var parameters = ["USERNAME": trimmed]
            if let deviceKey { parameters["DEVICE_KEY"] = deviceKey }
            let first = try await reachingBackend {
                try await api.initiateAuth(
                    flow: flow.wireName, parameters: parameters, username: trimmed, validationData: validationData)
            }
            return try await handle(first, username: trimmed)
        case .userAuth:
            var parameters = ["USERNAME": trimmed]
            if let deviceKey { parameters["DEVICE_KEY"] = deviceKey }
            var srp: SRPClient?
            if let method {
                parameters["PREFERRED_CHALLENGE"] = method.rawValue
                switch method {
                case .password: parameters["PASSWORD"] = try requirePassword()
                case .passwordSRP:
                    _ = try requirePassword()
                    let client = try SRPClient(random: random)
                    parameters["SRP_A"] = client.srpAHex
                    srp = client
                case .webAuthn: throw Self.passkeyUnavailable
                case .emailOTP, .smsOTP: break
                }
            }
            let first = try await reachingBackend {
                try await api.initiateAuth(
                    flow: flow.wireName, parameters: parameters, username: trimmed, validationData: validationData)
            }
            if let srp, let password {
                return try await continueSRP(
                    first, srp: srp, password: password, username: trimmed, deviceKey: deviceKey, api: api)
            }
            return try await handle(first, username: trimmed)
        }
    }

    /// Answers USER_AUTH's SELECT_CHALLENGE with a first factor (`password` for the password methods).
    public func selectSignInMethod(_ method: SignInMethod, password: String? = nil) async throws -> SignInStep {
        guard let challenge = pendingChallenge, challenge.name == "SELECT_CHALLENGE" else {
            throw AuthError.invalidState("No sign-in method is being chosen. Start with signIn(flow: .userAuth).")
        }
        if method == .webAuthn { throw Self.passkeyUnavailable }
        let api = try userPoolAPI()
        // Resend re-initiates with this method preferred (and the password, for the password methods).
        lastSignInAttempt?.flow = .userAuth
        lastSignInAttempt?.method = method
        if let password { lastSignInAttempt?.password = password }
        var responses = ["USERNAME": challenge.username, "ANSWER": method.rawValue]
        var srp: SRPClient?
        if method.needsPassword {
            guard let password, !password.isEmpty else {
                throw AuthError.invalidParameter("The \(method.label) method needs the password. Enter the password.")
            }
            if method == .password {
                responses["PASSWORD"] = password
            } else {
                let client = try SRPClient(random: random)
                responses["SRP_A"] = client.srpAHex
                srp = client
            }
        }
        let answer = try await reachingBackend {
            try await api.respond(
                challenge: "SELECT_CHALLENGE", responses: responses, session: challenge.session,
                username: challenge.username)
        }
        if let srp, let password {
            return try await continueSRP(
                answer, srp: srp, password: password, username: challenge.username,
                deviceKey: trackedDevice(for: challenge.username)?.deviceKey, api: api)
        }
        return try await handle(answer, username: challenge.username)
    }

    static var passkeyUnavailable: AuthError {
        AuthError.unsupported(
            type: "WEB_AUTHN",
            message: "passkeys are not available in a terminal. Choose another method: a code by email or text "
                + "message, or the password.")
    }

    /// Finishes a PASSWORD_VERIFIER step with the SRP proof; any other answer is handled as it is.
    private func continueSRP(
        _ first: UserPoolAPI.AuthAnswer, srp: SRPClient, password: String, username trimmed: String,
        deviceKey: String?, api: UserPoolAPI
    ) async throws -> SignInStep {
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
        let answer = try await reachingBackend {
            try await api.respond(
                challenge: "PASSWORD_VERIFIER", responses: verifierResponses, session: first.session,
                username: challengeUsername)
        }
        return try await handle(answer, username: challengeUsername)
    }

    /// Answers the pending challenge: a code, a new password, an MFA type name (`SMS_MFA` / `SOFTWARE_TOKEN_MFA` /
    /// `EMAIL_OTP`), the factor to set up and then its code or email address, or a custom answer. `attributes` fills NEW_PASSWORD_REQUIRED's required attributes.
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
        case "EMAIL_OTP":
            responses["EMAIL_OTP_CODE"] = answer
        case "SMS_OTP":
            responses["SMS_OTP_CODE"] = answer
        case "SELECT_CHALLENGE":
            guard let method = SignInMethod(rawValue: answer.uppercased()) else {
                throw AuthError.invalidParameter(
                    "Choose one of \(SignInMethod.allCases.map(\.rawValue).joined(separator: ", ")).")
            }
            return try await selectSignInMethod(method, password: nil)
        case "SELECT_MFA_TYPE":
            guard let type = MFAType(rawValue: answer) ?? MFAType(userInput: answer) else {
                throw AuthError.invalidParameter("Choose SMS_MFA, SOFTWARE_TOKEN_MFA or EMAIL_OTP.")
            }
            responses["ANSWER"] = type.rawValue
        case "MFA_SETUP":
            switch challenge.setupFactor {
            case nil:
                let offered = challenge.setupChoices
                guard let type = MFAType(rawValue: answer) ?? MFAType(userInput: answer),
                    offered.isEmpty || offered.contains(type)
                else {
                    let names = (offered.isEmpty ? MFAType.allCases : offered).map(\.rawValue)
                    throw AuthError.invalidParameter("Choose \(names.joined(separator: ", ")) to set up.")
                }
                return try await beginMFASetup(type, api: api)
            case .email?:
                responses["EMAIL"] = answer.trimmingCharacters(in: .whitespaces)
            case .sms?:
                let phone = answer.filter { !" -().".contains($0) }
                guard phone.hasPrefix("+"), phone.count >= 8, phone.count <= 16,
                    phone.dropFirst().allSatisfy({ $0.isASCII && $0.isNumber })
                else {
                    throw AuthError.invalidParameter(
                        "Enter the phone number with its country code, for example +15555550123.")
                }
                responses["PHONE_NUMBER"] = phone
            case .totp?:
                session =
                    try await reachingBackend {
                        try await api.verifySoftwareToken(
                            code: answer, session: challenge.session, deviceName: options.deviceName)
                    } ?? challenge.session
            }
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
            let replacing = lastSignInAttempt?.replacingSession ?? false
            pendingChallenge = nil
            lastSignInAttempt = nil
            let tokens = try CognitoTokens(idToken: id, accessToken: access, refreshToken: answer.refreshToken)
            try await verify(tokens)
            let name = tokens.accessClaims?.username ?? tokens.idClaims?.preferredUsername ?? username
            if !replacing, let current = machine.signedInUser(otherThan: name) {
                logger?.info("sign-in refused: another user's session is here")
                throw AuthError.anotherUserSignedIn(signedIn: current, attempted: name)
            }
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
            let offered =
                JSONValue.parse(Array((parameters["MFAS_CAN_SETUP"] ?? "[]").utf8))?.arrayValue?
                .compactMap { $0.stringValue.flatMap(MFAType.init(rawValue:)) } ?? []
            pendingChallenge?.setupChoices = offered
            if offered.count > 1 { return .selectMFASetup(offered) }
            return try await beginMFASetup(offered.first ?? .totp, api: try userPoolAPI())
        case "CUSTOM_CHALLENGE":
            return .customChallenge(parameters)
        case "EMAIL_OTP":
            return .emailOTP(
                CodeDeliveryDetails(
                    destination: parameters["CODE_DELIVERY_DESTINATION"],
                    deliveryMedium: parameters["CODE_DELIVERY_DELIVERY_MEDIUM"] ?? "EMAIL", attributeName: "email"))
        case "SMS_OTP":
            return .smsOTP(
                CodeDeliveryDetails(
                    destination: parameters["CODE_DELIVERY_DESTINATION"],
                    deliveryMedium: parameters["CODE_DELIVERY_DELIVERY_MEDIUM"] ?? "SMS", attributeName: "phone_number")
            )
        case "SELECT_CHALLENGE":
            let methods = answer.availableChallenges.compactMap(SignInMethod.init(rawValue:))
            guard !methods.isEmpty else {
                pendingChallenge = nil
                throw AuthError.unsupported(
                    type: "SELECT_CHALLENGE",
                    message: "Cognito offered no sign-in method Latchkey knows ("
                        + TerminalText.sanitized(answer.availableChallenges.joined(separator: ", "))
                        + "). Ask the pool's administrator to allow password, EMAIL_OTP or SMS_OTP sign-in.")
            }
            return .selectChallenge(methods)
        case "WEB_AUTHN":
            pendingChallenge = nil
            throw Self.passkeyUnavailable
        case "DEVICE_SRP_AUTH":
            return try await handle(
                try await answerDeviceChallenge(answer, username: challengeUser), username: username)
        default:
            pendingChallenge = nil
            throw AuthError.unsupported(
                type: TerminalText.sanitized(name),
                message: "Cognito asked for the \(TerminalText.sanitized(name)) challenge, which Latchkey cannot "
                    + "answer. Latchkey answers \(Self.supportedChallenges). Sign in with another flow (--flow) or "
                    + "ask the pool's administrator which flow this app client expects.")
        }
    }

    /// The challenges Latchkey can answer, for error messages.
    static let supportedChallenges =
        "PASSWORD_VERIFIER, NEW_PASSWORD_REQUIRED, SMS_MFA, SOFTWARE_TOKEN_MFA, EMAIL_OTP, SMS_OTP, "
        + "SELECT_MFA_TYPE, MFA_SETUP, SELECT_CHALLENGE, CUSTOM_CHALLENGE, DEVICE_SRP_AUTH and DEVICE_PASSWORD_VERIFIER"

    /// MFA_SETUP with a factor chosen: TOTP associates a token now; email asks for the address.
    private func beginMFASetup(_ factor: MFAType, api: UserPoolAPI) async throws -> SignInStep {
        guard let challenge = pendingChallenge else {
            throw AuthError.invalidState("No sign-in challenge is pending. Start with signIn.")
        }
        pendingChallenge?.setupFactor = factor
        if factor == .email { return .emailMFASetup }
        if factor == .sms { return .smsMFASetup }
        let association = try await reachingBackend {
            try await api.associateSoftwareToken(session: challenge.session)
        }
        pendingChallenge?.session = association.session ?? challenge.session
        return .mfaSetup(TOTPSetupDetails(secret: association.secret, accountName: challenge.username))
    }

    /// Adopts a completed sign-in: persist, notify, resume every waiting call.
    func completeSignIn(tokens: CognitoTokens, username: String, hostedUI: Bool = false) async throws {
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
            tokens: tokens, username: username, keySet: jwksCache, settledRevocation: settled, hostedUI: hostedUI)
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
            throw Self.explainingFlow(error)
        }
    }

    /// "X flow not enabled for this client" says what to do about it.
    static func explainingFlow(_ error: AuthError) -> AuthError {
        guard case .invalidParameter(let message) = error, message.hasSuffix("flow not enabled for this client")
        else { return error }
        let flow = TerminalText.sanitized(String(message.prefix { $0 != " " }))
        return .invalidParameter(
            "\(TerminalText.sanitized(message)). This app client does not allow \(flow) sign-in: choose another flow "
                + "(Auth.Default.authenticationFlowType, or `latchkey sign-in --flow`) or ask the pool's administrator "
                + "to add ALLOW_\(flow) to the app client's ExplicitAuthFlows.")
    }
}
