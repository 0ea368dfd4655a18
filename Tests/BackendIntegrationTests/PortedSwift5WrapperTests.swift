import AWSMobileClientCompat
import CognitoAuth
import CognitoAuthTesting
import CompatPortingSwift5
import Foundation
import IntegrationTestSupport
import Testing

/// A main-actor owner (Swift 6 mode) using the Swift 5 build of AuthLibrarySPM's `AuthService`.
@MainActor
final class Swift5WrapperOwner {
    var outcome = ""
    var onMainThread = false

    /// The owner's main-actor closure goes through the Swift 5 module into the compat layer; it must
    /// come back on the main actor (a background delivery trips the closure's isolation check).
    func signIn(_ service: AuthService, _ username: String, _ password: String, done: @escaping () -> Void) {
        service.signIn(username: username, password: password) { result in
            self.onMainThread = onMainQueue()
            switch result {
            case .success(let state): self.outcome = "signed in: \(state.rawValue)"
            case .failure(.awsError(.notAuthorized)): self.outcome = "wrong password"
            case .failure(let error): self.outcome = "failed: \(error)"
            }
            done()
        }
    }
}

extension BackendTests {
    @Suite("Real AWSMobileClient code (Tests/CompatPorting, Swift 5 target) from a Swift 6 main-actor owner")
    struct PortedSwift5WrapperTests {
        @MainActor
        @Test("A main-actor closure through the Swift 5 AuthService comes back on the main actor: no isolation trap")
        func swift5Wrapper() async throws {
            let backend = try await LocalBackend.shared()
            let username = await backend.uniqueName("ported-swift5")
            try await backend.createUser(username, password: Integration.password)
            AWSMobileClient.useAsDefault(
                AWSMobileClient(client: AuthClient(configuration: backend.configuration, store: InMemorySessionStore()))
            )
            let owner = Swift5WrapperOwner()
            let service = AuthService()
            await withCheckedContinuation { done in owner.signIn(service, username, "Wrong-Pass-1") { done.resume() } }
            #expect(owner.outcome == "wrong password")
            #expect(owner.onMainThread)
            await withCheckedContinuation { done in
                owner.signIn(service, username, Integration.password) { done.resume() }
            }
            #expect(owner.outcome == "signed in: SIGN_IN_COMPLETE")
            #expect(owner.onMainThread)
        }
    }
}
