import CognitoAuth
import Foundation

/// What ``AWSMobileClient/showSignIn(navigationController:signInUIOptions:hostedUIOptions:_:isolation:)``
/// presents for the native (non-hosted) sign-in: it runs the screens on `client` and returns the state
/// they ended in, or throws (`AWSMobileClientError.userCancelledSignIn` when the user left).
public typealias SignInPresenter = @Sendable (AuthClient, SignInUIOptions) async throws -> UserState

extension AWSMobileClient {
    private static let presenter = Locked<SignInPresenter?>(nil)

    /// The drop-in sign-in UI `showSignIn` presents, as AWSMobileClient needs AWSAuthUI linked.
    ///
    /// This product depends on the core only, so it cannot draw the terminal screens itself:
    /// `AWSMobileClient.useTerminalSignInUI()` from the `AWSMobileClientTerminalUI` product installs
    /// Latchkey's full-screen UI here (or an app sets its own). Until one is installed,
    /// `showSignIn` without hosted-UI options fails with `invalidState`, as the SDK does without AWSAuthUI.
    public static var signInPresenter: SignInPresenter? {
        get { presenter.withLock { $0 } }
        set { presenter.withLock { $0 = newValue } }
    }

    /// Shows the sign-in, as the SDK's `showSignIn`; the `navigationController` is accepted for source
    /// compatibility and ignored (a terminal has no view controllers).
    ///
    /// With `hostedUIOptions` this runs the hosted UI's browser sign-in: the authorize address is
    /// written to standard error, and the sign-in completes when the browser comes back to the
    /// configured loopback redirect (`Auth.Default.OAuth.SignInRedirectURI`, `http://localhost:PORT/…`).
    /// Without, it runs ``signInPresenter``. Fails with `invalidState` while a user is signed in.
    public func showSignIn(
        navigationController: AnyObject, signInUIOptions: SignInUIOptions = SignInUIOptions(),
        hostedUIOptions: HostedUIOptions? = nil, _ completionHandler: @escaping (UserState?, (any Error)?) -> Void,
        isolation: (any Actor)? = #isolation
    ) {
        showSignIn(
            signInUIOptions: signInUIOptions, hostedUIOptions: hostedUIOptions, completionHandler, isolation: isolation)
    }

    /// Shows the sign-in without a navigation controller (see
    /// ``showSignIn(navigationController:signInUIOptions:hostedUIOptions:_:isolation:)``).
    public func showSignIn(
        signInUIOptions: SignInUIOptions = SignInUIOptions(), hostedUIOptions: HostedUIOptions? = nil,
        _ completionHandler: @escaping (UserState?, (any Error)?) -> Void, isolation: (any Actor)? = #isolation
    ) {
        let presenter = Self.signInPresenter
        perform(isolation, completionHandler) { client in
            guard await client.userState != .signedIn else {
                throw AWSMobileClientError.invalidState(
                    message:
                        "There is already a user which is signed in. Please log out the user before calling showSignIn."
                )
            }
            let state: UserState
            if let hostedUIOptions {
                state = try await Self.hostedUISignIn(client, provider: hostedUIOptions.identityProvider)
            } else if let presenter {
                state = try await presenter(client, signInUIOptions)
            } else {
                throw AWSMobileClientError.invalidState(
                    message:
                        "No sign-in UI is installed: link the AWSMobileClientTerminalUI product and call "
                        + "AWSMobileClient.useTerminalSignInUI() (or set AWSMobileClient.signInPresenter), "
                        + "or pass HostedUIOptions for the browser sign-in.")
            }
            await self.refreshMirror(client)
            return state
        }
    }

    /// The hosted UI's browser sign-in through the loopback redirect.
    private static func hostedUISignIn(_ client: AuthClient, provider: String?) async throws -> UserState {
        let request = try await client.beginHostedUISignIn(provider: provider)
        let listener = try LoopbackRedirectListener(request: request)
        defer { listener.stop() }
        FileHandle.standardError.write(
            Data("Open this address in a browser to sign in:\n\(request.authorizeURL)\n".utf8))
        guard let callback = await listener.callback() else { throw AuthError.hostedUI(.cancelled) }
        try await client.completeHostedUISignIn(request, callback: callback)
        return await client.userState
    }
}
