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
    /// The pinned relying party; nil means ``PasskeyRelyingParty/resolve(environment:configuration:)`` with
    /// ``environment``, when a ceremony needs it (so a bad setting fails only the passkey calls).
    public var relyingParty: PasskeyRelyingParty?
    /// The environment the relying party is resolved from (`LATCHKEY_PASSKEY_RP_ID`) when ``relyingParty`` is nil.
    public var environment: [String: String]

    /// Creates settings with `authenticator`, an optional pinned relying party and the environment to resolve one from.
    public init(
        authenticator: (any PasskeyAuthenticator)?, relyingParty: PasskeyRelyingParty? = nil,
        environment: [String: String] = [:]
    ) {
        self.authenticator = authenticator
        self.relyingParty = relyingParty
        self.environment = environment
    }
}
