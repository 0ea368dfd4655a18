import CognitoAuth
import Foundation
import LatchkeyText
import TerminalKeys

/// One labelled line of the dashboard.
public struct DashboardRow: Hashable, Sendable {
    /// The label, such as "Access token".
    public var label: String
    /// The value, such as "14:32:05 (in 42 min)".
    public var value: String
}

/// A token's or credentials' expiry, with the fraction of its lifetime left for a bar.
public struct ExpiryGauge: Hashable, Sendable {
    /// What expires, as the gauge's label: "ID token", "Access token" or the AWS credentials.
    public var label: String
    /// The moment it expires.
    public var expiration: Date
    /// The fraction of the lifetime left, from 0 (expired) to 1 (just issued).
    public var remainingFraction: Double
    /// The absolute and relative text: "14:32:05 (in 42 min)".
    public var text: String
}

/// The dashboard: session details updated by auth events and a 1-second tick, sample calls and an event log.
///
/// It keeps itself current: while signed in and online it refreshes the tokens when the library
/// would (their margin before expiry, see ``nextRefresh``), and says what runs (``work``).
/// Keys: `c` one GetUser call, `C` five at once, `r` force refresh, `o` sign out, `O` global sign
/// out (after "Sign out of every device? y/N"), `s` sign in again (when the session expired),
/// ↑/↓/PgUp/PgDn/Home/End scroll the log. While offline, the tick probes the backend with backoff.
/// `?` and `q` are handled by ``AppState``.
public struct DashboardState: Equatable, Sendable {
    /// The refresh token's recent history.
    public enum RefreshStatus: Hashable, Sendable {
        /// No refresh was asked for or seen since the dashboard opened.
        case idle
        /// `r` was pressed at this time and the refresh is running.
        case requested(at: Date)
        /// The tokens were refreshed.
        case refreshed(at: Date)
        /// A refresh failed (it may be retried).
        case failed(at: Date, message: String)
    }

    /// The current time, advanced by the tick; log entries are stamped with it.
    public var now: Date
    /// The time zone for absolute times; nil is the system's local time (no ICU time-zone data loaded).
    public var timeZone: TimeZone?
    /// Signed in, signed out, guest or re-login required, from the last state change.
    public var userState: UserState
    /// The username from the last state change (kept while re-login is required).
    public var username: String?
    /// The provider from the last state change.
    public var provider: String?
    /// What the store holds, secrets left out.
    public var session: SessionSummary?
    /// Whether the backend answers.
    public var connectivity: Connectivity
    /// The calls waiting for tokens.
    public var pendingCalls: [WaitingCall]
    /// The last refresh's outcome, shown next to the token gauges.
    public var refresh: RefreshStatus
    /// The event log shown at the bottom, scrolled with ↑/↓/PgUp/PgDn/Home/End.
    public var log: EventLog
    /// The number the next sample call gets.
    package var nextSampleCall: Int
    /// The sample calls still running, in start order, with when each started.
    package var runningSampleCalls: [RunningCall]
    /// The sign-out in flight, local or everywhere, or nil: "in flight" as the forms model it.
    public var signOutRequest: SignOutScope?
    /// Whether a sign-out this UI asked for has yet to show as the signed-out state (its result may come
    /// first): a signed-out state without one came from another terminal or process.
    package var awaitsOwnSignOut = false
    /// What the configuration says about the pool (its MFA setting, keys not acted on yet), shown
    /// under the session rows; empty when it says nothing.
    public var poolRows: [DashboardRow] = []
    /// The user's MFA settings, once `m` loaded them (the Security rows).
    public var mfa: MFASettings?
    /// The Security row's request in flight (an MFA read or change, an enrolment starting), or nil.
    public var mfaRequest: MFARequest?
    /// Whether `a` opens the Accounts chooser (other accounts share the store root).
    public var canSwitchAccounts = false
    /// The levels the sample calls ask for (``AuthUIOptions/sampleCallACR``); empty: any.
    public var sampleCallACR: [String] = []
    /// The last refresh failure of this session (why a re-login is needed), reset with the session.
    package var lastRefreshError: AuthError?
    /// When the dashboard saw the AWS credentials arrive (their real lifetime starts there).
    package var awsCredentialsIssuedAt: Date?
    /// The `exec` commands and credentials endpoints using the session (another process's registry).
    public var credentialsUsers: [CredentialsUser] = []
    /// The dashboard's own renewals of the AWS credentials ahead of expiry (identity pool only).
    package var awsRenewal = AWSCredentialsRenewal()
    /// The library's preferred token refresh margin (``AuthClientOptions/refreshMargin``); like the
    /// library, the dashboard caps it at a quarter of the tokens' lifetime and refreshes that long
    /// before they expire.
    public var refreshMargin: TimeInterval = AuthClientOptions().refreshMargin
    /// The dashboard's own refreshes ahead of expiry: the wait after one, and what it waits for.
    package var autoRefresh = RefreshSchedule()
    /// When the refresh token was issued: the earliest sign-in time (`auth_time`) the session's tokens
    /// showed while this dashboard watched it. Cognito never says when the token expires.
    package var refreshTokenIssuedAt: Date?

