import CognitoAuth
import Foundation

extension AWSMobileClient {
    // MARK: User attributes

    /// The signed-in user's attributes (GetUser).
    public func getUserAttributes(
        completionHandler: @escaping (([String: String]?, (any Error)?) -> Void), isolation: (any Actor)? = #isolation
    ) {
        perform(isolation, completionHandler) { client in try await client.getUserAttributes() }
    }

    /// Changes attributes; the result says where verification codes went.
    public func updateUserAttributes(
        attributeMap: [String: String], clientMetaData: [String: String] = [:],
        completionHandler: @escaping (([UserCodeDeliveryDetails]?, (any Error)?) -> Void),
        isolation: (any Actor)? = #isolation
    ) {
        perform(isolation, completionHandler, metadata: clientMetaData) { client in
            try await client.updateUserAttributes(attributeMap).map(UserCodeDeliveryDetails.init)
        }
    }

    /// Sends a verification code for `attributeName` (GetUserAttributeVerificationCode).
    public func verifyUserAttribute(
        attributeName: String, clientMetaData: [String: String] = [:],
        completionHandler: @escaping ((UserCodeDeliveryDetails?, (any Error)?) -> Void),
        isolation: (any Actor)? = #isolation
    ) {
        perform(isolation, completionHandler, metadata: clientMetaData) { client in
            UserCodeDeliveryDetails(try await client.sendAttributeVerificationCode(attributeName))
        }
    }

    /// Confirms an attribute change with its code (VerifyUserAttribute).
    public func confirmUpdateUserAttributes(
        attributeName: String, code: String, completionHandler: @escaping (((any Error)?) -> Void),
        isolation: (any Actor)? = #isolation
    ) {
        confirmVerifyUserAttribute(
            attributeName: attributeName, code: code, completionHandler: completionHandler, isolation: isolation)
    }

    /// Verifies `attributeName` with its code (VerifyUserAttribute).
    public func confirmVerifyUserAttribute(
        attributeName: String, code: String, completionHandler: @escaping (((any Error)?) -> Void),
        isolation: (any Actor)? = #isolation
    ) {
        perform(isolation, { (_: Void?, error) in completionHandler(error) }) { client in
            try await client.verifyUserAttribute(attributeName, code: code)
        }
    }

    /// Deletes the signed-in user's account (DeleteUser), then signs out here.
    public func deleteUser(completionHandler: @escaping (((any Error)?) -> Void), isolation: (any Actor)? = #isolation)
    {
        perform(isolation, { (_: Void?, error) in completionHandler(error) }) { client in
            try await client.deleteUser()
            await self.refreshMirror(client)
        }
    }

    /// Forgets everything stored for the session on this machine, without contacting the service
    /// (AWSMobileClient's `clearKeychain()`; see `AuthClient.clearLocalSession()`).
    ///
    /// Returns at once; the store is cleared on a background task. Use
    /// ``clearKeychain(completionHandler:isolation:)`` to know when it is done or whether it failed.
    public func clearKeychain() {
        clearKeychain { _ in }
    }

    /// Forgets everything stored for the session on this machine, then calls `completionHandler`
    /// (with the store's error when it could not be written).
    public func clearKeychain(
        completionHandler: @escaping (((any Error)?) -> Void), isolation: (any Actor)? = #isolation
    ) {
        perform(isolation, { (_: Void?, error) in completionHandler(error) }) { client in
            try await client.clearLocalSession()
            await self.refreshMirror(client)
        }
    }
}
