import AWSMobileClientCompat
import CognitoAuth
import CognitoAuthTesting
import Foundation
import IntegrationTestSupport
import Testing

@testable import CompatPortingSwift6

/// A view model as a SwiftUI app writes one: main-actor isolated, touching its own state from
/// AWSMobileClient's handlers and listener (compiled in Swift 6 mode, as this target is).
/// Whether the code runs on the main queue (the main actor's, on Linux not always the main thread).
func onMainQueue() -> Bool {
    _ = markMainQueue
    return DispatchQueue.getSpecific(key: mainQueueKey) == true
}
private let mainQueueKey = DispatchSpecificKey<Bool>()
private let markMainQueue: Void = DispatchQueue.main.setSpecific(key: mainQueueKey, value: true)

/// The SDK case of an error (`notAuthorized`, `unableToSignIn`…), or `none` / `other`.
func sdkCase(_ error: (any Error)?) -> String {
    guard let error else { return "none" }
    guard let sdkError = error as? AWSMobileClientError else { return "other: \(error)" }
    return Mirror(reflecting: sdkError).children.first?.label ?? "\(sdkError)"
}

@MainActor
final class PortedSignInModel {
    var status = "idle"
    var handlersOnMainThread: [Bool] = []
    var heard: [UserState] = []
    private var waiting: [(UserState, CheckedContinuation<Void, Never>)] = []

    func listen() {
        AWSMobileClient.default().addUserStateListener(self) { state, _ in
            self.handlersOnMainThread.append(onMainQueue())
            self.heard.append(state)
            let ready = self.waiting.filter { $0.0 == state }
            self.waiting.removeAll { $0.0 == state }
            for (_, continuation) in ready { continuation.resume() }
        }
    }

    /// Returns once the listener heard `state` (after the first `skipping` changes).
    func hear(_ state: UserState, skipping: Int = 0) async {
        if heard.dropFirst(skipping).contains(state) { return }
        await withCheckedContinuation { waiting.append((state, $0)) }
    }

    func signIn(_ username: String, _ password: String, done: @escaping () -> Void) {
        AWSMobileClient.default().signIn(username: username, password: password) { result, error in
            self.handlersOnMainThread.append(onMainQueue())
            if let error = error as? AWSMobileClientError, case .notAuthorized = error {
                self.status = "wrong password"
            } else if result?.signInState == .signedIn {
                self.status = "signed in"
            } else {
                self.status = "other: \(String(describing: error))"
            }
            done()
        }
    }
}

/// A Sendable summary of the ported `AuthService`'s results (its `AuthError` is the app's own).
private func summary<T>(_ result: Result<T, CompatPortingSwift6.AuthError>) -> String {
    switch result {
    case .success(let value): return "success(\(value))"
    case .failure(.awsError(let error)): return "awsError(\(sdkCase(error)))"
    case .failure(let other): return "failure(\(other))"
    }
}

extension BackendTests {
    @Suite("Real AWSMobileClient code (Tests/CompatPorting, Swift 6 target) against the local backend")
    struct PortedAWSMobileClientFlowTests {
        /// A new user on the local backend, and a fresh default instance over it, as
        /// `AWSMobileClient.default()` returns it to the ported code.
        static func userAndDefault(_ prefix: String) async throws -> (LocalBackend, String, AWSMobileClient) {
            let backend = try await LocalBackend.shared()
            let username = await backend.uniqueName(prefix)
            try await backend.createUser(username, password: Integration.password)
            let mobileClient = AWSMobileClient(
                client: AuthClient(configuration: backend.configuration, store: InMemorySessionStore()))
            AWSMobileClient.useAsDefault(mobileClient)
            return (backend, username, mobileClient)
        }

        /// The adapter's sign-in with the test password; the state it reached.
        static func signIn(_ adapter: AWSMobileClientAdapter, _ username: String) async -> SignInState? {
            await withCheckedContinuation { done in
                adapter.signIn(username: username, password: Integration.password) { result, _ in
                    done.resume(returning: result?.signInState)
                }
            }
        }

        @Test(
            "AuthLibrarySPM's AuthService: a wrong password reaches .awsError(.notAuthorized); sign-in, id token, state, sign-out"
        )
        func authService() async throws {
            let (_, username, _) = try await Self.userAndDefault("ported-service")
            let service = AuthService()

            let wrong = await withCheckedContinuation { done in
                service.signIn(username: username, password: "Wrong-Pass-1") { done.resume(returning: summary($0)) }
            }
            #expect(wrong == "awsError(notAuthorized)")
            let signedIn = await withCheckedContinuation { done in
                service.signIn(username: username, password: Integration.password) {
                    done.resume(returning: summary($0))
                }
            }
            #expect(signedIn == "success(signedIn)")
            let token = await withCheckedContinuation { done in
                service.getIdToken { done.resume(returning: (try? $0.get()) ?? "") }
            }
            #expect(token.hasPrefix("eyJ"))
            let state = await withCheckedContinuation { done in
                service.checkUserState { done.resume(returning: summary($0)) }
            }
            #expect(state == "success(signedIn)")
            let signedOut = await withCheckedContinuation { done in
                service.signOut { done.resume(returning: summary($0)) }
            }
            #expect(signedOut == "success(())")
            #expect(AWSMobileClient.default().currentUserState == .signedOut)
        }

