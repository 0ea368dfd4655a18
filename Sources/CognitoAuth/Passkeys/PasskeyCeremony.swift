import Foundation

/// One WebAuthn ceremony an authenticator is asked to perform: make a passkey (`webauthn.create`) or sign with one
/// (`webauthn.get`), for the pinned relying party, with the options exactly as Cognito sent them.
///
/// Requests are made only by ``registration(options:pinned:)`` and ``assertion(optionsText:pinned:)``, which refuse
/// options that name another relying party or lack a challenge: an authenticator never sees such options.
public struct PasskeyCeremony: Sendable, Hashable {
    /// What the authenticator is asked to do; the raw values are `clientDataJSON.type`'s.
    public enum Kind: String, Sendable, Hashable {
        /// Make a new passkey (`navigator.credentials.create`).
        case create = "webauthn.create"
        /// Sign the challenge with an existing passkey (`navigator.credentials.get`).
        case get = "webauthn.get"
    }

    /// What the authenticator is asked to do.
    public var kind: Kind
    /// The pinned relying party the options were checked against.
    public var relyingParty: PasskeyRelyingParty
    /// The options as Cognito sent them (`PublicKeyCredentialCreationOptionsJSON` or `…RequestOptionsJSON`).
    public var publicKey: JSONValue
    /// The options' challenge (base64url), which the answer's clientDataJSON must carry.
    public var challenge: String
    /// How long the authenticator may take: the options' `timeout` (milliseconds), 10 s to 10 min, else 5 min.
    public var timeout: Duration
    /// A name the person chose for a new passkey (`latchkey passkey add --name`), for the authenticator's own label.
    /// Cognito has no field for it: it names passkeys itself (`FriendlyCredentialName`).
    public var name: String?

    /// The origin written into clientDataJSON: `https://<rpId>`.
    public var origin: String { relyingParty.origin }

    /// A registration ceremony for StartWebAuthnRegistration's `CredentialCreationOptions`.
    public static func registration(options: JSONValue, pinned: PasskeyRelyingParty) throws(AuthError)
        -> PasskeyCeremony
    {
        guard options.objectValue != nil else { throw .passkey(.malformed("the creation options are not an object")) }
        guard let offered = options["rp"]?["id"]?.stringValue else {
            throw .passkey(.malformed("the creation options name no relying party (rp.id)"))
        }
        try pinned.check(offered: offered)
        guard options["user"]?["id"]?.stringValue?.isEmpty == false else {
            throw .passkey(.malformed("the creation options have no user.id"))
        }
        return PasskeyCeremony(
            kind: .create, relyingParty: pinned, publicKey: options, challenge: try challenge(of: options),
            timeout: timeout(of: options), name: nil)
    }

    /// A sign-in ceremony for the `WEB_AUTHN` challenge's `CREDENTIAL_REQUEST_OPTIONS` (a JSON string).
    public static func assertion(optionsText: String, pinned: PasskeyRelyingParty) throws(AuthError)
        -> PasskeyCeremony
    {
        guard let options = JSONValue.parse(Array(optionsText.utf8)), options.objectValue != nil else {
            throw .passkey(.malformed("CREDENTIAL_REQUEST_OPTIONS is not a JSON object"))
        }
        guard let offered = options["rpId"]?.stringValue else {
            throw .passkey(.malformed("CREDENTIAL_REQUEST_OPTIONS names no relying party (rpId)"))
        }
        try pinned.check(offered: offered)
        return PasskeyCeremony(
            kind: .get, relyingParty: pinned, publicKey: options, challenge: try challenge(of: options),
            timeout: timeout(of: options), name: nil)
    }

    /// The JSON document an external provider reads on stdin: `{"type", "origin", "publicKey"}`, plus `name` when the
    /// person chose one for a new passkey.
    public var providerInput: Data {
        var document: [String: JSONValue] = [
            "type": .string(kind.rawValue), "origin": .string(origin), "publicKey": publicKey,
        ]
        if let name { document["name"] = .string(name) }
        return JSONValue.object(document).encoded()
    }

    /// Checks an authenticator's `PublicKeyCredential` JSON before it is sent: `type` is `public-key`, `id` is set,
    /// and its clientDataJSON is for this ceremony (type, challenge, and the origin `https://<rpId>`).
    public func check(credential: JSONValue) throws(AuthError) {
        guard credential["type"]?.stringValue == "public-key", credential["id"]?.stringValue?.isEmpty == false,
            let response = credential["response"], response.objectValue != nil
        else {
            throw .passkey(.malformed("the authenticator's answer is not a PublicKeyCredential (type, id, response)"))
        }
        let needed = kind == .create ? ["attestationObject"] : ["authenticatorData", "signature"]
        for name in needed + ["clientDataJSON"] where response[name]?.stringValue?.isEmpty != false {
            throw .passkey(.malformed("the authenticator's answer has no response.\(name)"))
        }
        guard let encoded = response["clientDataJSON"]?.stringValue,
            let bytes = Self.base64URLDecoded(encoded), let clientData = JSONValue.parse(bytes)
        else { throw .passkey(.malformed("the authenticator's clientDataJSON is not base64url JSON")) }
        guard clientData["type"]?.stringValue == kind.rawValue,
            clientData["challenge"]?.stringValue.flatMap(Self.base64URLDecoded)
                == Self.base64URLDecoded(challenge)
        else { throw .passkey(.malformed("the authenticator answered another challenge")) }
        guard clientData["origin"]?.stringValue == origin else {
            throw .passkey(.malformed("the authenticator wrote another origin than \(origin)"))
        }
    }

    /// The options' challenge; throws unless it is a non-empty base64url string.
    private static func challenge(of options: JSONValue) throws(AuthError) -> String {
        guard let text = options["challenge"]?.stringValue, let bytes = base64URLDecoded(text), !bytes.isEmpty else {
            throw .passkey(.malformed("the options have no base64url challenge"))
        }
        return text
    }

    /// The options' `timeout` (milliseconds) clamped to 10 s – 10 min; 5 min when there is none.
    private static func timeout(of options: JSONValue) -> Duration {
        guard let milliseconds = options["timeout"]?.doubleValue, milliseconds.isFinite else { return .seconds(300) }
        return .milliseconds(Int64(min(max(milliseconds, 10_000), 600_000)))
    }

    /// Decodes base64url, tolerating `=` padding (some authenticators pad).
    static func base64URLDecoded(_ text: String) -> [UInt8]? {
        var trimmed = Substring(text)
        while trimmed.hasSuffix("=") { trimmed = trimmed.dropLast() }
        return Base64URL.decode(trimmed.utf8)
    }
}
