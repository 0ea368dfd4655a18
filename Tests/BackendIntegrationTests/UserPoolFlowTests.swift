import CognitoAuth
import CognitoAuthTesting
import Foundation
import IntegrationTestSupport
import Testing

extension BackendTests {
    @Suite("User-pool flows against the local backend")
    struct UserPoolFlowTests {
        @Test("A correct password signs in through SRP; the state is signedIn and tokens are cached")
        func correctPasswordSignsIn() async throws {
            let backend = try await LocalBackend.shared()
            let (client, username) = try await Integration.signedInClient(backend: backend)
            #expect(await client.userState == .signedIn)
            #expect(await client.username == username)
            let tokens = try await client.getTokens()
            #expect(tokens.idClaims?.preferredUsername == username)
            let attributes = try await client.getUserAttributes()
            #expect(attributes["email"] == "\(username)@example.com")
        }

        @Test("A wrong password is rejected by the SRP verifier and the state stays signedOut")
        func wrongPasswordRejected() async throws {
            let backend = try await LocalBackend.shared()
            let username = await backend.uniqueName("wrong")
            try await backend.createUser(username, password: Integration.password)
            let client = await Integration.client(backend.configuration)
            await #expect(throws: AuthError.notAuthorized("Incorrect username or password.")) {
                _ = try await client.signIn(username: username, password: "Not-the-password1!")
            }
            #expect(await client.userState == .signedOut)
        }

