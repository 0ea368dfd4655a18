import CognitoAuth
import Foundation
import TerminalKeys

/// The Sign in screen's service calls, named after the core's; answered by `SignInAction.signInFinished`.
public enum SignInRequest: Hashable, Sendable {
    /// `signIn(username:password:)` with the configured flow.
    case signIn(username: String, password: SecretText)
    /// USER_AUTH `signIn(username:password:flow:method:)` without a method: the pool's methods come back
    /// (`SignInStep.selectChallenge(_:)`).
    case startUserAuth(username: String)
    /// USER_AUTH with the passkey as the first factor (`PREFERRED_CHALLENGE=WEB_AUTHN`): no password.
    case passkey(username: String)

    /// Calls `service` and returns the action the answer comes back as (nil when cancelled).
    func perform(on service: some AuthClientService) async -> SignInAction? {
        switch self {
        case .signIn(let username, let password):
            return await AuthEffect.outcome { try await service.signIn(username: username, password: password.value) }
                .map { .signInFinished($0) }
        case .startUserAuth(let username):
            return await AuthEffect.outcome {
                try await service.signIn(username: username, password: nil, flow: .userAuth, method: nil)
            }.map { .signInFinished($0) }
        case .passkey(let username):
            return await AuthEffect.outcome {
                try await service.signIn(username: username, password: nil, flow: .userAuth, method: .webAuthn)
            }.map { .signInFinished($0) }
        }
    }
}

/// A browser sign-in waiting for its redirect, as the sign-in screen shows it.
public struct HostedUIWait: Equatable, Sendable {
    /// The provider row that started it (`COGNITO`, `Google`...).
    public var provider: String
    /// The authorize URL to open.
    public var url: String
    /// Whether a browser was opened (else the URL is to be opened elsewhere).
    public var browserOpened: Bool
    /// The `ssh -L` line, when the redirect can come back through a tunnel to the loopback port.
    public var tunnelLine: String?

    /// Creates the wait for a browser sign-in with `provider` at `url`; `tunnelLine` is set for a remote session.
    public init(provider: String, url: String, browserOpened: Bool, tunnelLine: String?) {
        self.provider = provider
        self.url = url
        self.browserOpened = browserOpened
        self.tunnelLine = tunnelLine
    }
}

extension AppAction {
    /// An action for the Sign in screen.
    public static func signIn(_ action: SignInAction) -> AppAction { .screen(.signIn(action)) }
}

extension AuthEffect {
    /// A Sign in screen's request; its answer comes back to the screen as `AppAction.screen`.
    public static func signIn(_ request: SignInRequest) -> AuthEffect { .screen(.signIn(request)) }
}
