import CognitoAuth
import CognitoAuthTesting
import Foundation
import Testing

/// Configurations, users and an interactive runner for the sign-in flow tests of the CLI and the UI.
package enum AuthFlowSupport {
    /// An awsconfiguration.json for `clientId`, with optional `Auth.Default.authenticationFlowType` and
    /// `MigrationEnabled`.
    package static func config(
        _ backend: LocalBackend, clientId: String? = nil, flowType: String? = nil, migration: Bool = false,
        ui: JSONValue? = nil, in directory: String
    ) throws -> String {
        var pool: [String: JSONValue] = [
            "PoolId": .string(backend.info.userPoolId),
            "AppClientId": .string(clientId ?? backend.info.appClientId),
            "Region": "us-east-1", "Endpoint": .string(backend.info.endpoint),
        ]
        if migration { pool["MigrationEnabled"] = true }
        var document: [String: JSONValue] = ["Version": "1.0", "CognitoUserPool": ["Default": .object(pool)]]
        if let flowType { document["Auth"] = ["Default": ["authenticationFlowType": .string(flowType)]] }
        if let ui { document["Latchkey"] = ["UI": ui] }
        let path = directory + "/awsconfiguration-\(UUID().uuidString.prefix(8)).json"
        try Data(JSONValue.object(document).encoded()).write(to: URL(fileURLWithPath: path))
        return path
    }

    package static func newUser(_ backend: LocalBackend, phone: Bool = false) async throws -> String {
        let username = await backend.uniqueName("flow")
        try await backend.createUser(username, password: Integration.password)
        if phone {
            try await backend.adminCall(
                "AdminUpdateUserAttributes",
                [
                    "UserPoolId": .string(backend.info.userPoolId), "Username": .string(username),
                    "UserAttributes": [["Name": "phone_number", "Value": "+15555550123"]],
                ])
        }
        return username
    }

    /// Runs `latchkey arguments…` with a kept-open stdin; each time stderr shows `prompt` once more, the
    /// next answer from `answers` (given the backend's latest one-time code) is typed.
    package static func interactive(
        _ arguments: [String], backend: LocalBackend, username: String, prompt: String,
        answers: [@Sendable (String?) -> String], before: String = ""
    ) async throws -> ChildProcess.Outcome {
        let url = try #require(LatchkeyBinary.url)
        let child = try ChildProcess.spawn(
            url.path, arguments, input: .keptOpen, timeout: LatchkeyBinary.defaultTimeout)
        if !before.isEmpty { try child.writeInput(before) }
        for (index, answer) in answers.enumerated() {
            try await Waiter.until(
                "prompt #\(index + 1) \"\(prompt)\"", timeout: .seconds(30), on: [child.changeSource()]
            ) {
                child.stderrSoFar.components(separatedBy: prompt).count > index + 1 || child.hasExited
            }
            if child.hasExited { break }
            let code = try await backend.oneTimeCode(for: username)
            try child.writeInput(answer(code) + "\n")
        }
        child.closeInput()
        return try await child.wait()
    }

    /// A new pool with MFA required (TOTP, SMS and email allowed), an app client and a confirmed user
    /// without a phone number; returns the pool id, the configuration file and the username.
    package static func mfaRequiredPool(_ backend: LocalBackend, in directory: String) async throws -> (
        poolId: String, config: String, username: String
    ) {
        let name = await backend.uniqueName("smssetup")
        let pool = try await backend.adminCall("CreateUserPool", ["PoolName": .string(name)])
        let poolId = try #require(pool["UserPool"]?["Id"]?.stringValue)
        try await backend.adminCall(
            "SetUserPoolMfaConfig",
            [
                "UserPoolId": .string(poolId), "MfaConfiguration": "ON",
                "SoftwareTokenMfaConfiguration": ["Enabled": true],
                "SmsMfaConfiguration": [
                    "SmsAuthenticationMessage": "{####}",
                    "SmsConfiguration": ["SnsCallerArn": "arn:aws:iam::123456789012:role/latchkey-local-sms"],
                ],
                "EmailMfaConfiguration": ["Subject": "Latchkey code"],
            ])
        let client = try await backend.adminCall(
            "CreateUserPoolClient",
            [
                "UserPoolId": .string(poolId), "ClientName": "setup",
                "ExplicitAuthFlows": [
                    "ALLOW_USER_SRP_AUTH", "ALLOW_USER_PASSWORD_AUTH", "ALLOW_REFRESH_TOKEN_AUTH",
                ],
            ])
        let clientId = try #require(client["UserPoolClient"]?["ClientId"]?.stringValue)
        let username = await backend.uniqueName("setup")
        try await backend.createConfirmedUser(username, inPool: poolId)
        let document: JSONValue = [
            "Version": "1.0",
            "CognitoUserPool": [
                "Default": [
                    "PoolId": .string(poolId), "AppClientId": .string(clientId), "Region": "us-east-1",
                    "Endpoint": .string(backend.info.endpoint),
                ]
            ],
        ]
        let path = directory + "/awsconfiguration-mfa-on.json"
        try Data(document.encoded()).write(to: URL(fileURLWithPath: path))
        return (poolId, path, username)
    }
}
