import Foundation

/// How the signed-in tokens were authenticated: the `acr` and `amr` claims (step-up authentication).
public struct AuthenticationContext: Sendable, Hashable {
    /// The authentication context class, such as `urn:cognito:loa:2`; nil when the tokens carry none.
    public var acr: String?
    /// The methods used, such as `["pwd", "otp", "mfa"]`.
    public var amr: [String]
    /// When the user authenticated (`auth_time`), which a refresh does not change.
    public var authTime: Date?

    /// Reads the claims of an access or id token (without verifying it; the session's tokens were verified).
    public init(token: String) {
        let claims = IssuedToken.payload(of: token)
        acr = claims?["acr"]?.stringValue
        amr = claims?["amr"]?.arrayValue?.compactMap(\.stringValue) ?? []
        authTime = claims?["auth_time"]?.doubleValue.flatMap(ClaimTime.clamped).map { Date(timeIntervalSince1970: $0) }
    }
}

extension AuthClient {
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
