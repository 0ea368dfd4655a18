import CognitoAuth
import Foundation
import SecurityKeys
import SecurityKeysTesting
import Testing

/// A scripted person: records the prompts, answers the PIN requests with the PINs given, in order.
final class ScriptedInteraction: PasskeyInteraction, @unchecked Sendable {
    // @unchecked Sendable: every mutable property is read and written only under `lock`.
    private let lock = NSLock()
    private var pins: [String]
    private var shownPrompts: [PasskeyPrompt] = []
    private var requests: [PasskeyPINRequest] = []

    init(pins: [String] = []) { self.pins = pins }

    var prompts: [PasskeyPrompt] { lock.withLock { shownPrompts } }
    var pinRequests: [PasskeyPINRequest] { lock.withLock { requests } }

    func show(_ prompt: PasskeyPrompt) async { lock.withLock { shownPrompts.append(prompt) } }

    func pin(_ request: PasskeyPINRequest) async throws -> String {
        try lock.withLock {
            requests.append(request)
            guard !pins.isEmpty else { throw AuthError.passkey(.cancelled) }
            return pins.removeFirst()
        }
    }
}

enum SoftKeyFixtures {
    static let party = PasskeyRelyingParty(id: "127.0.0.1", source: "the tests")

    /// An authenticator that sees exactly `devices`.
    static func authenticator(_ devices: [SoftCTAPDevice], interaction: (any PasskeyInteraction)?)
        -> SecurityKeyAuthenticator
    {
        let descriptors = devices.map(\.descriptor)
        return SecurityKeyAuthenticator(interaction: interaction, discovery: SecurityKeyDiscovery { descriptors })
    }

    /// Creation options as Cognito sends them, for `party`.
    static func creationOptions(rpId: String = party.id, exclude: [String] = []) -> JSONValue {
        [
            "challenge": .string(challenge()), "rp": ["id": .string(rpId), "name": "Latchkey tests"],
            "user": ["id": "dXNlci1pZA", "name": "alice", "displayName": "Alice"],
            "pubKeyCredParams": [["type": "public-key", "alg": -7], ["type": "public-key", "alg": -257]],
            "excludeCredentials": .array(exclude.map { ["type": "public-key", "id": .string($0)] }),
            "authenticatorSelection": ["residentKey": "required", "userVerification": "preferred"],
            "timeout": 60000,
        ]
    }

    /// Request options text as in `CREDENTIAL_REQUEST_OPTIONS`.
    static func requestOptions(allow: [String]) -> String {
        let options: JSONValue = [
            "challenge": .string(challenge()), "rpId": .string(party.id), "timeout": 60000,
            "userVerification": "preferred",
            "allowCredentials": .array(allow.map { ["type": "public-key", "id": .string($0)] }),
        ]
        return String(decoding: options.encoded(), as: UTF8.self)
    }

    static func challenge() -> String {
        Data((0..<32).map { _ in UInt8.random(in: 0...255) }).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    /// The PasskeyFailure inside `error`, if it is one.
    static func failure(_ error: any Error) -> PasskeyFailure? {
        if case AuthError.passkey(let failure) = error { return failure }
        return nil
    }
}
