import CognitoAuth
import CognitoAuthTesting
import Foundation
import IntegrationTestSupport
import Testing

extension BackendTests {
    @Suite("Sign-up's user sub, currentUser, fetchSession, logins and replacing a session, against the local backend")
    struct SessionSnapshotTests {
        @Test("register returns the UserSub that the user's tokens carry as sub after confirming")
        func registerUserSub() async throws {
            let backend = try await LocalBackend.shared()
            let client = await Integration.client(backend.configuration)
            let username = await backend.uniqueName("register")
            let outcome = try await client.register(
                username: username, password: Integration.password, attributes: ["email": "\(username)@example.com"])
            let sub = try #require(outcome.userSub)
            #expect(!sub.isEmpty)
            #expect(!outcome.isConfirmed && outcome.delivery?.deliveryMedium == "EMAIL")
            let code = try #require(try await backend.codes(for: username).signUp)
            _ = try await client.confirmSignUp(username: username, code: code)
            #expect(try await client.signIn(username: username, password: Integration.password) == .done)
            #expect(try await client.currentUser() == AuthUser(username: username, userId: sub))
        }

        @Test("fetchSession signed in: sub, tokens, identity id and credentials all succeed; logins has the id token")
        func snapshotSignedIn() async throws {
            let backend = try await LocalBackend.shared()
            let (client, username) = try await Integration.signedInClient(backend: backend)
            let user = try await client.currentUser()
            #expect(user.username == username)
            let snapshot = await client.fetchSession()
            #expect(snapshot.isSignedIn)
            #expect(try snapshot.userSub.get() == user.userId)
            let tokens = try snapshot.tokens.get()
            #expect(tokens.idClaims?.sub == user.userId)
            let identityId = try snapshot.identityId.get()
            #expect(!identityId.isEmpty)
            #expect(try snapshot.awsCredentials.get().expiration > Date())
            let logins = try await client.logins()
            let key = try #require(backend.configuration.userPool?.providerKey)
            #expect(logins == [key: tokens.idToken])
        }

        @Test("fetchSession signed out: guest credentials and identity succeed, sub and tokens fail with notSignedIn")
        func snapshotSignedOut() async throws {
            let backend = try await LocalBackend.shared()
            let client = await Integration.client(backend.configuration)
            let snapshot = await client.fetchSession()
            #expect(!snapshot.isSignedIn)
            #expect(throws: AuthError.notSignedIn) { try snapshot.userSub.get() }
            #expect(throws: AuthError.self) { try snapshot.tokens.get() }
            #expect(try !snapshot.identityId.get().isEmpty)
            #expect(try !snapshot.awsCredentials.get().accessKeyId.isEmpty)
            await #expect(throws: AuthError.notSignedIn) { try await client.currentUser() }
        }

        @Test("Another user's sign-in is refused while one is signed in, and replaces the session when asked")
        func signInOverAnotherUser() async throws {
            let backend = try await LocalBackend.shared()
            let (client, alice) = try await Integration.signedInClient(backend: backend)
            let bob = await backend.uniqueName("bob")
            try await backend.createUser(bob, password: Integration.password)
            await #expect(throws: AuthError.anotherUserSignedIn(signedIn: alice, attempted: bob)) {
                _ = try await client.signIn(username: bob, password: Integration.password)
            }
            #expect(await client.username == alice)
            // Re-login as the same user works.
            #expect(try await client.signIn(username: alice, password: Integration.password) == .done)
            #expect(
                try await client.signIn(username: bob, password: Integration.password, replacingSession: true) == .done)
            #expect(try await client.currentUser().username == bob)
        }

        @Test("clearLocalSession forgets the session here without signing out at the service")
        func clearLocalSession() async throws {
            let backend = try await LocalBackend.shared()
            let store = InMemorySessionStore()
            let (client, _) = try await Integration.signedInClient(backend: backend, store: store)
            let tokens = try await client.getTokens()
            try await backend.resetStats()
            try await client.clearLocalSession()
            #expect(try store.load() == nil)
            #expect(await client.userState == .signedOut)
            let stats = try await backend.stats().operations
            #expect(stats["RevokeToken"] == nil && stats["GlobalSignOut"] == nil)
            // The refresh token still works at the service (nothing was revoked).
            let other = await Integration.client(backend.configuration)
            let api = try await other.userPoolAPI()
            let answer = try await api.getTokensFromRefreshToken(
                refreshToken: try #require(tokens.refreshToken), deviceKey: nil, clientMetadata: [:])
            #expect(answer.accessToken != nil)
        }
    }
}
