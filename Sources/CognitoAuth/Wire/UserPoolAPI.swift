import Foundation

/// The user-pool operations on the wire, typed; no state, no policy.
package struct UserPoolAPI: Sendable {
    /// The AWS JSON 1.1 client that sends each operation to the pool's endpoint.
    package let client: AWSJSONClient
    /// The pool whose app client id (and secret, for `SECRET_HASH`) every request carries.
    package let pool: UserPoolConfiguration

    /// Sent as `ClientMetadata` on every operation that takes it.
    package var clientMetadata: [String: String]

    /// Creates the API over a JSON client.
    package init(client: AWSJSONClient, pool: UserPoolConfiguration, clientMetadata: [String: String] = [:]) {
        self.client = client
        self.pool = pool
        self.clientMetadata = clientMetadata
    }

    /// `body` with `ClientMetadata` added when there is any.
    private func withMetadata(_ body: [String: JSONValue]) -> JSONValue {
        var body = body
        if !clientMetadata.isEmpty { body["ClientMetadata"] = .strings(clientMetadata) }
        return .object(body)
    }

    /// The answer of InitiateAuth or RespondToAuthChallenge.
    package struct AuthAnswer: Sendable {
        /// The next challenge, when there is one.
        package var challengeName: String?
        /// The challenge's parameters as Cognito sent them (`USER_ID_FOR_SRP`, `SRP_B`, `SALT`, ...).
        package var challengeParameters: [String: String]
        /// The opaque session to send back with the answer to the challenge; nil when there is none.
        package var session: String?
        /// USER_AUTH's SELECT_CHALLENGE: the first factors on offer.
        package var availableChallenges: [String]
        /// The tokens, when authentication finished.
        package var idToken: String?
        /// The access token, when authentication finished.
        package var accessToken: String?
        /// The refresh token, when authentication finished and Cognito issued one (a refresh answer may not).
        package var refreshToken: String?
        /// NewDeviceMetadata's DeviceKey and DeviceGroupKey, when the pool tracks devices.
        package var newDeviceKey: String?
        /// The device's group key, sent with ``newDeviceKey``.
        package var newDeviceGroupKey: String?

        init(_ json: JSONValue) {
            challengeName = json["ChallengeName"]?.stringValue
            challengeParameters = json["ChallengeParameters"]?.stringMap ?? [:]
            session = json["Session"]?.stringValue
            availableChallenges = json["AvailableChallenges"]?.arrayValue?.compactMap(\.stringValue) ?? []
            let result = json["AuthenticationResult"]
            idToken = result?["IdToken"]?.stringValue
            accessToken = result?["AccessToken"]?.stringValue
            refreshToken = result?["RefreshToken"]?.stringValue
            newDeviceKey = result?["NewDeviceMetadata"]?["DeviceKey"]?.stringValue
            newDeviceGroupKey = result?["NewDeviceMetadata"]?["DeviceGroupKey"]?.stringValue
        }
    }

    /// SECRET_HASH for `username`, when the client has a secret.
    package func secretHash(_ username: String) -> String? {
        pool.appClientSecret.map {
            SRPClient.secretHash(username: username, clientId: pool.appClientId, clientSecret: $0)
        }
    }

    private func withSecretHash(_ parameters: [String: String], username: String) -> [String: String] {
        var result = parameters
        if let hash = secretHash(username) { result["SECRET_HASH"] = hash }
        return result
    }

    /// Calls InitiateAuth with `flow` and its parameters, adding `SECRET_HASH` when the client has a secret.
    ///
    /// `validationData` joins `ClientMetadata` (its keys win), as AWSMobileClient's
    /// `signIn(username:password:validationData:)` sends it: Cognito's InitiateAuth has no ValidationData.
    package func initiateAuth(
        flow: String, parameters: [String: String], username: String, validationData: [String: String] = [:]
    ) async throws -> AuthAnswer {
        var body: [String: JSONValue] = [
            "AuthFlow": .string(flow), "ClientId": .string(pool.appClientId),
            "AuthParameters": .strings(withSecretHash(parameters, username: username)),
        ]
        let metadata = clientMetadata.merging(validationData) { _, validation in validation }
        if !metadata.isEmpty { body["ClientMetadata"] = .strings(metadata) }
        let json = try await client.call("InitiateAuth", .object(body))
        return AuthAnswer(json)
    }

    /// Calls RespondToAuthChallenge with the answers to `challenge`, adding `SECRET_HASH` when needed.
    package func respond(challenge: String, responses: [String: String], session: String?, username: String)
        async throws
        -> AuthAnswer
    {
        var body: [String: JSONValue] = [
            "ChallengeName": .string(challenge), "ClientId": .string(pool.appClientId),
            "ChallengeResponses": .strings(withSecretHash(responses, username: username)),
        ]
        if let session { body["Session"] = .string(session) }
        return AuthAnswer(try await client.call("RespondToAuthChallenge", withMetadata(body)))
    }

    /// SignUp; returns whether the user is confirmed, the delivery details and the user's sub.
    package func signUp(
        username: String, password: String, attributes: [String: String], validationData: [String: String] = [:]
    ) async throws -> (
        confirmed: Bool, delivery: CodeDeliveryDetails?, userSub: String?
    ) {
        var body: [String: JSONValue] = [
            "ClientId": .string(pool.appClientId), "Username": .string(username), "Password": .string(password),
            "UserAttributes": .array(
                attributes.sorted { $0.key < $1.key }.map { ["Name": .string($0.key), "Value": .string($0.value)] }),
        ]
        if let hash = secretHash(username) { body["SecretHash"] = .string(hash) }
        if !validationData.isEmpty {
            body["ValidationData"] = .array(
                validationData.sorted { $0.key < $1.key }.map { ["Name": .string($0.key), "Value": .string($0.value)] })
        }
        let json = try await client.call("SignUp", withMetadata(body))
        let delivery = json["CodeDeliveryDetails"].map { CodeDeliveryDetails($0) }
        return (json["UserConfirmed"] == .bool(true), delivery, json["UserSub"]?.stringValue)
    }

    /// Calls ConfirmSignUp: confirms `username`'s sign-up with the code that was sent.
    package func confirmSignUp(username: String, code: String) async throws {
        _ = try await client.call("ConfirmSignUp", userBody(username, ["ConfirmationCode": .string(code)]))
    }

    /// Calls ResendConfirmationCode and returns where the new sign-up code went.
    package func resendConfirmationCode(username: String) async throws -> CodeDeliveryDetails {
        CodeDeliveryDetails(
            try await client.call("ResendConfirmationCode", userBody(username, [:]))["CodeDeliveryDetails"])
    }

    /// Calls ForgotPassword and returns where the password-reset code went.
    package func forgotPassword(username: String) async throws -> CodeDeliveryDetails {
        CodeDeliveryDetails(try await client.call("ForgotPassword", userBody(username, [:]))["CodeDeliveryDetails"])
    }

    /// Calls ConfirmForgotPassword: sets `newPassword` with the reset code that was sent.
    package func confirmForgotPassword(username: String, code: String, newPassword: String) async throws {
        _ = try await client.call(
            "ConfirmForgotPassword",
            userBody(username, ["ConfirmationCode": .string(code), "Password": .string(newPassword)]))
    }

    /// Calls ChangePassword for the signed-in user, who must give the current password.
    package func changePassword(accessToken: String, previous: String, proposed: String) async throws {
        _ = try await client.call(
            "ChangePassword",
            [
                "AccessToken": .string(accessToken), "PreviousPassword": .string(previous),
                "ProposedPassword": .string(proposed),
            ])
    }

    /// GetUser: the username and attributes.
    package func getUser(accessToken: String) async throws -> (username: String, attributes: [String: String]) {
        let json = try await client.call("GetUser", ["AccessToken": .string(accessToken)])
        guard let username = json["Username"]?.stringValue else {
            throw AuthError.invalidResponse(status: 200, detail: "GetUser answered without Username")
        }
        var attributes: [String: String] = [:]
        for item in json["UserAttributes"]?.arrayValue ?? [] {
            if let name = item["Name"]?.stringValue { attributes[name] = item["Value"]?.stringValue ?? "" }
        }
        return (username, attributes)
    }

    /// Calls UpdateUserAttributes; returns one delivery per changed attribute that needs a code.
    package func updateUserAttributes(accessToken: String, attributes: [String: String]) async throws
        -> [CodeDeliveryDetails]
    {
        let json = try await client.call(
            "UpdateUserAttributes",
            withMetadata([
                "AccessToken": .string(accessToken),
                "UserAttributes": .array(
                    attributes.sorted { $0.key < $1.key }.map { ["Name": .string($0.key), "Value": .string($0.value)] }),
            ]))
        return (json["CodeDeliveryDetailsList"]?.arrayValue ?? []).map { CodeDeliveryDetails($0) }
    }

    /// GetUserAttributeVerificationCode: sends a code for `attribute` (`email` or `phone_number`).
    package func getUserAttributeVerificationCode(accessToken: String, attribute: String) async throws
        -> CodeDeliveryDetails
    {
        let json = try await client.call(
            "GetUserAttributeVerificationCode",
            withMetadata(["AccessToken": .string(accessToken), "AttributeName": .string(attribute)]))
        return CodeDeliveryDetails(json["CodeDeliveryDetails"])
    }

    /// VerifyUserAttribute: marks `attribute` verified with the code that was sent.
    package func verifyUserAttribute(accessToken: String, attribute: String, code: String) async throws {
        _ = try await client.call(
            "VerifyUserAttribute",
            ["AccessToken": .string(accessToken), "AttributeName": .string(attribute), "Code": .string(code)])
    }

    /// DeleteUserAttributes: removes the signed-in user's attributes `names`.
    package func deleteUserAttributes(accessToken: String, names: [String]) async throws {
        _ = try await client.call(
            "DeleteUserAttributes",
            ["AccessToken": .string(accessToken), "UserAttributeNames": .array(names.map(JSONValue.string))])
    }

    /// DeleteUser: deletes the signed-in user's account.
    package func deleteUser(accessToken: String) async throws {
        _ = try await client.call("DeleteUser", ["AccessToken": .string(accessToken)])
    }

    /// Calls GlobalSignOut: revokes every token Cognito issued to the user, on every device.
    package func globalSignOut(accessToken: String) async throws {
        _ = try await client.call("GlobalSignOut", ["AccessToken": .string(accessToken)])
    }

    /// RevokeToken (the refresh token).
    package func revokeToken(refreshToken: String) async throws {
        var body: [String: JSONValue] = ["Token": .string(refreshToken), "ClientId": .string(pool.appClientId)]
        if let secret = pool.appClientSecret { body["ClientSecret"] = .string(secret) }
        _ = try await client.call("RevokeToken", .object(body))
    }

    /// AssociateSoftwareToken, with an access token or a challenge session; returns the secret and a new session.
    package func associateSoftwareToken(accessToken: String? = nil, session: String? = nil) async throws -> (
        secret: String, session: String?
    ) {
        var body: [String: JSONValue] = [:]
        if let accessToken { body["AccessToken"] = .string(accessToken) }
        if let session { body["Session"] = .string(session) }
        let json = try await client.call("AssociateSoftwareToken", .object(body))
        guard let secret = json["SecretCode"]?.stringValue else {
            throw AuthError.invalidResponse(status: 200, detail: "AssociateSoftwareToken answered without SecretCode")
        }
        guard TOTPSetupDetails.isBase32Secret(secret) else {
            throw AuthError.invalidResponse(
                status: 200,
                detail: "AssociateSoftwareToken answered a SecretCode that is not base32 (letters A-Z and digits 2-7, "
                    + "8 to 1024 of them), so it was refused and not shown")
        }
        return (secret, json["Session"]?.stringValue)
    }

    /// VerifySoftwareToken; returns the new session, if any.
    package func verifySoftwareToken(
        code: String, accessToken: String? = nil, session: String? = nil, deviceName: String?
    )
        async throws -> String?
    {
        var body: [String: JSONValue] = ["UserCode": .string(code)]
        if let accessToken { body["AccessToken"] = .string(accessToken) }
        if let session { body["Session"] = .string(session) }
        if let deviceName { body["FriendlyDeviceName"] = .string(deviceName) }
        let json = try await client.call("VerifySoftwareToken", .object(body))
        if let status = json["Status"]?.stringValue, status != "SUCCESS" {
            throw AuthError.enableSoftwareTokenMFA("the authenticator code was not accepted (\(status))")
        }
        return json["Session"]?.stringValue
    }

    /// GetUser's MFA fields: the enabled factors and the preferred one.
    package func mfaSettings(accessToken: String) async throws -> MFASettings {
        let json = try await client.call("GetUser", ["AccessToken": .string(accessToken)])
        let enabled = (json["UserMFASettingList"]?.arrayValue ?? []).compactMap { $0.stringValue }
        let preferred = json["PreferredMfaSetting"]?.stringValue.flatMap { $0.isEmpty ? nil : $0 }
        let phone = (json["UserAttributes"]?.arrayValue ?? []).first { $0["Name"]?.stringValue == "phone_number" }?[
            "Value"]?.stringValue.flatMap { $0.isEmpty ? nil : $0 }
        return MFASettings(
            enabled: enabled.compactMap(MFAType.init(rawValue:)), preferred: preferred.flatMap(MFAType.init(rawValue:)),
            unknown: enabled.filter { MFAType(rawValue: $0) == nil }, phoneNumber: phone)
    }

    /// SetUserMFAPreference: each factor given is enabled or disabled, and marked preferred or not.
    package func setMFAPreference(accessToken: String, _ changes: [MFAType: MFAPreference]) async throws {
        var body: [String: JSONValue] = ["AccessToken": .string(accessToken)]
        for (factor, change) in changes {
            let key: String
            switch factor {
            case .sms: key = "SMSMfaSettings"
            case .totp: key = "SoftwareTokenMfaSettings"
            case .email: key = "EmailMfaSettings"
            }
            body[key] = ["Enabled": .bool(change != .disabled), "PreferredMfa": .bool(change == .preferred)]
        }
        _ = try await client.call("SetUserMFAPreference", .object(body))
    }

    /// Calls SetUserMFAPreference for the authenticator app (TOTP) only.
    package func setSoftwareTokenPreference(accessToken: String, enabled: Bool, preferred: Bool) async throws {
        _ = try await client.call(
            "SetUserMFAPreference",
            [
                "AccessToken": .string(accessToken),
                "SoftwareTokenMfaSettings": ["Enabled": .bool(enabled), "PreferredMfa": .bool(preferred)],
            ])
    }

    private func userBody(_ username: String, _ extra: [String: JSONValue]) -> JSONValue {
        var body = extra
        body["ClientId"] = .string(pool.appClientId)
        body["Username"] = .string(username)
        if let hash = secretHash(username) { body["SecretHash"] = .string(hash) }
        return withMetadata(body)
    }
}