    /// The row under the AWS credentials saying who uses them ("2: exec aws (pid 12), …"); nil for nobody.
    public var credentialsUsersRow: DashboardRow? {
        guard !credentialsUsers.isEmpty else { return nil }
        return DashboardRow(
            label: ScreenText.credentialsUsersLabel,
            value: ScreenText.credentialsUsers(credentialsUsers.count, names: credentialsUsers.map(\.name)))
    }
    /// When to probe the backend next while offline (nil while online).
    package private(set) var probeAt: Date?
    /// The wait after the next probe: it doubles after each probe, up to ``maximumProbeDelay``.
    package private(set) var probeBackoff: TimeInterval = DashboardState.firstProbeDelay
    /// The first wait before probing an unreachable backend; each probe doubles it up to ``maximumProbeDelay``.
    package static let firstProbeDelay: TimeInterval = 2
    /// The longest wait between probes.
    package static let maximumProbeDelay: TimeInterval = 60

    /// Creates an empty dashboard.
    public init(now: Date = Date(), timeZone: TimeZone? = nil, logCapacity: Int = 500) {
        self.now = now
        self.timeZone = timeZone
        self.userState = .unknown
        self.username = nil
        self.provider = nil
        self.session = nil
        self.connectivity = .online
        self.pendingCalls = []
        self.refresh = .idle
        self.log = EventLog(capacity: logCapacity)
        self.nextSampleCall = 1
        self.runningSampleCalls = []
        self.signOutRequest = nil
    }

    /// Who the session is authenticated by: the provider's readable name, or "Guest".
    public var authenticatedBy: String {
        if userState == .guest { return ScreenText.guest }
        guard let key = provider ?? session?.provider else { return ScreenText.none }
        return FederatedProvider.displayName(for: key, .current)
    }

    /// The calls waiting for the user to sign in again.
    public var callsWaitingForSignIn: Int { pendingCalls.filter { $0.reason == .signIn }.count }

    /// The id token's expiry gauge.
    public var idToken: ExpiryGauge? {
        gauge(ScreenText.idTokenLabel, session?.idTokenExpiration, issuedAt: session?.tokensIssuedAt)
    }

    /// The access token's expiry gauge.
    public var accessToken: ExpiryGauge? {
        gauge(ScreenText.accessTokenLabel, session?.accessTokenExpiration, issuedAt: session?.tokensIssuedAt)
    }

    /// The AWS credentials' expiry gauge, over their real lifetime: from when this dashboard saw
    /// them arrive, else from the session's last write (at or after the fetch).
    public var awsCredentials: ExpiryGauge? {
        let expiration = session?.awsCredentialsExpiration
        let issued = [session?.awsCredentialsFetchedAt, awsCredentialsIssuedAt, session?.updatedAt].compactMap { $0 }
            .first { start in
                expiration.map { start < $0 } ?? false
            }
        return gauge(ScreenText.awsCredentialsLabel, expiration, issuedAt: issued)
    }

    /// Why the user has to sign in again, from the state and the last refresh failure.
    public var reloginCause: ReloginCause { ReloginCause(state: userState, lastError: lastRefreshError) }

