import Foundation

extension UserPoolAPI {
    /// StartWebAuthnRegistration: the `CredentialCreationOptions` document for a new passkey.
    package func startWebAuthnRegistration(accessToken: String) async throws -> JSONValue {
        let json = try await client.call("StartWebAuthnRegistration", ["AccessToken": .string(accessToken)])
        guard let options = json["CredentialCreationOptions"] else {
            throw AuthError.invalidResponse(
                status: 200, detail: "StartWebAuthnRegistration answered without CredentialCreationOptions")
        }
        return options
    }

    /// CompleteWebAuthnRegistration with the authenticator's `RegistrationResponseJSON` (a document, not a string).
    package func completeWebAuthnRegistration(accessToken: String, credential: JSONValue) async throws {
        _ = try await client.call(
            "CompleteWebAuthnRegistration", ["AccessToken": .string(accessToken), "Credential": credential])
    }

    /// One page of ListWebAuthnCredentials (at most 20); returns the credentials (raw) and the next page's token.
    package func listWebAuthnCredentials(accessToken: String, nextToken: String?) async throws -> (
        credentials: [JSONValue], next: String?
    ) {
        var body: [String: JSONValue] = ["AccessToken": .string(accessToken), "MaxResults": .number(20)]
        if let nextToken { body["NextToken"] = .string(nextToken) }
        let json = try await client.call("ListWebAuthnCredentials", .object(body))
        return (json["Credentials"]?.arrayValue ?? [], json["NextToken"]?.stringValue)
    }

    /// DeleteWebAuthnCredential.
    package func deleteWebAuthnCredential(accessToken: String, credentialId: String) async throws {
        _ = try await client.call(
            "DeleteWebAuthnCredential",
            ["AccessToken": .string(accessToken), "CredentialId": .string(credentialId)])
    }
}

/// One of the user's passkeys, as ListWebAuthnCredentials describes it.
public struct PasskeyCredential: Sendable, Hashable {
    /// The credential id (base64url), which ``AuthClient/deletePasskey(_:)`` takes.
    public var id: String
    /// The name Cognito gave it (`FriendlyCredentialName`).
    public var name: String
    /// The relying party it was made for.
    public var relyingPartyId: String
    /// `platform` or `cross-platform`, when known.
    public var attachment: String?
    /// How the authenticator is reached (`usb`, `nfc`, `ble`, `internal`, `hybrid`).
    public var transports: [String]
    /// When it was registered.
    public var created: Date?

    /// Creates a description.
    public init(
        id: String, name: String, relyingPartyId: String, attachment: String? = nil, transports: [String] = [],
        created: Date? = nil
    ) {
        self.id = id
        self.name = name
        self.relyingPartyId = relyingPartyId
        self.attachment = attachment
        self.transports = transports
        self.created = created
    }

    /// Reads a `WebAuthnCredentialDescription`; nil without a `CredentialId`. Server text is sanitised.
    init?(_ json: JSONValue) {
        guard let id = json["CredentialId"]?.stringValue, !id.isEmpty else { return nil }
        self.id = TerminalText.sanitized(id)
        name = TerminalText.sanitized(json["FriendlyCredentialName"]?.stringValue ?? "")
        relyingPartyId = TerminalText.sanitized(json["RelyingPartyId"]?.stringValue ?? "")
        attachment = json["AuthenticatorAttachment"]?.stringValue.map { TerminalText.sanitized($0) }
        transports = (json["AuthenticatorTransports"]?.arrayValue ?? []).compactMap(\.stringValue)
            .map { TerminalText.sanitized($0) }
        created = json["CreatedAt"]?.doubleValue.flatMap { $0.isFinite ? Date(timeIntervalSince1970: $0) : nil }
    }
}
