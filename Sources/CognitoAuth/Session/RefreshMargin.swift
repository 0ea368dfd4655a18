import Foundation

/// The one rule for how long before expiry something cached with a lifetime (user-pool tokens, AWS
/// credentials) is renewed; the client, its state machine and the dashboard all ask it.
///
/// The margin is the preferred one (``AuthClientOptions/refreshMargin`` for tokens,
/// ``AuthClientOptions/credentialsMargin`` for credentials), except that something issued for less
/// than ``fullMarginLifetime`` is renewed at most a quarter of its lifetime early, so that short-lived
/// tokens or credentials are not renewed on every use. The lifetime is always the issued one
/// (expiry less issue or fetch time), never the time since the session was last written.
public enum RefreshMargin {
    /// Lifetimes at least this long (an hour) get the preferred margin whole.
    public static let fullMarginLifetime: TimeInterval = 3600

    /// The margin before expiry for something issued for `lifetime` seconds: `preferred`, but at
    /// most a quarter of a lifetime under an hour; `preferred` when the lifetime is unknown.
    public static func margin(preferred: TimeInterval, lifetime: TimeInterval?) -> TimeInterval {
        guard let lifetime else { return preferred }
        let issued = max(0, lifetime)
        return issued < fullMarginLifetime ? min(preferred, issued / 4) : preferred
    }

    /// When something issued at `issuedAt` (nil: unknown) and expiring at `expiration` is due for
    /// renewal: `expiration` less ``margin(preferred:lifetime:)``.
    public static func renewalDue(expiration: Date, issuedAt: Date?, preferred: TimeInterval) -> Date {
        let lifetime = issuedAt.map { expiration.timeIntervalSince($0) }
        return expiration.addingTimeInterval(-margin(preferred: preferred, lifetime: lifetime))
    }

    /// Whether something issued at `issuedAt` and expiring at `expiration` is still good at `now`:
    /// `now` is before its renewal is due.
    public static func isFresh(at now: Date, expiration: Date, issuedAt: Date?, preferred: TimeInterval) -> Bool {
        now < renewalDue(expiration: expiration, issuedAt: issuedAt, preferred: preferred)
    }
}