    /// The header's words, symbol and tone for the session.
    public var headline: SessionHeadline {
        SessionHeadline(state: userState, isOnline: connectivity.isOnline, cause: reloginCause)
    }

    /// The labelled lines, top to bottom.
    public var rows: [DashboardRow] {
        let none = ScreenText.none
        let providers = session?.activeProviders ?? []
        return [
            DashboardRow(label: ScreenText.stateLabel, value: ScreenText.stateRow(userState)),
            DashboardRow(label: ScreenText.usernameLabel, value: username ?? session?.username ?? none),
            DashboardRow(label: ScreenText.providerLabel, value: provider ?? session?.provider ?? none),
            DashboardRow(label: ScreenText.authenticatedByLabel, value: authenticatedBy),
            DashboardRow(
                label: ScreenText.activeProvidersLabel,
                value: providers.isEmpty
                    ? none : providers.map { FederatedProvider.displayName(for: $0, .current) }.joined(separator: ", ")),
            DashboardRow(label: ScreenText.identityIdLabel, value: session?.identityId ?? none),
            DashboardRow(label: ScreenText.idTokenLabel, value: tokenRowText(idToken) ?? none),
            DashboardRow(label: ScreenText.accessTokenLabel, value: tokenRowText(accessToken) ?? none),
            DashboardRow(label: ScreenText.refreshTokenLabel, value: refreshTokenText),
            DashboardRow(label: ScreenText.awsCredentialsLabel, value: awsCredentialsRowText ?? none),
        ] + (credentialsUsersRow.map { [$0] } ?? []) + [
            DashboardRow(label: ScreenText.connectivityLabel, value: connectivityText),
            DashboardRow(label: ScreenText.pendingCallsLabel, value: ScreenText.pendingSummary(pendingCalls.count)),
        ] + poolRows + securityRows
    }

    /// The pool rows for `options`: "Pool  MFA: optional (TOTP, SMS)" and "Not used yet  auth.oauth".
    public static func poolRows(_ options: AuthUIOptions) -> [DashboardRow] {
        var rows: [DashboardRow] = []
        if let mfa = options.mfaSummary { rows.append(DashboardRow(label: ScreenText.poolLabel, value: mfa)) }
        if !options.ignoredKeys.isEmpty {
            rows.append(
                DashboardRow(
                    label: ScreenText.notUsedYetLabel,
                    value: options.ignoredKeys.map { TerminalText.sanitized($0) }.joined(separator: ", ")))
        }
        return rows
    }

    /// The refresh token line: rejected, the last refresh's failure (until a refresh succeeds), or
    /// stored since when (Cognito sends no expiry: see ``refreshTokenLifetime``).
    public var refreshTokenText: String {
        if userState == .signedOutUserPoolsTokenInvalid { return ScreenText.refreshTokenInvalid }
        guard session?.hasRefreshToken == true else { return ScreenText.none }
        if case .failed(let time, let message) = refresh { return ScreenText.refreshFailedAt(clock(time), message) }
        return refreshTokenLifetime
    }

    /// The connectivity line: "online", or "offline since 14:02:11 (3 min ago): …".
    public var connectivityText: String {
        switch connectivity {
        case .online: return ScreenText.online
        case .offline(let since, let error):
            return ScreenText.offlineSince(
                clock(since), TimeFormatting.relative(since, now: now), ScreenText.shortError(error))
        }
    }

    /// One line per waiting call, with how long it has waited: "GetUser #3 — waiting for sign-in, 12 s".
    public var pendingCallLines: [String] {
        pendingCalls.map {
            ScreenText.pendingCallLine(
                label: $0.label, reason: $0.reason, waited: TimeFormatting.duration(now.timeIntervalSince($0.since)))
        }
    }

    /// The time of day of `date` in this dashboard's time zone, "14:32:05".
    public func clock(_ date: Date) -> String { TimeFormatting.clockTime(date, timeZone: timeZone) }

    /// A log line with its time: "14:32:05  GetUser #1 ok".
    public func logLine(_ entry: LogEntry) -> String { "\(clock(entry.time))  \(entry.text)" }

