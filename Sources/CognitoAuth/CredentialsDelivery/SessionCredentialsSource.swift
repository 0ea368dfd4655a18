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
public struct SessionCredentialsSource: ContainerCredentialsSource {
    /// botocore refreshes 15 minutes before expiry (advisory) and must refresh at 10 (mandatory);
    /// credentials with less than this left are not handed out (a quarter of the lifetime for
    /// credentials shorter than an hour).
    public static let minimumRemaining: TimeInterval = 15 * 60

    private let client: AuthClient
    private let allowGuest: Bool
    private let reloginWait: Duration
    private let pollInterval: Duration
    private let now: @Sendable () -> Date

    /// Serves `client`'s credentials; `allowGuest` lets a signed-out session hand out the pool's guest credentials.
    public init(
        client: AuthClient, allowGuest: Bool = false, reloginWait: Duration = .seconds(1),
        pollInterval: Duration = .milliseconds(250), now: @escaping @Sendable () -> Date = Date.init
    ) {
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
                return .credentials(try await client.getAWSCredentials(options))
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
        case .network?, .deadlineExceeded?:
            return .refused(status: 503, code: "ServiceUnavailable", message: text)
        default:
            return .refused(status: 500, code: "InternalError", message: text)
        }
    }
}
