import CognitoAuth
import Foundation

extension StatusCommand {
    /// The `--json` object: the same facts as the text output, unlocalised, with the raw values scripts need.
    /// An issuer as JSON: `userPoolId`, `appClientId`, `region` and `endpoint` (null when unknown).
    static func json(_ issuer: SessionIssuer) -> JSONValue {
        .object([
            "userPoolId": .string(issuer.userPoolId), "appClientId": .string(issuer.appClientId),
            "region": issuer.region.map(JSONValue.string) ?? .null,
            "endpoint": issuer.endpoint.map(JSONValue.string) ?? .null,
        ])
    }

    static func jsonObject(_ facts: Facts) -> [String: JSONValue] {
        let configuration = facts.configuration
        let session = facts.session
        let tokens = session?.tokens
        var object: [String: JSONValue] = [
            "state": .string(facts.state.rawValue),
            "username": session?.username.map(JSONValue.string) ?? .null,
            "provider": session?.provider.map(JSONValue.string) ?? .null,
            "identityId": session?.identityId.map(JSONValue.string) ?? .null,
            "idTokenExpiration": tokens.map { .string(CLIOutput.iso8601($0.idTokenExpiration)) } ?? .null,
            "accessTokenExpiration": tokens.map { .string(CLIOutput.iso8601($0.accessTokenExpiration)) } ?? .null,
            "hasRefreshToken": .bool(tokens?.refreshToken != nil),
            "sessionIssuer": session?.effectiveIssuer.map(Self.json) ?? .null,
            "issuerMismatch": .bool(facts.issuerMismatch != nil),
            "store": .string(facts.storeLocation),
            "storeBackend": .string(facts.backend.rawValue),
            "userPoolId": configuration.userPool.map { .string($0.poolId) } ?? .null,
            "identityPoolId": configuration.identityPool.map { .string($0.poolId) } ?? .null,
        ]
        object["activeProviders"] = .array(facts.activeProviders.map { .string($0) })
        object["authenticatedBy"] =
            authenticatedBy(state: facts.state, provider: session?.provider).map(JSONValue.string) ?? .null
        if let credentials = session?.awsCredentials {
            object["awsCredentialsExpiration"] = .string(CLIOutput.iso8601(credentials.expiration))
        }
        object["account"] = .string(facts.accountID)
        object["revocationPending"] = .bool(session?.pendingRevocation != nil)
        // The tracked device of the signed-in user (devices: never the device password).
        let device = session?.device.flatMap { $0.username == session?.username ? $0 : nil }
        object["deviceKey"] = device.map { .string($0.deviceKey) } ?? .null
        object["deviceRemembered"] = device?.remembered.map(JSONValue.bool) ?? .null
        object["corruptFiles"] = .array(facts.corruptFiles.map { .string($0) })
        object["configFile"] = configuration.sourcePath.map(JSONValue.string) ?? .null
        object["configFormat"] = .string(configuration.source.format.rawValue)
        object["ignoredConfigKeys"] = .array(configuration.poolSettings.ignoredKeys.map(JSONValue.string))
        object["configWarnings"] = .array(configuration.source.warnings.map(JSONValue.string))
        return object
    }
}