    private func gauge(_ label: String, _ expiration: Date?, issuedAt: Date?) -> ExpiryGauge? {
        guard let expiration else { return nil }
        let remaining = expiration.timeIntervalSince(now)
        let lifetime = issuedAt.map { expiration.timeIntervalSince($0) } ?? 3600
        let fraction = lifetime > 0 ? min(max(remaining / lifetime, 0), 1) : (remaining > 0 ? 1 : 0)
        return ExpiryGauge(
            label: label, expiration: expiration, remainingFraction: fraction,
            text: ScreenText.expiry(clock(expiration), remaining: remaining))
    }
}

extension DashboardState {
    /// Applies an action and returns the effects to run.
    package mutating func reduce(_ action: DashboardAction) -> [ScreenEffect] {
        switch action {
        case .keyPressed(let key): return keyPressed(key)
        case .questionAnswered(let question, let confirmed): return answer(question, confirmed: confirmed)
        case .sessionEvent(let event):
            apply(event)
            return []
        case .sessionLoaded(let summary):
            session = summary
            if username == nil, userState == .signedIn || userState.needsRelogin { username = summary?.username }
            noteSessionRead()
            return []
        case .tick(let time):
            now = time
            return probeIfDue() + refreshIfDue() + renewAWSCredentialsIfDue()
        case .sampleCallFinished(let number, let result):
            runningSampleCalls.removeAll { $0.number == number }
            switch result {
            case .success: log.append(ScreenText.sampleCallOK(number), at: now, orderKey: number)
            case .failure(.signInWaitCancelled):
                log.append(ScreenText.sampleCallCancelled(number), at: now, orderKey: number)
            case .failure(let error):
                log.append(
                    ScreenText.sampleCallFailed(number, ScreenText.shortError(error)), at: now, orderKey: number)
            }
            return []
        case .signOutFinished(let global, let result):
            signOutRequest = nil
            switch result {
            case .success(let signedOut):
                append(global ? ScreenText.signedOutEverywhere : ScreenText.signedOutHere)
                // A hosted session: the hosted UI's own cookie goes too, through its /logout page.
                if let logout = signedOut.hostedUILogoutURL { return [.run(.openHostedUILogout(logout))] }
            case .failure(let error): append(ScreenText.signOutFailed(global: global, ScreenText.shortError(error)))
            }
            return []
        case .mfaSettingsLoaded(let result):
            return mfaLoaded(result)
        case .mfaPreferenceFinished(let result):
            return mfaChanged(result)
        case .awsCredentialsRenewed(let result):
            awsCredentialsRenewed(result)
            return []
        }
    }

    /// Adds a log entry stamped with ``now``.
    public mutating func append(_ text: String) { log.append(text, at: now) }

    /// Probes the backend when offline and the backoff has passed; the wait doubles after each probe.
    private mutating func probeIfDue() -> [ScreenEffect] {
        guard case .offline = connectivity else {
            probeAt = nil
            return []
        }
        guard let at = probeAt else {
            probeAt = now.addingTimeInterval(Self.firstProbeDelay)
            probeBackoff = Self.firstProbeDelay
            return []
        }
        guard now >= at else { return [] }
        probeBackoff = min(probeBackoff * 2, Self.maximumProbeDelay)
        probeAt = now.addingTimeInterval(probeBackoff)
        return [.run(.dashboard(.probeConnectivity))]
    }

    /// A change of connectivity: the probe's schedule restarts, and the log says so when it flipped.
    mutating func applyConnectivity(_ new: Connectivity) {
        let flipped = new.isOnline != connectivity.isOnline
        connectivity = new
        guard flipped else { return }
        probeAt = new.isOnline ? nil : now.addingTimeInterval(Self.firstProbeDelay)
        probeBackoff = Self.firstProbeDelay
        switch new {
        case .online:
            append(ScreenText.backOnline)
            // A refresh that failed while the backend was away is tried again at once.
            if case .failed = refresh { autoRefresh.retryNow() }
        case .offline(_, let error): append(ScreenText.wentOffline(ScreenText.shortError(error)))
        }
    }
}
