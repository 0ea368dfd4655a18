import Foundation

/// The signed-in user's attributes: reading, changing and verifying them, and deleting the account.
public protocol UserAttributeService: Sendable {
    /// The attributes (GetUser) as a sample authenticated call, labelled by `options` while it waits.
    func getUserAttributes(_ options: TokenRequestOptions) async throws -> [String: String]
    /// The username and every attribute (GetUser).
    func userAttributes() async throws -> UserAttributes
    /// Changes attributes (UpdateUserAttributes); returns where verification codes went.
    func updateUserAttributes(_ attributes: [String: String]) async throws -> [CodeDeliveryDetails]
    /// Sends a verification code for `email` or `phone_number` (GetUserAttributeVerificationCode).
    func sendAttributeVerificationCode(_ attribute: String) async throws -> CodeDeliveryDetails
    /// Verifies an attribute with the code that was sent (VerifyUserAttribute).
    func verifyUserAttribute(_ attribute: String, code: String) async throws
    /// Removes attributes from the user (DeleteUserAttributes); the pool refuses a required one.
    func deleteUserAttributes(_ names: [String]) async throws
    /// Deletes the account (DeleteUser), then signs out here.
    func deleteUser() async throws
}

extension AuthClient: UserAttributeService {}

extension AuthClient {
    /// The signed-in user's username and every attribute (GetUser), waiting for sign-in like any call.
    public func userAttributes() async throws -> UserAttributes {
        let api = try userPoolAPI()
        return try await withAccessToken(label: "GetUser") { token in
            let answer = try await api.getUser(accessToken: token)
            return UserAttributes(username: answer.username, all: answer.attributes)
        }
    }

    /// Sends a new verification code for `attribute` (`email` or `phone_number`;
    /// GetUserAttributeVerificationCode) and returns where it went.
    ///
    /// Finish with ``verifyUserAttribute(_:code:)``. An attribute the user lacks, or one that cannot be
    /// verified, throws ``AuthError/invalidParameter(_:)``.
    public func sendAttributeVerificationCode(_ attribute: String) async throws -> CodeDeliveryDetails {
        let api = try userPoolAPI()
        return try await withAccessToken(label: "GetUserAttributeVerificationCode") { token in
            try await api.getUserAttributeVerificationCode(accessToken: token, attribute: attribute)
        }
    }

    /// Verifies `attribute` with the code that was sent (VerifyUserAttribute): this also confirms an
    /// update started with ``updateUserAttributes(_:)`` (AWSMobileClient's `confirmUpdateUserAttributes`
    /// and `confirmVerifyUserAttribute`).
    ///
    /// A wrong code throws ``AuthError/codeMismatch(_:)``; an expired one ``AuthError/expiredCode(_:)``.
    public func verifyUserAttribute(_ attribute: String, code: String) async throws {
        let api = try userPoolAPI()
        try await withAccessToken(label: "VerifyUserAttribute") { token in
            try await api.verifyUserAttribute(accessToken: token, attribute: attribute, code: code)
        }
    }

    /// Removes the attributes `names` from the signed-in user (DeleteUserAttributes), waiting for
    /// sign-in like any call; nothing is sent for an empty list.
    ///
    /// The pool refuses an attribute it requires (`sub` included) or one its schema lacks with
    /// ``AuthError/invalidParameter(_:)``. Tokens already issued keep the removed attributes until the
    /// next refresh.
    public func deleteUserAttributes(_ names: [String]) async throws {
        guard !names.isEmpty else { return }
        let api = try userPoolAPI()
        try await withAccessToken(label: "DeleteUserAttributes") { token in
            try await api.deleteUserAttributes(accessToken: token, names: names)
        }
    }

    /// Deletes the signed-in user's account (DeleteUser), then signs out here and clears the stored
    /// session.
    ///
    /// The account is gone once this returns, even when the local sign-out then fails to write the
    /// store (that throws ``AuthError/storage(_:)``; the service already rejects the old tokens).
    public func deleteUser() async throws {
        let api = try userPoolAPI()
        try await withAccessToken(label: "DeleteUser") { token in
            try await api.deleteUser(accessToken: token)
        }
        try await signOut(.local)
    }
}
