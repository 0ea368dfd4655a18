import CognitoAuth
import Foundation

/// The dashboard keeps the AWS credentials current as it keeps the tokens: when an identity pool is
/// configured and the user is signed in and online, it renews them when the core's one rule
/// (``RefreshMargin``, with the client's credentials margin and the stored fetch time) says they are
/// due, so the row never turns red while `latchkey exec` and credentials endpoints are being served.
/// Credentials another process renewed are adopted from the store on the tick (the runtime re-reads
/// the session), so the row shows what the store holds.
extension DashboardState {
    /// The dashboard's renewals of the AWS credentials: whether it makes them, with which margin,
    /// and the wait after one that did not succeed.
    package struct AWSCredentialsRenewal: Hashable, Sendable {
        /// Whether the dashboard renews the credentials (an identity pool is configured).
        package var isEnabled = false
        /// The client's preferred credentials margin (``AuthClientOptions/credentialsMargin``).
        package var margin: TimeInterval = AuthClientOptions().credentialsMargin
        /// When the renewal under way was asked for, or nil.
        package var requestedAt: Date?
        /// The waits after a renewal that did not succeed (the tokens' schedule, reused).
        package var schedule = RefreshSchedule()

        /// Creates a renewal that is off until the runtime says an identity pool is configured.
        package init() {}
    }

    /// When the AWS credentials' lifetime started: the stored fetch time (whichever process fetched
    /// them), else when this dashboard saw them arrive.
    var awsCredentialsFetchedAt: Date? {
        session?.awsCredentialsFetchedAt ?? awsCredentialsIssuedAt
    }

    /// When the client would renew the stored AWS credentials: their expiry less the margin the
    /// core's rule gives for the credentials margin and their lifetime. Nil without credentials.
    public var awsCredentialsRenewalDue: Date? {
        guard let expiration = session?.awsCredentialsExpiration else { return nil }
        return RefreshMargin.renewalDue(
            expiration: expiration, issuedAt: awsCredentialsFetchedAt, preferred: awsRenewal.margin)
    }

    /// When the dashboard renews the AWS credentials next: at ``awsCredentialsRenewalDue``, or after
    /// the wait that follows a renewal that did not succeed. Nil when it will not: no identity pool,
    /// not signed in, offline, signing out, no credentials stored.
    public var nextAWSCredentialsRenewal: Date? {
        guard awsRenewal.isEnabled, userState == .signedIn, connectivity.isOnline, signOutRequest == nil,
            var due = awsCredentialsRenewalDue
        else { return nil }
        if let notBefore = awsRenewal.schedule.notBefore { due = max(due, notBefore) }
        return due
    }

    /// Whether a renewal of the dashboard's own runs (for at most the tokens' patience).
    public var isRenewingAWSCredentials: Bool {
        guard userState == .signedIn, let asked = awsRenewal.requestedAt else { return false }
        return now.timeIntervalSince(asked) < RefreshSchedule.patience
    }

    /// What the AWS credentials row adds about the next renewal, worded as the token rows' note:
    /// "refreshes 22:55", "refreshes in 25 s" or "refreshing…"; nil when none is coming.
    public var awsCredentialsRenewalNote: String? {
        if isRenewingAWSCredentials { return ScreenText.tokensRefreshing }
        guard let next = nextAWSCredentialsRenewal else { return nil }
        let wait = next.timeIntervalSince(now)
        return wait < 60
            ? ScreenText.tokensRefreshIn(TimeFormatting.duration(max(wait, 0)))
            : ScreenText.tokensRefreshAt(String(clock(next).prefix(5)))
    }

    /// The AWS credentials row's value: the gauge's expiry and the renewal note.
    var awsCredentialsRowText: String? {
        guard let gauge = awsCredentials else { return nil }
        return awsCredentialsRenewalNote.map { ScreenText.expiryWithNote(gauge.text, $0) } ?? gauge.text
    }

    /// The tick: renews the AWS credentials when ``nextAWSCredentialsRenewal`` has come and none runs.
    mutating func renewAWSCredentialsIfDue() -> [ScreenEffect] {
        guard !isRenewingAWSCredentials, let next = nextAWSCredentialsRenewal, now >= next else { return [] }
        awsRenewal.schedule.started(at: now)
        awsRenewal.requestedAt = now
        return [.run(.dashboard(.renewAWSCredentials))]
    }

    /// A renewal finished: the session read after it is shown (credentials the client fetched, or
    /// fresh ones another process had stored); a failure is logged and tried again after the wait.
    mutating func awsCredentialsRenewed(_ result: Result<SessionSummary?, AuthError>) {
        awsRenewal.requestedAt = nil
        switch result {
        case .success(let summary):
            if let summary { session = summary }
            // Renewed (here or by another process): the next renewal is at the new due time. Still
            // due (the client judged otherwise): the wait set when it started stands, so no loop.
            if let due = awsCredentialsRenewalDue, due > now, let expiration = session?.awsCredentialsExpiration {
                awsRenewal.schedule.succeeded(expiring: expiration)
            }
        case .failure(let error):
            append(ScreenText.awsCredentialsRenewFailed(ScreenText.shortError(error)))
        }
    }
}
