import Foundation

/// Something that performs WebAuthn ceremonies for Latchkey: a security key, a password manager, a phone bridge, a
/// software key in tests.
///
/// The ceremony it is given has already been checked: its relying party is the pinned one. It answers with the W3C
/// `PublicKeyCredential` JSON (`RegistrationResponseJSON` for ``create(_:)``, `AuthenticationResponseJSON` for
/// ``get(_:)``, binary fields in base64url). Cancelling the calling task cancels the ceremony: the implementation
/// stops its authenticator and throws ``PasskeyFailure/cancelled`` (as ``AuthError/passkey(_:)``).
public protocol PasskeyAuthenticator: Sendable {
    /// Makes a new passkey for `ceremony` (kind `.create`) and returns its `RegistrationResponseJSON`.
    func create(_ ceremony: PasskeyCeremony) async throws -> JSONValue
    /// Signs `ceremony`'s challenge (kind `.get`) and returns the `AuthenticationResponseJSON`.
    func get(_ ceremony: PasskeyCeremony) async throws -> JSONValue
}

/// How a client does passkeys: the authenticator to ask and, optionally, the relying party to pin.
public struct PasskeySettings: Sendable {
    /// The authenticator ceremonies go to; nil when none is set up (passkey sign-in then fails with the next step).
    public var authenticator: (any PasskeyAuthenticator)?
    /// The pinned relying party; nil means ``PasskeyRelyingParty/resolve(environment:configuration:)`` with no
    /// environment (the configuration's `Latchkey.Passkeys.RelyingPartyId`, else its hosted-UI domain).
    public var relyingParty: PasskeyRelyingParty?

    /// Creates settings with `authenticator` and an optional pinned relying party.
    public init(authenticator: (any PasskeyAuthenticator)?, relyingParty: PasskeyRelyingParty? = nil) {
        self.authenticator = authenticator
        self.relyingParty = relyingParty
    }
}
