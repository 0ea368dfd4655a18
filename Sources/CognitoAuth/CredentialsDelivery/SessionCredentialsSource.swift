import Foundation
import LatchkeyText

/// Serves an ``AuthClient``'s identity-pool credentials to a ``ContainerCredentialsServer``.
///
/// Each request first adopts what other processes wrote to the shared store (a sign-out in the CLI,
/// a re-login in the full-screen UI), then asks the client, which refreshes through the store
/// (concurrent requests share one fetch). Credentials are never handed out inside the SDKs' refresh
/// window when the client is made with ``clientOptions(_:)``: its credentials margin is then
/// ``minimumRemaining`` (a quarter of the lifetime for credentials shorter than an hour), so the
/// client fetches new ones instead of returning cached ones closer to expiry.
///
/// While the session needs re-login, a request waits up to `reloginWait`, re-reading the store
/// every `pollInterval`, so a sign-in in another process (the full-screen UI) answers it; after
/// that it is refused with `ReloginRequired` (503), and the SDK asks again later.
///
/// A source made with a ``pinnedUser`` (`latchkey exec` pins the user signed in when it starts)
/// never hands out another user's credentials: when the shared store now holds someone else (a
/// sign-in into the same account slot), each request is refused with `SessionUserChanged` (403).
public struct SessionCredentialsSource: ContainerCredentialsSource {
    /// botocore refreshes 15 minutes before expiry (advisory) and must refresh at 10 (mandatory);
    /// credentials with less than this left are not handed out (a quarter of the lifetime for
    /// credentials shorter than an hour).
    public static let minimumRemaining: TimeInterval = 15 * 60

    /// The user a source serves: the username and, when the tokens say it, the `sub`.
    public struct SessionUser: Sendable, Hashable {
        /// The username stored with the session.
        public var username: String
        /// The user's `sub` (the id token's), when known.
        public var sub: String?

        /// A user with `username` and `sub`.
        public init(username: String, sub: String?) {
            self.username = username
            self.sub = sub
        }

        /// The user of `client`'s session: signed in, or waiting for a re-login; nil otherwise.
        public static func current(of client: AuthClient) async -> SessionUser? {
            guard let session = await client.session, let username = session.username,
                session.state == .signedIn || session.state.needsRelogin
            else { return nil }
            return SessionUser(username: username, sub: session.tokens?.idClaims?.sub)
        }

        /// Whether `other` is the same user: the same username, and the same `sub` when both know it.
        func isSame(as other: SessionUser) -> Bool {
            guard username == other.username else { return false }
            guard let sub, let otherSub = other.sub else { return true }
            return sub == otherSub
        }
    }

    /// The user this source serves; nil serves whoever the session holds.
    public let pinnedUser: SessionUser?
    private let client: AuthClient
    private let allowGuest: Bool
    private let reloginWait: Duration
    private let pollInterval: Duration
    private let now: @Sendable () -> Date

    /// Serves `client`'s credentials; `allowGuest` lets a signed-out session hand out the pool's guest credentials.
    public init(
        client: AuthClient, allowGuest: Bool = false, reloginWait: Duration = .seconds(1),
        pollInterval: Duration = .milliseconds(250), pinnedUser: SessionUser? = nil,
        now: @escaping @Sendable () -> Date = Date.init
    ) {
        self.pinnedUser = pinnedUser
        self.client = client
        self.allowGuest = allowGuest
        self.reloginWait = reloginWait
        self.pollInterval = pollInterval
        self.now = now
    }

    /// The AuthClient options a source's client should use: the credentials margin is the SDKs' refresh window.
    public static func clientOptions(_ base: AuthClientOptions = AuthClientOptions()) -> AuthClientOptions {
        var options = base
        options.credentialsMargin = max(options.credentialsMargin, minimumRemaining)
        return options
    }

    public func containerCredentials() async -> ContainerCredentialsAnswer {
        let started = ContinuousClock.now
        while true {
            await client.syncWithStore()
            if let refusal = await userChanged() { return refusal }
            let state = await client.userState
            if state.needsRelogin {
                guard ContinuousClock.now - started < reloginWait else { return Self.reloginRequired }
                do { try await Task.sleep(for: pollInterval) } catch { return Self.reloginRequired }
                continue
            }
            if state != .signedIn && !allowGuest {
                return .refused(
                    status: 403, code: "NotSignedIn",
                    message:
                        "Nobody is signed in to Latchkey: run `latchkey sign-in` (or pass --guest for guest credentials)."
                )
            }
            do {
                let options = TokenRequestOptions(
                    waitForSignIn: false, waitForConnectivity: true, deadline: .seconds(10), label: "exec credentials")
                let credentials = try await client.getAWSCredentials(options)
                // The session may have changed hands while the credentials were fetched.
                if let refusal = await userChanged() { return refusal }
                return .credentials(credentials)
            } catch AuthError.reloginRequired {
                // The fetch found the session needs re-login: wait for it as above, never in a tight loop.
                guard ContinuousClock.now - started < reloginWait else { return Self.reloginRequired }
                do { try await Task.sleep(for: pollInterval) } catch { return Self.reloginRequired }
                continue
            } catch {
                return Self.refusal(for: error)
            }
        }
    }

    /// The refusal when the session now holds another user than ``pinnedUser``; nil when it holds
    /// the pinned user, or nobody (a sign-out or a re-login is answered as such).
    private func userChanged() async -> ContainerCredentialsAnswer? {
        guard let pinnedUser, let current = await SessionUser.current(of: client), !current.isSame(as: pinnedUser)
        else { return nil }
        let message =
            "The Latchkey session now belongs to \(TerminalText.sanitized(current.username)), not "
            + "\(TerminalText.sanitized(pinnedUser.username)), for whom this endpoint was started; no credentials "
            + "were handed out. Run the command again (`latchkey exec …`) to use the new user's credentials."
        return .refused(status: 403, code: "SessionUserChanged", message: message)
    }

    /// The refusal code when the configuration names another user pool, identity pool or endpoint than the session's.
    public static let issuerMismatchCode = "IssuerMismatch"

    static let reloginRequired = ContainerCredentialsAnswer.refused(
        status: 503, code: "ReloginRequired",
        message: "The Latchkey session needs a new sign-in: run `latchkey sign-in` or sign in in the full-screen UI.")

    /// The SDK-facing answer for a failure: no secret, no server text unsanitised.
    static func refusal(for error: any Error) -> ContainerCredentialsAnswer {
        let text: String
        if let error = error as? AuthError {
            text = TerminalText.sanitized(error.description(.english))
        } else {
            text = "AWS credentials could not be fetched."
        }
        switch error as? AuthError {
        case .notSignedIn?, .signedOut?:
            return .refused(status: 403, code: "NotSignedIn", message: text)
        case .guestAccessNotAllowed?, .identityPoolNotConfigured?:
            return .refused(status: 403, code: "AccessDenied", message: text)
        case .identityIssuerMismatch?, .sessionIssuerMismatch?:
            // The configuration names another issuer than the session's: nothing was sent (exit 2 in the CLI).
            return .refused(status: 403, code: Self.issuerMismatchCode, message: text)
        case .network?, .deadlineExceeded?:
            return .refused(status: 503, code: "ServiceUnavailable", message: text)
        default:
            return .refused(status: 500, code: "InternalError", message: text)
        }
    }
}
