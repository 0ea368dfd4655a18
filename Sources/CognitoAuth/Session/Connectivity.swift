import Foundation

/// Whether the backend answers, as the client last saw it.
public enum Connectivity: Sendable, Hashable {
    /// The last request reached the backend.
    case online
    /// Requests have failed to reach the backend since `since`; `lastError` is the latest failure.
    case offline(since: Date, lastError: AuthError)

    /// Whether the backend is reachable.
    public var isOnline: Bool {
        if case .online = self { return true }
        return false
    }
}

/// How a call that needs tokens behaves when they are not immediately available.
public struct TokenRequestOptions: Sendable, Hashable {
    /// Wait for the user to sign in again when re-login is required (else fail with ``AuthError/reloginRequired(_:)``).
    public var waitForSignIn: Bool
    /// Wait for the backend when it cannot be reached, retrying with backoff (else fail with the network error).
    public var waitForConnectivity: Bool
    /// Fail with ``AuthError/deadlineExceeded`` when still waiting after this long.
    public var deadline: Duration?
    /// A label for the pending-calls list, such as "GetUser".
    public var label: String
    /// Whether the caller needs user-pool tokens; false for calls that only need a usable session
    /// (AWS credentials of a federated login wait for re-login the same way).
    var needsUserPoolTokens = true
    /// The authentication levels (`acr`) the tokens must carry, in priority order, such as
    /// `urn:cognito:loa:2`; empty: any level. Tokens with a lower level wait for a step-up (see
    /// ``AuthClient/stepUp(acr:maxAge:)``), as calls wait for re-login.
    public var acr: [String] = []
    /// The oldest authentication (`auth_time`) the tokens may come from; nil: any age.
    public var maxAge: Duration?

    /// Creates options; by default a call waits for both sign-in and connectivity, with no deadline.
    public init(
        waitForSignIn: Bool = true, waitForConnectivity: Bool = true, deadline: Duration? = nil,
        label: String = "getTokens"
    ) {
        self.waitForSignIn = waitForSignIn
        self.waitForConnectivity = waitForConnectivity
        self.deadline = deadline
        self.label = label
    }

    /// Options that ask for tokens of at least one of the `acr` levels, from an authentication no
    /// older than `maxAge`: with the default waits, a call whose tokens fall short waits behind a
    /// step-up (``PendingCall/Reason/stepUp``) until ``AuthClient/stepUp(acr:maxAge:)`` completes it,
    /// and fails with ``AuthError/stepUpCancelled`` on ``AuthClient/releaseStepUpWait()``. Without
    /// `waitForSignIn` it fails at once with ``AuthError/stepUpRequired(acr:)``.
    public init(
        acr: [String], maxAge: Duration? = nil, waitForSignIn: Bool = true, waitForConnectivity: Bool = true,
        deadline: Duration? = nil, label: String = "getTokens"
    ) {
        self.init(
            waitForSignIn: waitForSignIn, waitForConnectivity: waitForConnectivity, deadline: deadline, label: label)
        self.acr = acr
        self.maxAge = maxAge
    }

    /// Whether the options ask for more than valid tokens (a level or a recent authentication).
    public var requiresStepUpCheck: Bool { !acr.isEmpty || maxAge != nil }

    /// Wait for sign-in and for connectivity: the AWSMobileClient behaviour.
    public static let `default` = TokenRequestOptions()
    /// Never wait: fail at once with "re-login required" or the network error (for scripts).
    public static let noWait = TokenRequestOptions(waitForSignIn: false, waitForConnectivity: false)
}

/// A call waiting for tokens: what the UI shows as "2 calls waiting for sign-in".
public struct PendingCall: Sendable, Hashable, Identifiable {
    /// Why the call waits.
    public enum Reason: String, Sendable, Hashable {
        /// A refresh is in flight (or being retried while offline).
        case refresh
        /// The user must sign in again.
        case signIn
        /// The tokens carry a lower authentication level (or an older authentication) than the call
        /// asks for: the user must give the missing factor (``AuthClient/stepUp(acr:maxAge:)``).
        case stepUp
    }

    /// The waiting call's id, unique within one client.
    public var id: UInt64
    /// What the caller called it.
    public var label: String
    /// When it started waiting.
    public var since: Date
    /// Whether the call waits for a refresh or for the user to sign in again.
    public var reason: Reason
    /// The levels the call asks for (``TokenRequestOptions/acr``); empty: any.
    public var acr: [String] = []
    /// The oldest authentication the call accepts (``TokenRequestOptions/maxAge``).
    public var maxAge: Duration?

    /// Creates a record of a waiting call.
    public init(id: UInt64, label: String, since: Date, reason: Reason) {
        self.id = id
        self.label = label
        self.since = since
        self.reason = reason
    }
}

/// The retry schedule for transient failures: capped exponential backoff with jitter.
public struct BackoffPolicy: Sendable, Hashable {
    /// The step before the first retry; later steps double it.
    public var initial: Duration
    /// The cap on the step between retries, however many have failed.
    public var maximum: Duration
    /// Creates a policy; the defaults are 250 ms doubling to at most 15 s.
    public init(initial: Duration = .milliseconds(250), maximum: Duration = .seconds(15)) {
        self.initial = initial
        self.maximum = maximum
    }

    /// The delay before retry number `attempt` (1-based), scaled by `jitter` in [0, 1): between half and all of the step.
    public func delay(attempt: Int, jitter: Double) -> Duration {
        let exponent = min(max(attempt - 1, 0), 30)
        let step = min(initial.seconds * pow(2, Double(exponent)), maximum.seconds)
        let scaled = step * (0.5 + 0.5 * min(max(jitter, 0), 1))
        return .milliseconds(Int64((scaled * 1000).rounded()))
    }
}
