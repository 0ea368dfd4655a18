import Foundation

extension UserPoolAPI {
    /// One page of ListUserSessions: the user's sessions (raw) and the next page's token.
    package func listUserSessions(accessToken: String, nextToken: String?) async throws -> (
        sessions: [JSONValue], next: String?
    ) {
        var body: [String: JSONValue] = ["AccessToken": .string(accessToken)]
        if let nextToken { body["NextToken"] = .string(nextToken) }
        let json = try await client.call("ListUserSessions", .object(body))
        return (json["Sessions"]?.arrayValue ?? [], json["NextToken"]?.stringValue)
    }

    /// RevokeUserSession: ends one of the user's sessions (never the caller's own: Cognito refuses it).
    package func revokeUserSession(accessToken: String, sessionId: String, revokeAssociated: Bool) async throws {
        _ = try await client.call(
            "RevokeUserSession",
            [
                "AccessToken": .string(accessToken), "SessionId": .string(sessionId),
                "RevokeAssociatedSessions": .string(revokeAssociated ? "LINKED" : "NONE"),
            ])
    }

    /// GetDerivedToken (RFC 8693 token exchange) with this API's app client: a token for one audience
    /// (or resource servers) in exchange for the user's access token.
    package func getDerivedToken(
        subjectAccessToken: String, audiences: [String], resources: [String], scopes: [String]
    ) async throws -> JSONValue {
        var body: [String: JSONValue] = [
            "ClientId": .string(pool.appClientId), "SubjectToken": .string(subjectAccessToken),
            "SubjectTokenType": .string("ACCESS_TOKEN"), "RequestedTokenType": .string("ACCESS_TOKEN"),
        ]
        if let secret = pool.appClientSecret { body["ClientSecret"] = .string(secret) }
        if !audiences.isEmpty { body["Audiences"] = .array(audiences.map(JSONValue.string)) }
        if !resources.isEmpty { body["Resources"] = .array(resources.map(JSONValue.string)) }
        if !scopes.isEmpty { body["Scopes"] = .array(scopes.map(JSONValue.string)) }
        return try await client.call("GetDerivedToken", .object(body))
    }
}

extension AWSJSONClient {
    /// GetClientToken: an M2M access token for an app client whose only flow is `ALLOW_CLIENT_TOKEN_AUTH`.
    package func getClientToken(
        clientId: String, secret: String, scopes: [String], clientMetadata: [String: String]
    ) async throws -> JSONValue {
        var body: [String: JSONValue] = ["ClientId": .string(clientId), "Secret": .string(secret)]
        if !scopes.isEmpty { body["Scopes"] = .array(scopes.map(JSONValue.string)) }
        if !clientMetadata.isEmpty { body["ClientMetadata"] = .strings(clientMetadata) }
        return try await call("GetClientToken", .object(body))
    }
}
