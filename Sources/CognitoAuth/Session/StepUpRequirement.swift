import Foundation

/// What the calls waiting behind a step-up ask for: the levels, how recent the authentication must
/// be, and how the current tokens fall short.
///
/// An app shows it as a prompt and completes it with ``AuthClient/stepUp(acr:maxAge:)``, whose
/// ``SignInStep`` names the one factor Cognito still wants (an email or text-message code, an
/// authenticator code or a passkey); ``AuthClient/releaseStepUpWait()`` cancels it instead.
public struct StepUpRequirement: Sendable, Hashable {
    /// The levels asked for, in priority order (the oldest waiting call's).
    public var acr: [String]
    /// The oldest authentication accepted (the strictest of the waiting calls'), nil: any age.
    public var maxAge: Duration?
    /// How many calls wait for the step-up.
    public var waitingCount: Int
    /// How the current tokens were authenticated (their `acr`, `amr` and `auth_time`).
    public var current: AuthenticationContext

    /// Creates a requirement.
    public init(acr: [String], maxAge: Duration?, waitingCount: Int, current: AuthenticationContext) {
        self.acr = acr
        self.maxAge = maxAge
        self.waitingCount = waitingCount
        self.current = current
    }

    /// `maxAge` in whole seconds, as USER_AUTH's `MAX_AGE` takes it.
    public var maxAgeSeconds: Int? { maxAge.map { Int($0.components.seconds) } }
}

extension AuthenticationContext {
    /// Whether these claims meet `acr` (empty: any level) and `maxAge` (nil: any age) at `now`.
    ///
    /// A level is met by the same value, or, for Cognito's `urn:cognito:loa:N` levels, by a higher
    /// `N` than the lowest one asked for (`loa:2` meets a call asking for `loa:1`). Other values are
    /// compared as they are. A `maxAge` is met only by an `auth_time` no older than it.
    public func satisfies(acr wanted: [String], maxAge: Duration?, at now: Date) -> Bool {
        if !wanted.isEmpty {
            guard let acr else { return false }
            if !wanted.contains(acr) {
                let levels = wanted.compactMap(Self.cognitoLevel)
                guard let have = Self.cognitoLevel(acr), let lowest = levels.min(), have >= lowest else {
                    return false
                }
            }
        }
        if let maxAge {
            guard let authTime else { return false }
            let seconds = Double(maxAge.components.seconds) + Double(maxAge.components.attoseconds) / 1e18
            if now.timeIntervalSince(authTime) > seconds { return false }
        }
        return true
    }

    /// `N` of `urn:cognito:loa:N`, or nil for any other value.
    static func cognitoLevel(_ acr: String) -> Int? {
        let prefix = "urn:cognito:loa:"
        guard acr.hasPrefix(prefix) else { return nil }
        return Int(acr.dropFirst(prefix.count))
    }
}
