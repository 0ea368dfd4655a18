import CognitoAuth
import CognitoAuthTesting
import Foundation
import Testing

/// A pool whose settings drive the screens (email as username, required attributes), and its configuration file.
package enum PoolSettingsSupport {
    /// A pool like the issue's: email as username, no symbol needed, `name` and `birthdate` required.
    package static func makePool(_ backend: LocalBackend) async throws -> (poolId: String, clientId: String) {
        let pool = try await backend.adminCall(
            "CreateUserPool",
            [
                "PoolName": .string(await backend.uniqueName("attrs")), "UsernameAttributes": ["email"],
                "AutoVerifiedAttributes": ["email"],
                "Policies": [
                    "PasswordPolicy": [
                        "MinimumLength": 8, "RequireUppercase": true, "RequireLowercase": true,
                        "RequireNumbers": true, "RequireSymbols": false,
                    ]
                ],
                "Schema": [
                    ["Name": "name", "AttributeDataType": "String", "Required": true, "Mutable": true],
                    ["Name": "birthdate", "AttributeDataType": "String", "Required": true, "Mutable": true],
                ],
            ])
        let poolId = try #require(pool["UserPool"]?["Id"]?.stringValue)
        let client = try await backend.adminCall(
            "CreateUserPoolClient",
            [
                "UserPoolId": .string(poolId), "ClientName": "ui",
                "ExplicitAuthFlows": [
                    "ALLOW_USER_SRP_AUTH", "ALLOW_REFRESH_TOKEN_AUTH", "ALLOW_USER_PASSWORD_AUTH",
                ],
            ])
        return (poolId, try #require(client["UserPoolClient"]?["ClientId"]?.stringValue))
    }

    /// An awsconfiguration.json for the pool; the pool's settings are stated in `Latchkey.UI`, the
    /// path that works before the Amplify loaders fill ``AuthConfiguration/poolSettings``.
    package static func writeConfig(_ backend: LocalBackend, poolId: String, clientId: String) throws -> String {
        let endpoint = backend.info.endpoint
        let json = """
            {"Version": "1.0",
             "CognitoUserPool": {"Default": {"PoolId": "\(poolId)", "AppClientId": "\(clientId)",
               "Region": "\(backend.info.region)", "Endpoint": "\(endpoint)"}},
             "Latchkey": {"JWKSURL": "\(endpoint)/\(poolId)/.well-known/jwks.json",
               "TestAidURL": "\(endpoint)/latchkey",
               "UI": {"StartOnSignUp": true, "UsernameAttributes": ["email"],
                 "SignUpAttributes": ["email", "name", "birthdate"], "VerificationMechanisms": ["email"],
                 "PasswordPolicy": {"MinimumLength": 8, "RequireUppercase": true, "RequireLowercase": true,
                   "RequireNumbers": true, "RequireSymbols": false},
                 "MFAConfiguration": "OPTIONAL", "MFAMethods": ["TOTP"]}}}
            """
        let directory = try TerminalApp.temporaryDirectory("pool-config")
        let path = directory + "/awsconfiguration.json"
        try json.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }
}
