import CognitoAuth
import Foundation

/// A call waiting for tokens, as the dashboard shows it.
public struct WaitingCall: Hashable, Sendable, Identifiable {
    /// The waiter's id from the auth client, unique while it waits.
    public var id: UInt64
    /// The caller's label, such as "GetUser #3".
    public var label: String
    /// When it started waiting.
    public var since: Date
    /// Why the call waits: a refresh in flight, or a sign-in (or step-up) the user must do.
    public var reason: PendingCall.Reason
    /// The levels a call waiting behind a step-up asks for.
    public var acr: [String] = []
    /// The oldest authentication it accepts.
    public var maxAge: Duration?

    /// Creates a waiting call.
    public init(id: UInt64, label: String, since: Date, reason: PendingCall.Reason) {
        self.id = id
        self.label = label
        self.since = since
        self.reason = reason
    }

    /// Copies the auth client's pending call.
    public init(_ call: PendingCall) {
        self.init(id: call.id, label: call.label, since: call.since, reason: call.reason)
        acr = call.acr
        maxAge = call.maxAge
    }
}

/// An auth event in the view models' own terms: `AuthEvent` with plain values, so tests can build every case.
public enum SessionEvent: Hashable, Sendable {
    /// The user state changed (after persistence).
    case stateChanged(UserState, username: String?, provider: String?)
    /// The list of waiting calls changed.
    case pendingCallsChanged([WaitingCall])
    /// The backend became reachable or unreachable.
    case connectivityChanged(Connectivity)
    /// Tokens were refreshed; the new expiry.
    case tokensRefreshed(expiration: Date)
    /// A refresh attempt failed (it may be retried).
    case refreshFailed(AuthError)
    /// Waiting calls were released by `releaseSignInWait`.
    case signInWaitReleased(count: Int)
    /// Calls wait behind a step-up to `acr` (the first level asked for).
    case stepUpRequired(acr: String, waiting: Int)
    /// The identity id changed.
    case identityIdChanged(old: String?, new: String)
    /// AWS credentials were fetched; their expiry.
    case credentialsRefreshed(expiration: Date)
    /// The store reported a problem that did not stop the client.
    case storeWarning(String)
    /// The `exec` commands and credentials endpoints using the session changed (read from the store directory).
    case credentialsUsersChanged([CredentialsUser])

    /// Translates the auth client's event.
    public init(_ event: AuthEvent) {
        switch event {
        case .stateChanged(let change):
            self = .stateChanged(change.state, username: change.info.username, provider: change.info.provider)
        case .pendingCallsChanged(let calls): self = .pendingCallsChanged(calls.map(WaitingCall.init))
        case .connectivityChanged(let connectivity): self = .connectivityChanged(connectivity)
        case .tokensRefreshed(let expiration): self = .tokensRefreshed(expiration: expiration)
        case .refreshFailed(let error): self = .refreshFailed(error)
        case .signInWaitReleased(let count): self = .signInWaitReleased(count: count)
        case .stepUpRequired(let requirement):
            self = .stepUpRequired(acr: requirement.acr.first ?? "", waiting: requirement.waitingCount)
        case .identityIdChanged(let old, let new): self = .identityIdChanged(old: old, new: new)
        case .credentialsRefreshed(let expiration): self = .credentialsRefreshed(expiration: expiration)
        case .storeWarning(let message): self = .storeWarning(message)
        }
    }

    /// Whether the stored session may have changed (the runtime then reloads its summary).
    var changesSession: Bool {
        switch self {
        case .stateChanged, .tokensRefreshed, .credentialsRefreshed, .identityIdChanged: return true
        default: return false
        }
    }
}
