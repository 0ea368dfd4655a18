import CognitoAuth
import Foundation

/// The dashboard keeps the tokens current: while the user is signed in and the backend answers, it
/// refreshes them when the library would (their refresh margin before they expire) through
/// `forceRefresh()`, what `r` calls, so its rows never turn red under a green header. The token
/// rows say when that happens ("refreshes 22:55"); the refresh token row says since when the token
/// is stored, as Cognito sends no expiry for it.
extension DashboardState {
    /// When the dashboard's own refreshes may start, and the session read each one waits for.
    package struct RefreshSchedule: Hashable, Sendable {
        /// The wait after a refresh the dashboard starts, should it not succeed; it doubles with each
        /// one up to ``maximumWait`` and starts again after a success.
        package static let firstWait: TimeInterval = 15
        /// The longest wait between refreshes of the dashboard's own that do not succeed.
        package static let maximumWait: TimeInterval = 300
        /// How long a refresh counts as running without an answer (a request times out after 15 s).
        package static let patience: TimeInterval = 30

        /// No refresh of the dashboard's own starts before this; nil after a success.
        package var notBefore: Date?
        /// The wait after the next refresh the dashboard starts.
        package var wait: TimeInterval = RefreshSchedule.firstWait
        /// Whether the refresh that failed is tried again now that the backend answers, however far
        /// the tokens are from expiry.
        package var retriesFailedRefresh = false
        /// The expiry the last refresh announced, until a session read shows those tokens (the read
        /// follows the event; the tokens read before it are still the old ones).
        package var announcedExpiration: Date?

        /// Creates a schedule with nothing started.
        package init() {}

        /// A refresh of the dashboard's own starts at `now`: the next waits, twice as long each time.
        mutating func started(at now: Date) {
            notBefore = now.addingTimeInterval(wait)
            wait = min(wait * 2, Self.maximumWait)
            retriesFailedRefresh = false
        }

        /// A refresh (any: `r`, a call's, another process's) gave tokens expiring at `expiration`.
        mutating func succeeded(expiring expiration: Date) {
            notBefore = nil
            wait = Self.firstWait
            retriesFailedRefresh = false
            announcedExpiration = expiration
        }

        /// The backend answers again after a refresh failed: it is tried again at once.
        mutating func retryNow() {
            notBefore = nil
            retriesFailedRefresh = true
        }
    }

    /// The earlier of the two token expiries in the stored session.
    var tokensExpiration: Date? {
        guard let id = session?.idTokenExpiration, let access = session?.accessTokenExpiration else { return nil }
        return min(id, access)
    }

    /// When the library itself would refresh the stored tokens: the earlier expiry less the margin
    /// the core's one rule (`RefreshMargin`) gives for ``refreshMargin`` and the tokens' lifetime.
    public var refreshDue: Date? {
        guard let expiration = tokensExpiration else { return nil }
        return RefreshMargin.renewalDue(
            expiration: expiration, issuedAt: session?.tokensIssuedAt, preferred: refreshMargin)
    }

    /// When the dashboard refreshes the tokens next: at ``refreshDue``, after the wait that follows
    /// a refresh of its own that did not succeed, or at once for a refresh that failed while the
    /// backend was away. Nil when it will not: not signed in, offline, signing out, no refresh token.
    public var nextRefresh: Date? {
        guard userState == .signedIn, connectivity.isOnline, signOutRequest == nil,
            session?.hasRefreshToken == true, var due = refreshDue
        else { return nil }
        if autoRefresh.retriesFailedRefresh { due = min(due, now) }
        if let notBefore = autoRefresh.notBefore { due = max(due, notBefore) }
        return due
    }

    /// Whether a refresh runs: `r`'s or the dashboard's own, not answered yet (for at most
    /// ``RefreshSchedule/patience``: the client answers every refresh it starts with an event).
    public var isRefreshing: Bool {
        guard userState == .signedIn, case .requested(let time) = refresh else { return false }
        return now.timeIntervalSince(time) < RefreshSchedule.patience
    }

    /// What the token rows add about the next refresh: "refreshes 22:55", within
    /// ``relativeRefreshNoteWindow`` "refreshes in 85 s" or "in 7 min" (short-lived tokens would otherwise
    /// read "expires 22:55, refreshes 22:55" until their last minute: ux-3, item 12), or "refreshing…";
    /// nil when none is coming (offline, signed out, no refresh token).
    public var tokenRefreshNote: String? {
        if isRefreshing { return ScreenText.tokensRefreshing }
        guard let next = nextRefresh else { return nil }
        let wait = next.timeIntervalSince(now)
        return wait < Self.relativeRefreshNoteWindow
            ? ScreenText.tokensRefreshIn(TimeFormatting.duration(wait))
            : ScreenText.tokensRefreshAt(String(clock(next).prefix(5)))
    }

    /// How close a refresh is when the token rows count down to it rather than name its time: 10 minutes.
    static let relativeRefreshNoteWindow: TimeInterval = 600

    /// A token row's value: the gauge's expiry and the refresh note, "23:13:20 (in 30 min), refreshes 23:11".
    func tokenRowText(_ gauge: ExpiryGauge?) -> String? {
        guard let gauge else { return nil }
        return tokenRefreshNote.map { ScreenText.expiryWithNote(gauge.text, $0) } ?? gauge.text
    }

    /// The refresh token's lifetime as far as it can be known: "stored since 22:10:00; Cognito sends no expiry".
    ///
    /// Cognito sends no expiry for a refresh token (an authentication result has only the access
    /// token's `ExpiresIn`), configuration files do not carry the app client's `RefreshTokenValidity`,
    /// and reading it (`DescribeUserPoolClient`) needs developer credentials: the time it was issued,
    /// the sign-in, is shown instead (DECISIONS.md).
    public var refreshTokenLifetime: String {
        guard let issued = refreshTokenIssuedAt else { return ScreenText.refreshTokenStoredNoExpiry }
        let time =
            abs(now.timeIntervalSince(issued)) < 86_400
            ? clock(issued) : TimeFormatting.dateTime(issued, timeZone: timeZone)
        return ScreenText.refreshTokenStoredSince(time)
    }

    /// Whether the session read before the last refresh still shows the older tokens.
    private var awaitsRefreshedSession: Bool {
        guard let announced = autoRefresh.announcedExpiration, let expiration = tokensExpiration else { return false }
        return expiration < announced
    }

    /// The session was read: the refresh it waited for is seen, and the sign-in time noted (the
    /// earliest: a local backend, and Cognito with rotation, move `auth_time` on a refresh).
    mutating func noteSessionRead() {
        if !awaitsRefreshedSession { autoRefresh.announcedExpiration = nil }
        if let signIn = session?.authenticatedAt {
            refreshTokenIssuedAt = min(refreshTokenIssuedAt ?? signIn, signIn)
        }
    }

    /// The tick: refreshes the tokens when ``nextRefresh`` has come and no refresh runs.
    mutating func refreshIfDue() -> [ScreenEffect] {
        guard !isRefreshing, !awaitsRefreshedSession, let next = nextRefresh, now >= next else { return [] }
        autoRefresh.started(at: now)
        refresh = .requested(at: now)
        let expired = tokensExpiration.map { $0 <= now } ?? false
        append(expired ? ScreenText.autoRefreshOfExpiredStarted : ScreenText.autoRefreshStarted)
        return [.run(.dashboard(.forceRefresh))]
    }
}
