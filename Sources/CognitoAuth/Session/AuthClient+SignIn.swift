import Foundation
import Logging

/// Signing in and out with a username: passwords, USER_AUTH's choice of method, and the challenges.
public protocol SignInService: Sendable {
    /// Signs in with the password and the configured flow, and returns the next step.
    func signIn(username: String, password: String) async throws -> SignInStep
    /// Starts a sign-in with `flow`: USER_AUTH without `method` answers with the pool's methods
    /// (`SignInStep.selectChallenge(_:)`); with a code method it sends a new code.
    func signIn(username: String, password: String?, flow: AuthenticationFlow?, method: SignInMethod?) async throws
        -> SignInStep
    /// Answers USER_AUTH's SELECT_CHALLENGE with a first factor (`password` for the password methods).
    func selectSignInMethod(_ method: SignInMethod, password: String?) async throws -> SignInStep
    /// Starts the sign-in waiting for a code again, so that a new code is sent.
    func restartSignIn() async throws -> SignInStep
    /// Answers the pending challenge (a code, a new password, an MFA choice, a custom answer).
    func confirmSignIn(_ answer: String, attributes: [String: String]) async throws -> SignInStep
    /// Signs out on this device or everywhere, and says what the service confirmed.
    func signOut(_ scope: SignOutScope) async throws -> SignOutResult
}

extension AuthClient: SignInService {}

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

    /// Starts `attempt` with InitiateAuth in its flow (the configured one unless it names one) and
    /// carries it as far as Cognito allows without the user: SRP's PASSWORD_VERIFIER is answered here.
    private func startSignIn(_ attempt: SignInAttempt, deviceKey: String?) async throws -> SignInStep {
        let trimmed = attempt.username
        lastSignInAttempt = attempt
        let api = try userPoolAPI()
        let flow = attempt.flow ?? options.authenticationFlow ?? configuration.userPool?.authenticationFlow ?? .userSRP
        pendingChallenge = nil
        var parameters = ["USERNAME": trimmed]
        if let deviceKey { parameters["DEVICE_KEY"] = deviceKey }
        switch flow {
        case .userSRP, .customWithSRP:
            let password = try Self.requiredPassword(attempt.password)
            let srp = try SRPClient(random: random)
            parameters["SRP_A"] = srp.srpAHex
            if flow == .customWithSRP { parameters["CHALLENGE_NAME"] = "SRP_A" }
            let first = try await initiateAuth(attempt, flow: flow, parameters: parameters, api: api)
            return try await continueSRP(
                first, srp: srp, password: password, username: trimmed, deviceKey: deviceKey, api: api)
        case .userPassword:
            parameters["PASSWORD"] = try Self.requiredPassword(attempt.password)
            let first = try await initiateAuth(attempt, flow: flow, parameters: parameters, api: api)
            return try await handle(first, username: trimmed)
        case .customWithoutSRP:
            let first = try await initiateAuth(attempt, flow: flow, parameters: parameters, api: api)
            return try await handle(first, username: trimmed)
        case .userAuth:
            return try await startUserAuth(attempt, parameters: parameters, deviceKey: deviceKey, api: api)
        }
    }

    /// USER_AUTH: asks for the attempt's method as the first factor when it names one (with the
    /// password, or an SRP_A for the SRP method), else lets Cognito offer the factors it allows.
    private func startUserAuth(
        _ attempt: SignInAttempt, parameters: [String: String], deviceKey: String?, api: UserPoolAPI
    ) async throws -> SignInStep {
        var parameters = parameters
        var srp: SRPClient?
        if let method = attempt.method {
            parameters["PREFERRED_CHALLENGE"] = method.rawValue
            switch method {
            case .password: parameters["PASSWORD"] = try Self.requiredPassword(attempt.password)
            case .passwordSRP:
                _ = try Self.requiredPassword(attempt.password)
                let client = try SRPClient(random: random)
                parameters["SRP_A"] = client.srpAHex
                srp = client
            case .webAuthn: _ = try passkeyAuthenticatorAndParty()  // fail before anything is sent
            case .emailOTP, .smsOTP: break
            }
        }
        let first = try await initiateAuth(attempt, flow: .userAuth, parameters: parameters, api: api)
        if let srp, let password = attempt.password {
            return try await continueSRP(
                first, srp: srp, password: password, username: attempt.username, deviceKey: deviceKey, api: api)
        }
        return try await handle(first, username: attempt.username)
    }

    /// Sends InitiateAuth for `attempt` in `flow`, with its validation data, noting whether the backend answered.
    private func initiateAuth(
        _ attempt: SignInAttempt, flow: AuthenticationFlow, parameters: [String: String], api: UserPoolAPI
    ) async throws -> UserPoolAPI.AuthAnswer {
        try await reachingBackend {
            try await api.initiateAuth(
                flow: flow.wireName, parameters: parameters, username: attempt.username,
                validationData: attempt.validationData)
        }
    }

    /// The attempt's password; throws ``AuthError/invalidParameter(_:)`` when it is missing or empty.
    private static func requiredPassword(_ password: String?) throws -> String {
        guard let password, !password.isEmpty else {
            throw AuthError.invalidParameter("The password is empty. Enter a password.")
        }
        return password
    }

    /// Answers USER_AUTH's SELECT_CHALLENGE with a first factor (`password` for the password methods).
    public func selectSignInMethod(_ method: SignInMethod, password: String? = nil) async throws -> SignInStep {
        guard let challenge = pendingChallenge, challenge.name == "SELECT_CHALLENGE" else {
            throw AuthError.invalidState("No sign-in method is being chosen. Start with signIn(flow: .userAuth).")
        }
        if method == .webAuthn { _ = try passkeyAuthenticatorAndParty() }  // fail before anything is sent
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
}

/// What ``AuthClient/restartSignIn()`` sends again.
struct SignInAttempt: Sendable {
    var username: String
    var password: String?
    var flow: AuthenticationFlow?
    var method: SignInMethod?
    var validationData: [String: String]
    /// Whether the sign-in may replace another user's session (see `signIn(…replacingSession:)`).
    var replacingSession: Bool = false
}
