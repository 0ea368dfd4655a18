import Foundation

/// The relying party (rpId) passkeys are made and used for, pinned on the client's side.
///
/// A terminal has no web origin, so Latchkey writes `clientDataJSON.origin` itself as `https://<rpId>`. A server that
/// could choose the rpId could therefore make the person's authenticator sign for any other site. Latchkey pins the
/// rpId instead and refuses options naming any other one before an authenticator is asked.
public struct PasskeyRelyingParty: Sendable, Hashable {
    /// The relying party id, a host name in lower case (`auth.example.com`).
    public var id: String
    /// Where the id came from, for messages: `LATCHKEY_PASSKEY_RP_ID`, `Latchkey.Passkeys.RelyingPartyId` or
    /// `the hosted UI domain`.
    public var source: String

    /// Creates a pinned relying party; the id is trimmed and lower-cased.
    public init(id: String, source: String) {
        self.id = id.trimmingCharacters(in: .whitespaces).lowercased()
        self.source = source
    }

    /// The origin Latchkey writes into `clientDataJSON`: `https://<id>`.
    public var origin: String { "https://\(id)" }

    /// The name of the environment variable that pins the relying party.
    public static let environmentVariable = "LATCHKEY_PASSKEY_RP_ID"
    /// The configuration key that pins it (in Latchkey's own section).
    public static let configurationKey = "Latchkey.Passkeys.RelyingPartyId"

    /// Resolves the pinned relying party: `LATCHKEY_PASSKEY_RP_ID`, else `Latchkey.Passkeys.RelyingPartyId`, else the
    /// host of the configuration's hosted-UI domain; throws ``PasskeyFailure/noRelyingParty`` when none is set and
    /// ``PasskeyFailure/malformed(_:)`` when the one set is not a host name.
    public static func resolve(environment: [String: String], configuration: AuthConfiguration) throws(AuthError)
        -> PasskeyRelyingParty
    {
        let candidates: [(String?, String)] = [
            (environment[environmentVariable], environmentVariable),
            (configuration.latchkey.passkeys?["RelyingPartyId"]?.stringValue, configurationKey),
            (configuration.hostedUIDomain.flatMap(host(ofDomain:)), "the hosted UI domain"),
        ]
        for (value, source) in candidates {
            guard let value, !value.trimmingCharacters(in: .whitespaces).isEmpty else { continue }
            let party = PasskeyRelyingParty(id: value, source: source)
            guard isHostName(party.id) else {
                throw .passkey(.malformed("\(source) is \"\(TerminalText.sanitized(value))\", not a host name"))
            }
            return party
        }
        throw .passkey(.noRelyingParty)
    }

    /// Refuses `offered` (the options' `rpId` or `rp.id`) unless it is this relying party.
    public func check(offered: String) throws(AuthError) {
        guard offered.lowercased() == id else {
            throw .passkey(.relyingPartyRefused(expected: id, offered: TerminalText.sanitized(offered)))
        }
    }

    /// The host of a hosted-UI domain given as a URL (`https://auth.example.com`) or bare (`auth.example.com`).
    static func host(ofDomain domain: String) -> String? {
        let trimmed = domain.trimmingCharacters(in: .whitespaces)
        if trimmed.contains("://") { return URL(string: trimmed)?.host }
        let host = trimmed.prefix { $0 != "/" && $0 != ":" }
        return host.isEmpty ? nil : String(host)
    }

    /// Whether `text` is a host name (letters, digits, `-` and `.`, 1–253 characters) or an IPv4 address.
    static func isHostName(_ text: String) -> Bool {
        guard (1...253).contains(text.count), !text.hasPrefix("."), !text.hasSuffix(".") else { return false }
        return text.unicodeScalars.allSatisfy { scalar in
            (scalar >= "a" && scalar <= "z") || (scalar >= "0" && scalar <= "9") || scalar == "-" || scalar == "."
        }
    }
}
