import Foundation
import Logging

/// Answering Cognito's challenges: `confirmSignIn`, turning each answer into the next step, and
/// adopting the tokens when the sign-in is complete.
extension AuthClient {
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
                let factor = try Self.setupFactor(answer, offered: challenge.setupChoices)
                return try await beginMFASetup(factor, api: api)
            case .email?:
                responses["EMAIL"] = answer.trimmingCharacters(in: .whitespaces)
            case .sms?:
                responses["PHONE_NUMBER"] = try Self.phoneNumber(answer)
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

    /// The MFA factor `answer` names (a wire name or a word such as "totp"), checked against the
    /// factors MFA_SETUP offered (any factor when it offered none).
    private static func setupFactor(_ answer: String, offered: [MFAType]) throws -> MFAType {
        guard let type = MFAType(rawValue: answer) ?? MFAType(userInput: answer),
            offered.isEmpty || offered.contains(type)
        else {
            let names = (offered.isEmpty ? MFAType.allCases : offered).map(\.rawValue)
            throw AuthError.invalidParameter("Choose \(names.joined(separator: ", ")) to set up.")
        }
        return type
    }

    /// `answer` as an E.164 phone number (spaces, dashes, dots and parentheses removed); throws
    /// ``AuthError/invalidParameter(_:)`` when it is not one (``UserAttributes/isE164PhoneNumber(_:)``).
    private static func phoneNumber(_ answer: String) throws -> String {
        let phone = answer.filter { !" -().".contains($0) }
        guard UserAttributes.isE164PhoneNumber(phone) else {
            throw AuthError.invalidParameter("Enter the phone number with its country code, for example +15555550123.")
        }
        return phone
    }

