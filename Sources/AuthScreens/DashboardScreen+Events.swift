import CognitoAuth
import Foundation

/// How the dashboard takes the session's events: state changes, refreshes, connectivity, hand-outs.
extension DashboardState {
    /// Forgets what belonged to the previous session: its refresh history, MFA settings and re-login cause.
    mutating func resetSessionHistory() {
        refresh = .idle
        lastRefreshError = nil
        mfa = nil
        awsCredentialsIssuedAt = nil
        autoRefresh = RefreshSchedule()
        awsRenewal.requestedAt = nil
        awsRenewal.schedule = RefreshSchedule()
        refreshTokenIssuedAt = nil
    }

    /// Applies one session event to the rows and the log.
    mutating func apply(_ event: SessionEvent) {
        switch event {
        case .stateChanged(let state, let claimedName, let newProvider):
            applyStateChange(state, claimedName: claimedName, provider: newProvider)
        case .pendingCallsChanged(let calls):
            pendingCalls = calls
        case .connectivityChanged(let new):
            applyConnectivity(new)
        case .tokensRefreshed(let expiration):
            refresh = .refreshed(at: now)
            autoRefresh.succeeded(expiring: expiration)
            append(ScreenText.tokensRefreshed(clock(expiration)))
        case .refreshFailed(let error):
            let message = ScreenText.shortError(error)
            refresh = .failed(at: now, message: message)
            lastRefreshError = error
            append(ScreenText.refreshFailed(message))
        case .signInWaitReleased(let count):
            append(ScreenText.signInWaitReleased(count))
        case .stepUpRequired(let acr, let waiting):
            append(ScreenText.stepUpRequiredLog(acr: TerminalText.sanitized(acr), waiting: waiting))
        case .identityIdChanged(let old, let new):
            session?.identityId = new
            append(ScreenText.identityChanged(old: old, new: new))
        case .credentialsRefreshed(let expiration):
            session?.awsCredentialsExpiration = expiration
            session?.awsCredentialsFetchedAt = now
            awsCredentialsIssuedAt = now
            append(ScreenText.credentialsRefreshed(clock(expiration)))
        case .storeWarning(let message):
            append(ScreenText.storeWarning(message))
        case .credentialsUsersChanged(let users):
            applyCredentialsUsers(users)
        }
    }

    /// A new user state: the username (the token's claim, from the network) is sanitised before it is shown.
    mutating func applyStateChange(_ state: UserState, claimedName: String?, provider newProvider: String?) {
        let name = claimedName.map { TerminalText.sanitized($0) }
        let changed = state != userState || name != username
        // A new session (any sign-in, a re-login, a sign-out) starts with no history of the old one.
        if (state == .signedIn && changed) || state == .signedOut || state == .guest { resetSessionHistory() }
        userState = state
        if state == .signedOut || state == .guest || (state == .signedIn && changed) { awaitsOwnSignOut = false }
        if let name {
            username = name
        } else if !state.needsRelogin {
            username = nil
        }
        provider = newProvider ?? (state.needsRelogin ? provider : nil)
        if state == .signedOut || state == .guest { session = nil }
        if changed { append(ScreenText.stateChanged(state, username: username)) }
    }

    /// The processes served credentials: every hand-out since the last look is counted, one log line each.
    mutating func applyCredentialsUsers(_ users: [CredentialsUser]) {
        for user in users {
            let before = credentialsUsers.first { $0.pid == user.pid }?.handOuts ?? 0
            guard user.handOuts > before else { continue }
            append(
                ScreenText.credentialsHandedOut(
                    to: user.name, count: user.handOuts - before, keyHint: user.lastAccessKeyHint ?? "",
                    expiry: user.lastExpiration.map(clock) ?? ""))
        }
        credentialsUsers = users
    }
}
