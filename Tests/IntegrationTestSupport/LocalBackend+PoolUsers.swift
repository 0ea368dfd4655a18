import CognitoAuth
import CognitoAuthTesting

extension LocalBackend {
    /// Creates `username` in pool `poolId` with the tests' password, confirmed (AdminCreateUser, then a
    /// permanent AdminSetUserPassword), as an administrator would.
    package func createConfirmedUser(_ username: String, inPool poolId: String) async throws {
        try await adminCall(
            "AdminCreateUser",
            ["UserPoolId": .string(poolId), "Username": .string(username), "MessageAction": "SUPPRESS"])
        try await adminCall(
            "AdminSetUserPassword",
            [
                "UserPoolId": .string(poolId), "Username": .string(username),
                "Password": .string(Integration.password), "Permanent": true,
            ])
    }
}
