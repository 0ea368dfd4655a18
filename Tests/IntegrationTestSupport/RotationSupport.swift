import CognitoAuth
import CognitoAuthTesting
import Foundation
import Testing

/// Pools and app clients for refresh-token rotation and device tracking on the local backend.
package enum RotationSupport {
    /// A new app client of the shared pool with rotation on (`grace` seconds) and short lifetimes.
    package static func rotatingClient(backend: LocalBackend, accessTokenSeconds: Int, grace: Int) async throws
        -> AuthConfiguration
    {
        let answer = try await backend.adminCall(
            "CreateUserPoolClient",
            [
                "UserPoolId": .string(backend.info.userPoolId), "ClientName": .string(await backend.uniqueName("rot")),
                "ExplicitAuthFlows": ["ALLOW_USER_SRP_AUTH", "ALLOW_REFRESH_TOKEN_AUTH"],
                "AccessTokenValidity": .number(Double(accessTokenSeconds)),
                "IdTokenValidity": .number(Double(accessTokenSeconds)),
                "RefreshTokenValidity": .number(3600),
                "TokenValidityUnits": ["AccessToken": "seconds", "IdToken": "seconds", "RefreshToken": "seconds"],
                "RefreshTokenRotation": ["Feature": "ENABLED", "RetryGracePeriodSeconds": .number(Double(grace))],
            ])
        let clientId = try #require(answer["UserPoolClient"]?["ClientId"]?.stringValue)
        var configuration = backend.configuration
        configuration.userPool?.appClientId = clientId
        configuration.userPool?.appClientSecret = nil
        return configuration
    }

    /// A new pool that tracks devices (MFA optional, TOTP on) with one app client.
    package static func devicePool(
        backend: LocalBackend, accessTokenSeconds: Int = 3600, onUserPrompt: Bool = false
    ) async throws -> AuthConfiguration {
        let pool = try await backend.adminCall(
            "CreateUserPool",
            [
                "PoolName": .string(await backend.uniqueName("devices")), "MfaConfiguration": "OPTIONAL",
                "DeviceConfiguration": [
                    "ChallengeRequiredOnNewDevice": true, "DeviceOnlyRememberedOnUserPrompt": .bool(onUserPrompt),
                ],
            ])
        let poolId = try #require(pool["UserPool"]?["Id"]?.stringValue)
        _ = try await backend.adminCall(
            "SetUserPoolMfaConfig",
            [
                "UserPoolId": .string(poolId), "MfaConfiguration": "OPTIONAL",
                "SoftwareTokenMfaConfiguration": ["Enabled": true],
            ])
        let client = try await backend.adminCall(
            "CreateUserPoolClient",
            [
                "UserPoolId": .string(poolId), "ClientName": "devices",
                "ExplicitAuthFlows": ["ALLOW_USER_SRP_AUTH", "ALLOW_REFRESH_TOKEN_AUTH"],
                "AccessTokenValidity": .number(Double(accessTokenSeconds)),
                "IdTokenValidity": .number(Double(accessTokenSeconds)),
                "TokenValidityUnits": ["AccessToken": "seconds", "IdToken": "seconds"],
            ])
        let clientId = try #require(client["UserPoolClient"]?["ClientId"]?.stringValue)
        var configuration = backend.configuration
        configuration.userPool?.poolId = poolId
        configuration.userPool?.appClientId = clientId
        configuration.userPool?.appClientSecret = nil
        return configuration
    }

    /// A user in `configuration`'s pool.
    package static func createUser(backend: LocalBackend, in configuration: AuthConfiguration) async throws -> String {
        let poolId = try #require(configuration.userPool?.poolId)
        let username = await backend.uniqueName("dev")
        _ = try await backend.adminCall(
            "AdminCreateUser",
            ["UserPoolId": .string(poolId), "Username": .string(username), "MessageAction": "SUPPRESS"])
        _ = try await backend.adminCall(
            "AdminSetUserPassword",
            [
                "UserPoolId": .string(poolId), "Username": .string(username),
                "Password": .string(Integration.password), "Permanent": true,
            ])
        return username
    }

    /// A configuration file for the binary: the backend's, with this pool and client.
    package static func configFile(backend: LocalBackend, _ configuration: AuthConfiguration, in directory: String)
        throws
        -> String
    {
        let pool = try #require(configuration.userPool)
        let data = try Data(contentsOf: URL(fileURLWithPath: backend.info.configPath))
        guard case .object(var document) = try #require(JSONValue.parse(Array(data))),
            case .object(var pools) = try #require(document["CognitoUserPool"]),
            case .object(var entry) = try #require(pools["Default"])
        else { throw TestSupportError(description: "unexpected configuration shape") }
        entry["PoolId"] = .string(pool.poolId)
        entry["AppClientId"] = .string(pool.appClientId)
        entry.removeValue(forKey: "AppClientSecret")
        pools["Default"] = .object(entry)
        document["CognitoUserPool"] = .object(pools)
        let path = directory + "/\(pool.appClientId).json"
        try JSONValue.object(document).encoded().write(to: URL(fileURLWithPath: path))
        return path
    }

    /// Whether `refreshToken` still refreshes at the backend (not retired, revoked or expired).
    package static func refreshes(
        backend: LocalBackend, _ configuration: AuthConfiguration, _ refreshToken: String, deviceKey: String? = nil
    )
        async -> Bool
    {
        guard let clientId = configuration.userPool?.appClientId else { return false }
        var body: [String: JSONValue] = ["ClientId": .string(clientId), "RefreshToken": .string(refreshToken)]
        if let deviceKey { body["DeviceKey"] = .string(deviceKey) }
        return (try? await backend.adminCall("GetTokensFromRefreshToken", .object(body))) != nil
    }
}
