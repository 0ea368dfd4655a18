import Foundation

/// How the signed-in tokens were authenticated: the `acr` and `amr` claims (step-up authentication).
public struct AuthenticationContext: Sendable, Hashable {
    /// The authentication context class, such as `urn:cognito:loa:2`; nil when the tokens carry none.
    public var acr: String?
    /// The methods used, such as `["pwd", "otp", "mfa"]`.
    public var amr: [String]
    /// When the user authenticated (`auth_time`), which a refresh does not change.
    public var authTime: Date?

    /// Creates a context from its parts (nothing known by default).
    public init(acr: String? = nil, amr: [String] = [], authTime: Date? = nil) {
        self.acr = acr
        self.amr = amr
        self.authTime = authTime
    }

    /// Reads the claims of an access or id token (without verifying it; the session's tokens were verified).
    public init(token: String) {
        let claims = IssuedToken.payload(of: token)
        acr = claims?["acr"]?.stringValue
        amr = claims?["amr"]?.arrayValue?.compactMap(\.stringValue) ?? []
        authTime = claims?["auth_time"]?.doubleValue.flatMap(ClaimTime.clamped).map { Date(timeIntervalSince1970: $0) }
    }
}

/// Step-up authentication as an app drives it: start (or answer) the step-up the waiting calls need,
/// or give it up.
public protocol StepUpService: Sendable {
    /// Starts a step-up to `acr` (USER_AUTH with TARGET_ACR_VALUES); the step names the missing factor.
    func stepUp(acr: [String], maxAge: Int?) async throws -> SignInStep
    /// Fails every call waiting for a step-up with ``AuthError/stepUpCancelled``.
    func releaseStepUpWait() async
}

extension AuthClient: StepUpService {}

extension AuthClient {
    /// What the calls waiting behind a step-up ask for, or nil when none waits.
    ///
    /// A call made with ``TokenRequestOptions/init(acr:maxAge:waitForSignIn:waitForConnectivity:deadline:label:)``
    /// whose tokens fall short waits (``PendingCall/Reason/stepUp``); ``stepUp(acr:maxAge:)`` completed
    /// resumes every call the new tokens satisfy, with one sign-in.
    public var stepUpRequirement: StepUpRequirement? { machine.stepUpRequirement }

    /// Fails every call waiting for a step-up with ``AuthError/stepUpCancelled`` (the prompt's Esc).
    public func releaseStepUpWait() {
        run(machine.handle(.releaseStepUpWait, now: clock.now()))
    }

    /// Publishes ``AuthEvent/stepUpRequired(_:)`` when the calls waiting behind a step-up start or
    /// change what they ask for (not for a count that only falls).
    func publishStepUpChange() {
        let current = machine.stepUpRequirement
        defer { publishedStepUp = current }
        guard let current else { return }
        if let before = publishedStepUp, before.acr == current.acr, before.maxAge == current.maxAge,
            before.waitingCount >= current.waitingCount
        {
            return
        }
        publish(.stepUpRequired(current))
    }

    /// Whether `tokens` meet what `options` ask for (always, when they ask for no level or age).
    func meets(_ options: TokenRequestOptions, _ tokens: CognitoTokens) -> Bool {
        guard options.requiresStepUpCheck else { return true }
        return AuthenticationContext(token: tokens.accessToken).satisfies(
            acr: options.acr, maxAge: options.maxAge, at: clock.now())
    }

    /// The current tokens' ``AuthenticationContext`` (refreshing them first when they need it).
    public func authenticationContext() async throws -> AuthenticationContext {
        AuthenticationContext(token: try await getTokens().accessToken)
    }

    /// Starts a step-up: USER_AUTH with `TARGET_ACR_VALUES`, the current `ACCESS_TOKEN` (credit for the
    /// factors already used) and `MAX_AGE`. Cognito then asks only for the missing factor, answered with
    /// ``confirmSignIn(_:attributes:)`` like any sign-in step; ``SignInStep/done`` when the tokens already meet it.
    ///
    /// The new tokens replace the session's (same user); nobody signed in or a re-login needed fail as
    /// ``getTokens(_:)`` does.
    /// - Parameters:
    ///   - acr: the levels wanted, in priority order (`urn:cognito:loa:2`).
    ///   - maxAge: the oldest authentication, in seconds, that may be credited.
    public func stepUp(acr: [String], maxAge: Int? = nil) async throws -> SignInStep {
        guard !acr.isEmpty, acr.allSatisfy({ !$0.isEmpty && !$0.contains(" ") }) else {
            throw AuthError.invalidParameter("Name at least one ACR level (such as urn:cognito:loa:2), without spaces.")
        }
        let tokens = try await getTokens()
        guard let username = self.username else { throw AuthError.notSignedIn }
        var parameters = [
            "USERNAME": username, "ACCESS_TOKEN": tokens.accessToken, "TARGET_ACR_VALUES": acr.joined(separator: " "),
        ]
        if let maxAge { parameters["MAX_AGE"] = String(max(0, maxAge)) }
        let api = try userPoolAPI()
        pendingChallenge = nil
        let answer = try await reachingBackend {
            try await api.initiateAuth(flow: "USER_AUTH", parameters: parameters, username: username)
        }
        return try await handle(answer, username: username)
    }
}
