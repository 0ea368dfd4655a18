import AWSMobileClientCompat
import CognitoAuth
import CognitoAuthTesting
import Foundation
import IntegrationTestSupport
import Testing

/// AWSMobileClient call sites as the anchor's documentation writes them (the listener switch, the
/// sign-in result switch, `getTokens`' token strings, `getAWSCredentials`' keys, `releaseSignInWait`),
/// compiled against AWSMobileClientCompat unchanged.
final class AWSMobileClientCallSites: Sendable {
    private let log = AwaitableLog<String>()

    func note(_ line: String) { log.append(line) }
    var lines: [String] { log.values }

    /// Returns once `line` was noted (listeners run on their own queue, apart from the handlers).
    func noted(_ line: String) async { await log.until { $0.contains(line) } }

    /// "Listen for user state changes" (AWSMobileClient's getting-started guide).
    func listen() {
        AWSMobileClient.default().addUserStateListener(self) { (userState, info) in
            switch userState {
            case .guest:
                self.note("user is in guest mode.")
            case .signedOut:
                self.note("user signed out")
            case .signedIn:
                self.note("user is signed in.")
            case .signedOutUserPoolsTokenInvalid:
                self.note("need to login again.")
            case .signedOutFederatedTokensInvalid:
                self.note("user logged in via federation, but currently needs new tokens")
            default:
                self.note("unsupported")
            }
        }
    }

    /// "Sign in" (the guide's `signIn(username:password:)` with its result switch).
    func signIn(_ username: String, _ password: String, done: @escaping @Sendable () -> Void) {
        AWSMobileClient.default().signIn(username: username, password: password) { (signInResult, error) in
            if let error = error {
                self.note("\(error.localizedDescription)")
            } else if let signInResult = signInResult {
                switch signInResult.signInState {
                case .signedIn:
                    self.note("User is signed in.")
                case .smsMFA:
                    self.note("SMS message sent to \(signInResult.codeDetails!.destination!)")
                default:
                    self.note("Sign In needs info which is not yet supported.")
                }
            }
            done()
        }
    }

    /// "Getting tokens" (the guide prints the access token's string).
    func tokens(done: @escaping @Sendable (String?) -> Void) {
        AWSMobileClient.default().getTokens { (tokens, error) in
            if let error = error {
                self.note("Error getting token \(error.localizedDescription)")
                done(nil)
            } else if let tokens = tokens {
                done(tokens.accessToken!.tokenString!)
            }
        }
    }

    /// "Getting AWS credentials".
    func credentials(done: @escaping @Sendable (String?) -> Void) {
        AWSMobileClient.default().getAWSCredentials { (credentials, error) in
            if let error = error {
                self.note("\(error.localizedDescription)")
                done(nil)
            } else if let credentials = credentials {
                done(credentials.accessKey)
            }
        }
    }

    /// The attributes call that, with the session revoked, waits for a sign-in.
    func attributes(done: @escaping @Sendable ((any Error)?) -> Void) {
        AWSMobileClient.default().getUserAttributes { (attributes, error) in
            done(error)
        }
    }

    /// "Cancel the wait" when the user dismisses the sign-in screen.
    func cancelSignIn() {
        AWSMobileClient.default().releaseSignInWait()
    }
}

extension BackendTests {
    @Suite("AWSMobileClient's documented call sites on AWSMobileClientCompat, against the local backend")
    struct AWSMobileClientCallSiteTests {
        @Test("listener, signIn, getTokens, getAWSCredentials; a revoked session waits and releaseSignInWait fails it")
        func documentedCallSites() async throws {
            let backend = try await LocalBackend.shared()
            let username = await backend.uniqueName("anchor")
            try await backend.createUser(username, password: Integration.password)
            let core = AuthClient(configuration: backend.configuration, store: InMemorySessionStore())
            AWSMobileClient.useAsDefault(AWSMobileClient(client: core))
            let app = AWSMobileClientCallSites()
            let state: UserState = try await withCheckedThrowingContinuation { continuation in
                AWSMobileClient.default().initialize { state, error in
                    if let state {
                        continuation.resume(returning: state)
                    } else {
                        continuation.resume(throwing: error!)
                    }
                }
            }
            #expect(state == .signedOut)
            app.listen()

            await withCheckedContinuation { done in app.signIn(username, Integration.password) { done.resume() } }
            #expect(app.lines.contains("User is signed in."))
            await app.noted("user is signed in.")
            let token: String? = await withCheckedContinuation { done in app.tokens { done.resume(returning: $0) } }
            #expect(token?.hasPrefix("eyJ") == true)
            let key: String? = await withCheckedContinuation { done in app.credentials { done.resume(returning: $0) } }
            #expect(key?.isEmpty == false)

            // Revoked elsewhere: the next call finds out, the state becomes "need to login again", and
            // the call waits until the app cancels the sign-in.
            try await backend.adminGlobalSignOut(username)
            let waiting = Task {
                await withCheckedContinuation { done in app.attributes { done.resume(returning: $0) } }
            }
            try await Waiter.until("the call waiting for a sign-in", on: [await core.changeSource()]) {
                let pending = await core.pendingCalls
                return !pending.isEmpty && pending.allSatisfy { $0.reason == .signIn }
            }
            await app.noted("need to login again.")
            app.cancelSignIn()
            let error = await waiting.value
            // The SDK's error for a released wait.
            guard case .unableToSignIn? = error as? AWSMobileClientError else {
                Issue.record("releaseSignInWait gives unableToSignIn, got \(String(describing: error))")
                return
            }

            // Signing in again works as before; validationData and clientMetaData reach InitiateAuth.
            await withCheckedContinuation { done in
                AWSMobileClient.default().signIn(
                    username: username, password: Integration.password, validationData: ["invite": "xyz"],
                    clientMetaData: ["source": "app"]
                ) { _, _ in done.resume() }
            }
            #expect(AWSMobileClient.default().isSignedIn)
            let initiate = try await backend.clientMetadata(of: "InitiateAuth", username: username)
            #expect(initiate.clientMetadata == ["invite": "xyz", "source": "app"])
        }
    }
}