        @MainActor
        @Test(
            "A @MainActor owner in Swift 6 mode: handlers and listener run on the main actor; MainViewController's showSignIn"
        )
        func mainActorOwner() async throws {
            let (_, username, mobileClient) = try await Self.userAndDefault("ported-main")
            let model = PortedSignInModel()
            model.listen()

            await withCheckedContinuation { done in model.signIn(username, "Wrong-Pass-1") { done.resume() } }
            #expect(model.status == "wrong password")
            await withCheckedContinuation { done in model.signIn(username, Integration.password) { done.resume() } }
            #expect(model.status == "signed in")
            await model.hear(.signedIn)

            // The real view controller's showSignIn, through an installed sign-in UI (here: the password).
            AWSMobileClient.signOutLocallyForPorting(mobileClient)
            await model.hear(.signedOut)
            AWSMobileClient.signInPresenter = { client, _ in
                _ = try await client.signIn(username: username, password: Integration.password)
                return await client.userState
            }
            defer { AWSMobileClient.signInPresenter = nil }
            let heardBefore = model.heard.count
            MainViewController().viewDidLoad()
            await model.hear(.signedIn, skipping: heardBefore)
            #expect(model.heard.count > heardBefore)
            #expect(mobileClient.isSignedIn)
            #expect(!model.handlersOnMainThread.isEmpty && model.handlersOnMainThread.allSatisfy { $0 })

            // magicshop's AppDelegate: initialize from application(_:didFinishLaunchingWithOptions:).
            #expect(AppDelegate().application(UIApplication(), didFinishLaunchingWithOptions: nil))
        }

        @Test(
            "amplify-swift's AWSMobileClientAdapter: tokens, claims, credentials, identity, attributes, re-login wait, releaseSignInWait, signOut()"
        )
        func amplifyAdapter() async throws {
            let (backend, username, mobileClient) = try await Self.userAndDefault("ported-adapter")
            let core = try #require(mobileClient.client)
            let adapter = AWSMobileClientAdapter(userPoolConfiguration: nil, identityPoolConfiguration: nil)
            try adapter.initialize()
            let recorder = AwaitableLog<UserState>()
            adapter.addUserStateListener(recorder) { state, _ in recorder.append(state) }

            let signedIn = await Self.signIn(adapter, username)
            #expect(signedIn == .signedIn)
            #expect(adapter.getUsername() == username && adapter.getUserSub() != nil)
            let email: String? = await withCheckedContinuation { done in
                adapter.getTokens { tokens, _ in done.resume(returning: tokens?.idToken?.claims?["email"] as? String) }
            }
            #expect(email == "\(username)@example.com")
            // amplify-swift's Tokens extension over the compat layer's tokens.
            let converted: [String] = await withCheckedContinuation { done in
                adapter.getTokens { tokens, _ in
                    let pool = tokens?.toAWSCognitoUserPoolTokens()
                    done.resume(returning: [pool?.idToken ?? "", pool?.accessToken ?? "", pool?.refreshToken ?? ""])
                }
            }
            #expect(converted[0].hasPrefix("eyJ") && converted[1].hasPrefix("eyJ") && !converted[2].isEmpty)
            let credentials: AWSMobileClientCompat.AWSCredentials? = await withCheckedContinuation { done in
                adapter.getAWSCredentials { credentials, _ in done.resume(returning: credentials) }
            }
            #expect(credentials?.accessKey.isEmpty == false && credentials?.expiration != nil)
            let identity: String? = await withCheckedContinuation { done in
                adapter.getIdentityId().continueWith { task in
                    done.resume(returning: task.result.map { String($0) })
                    return nil
                }
            }
            #expect(identity?.contains(":") == true)
            #expect(identity == mobileClient.identityId)

            // Revoked elsewhere: the attributes call waits for a sign-in, the listener hears it, and
            // releaseSignInWait fails the call with the SDK's unableToSignIn.
            try await backend.adminGlobalSignOut(username)
            let waiting = AwaitableLog<String>()
            adapter.getUserAttributes { _, error in waiting.append(sdkCase(error)) }
            try await Waiter.until("the call waiting for a sign-in", on: [await core.changeSource()]) {
                let pending = await core.pendingCalls
                return !pending.isEmpty && pending.allSatisfy { $0.reason == .signIn }
            }
            await recorder.until { $0.contains(.signedOutUserPoolsTokenInvalid) }
            adapter.releaseSignInWait()
            #expect(await waiting.until { !$0.isEmpty } == ["unableToSignIn"])

            // Signing in again works; the synchronous local signOut() is signed out when it returns.
            let again = await Self.signIn(adapter, username)
            #expect(again == .signedIn)
            adapter.signOutLocally()
            #expect(adapter.getCurrentUserState() == .signedOut)
            let afterSignOut: String = await withCheckedContinuation { done in
                adapter.getTokens { _, error in done.resume(returning: sdkCase(error)) }
            }
            #expect(afterSignOut == "notSignedIn")
            adapter.removeUserStateListener(recorder)
        }
    }
}

extension AWSMobileClient {
    /// The SDK's synchronous local sign-out, named for the test that calls it from the main actor.
    @MainActor static func signOutLocallyForPorting(_ client: AWSMobileClient) { client.signOut() }
}
