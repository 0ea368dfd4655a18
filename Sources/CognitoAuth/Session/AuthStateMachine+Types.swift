import Foundation

/// The machine's vocabulary: its policy, its state, the events it takes and the actions it returns.
extension AuthStateMachine {
    /// Tuning and configuration that the machine's rules need.
    struct Policy: Sendable, Hashable {
        /// The preferred refresh margin (AWSMobileClient: 2 minutes), capped at a quarter of the token lifetime.
        var refreshMargin: TimeInterval = 120
        /// The delays between retries of a refresh that failed to reach the backend.
        var backoff: BackoffPolicy = .init()
        /// The user pool's key in a logins map, when a user pool is configured.
        var userPoolProviderKey: String?
        /// The issuer a user-pool sign-in records in the session (the configured pool).
        var userPoolIssuer: SessionIssuer?
        /// The identity pool and endpoint identity-pool answers are recorded as coming from (the configured pool).
        var identityIssuer: IdentityIssuer?
        /// Identity merging and simultaneous accounts.
        var identityManager: IdentityManagerConfiguration = .init()
    }

    /// Why re-login is required.
    enum ReloginReason: Sendable, Hashable {
        /// The user pool's refresh token no longer works.
        case userPoolTokensInvalid
        /// Cognito Identity rejected the federated provider's token.
        case federatedTokensInvalid

        /// The user state AWSMobileClient reports for it.
        var userState: UserState {
            self == .userPoolTokensInvalid ? .signedOutUserPoolsTokenInvalid : .signedOutFederatedTokensInvalid
        }
    }

    /// Where the session stands: each case carries what exists in it, so no field can disagree with it.
    enum SessionState: Sendable, Hashable {
        /// Not yet restored from the store.
        case unknown
        /// Nobody is signed in; the record keeps what outlives a session (the key set, an owed revocation).
        case signedOut(PersistedSession?)
        /// Guest credentials from an identity pool.
        case guest(PersistedSession)
        /// Signed in, with where the refresh stands.
        case signedIn(PersistedSession, RefreshPhase)
        /// Signed in once; the user must sign in again before tokens are served.
        case reloginRequired(PersistedSession, ReloginReason)

        /// The user state, as AWSMobileClient names it.
        var userState: UserState {
            switch self {
            case .unknown: return .unknown
            case .signedOut: return .signedOut
            case .guest: return .guest
            case .signedIn: return .signedIn
            case .reloginRequired(_, let reason): return reason.userState
            }
        }

        /// The session record, when there is one.
        var record: PersistedSession? {
            switch self {
            case .unknown: return nil
            case .signedOut(let record): return record
            case .guest(let record), .signedIn(let record, _), .reloginRequired(let record, _): return record
            }
        }
    }

    /// Where the refresh stands.
    enum RefreshPhase: Sendable, Hashable {
        /// No refresh is running or scheduled.
        case idle
        /// A refresh request is in flight (attempt number, 1-based).
        case inFlight(attempt: Int)
        /// The last attempt failed transiently; the next one is due at `due`.
        case retryScheduled(attempt: Int, due: Date)
    }

    /// How a waiter is failed.
    enum Failure: Sendable, Hashable {
        /// With an auth error.
        case error(AuthError)
        /// With `CancellationError` (its own task was cancelled).
        case cancelled
    }

    /// What the owner must do.
    enum Action: Sendable, Hashable {
        /// Write this session (nil: remove it) to the store.
        case persist(PersistedSession?)
        /// Tell listeners about a state change.
        case notify(UserState, UserStateInfo)
        /// Resume these waiters with tokens (nil only for waiters that asked for the session, not tokens).
        case resume([WaiterID], CognitoTokens?)
        /// Fail these waiters with the given failure.
        case fail([WaiterID], Failure)
        /// Send REFRESH_TOKEN_AUTH; report the outcome with `generation`.
        case startRefresh(refreshToken: String, username: String?, generation: UInt64)
        /// Feed `.retryDue(generation:)` after `delay`.
        case scheduleRetry(delay: Duration, generation: UInt64)
        /// Publish the new connectivity.
        case connectivityChanged(Connectivity)
        /// Publish the new list of pending calls.
        case pendingCallsChanged
        /// Revoke at the service what a sign-out owes (GlobalSignOut when asked, then RevokeToken), and
        /// report `.revocationSettled` when done. The stored record already carries it, so it is
        /// retried by a later sign-in or sign-out if this fails or the process dies first.
        case revoke(PendingRevocation, accessToken: String?)
    }

