import Foundation

extension UserPoolAPI {
    /// GetTokensFromRefreshToken: works with refresh-token rotation on and off; with rotation on the
    /// answer's RefreshToken replaces the one sent. `ClientSecret` is the raw secret (not SECRET_HASH).
    package func getTokensFromRefreshToken(
        refreshToken: String, deviceKey: String?, clientMetadata: [String: String]
    ) async throws -> AuthAnswer {
        var body: [String: JSONValue] = [
            "RefreshToken": .string(refreshToken), "ClientId": .string(pool.appClientId),
        ]
        if let secret = pool.appClientSecret { body["ClientSecret"] = .string(secret) }
        if let deviceKey { body["DeviceKey"] = .string(deviceKey) }
        if !clientMetadata.isEmpty { body["ClientMetadata"] = .strings(clientMetadata) }
        return AuthAnswer(try await client.call("GetTokensFromRefreshToken", .object(body)))
    }

    /// ConfirmDevice; returns `UserConfirmationNecessary` (true: the device stays not remembered
    /// until UpdateDeviceStatus, because the pool remembers devices only on the user's prompt).
    package func confirmDevice(
        accessToken: String, deviceKey: String, verifier: SRPClient.DeviceVerifier, deviceName: String?
    ) async throws -> Bool {
        var body: [String: JSONValue] = [
            "AccessToken": .string(accessToken), "DeviceKey": .string(deviceKey),
            "DeviceSecretVerifierConfig": [
                "PasswordVerifier": .string(Data(verifier.verifier).base64EncodedString()),
                "Salt": .string(Data(verifier.salt).base64EncodedString()),
            ],
        ]
        if let deviceName { body["DeviceName"] = .string(deviceName) }
        let json = try await client.call("ConfirmDevice", .object(body))
        return json["UserConfirmationNecessary"] == .bool(true)
    }

    /// UpdateDeviceStatus: `remembered` or `not_remembered`.
    package func updateDeviceStatus(accessToken: String, deviceKey: String, remembered: Bool) async throws {
        _ = try await client.call(
            "UpdateDeviceStatus",
            [
                "AccessToken": .string(accessToken), "DeviceKey": .string(deviceKey),
                "DeviceRememberedStatus": .string(remembered ? "remembered" : "not_remembered"),
            ])
    }

    /// One page of ListDevices; returns the devices (raw) and the next page's token.
    package func listDevices(accessToken: String, limit: Int, paginationToken: String?) async throws -> (
        devices: [JSONValue], next: String?
    ) {
        var body: [String: JSONValue] = [
            "AccessToken": .string(accessToken), "Limit": .number(Double(max(1, min(limit, 60)))),
        ]
        if let paginationToken { body["PaginationToken"] = .string(paginationToken) }
        let json = try await client.call("ListDevices", .object(body))
        return (json["Devices"]?.arrayValue ?? [], json["PaginationToken"]?.stringValue)
    }

    /// Calls GetDevice and returns its `Device` object as JSON; throws when the answer has none.
    package func getDevice(accessToken: String, deviceKey: String) async throws -> JSONValue {
        let json = try await client.call(
            "GetDevice", ["AccessToken": .string(accessToken), "DeviceKey": .string(deviceKey)])
        guard let device = json["Device"] else {
            throw AuthError.invalidResponse(status: 200, detail: "GetDevice answered without Device")
        }
        return device
    }

    /// Calls ForgetDevice: the pool stops tracking the device, so it is no longer remembered.
    package func forgetDevice(accessToken: String, deviceKey: String) async throws {
        _ = try await client.call(
            "ForgetDevice", ["AccessToken": .string(accessToken), "DeviceKey": .string(deviceKey)])
    }
}