        @Test("An unknown user is rejected")
        func unknownUserRejected() async throws {
            let backend = try await LocalBackend.shared()
            let client = await Integration.client(backend.configuration)
            await #expect {
                _ = try await client.signIn(
                    username: "nobody-\(UInt32.random(in: 0...UInt32.max))", password: "Whatever1!")
            } throws: { error in
                if case AuthError.userNotFound = error { return true }
                return false
            }
        }

        @Test("Sign-up, a wrong code, the right code, then sign-in")
        func signUpConfirmSignIn() async throws {
            let backend = try await LocalBackend.shared()
            let client = await Integration.client(backend.configuration)
            let username = await backend.uniqueName("signup")
            let step = try await client.signUp(
                username: username, password: Integration.password, attributes: ["email": "\(username)@example.com"])
            guard case .confirmSignUp(let delivery) = step else {
                Issue.record("expected a confirmation step, got \(step)")
                return
            }
            #expect(delivery?.deliveryMedium == "EMAIL")
            await #expect {
                _ = try await client.signIn(username: username, password: Integration.password)
            } throws: { error in
                if case AuthError.userNotConfirmed = error { return true }
                return false
            }
            await #expect {
                _ = try await client.confirmSignUp(username: username, code: "000000")
            } throws: { error in
                if case AuthError.codeMismatch = error { return true }
                return false
            }
            let resent = try await client.resendSignUpCode(username: username)
            #expect(resent.destination != nil)
            let code = try #require(try await backend.codes(for: username).signUp)
            #expect(try await client.confirmSignUp(username: username, code: code) == .done)
            #expect(try await client.signIn(username: username, password: Integration.password) == .done)
            #expect(await client.userState == .signedIn)
        }

        @Test("Forgot password end to end: a wrong code fails, the right one sets the new password")
        func forgotPassword() async throws {
            let backend = try await LocalBackend.shared()
            let username = await backend.uniqueName("forgot")
            try await backend.createUser(username, password: Integration.password)
            let client = await Integration.client(backend.configuration)
            let result = try await client.forgotPassword(username: username)
            #expect(result.delivery.destination != nil)
            let newPassword = "N3w-Passw0rd!"
            await #expect {
                try await client.confirmForgotPassword(username: username, newPassword: newPassword, code: "111111")
            } throws: { error in
                if case AuthError.codeMismatch = error { return true }
                return false
            }
            let code = try #require(try await backend.codes(for: username).forgotPassword)
            try await client.confirmForgotPassword(username: username, newPassword: newPassword, code: code)
            await #expect(throws: AuthError.self) {
                _ = try await client.signIn(username: username, password: Integration.password)
            }
            #expect(try await client.signIn(username: username, password: newPassword) == .done)
        }

        @Test("An admin-created user must choose a new password (NEW_PASSWORD_REQUIRED)")
        func newPasswordRequired() async throws {
            let backend = try await LocalBackend.shared()
            let username = await backend.uniqueName("admin")
            try await backend.createUserWithTemporaryPassword(username, temporaryPassword: "Temp-Passw0rd!")
            let client = await Integration.client(backend.configuration)
            let step = try await client.signIn(username: username, password: "Temp-Passw0rd!")
            guard case .newPasswordRequired = step else {
                Issue.record("expected NEW_PASSWORD_REQUIRED, got \(step)")
                return
            }
            #expect(try await client.confirmSignIn("Chosen-Passw0rd!") == .done)
            #expect(await client.userState == .signedIn)
            let again = await Integration.client(backend.configuration)
            #expect(try await again.signIn(username: username, password: "Chosen-Passw0rd!") == .done)
        }

        @Test("TOTP enrolment, then a sign-in that asks for the authenticator code")
        func totpEnrolmentAndSignIn() async throws {
            let backend = try await LocalBackend.shared()
            let (client, username) = try await Integration.signedInClient(backend: backend)
            let setup = try await client.setUpTOTP()
            #expect(setup.uri.hasPrefix("otpauth://totp/Latchkey:\(username)?secret="))
            await #expect(throws: AuthError.self) { try await client.verifyTOTPSetup(code: "000000") }
            let code = try #require(TOTPGenerator.code(secret: setup.secret))
            try await client.verifyTOTPSetup(code: code)

            let second = await Integration.client(backend.configuration)
            let step = try await second.signIn(username: username, password: Integration.password)
            #expect(step == .softwareTokenMFA)
            let signInCode = try #require(TOTPGenerator.code(secret: setup.secret))
            #expect(try await second.confirmSignIn(signInCode) == .done)
            #expect(await second.userState == .signedIn)
        }

        @Test("An app client with a secret: SECRET_HASH is sent and checked")
        func secretHashClient() async throws {
            let backend = try await LocalBackend.shared()
            let configuration = try await backend.configuration(withSecret: true)
            #expect(configuration.userPool?.appClientSecret != nil)
            let (client, _) = try await Integration.signedInClient(backend: backend, configuration: configuration)
            #expect(await client.userState == .signedIn)
        }

        @Test("Change password, then the old one no longer works")
        func changePassword() async throws {
            let backend = try await LocalBackend.shared()
            let (client, username) = try await Integration.signedInClient(backend: backend)
            try await client.changePassword(current: Integration.password, proposed: "Chang3d-Pass!")
            let other = await Integration.client(backend.configuration)
            await #expect(throws: AuthError.self) {
                _ = try await other.signIn(username: username, password: Integration.password)
            }
            #expect(try await other.signIn(username: username, password: "Chang3d-Pass!") == .done)
        }

        @Test("Global sign-out revokes the refresh token; the state is signedOut")
        func globalSignOut() async throws {
            let backend = try await LocalBackend.shared()
            let clock = OffsetClock()
            let (client, _) = try await Integration.signedInClient(backend: backend, clock: clock)
            let refreshToken = try #require(await client.session?.tokens?.refreshToken)
            try await client.signOut(.global)
            #expect(await client.userState == .signedOut)
            let api = try await client.userPoolAPI()
            await #expect {
                _ = try await api.initiateAuth(
                    flow: "REFRESH_TOKEN_AUTH", parameters: ["REFRESH_TOKEN": refreshToken], username: "")
            } throws: { error in
                if case AuthError.notAuthorized = error { return true }
                return false
            }
        }
    }
}
