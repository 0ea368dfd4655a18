import CFIDO2
import CognitoAuth
import Foundation

/// One ceremony as libfido2 calls: the options read once, the clientDataJSON written once (origin `https://<rpId>`),
/// and the two requests, `fido_dev_make_cred` and `fido_dev_get_assert`, with their W3C JSON answers.
struct SecurityKeyRequest: Sendable {
    /// The ceremony, already checked against the pinned relying party.
    let ceremony: PasskeyCeremony
    /// The clientDataJSON bytes the key signs (through their SHA-256, which libfido2 computes).
    let clientData: [UInt8]
    /// The options' `userVerification` (`required`, `preferred` or `discouraged`).
    let userVerification: String

    /// Reads the ceremony's options; throws ``PasskeyFailure/malformed(_:)`` for what libfido2 cannot be given.
    init(_ ceremony: PasskeyCeremony) throws(AuthError) {
        self.ceremony = ceremony
        let options = ceremony.publicKey
        let selection = ceremony.kind == .create ? options["authenticatorSelection"] : options
        userVerification = selection?["userVerification"]?.stringValue ?? "preferred"
        if ceremony.kind == .create {
            let algorithms = options["pubKeyCredParams"]?.arrayValue?.compactMap { $0["alg"]?.intValue } ?? []
            guard algorithms.isEmpty || algorithms.contains(-7) else {
                throw .passkey(.credentialNotSupported("the options allow no ES256 (alg -7), which security keys make"))
            }
        }
        let document: JSONValue = [
            "type": .string(ceremony.kind.rawValue), "challenge": .string(ceremony.challenge),
            "origin": .string(ceremony.origin), "crossOrigin": false,
        ]
        clientData = Array(document.encoded())
    }

    /// Whether the person must be verified (a PIN) for this ceremony on a key with a PIN: always to make a passkey
    /// (CTAP 2.0 keys refuse makeCredential without it), and to sign unless the options discourage it.
    var wantsVerification: Bool { ceremony.kind == .create || userVerification != "discouraged" }

    /// The ids of `member` (`excludeCredentials` or `allowCredentials`), decoded.
    func credentialIds(_ member: String) -> [[UInt8]] {
        ceremony.publicKey[member]?.arrayValue?.compactMap { $0["id"]?.stringValue.flatMap(Base64URLText.decode) }
            ?? []
    }

    /// The `uv` option to send: true when the key verifies the person itself, no PIN is sent, and the options ask for
    /// it; else left to the key.
    func uvOption(pin: String?, builtIn: Bool) -> fido_opt_t {
        pin == nil && builtIn && userVerification != "discouraged" ? FIDO_OPT_TRUE : FIDO_OPT_OMIT
    }
}

/// Runs a libfido2 setter and turns its status into a failure.
func check(_ status: Int32) throws(Int32Error) {
    guard status == FIDO_OK else { throw Int32Error(code: status) }
}

/// Calls `body` with `bytes` as a pointer and length (a non-null pointer even for no bytes).
func withBytes<T>(_ bytes: [UInt8], _ body: (UnsafePointer<UInt8>, Int) -> T) -> T {
    let padded = bytes.isEmpty ? [0] : bytes
    return padded.withUnsafeBufferPointer { buffer in
        // A non-empty array's buffer always has a base address.
        body(buffer.baseAddress.unsafelyUnwrapped, bytes.count)
    }
}

/// Copies `length` bytes from a libfido2 pointer.
func bytes(_ pointer: UnsafePointer<UInt8>?, _ length: Int) -> [UInt8] {
    guard let pointer, length > 0 else { return [] }
    return Array(UnsafeBufferPointer(start: pointer, count: length))
}

/// base64url without padding, both ways (options' ids, the answer's fields).
enum Base64URLText {
    /// `bytes` as unpadded base64url.
    static func encode(_ bytes: [UInt8]) -> String {
        Data(bytes).base64EncodedString().replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
    }

    /// The bytes of base64url `text` (padding tolerated); nil when it is not base64url.
    static func decode(_ text: String) -> [UInt8]? {
        var standard = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while standard.hasSuffix("=") { standard.removeLast() }
        guard !standard.contains("=") else { return nil }
        standard += String(repeating: "=", count: (4 - standard.count % 4) % 4)
        return Data(base64Encoded: standard).map(Array.init)
    }
}
