import CognitoAuth
import CognitoAuthTesting
import Foundation
import IntegrationTestSupport
import Testing

extension BackendTests {
    @Suite("Attributes, their verification, and DeleteUser against the local backend")
    struct UserAttributeTests {
        @Test("userAttributes returns every attribute, with typed accessors")
        func readsAll() async throws {
            let backend = try await LocalBackend.shared()
            let (client, username) = try await Integration.signedInClient(backend: backend)
            _ = try await client.updateUserAttributes(["name": "Ada Lovelace"])
            let attributes = try await client.userAttributes()
            #expect(attributes.username == username)
            #expect(attributes.email == "\(username)@example.com")
            #expect(attributes.isEmailVerified)
            #expect(attributes.name == "Ada Lovelace")
            #expect(attributes.sub?.isEmpty == false)
            #expect(attributes.phoneNumber == nil && !attributes.isPhoneNumberVerified)
        }

        @Test("changing the email returns its code delivery; the email is unverified until the right code")
        func changeAndVerifyEmail() async throws {
            let backend = try await LocalBackend.shared()
            let (client, username) = try await Integration.signedInClient(backend: backend)
            let deliveries = try await client.updateUserAttributes(["email": "new-\(username)@example.com"])
            #expect(deliveries.map(\.attributeName) == ["email"])
            #expect(deliveries.first?.deliveryMedium == "EMAIL")
            #expect(try await client.userAttributes().isEmailVerified == false)
            await #expect {
                try await client.verifyUserAttribute("email", code: "not-a-code")
            } throws: { error in
                if case AuthError.codeMismatch = error { return true }
                return false
            }
            let code = try #require(try await backend.attributeCode(for: username, attribute: "email"))
            try await client.verifyUserAttribute("email", code: code)
            let after = try await client.userAttributes()
            #expect(after.email == "new-\(username)@example.com" && after.isEmailVerified)
        }

        @Test("sendAttributeVerificationCode sends a fresh code that verifies; a missing attribute is refused")
        func resendCode() async throws {
            let backend = try await LocalBackend.shared()
            let (client, username) = try await Integration.signedInClient(backend: backend)
            let delivery = try await client.sendAttributeVerificationCode("email")
            #expect(delivery.attributeName == "email" && delivery.destination?.contains("***") == true)
            let code = try #require(try await backend.attributeCode(for: username, attribute: "email"))
            try await client.verifyUserAttribute("email", code: code)
            await #expect {
                _ = try await client.sendAttributeVerificationCode("phone_number")
            } throws: { error in
                if case AuthError.invalidParameter = error { return true }
                return false
            }
        }

        @Test("deleteUser deletes the account, signs out and clears the stored session")
        func deleteUser() async throws {
            let backend = try await LocalBackend.shared()
            let store = InMemorySessionStore()
            let (client, username) = try await Integration.signedInClient(backend: backend, store: store)
            try await client.deleteUser()
            #expect(await client.userState == .signedOut)
            #expect(try store.load()?.tokens == nil)
            let again = await Integration.client(backend.configuration)
            await #expect {
                _ = try await again.signIn(username: username, password: Integration.password)
            } throws: { error in
                if case AuthError.userNotFound = error { return true }
                if case AuthError.notAuthorized = error { return true }
                return false
            }
        }
    }
}