    /// Something that happened, fed to the machine by the actor; ``handle(_:now:)`` answers with actions.
    enum Event: Sendable {
        /// The stored session was loaded at launch (nil: none).
        case restored(PersistedSession?)
        /// A caller asks for tokens.
        case tokensRequested(WaiterID, TokenRequestOptions)
        /// A refresh answered with tokens (already merged with the old refresh token).
        case refreshSucceeded(CognitoTokens, generation: UInt64)
        /// The refresh of `generation` failed; `jitter` in [0, 1) scales the retry delay if it is retried.
        case refreshFailed(AuthError, generation: UInt64, jitter: Double)
        /// A scheduled retry is due.
        case retryDue(generation: UInt64)
        /// A user-pool sign-in completed.
        case userPoolSignedIn(UserPoolSignIn)
        /// A federated (or developer-authenticated) sign-in completed with credentials.
        case federatedSignedIn(FederatedSignIn)
        /// The user signed out of one provider; with simultaneous accounts the others stay signed in.
        case providerSignedOut(key: String)
        /// The user signed out (globally: GlobalSignOut is owed too).
        case signOutRequested(global: Bool)
        /// Everything stored for the session is forgotten here, without contacting the service.
        case sessionCleared
        /// The service answered a `.revoke` (done, or the token was already invalid).
        case revocationSettled(PendingRevocation)
        /// The caller gave up waiting for sign-in.
        case releaseSignInWait
        /// The caller gave up the step-up: the calls waiting for it fail.
        case releaseStepUpWait
        /// A waiter's task was cancelled.
        case waiterCancelled(WaiterID)
        /// A waiter's deadline passed.
        case deadlinePassed(WaiterID)
        /// A service rejected this access token (revoked or expired early): the next request refreshes.
        case accessTokenRejected(String)
        /// Refresh now, even though the tokens are valid.
        case forceRefresh
        /// A request reached the backend.
        case reachedBackend
        /// Another process changed the stored session; adopt it.
        case storeChangedExternally(PersistedSession?)
        /// Cognito Identity answered with credentials for this identity (as a guest when `asGuest`).
        case credentialsObtained(identityId: String, credentials: AWSCredentials, asGuest: Bool)
        /// The cached AWS credentials are to be dropped.
        case credentialsInvalidated
        /// The pool's key set was fetched and differs from the cached one.
        case keySetFetched(String)
        /// Cognito Identity rejected the federated provider's token.
        case federatedTokensRejected
        /// The tracked device was registered, changed or forgotten (see AuthStateMachine+Devices.swift).
        case deviceChanged(TrackedDevice?)
        /// While a refresh waits for the lock, a peer process rotated this session's refresh token.
        case peerRotatedRefreshToken(PersistedSession)
    }

    /// A completed user-pool sign-in.
    struct UserPoolSignIn: Sendable, Hashable {
        var tokens: CognitoTokens
        var username: String
        /// The key set fetched while verifying, if any.
        var keySet: String?
        /// The owed revocation that the sign-in managed to send (or found moot), to be dropped.
        var settledRevocation: PendingRevocation?
        /// The device this sign-in registered, when the pool issued one (nil keeps the stored one).
        var device: TrackedDevice? = nil
        /// Whether the tokens came from the hosted UI (its browser session is ended at sign-out too).
        var hostedUI: Bool = false
        /// The refresh token of another user whose session this sign-in replaces: kept owed in the
        /// record (when no other revocation is owed) until the client has revoked it.
        var replacedRevocation: PendingRevocation? = nil
    }

    /// A completed federated sign-in.
    struct FederatedSignIn: Sendable, Hashable {
        /// The logins-map key (`FederatedProvider.developer` for a developer-authenticated identity).
        var providerKey: String
        var token: String
        var identityId: String
        var credentials: AWSCredentials
    }

    struct Waiter: Sendable, Hashable {
        var options: TokenRequestOptions
        var since: Date
        var reason: PendingCall.Reason
        /// The call's deadline passed while a refresh request was in flight: it gets that request's
        /// outcome, then waits for no retry.
        var deadlinePassed = false
    }
}
