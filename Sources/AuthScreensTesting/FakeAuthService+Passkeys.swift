import AuthScreens
import CognitoAuth
import Foundation

/// The fake's passkeys: ceremonies go to a test authenticator (through a ``PasskeyCeremonyBridge`` when a test
/// wraps it), and the list is kept in memory.
extension FakeAuthService {
    /// Sets the authenticator and the passkeys.
    public func script(passkeyAuthenticator: (any PasskeyAuthenticator)?, passkeys: [PasskeyCredential] = []) {
        self.passkeyAuthenticator = passkeyAuthenticator
        passkeyList = passkeys
    }

    /// Runs a ceremony of `kind` on ``passkeyAuthenticator`` with fixed options for `127.0.0.1`.
    func runPasskeyCeremony(_ kind: PasskeyCeremony.Kind) async throws {
        guard let authenticator = passkeyAuthenticator else { throw AuthError.passkey(.noAuthenticator) }
        let party = PasskeyRelyingParty(id: "127.0.0.1", source: "test")
        let challenge = "Y2hhbGxlbmdl"
        if kind == .get {
            let options = #"{"challenge":"\#(challenge)","rpId":"127.0.0.1","timeout":60000}"#
            _ = try await authenticator.get(try PasskeyCeremony.assertion(optionsText: options, pinned: party))
        } else {
            let options: JSONValue = [
                "challenge": .string(challenge), "rp": ["id": "127.0.0.1", "name": "test"],
                "user": ["id": "dXNlcg", "name": "alice", "displayName": "alice"],
                "pubKeyCredParams": [["type": "public-key", "alg": -7]], "timeout": 60000,
            ]
            _ = try await authenticator.create(try PasskeyCeremony.registration(options: options, pinned: party))
        }
    }

    /// Records the call; runs a `create` ceremony and appends a passkey.
    public func addPasskey(name: String?) async throws -> String {
        record(.addPasskey)
        if let passkeyError { throw passkeyError }
        try await runPasskeyCeremony(.create)
        let id = "cred-\(passkeyList.count + 1)"
        passkeyList.append(
            PasskeyCredential(
                id: id, name: name ?? "Passkey \(passkeyList.count + 1)", relyingPartyId: "127.0.0.1",
                attachment: "cross-platform", transports: ["usb"], created: now))
        return id
    }

    /// Records the call; returns ``passkeyList`` or throws ``passkeyError``.
    public func listPasskeys() async throws -> [PasskeyCredential] {
        record(.listPasskeys)
        if let passkeyError { throw passkeyError }
        return passkeyList
    }

    /// Records the call and removes the passkey from ``passkeyList``.
    public func deletePasskey(_ credentialId: String) async throws {
        record(.deletePasskey(credentialId))
        if let passkeyError { throw passkeyError }
        guard passkeyList.contains(where: { $0.id == credentialId }) else {
            throw AuthError.passkey(.unknownCredential(credentialId))
        }
        passkeyList.removeAll { $0.id == credentialId }
    }
}

extension FakeAuthService {
    /// Sets the error the passkey calls throw (nil: they answer).
    public func setPasskeyError(_ error: AuthError?) { passkeyError = error }
}