    /// Turns an auth answer into the next step, completing the sign-in when tokens arrived.
    func handle(_ answer: UserPoolAPI.AuthAnswer, username: String) async throws -> SignInStep {
        if let id = answer.idToken, let access = answer.accessToken {
            try await acceptTokens(of: answer, idToken: id, accessToken: access, username: username)
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
                Self.jsonStrings(parameters["requiredAttributes"])?
                .map { $0.replacingOccurrences(of: "userAttributes.", with: "") } ?? []
            return .newPasswordRequired(requiredAttributes: required)
        case "SMS_MFA":
            return .smsMFA(Self.codeDelivery(parameters, medium: "SMS", attribute: "phone_number"))
        case "SOFTWARE_TOKEN_MFA":
            return .softwareTokenMFA
        case "SELECT_MFA_TYPE":
            let choices =
                Self.jsonStrings(parameters["MFAS_CAN_CHOOSE"])?.compactMap(MFAType.init(rawValue:)) ?? MFAType.allCases
            return .selectMFAType(choices)
        case "MFA_SETUP":
            let offered = Self.jsonStrings(parameters["MFAS_CAN_SETUP"])?.compactMap(MFAType.init(rawValue:)) ?? []
            pendingChallenge?.setupChoices = offered
            if offered.count > 1 { return .selectMFASetup(offered) }
            return try await beginMFASetup(offered.first ?? .totp, api: try userPoolAPI())
        case "CUSTOM_CHALLENGE":
            return .customChallenge(parameters)
        case "EMAIL_OTP":
            return .emailOTP(Self.codeDelivery(parameters, medium: "EMAIL", attribute: "email"))
        case "SMS_OTP":
            return .smsOTP(Self.codeDelivery(parameters, medium: "SMS", attribute: "phone_number"))
        case "SELECT_CHALLENGE":
            let methods = answer.availableChallenges.compactMap(SignInMethod.init(rawValue:))
            guard !methods.isEmpty else {
                pendingChallenge = nil
                throw Self.noKnownMethod(offered: answer.availableChallenges)
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
            throw Self.unanswerable(challenge: name)
        }
    }

    /// Adopts the tokens of a finished sign-in: checks them, refuses to replace another user's
    /// session unless the attempt allowed it, stores the session and registers a new device.
    private func acceptTokens(
        of answer: UserPoolAPI.AuthAnswer, idToken: String, accessToken: String, username: String
    ) async throws {
        let replacing = lastSignInAttempt?.replacingSession ?? false
        pendingChallenge = nil
        lastSignInAttempt = nil
        let tokens = try CognitoTokens(idToken: idToken, accessToken: accessToken, refreshToken: answer.refreshToken)
        try await verify(tokens)
        let name = tokens.accessClaims?.username ?? tokens.idClaims?.preferredUsername ?? username
        // Another process may have signed another user in here while this sign-in was under way.
        syncWithStore()
        if !replacing, let current = machine.signedInUser(otherThan: name) {
            logger?.info("sign-in refused: another user's session is here")
            // These tokens will not be stored: their refresh token is revoked, never left valid.
            if let refreshToken = tokens.refreshToken {
                try? await revoke(
                    PendingRevocation(refreshToken: refreshToken, global: false, username: name), accessToken: nil)
            }
            throw AuthError.anotherUserSignedIn(signedIn: current, attempted: name)
        }
        try await completeSignIn(tokens: tokens, username: name, keepingOtherUsers: !replacing)
        await registerNewDevice(answer, tokens: tokens, username: name)  // devices
    }

    /// The strings of a challenge parameter that holds a JSON array as text (`MFAS_CAN_CHOOSE`,
    /// `requiredAttributes`); nil when the text is not a JSON array, an empty list when it is missing.
    private static func jsonStrings(_ text: String?) -> [String]? {
        JSONValue.parse(Array((text ?? "[]").utf8))?.arrayValue?.compactMap(\.stringValue)
    }

    /// Where a challenge's code went, from its `CODE_DELIVERY_*` parameters; `medium` when it names none.
    private static func codeDelivery(_ parameters: [String: String], medium: String, attribute: String)
        -> CodeDeliveryDetails
    {
        CodeDeliveryDetails(
            destination: parameters["CODE_DELIVERY_DESTINATION"],
            deliveryMedium: parameters["CODE_DELIVERY_DELIVERY_MEDIUM"] ?? medium, attributeName: attribute)
    }

    /// The error for a SELECT_CHALLENGE that offers only methods Latchkey does not know (sanitised).
    private static func noKnownMethod(offered: [String]) -> AuthError {
        AuthError.unsupported(
            type: "SELECT_CHALLENGE",
            message: "Cognito offered no sign-in method Latchkey knows ("
                + TerminalText.sanitized(offered.joined(separator: ", "))
                + "). Ask the pool's administrator to allow password, EMAIL_OTP or SMS_OTP sign-in.")
    }

    /// The error for a challenge Latchkey cannot answer, naming it (sanitised) and the ones it can.
    private static func unanswerable(challenge name: String) -> AuthError {
        AuthError.unsupported(
            type: TerminalText.sanitized(name),
            message: "Cognito asked for the \(TerminalText.sanitized(name)) challenge, which Latchkey cannot "
                + "answer. Latchkey answers \(Self.supportedChallenges). Sign in with another flow (--flow) or "
                + "ask the pool's administrator which flow this app client expects.")
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
    func completeSignIn(
        tokens: CognitoTokens, username: String, hostedUI: Bool = false, keepingOtherUsers: Bool = false
    ) async throws {
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
        // Another user's session replaced here (R12) leaves its refresh token owed a revocation.
        let previousUser = machine.signedInUser(otherThan: username)
        let replaced = machine.replacedRevocation(by: username)
        lastReplacement = nil
        let signIn = AuthStateMachine.UserPoolSignIn(
            tokens: tokens, username: username, keySet: jwksCache, settledRevocation: settled, hostedUI: hostedUI,
            replacedRevocation: replaced)
        // The user's own sign-in replaces whatever is stored; if it cannot be stored, the sign-in
        // fails and the client keeps what the store holds.
        // Unless told to replace another user, the write is a compare-and-swap against the store as
        // last read: another user signed in meanwhile by another process is never overwritten.
        let mode: WriteMode = keepingOtherUsers ? .ifUnchanged : .replace
        if let failure = run(machine.handle(.userPoolSignedIn(signIn), now: clock.now()), writes: mode) {
            throw AuthError(storeError: failure)
        }
        if let previousUser {
            var revocation = SessionReplacement.Revocation.nothingToRevoke
            if let replaced { revocation = await revokeReplaced(replaced) }
            lastReplacement = SessionReplacement(
                previousUsername: previousUser, username: username, revocation: revocation)
        }
        guard keepingOtherUsers, machine.session?.tokens?.refreshToken != tokens.refreshToken else { return }
        // The store changed between the check and the write, and that session was adopted instead.
        if let current = machine.signedInUser(otherThan: username) {
            if let refreshToken = tokens.refreshToken {
                try? await revoke(
                    PendingRevocation(refreshToken: refreshToken, global: false, username: username), accessToken: nil)
            }
            throw AuthError.anotherUserSignedIn(signedIn: current, attempted: username)
        }
        // Not another user's (a sign-out, the same user): this sign-in replaces it.
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

/// A challenge awaiting `confirmSignIn`: Cognito's challenge name, session and parameters.
struct PendingChallenge: Sendable {
    var name: String
    var session: String?
    var username: String
    var parameters: [String: String]
    /// MFA_SETUP: the factor chosen to set up (`SOFTWARE_TOKEN_MFA` or `EMAIL_OTP`), once chosen.
    var setupFactor: MFAType?
    /// MFA_SETUP: the factors offered (`MFAS_CAN_SETUP`).
    var setupChoices: [MFAType] = []
}
