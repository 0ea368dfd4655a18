/// A JWT in compact serialisation (`header.payload.signature`, RFC 7515 §7.1), split and decoded but
/// not verified.
struct CompactJWT: Sendable {
    /// Why a text is not a compact JWT.
    struct MalformedError: Error {}

    /// The decoded header, a JSON object.
    let header: [String: JSONValue]
    /// The decoded payload bytes (JSON, decoded by the caller).
    let payload: [UInt8]
    /// The decoded signature bytes, never empty.
    let signature: [UInt8]
    /// The bytes the signature covers: the encoded header, a period and the encoded payload.
    let signingInput: [UInt8]

    /// Splits and decodes `token`: exactly three segments of canonical unpadded base64url, a header
    /// that is a JSON object and a non-empty signature.
    init(_ token: String) throws(MalformedError) {
        let bytes = Array(token.utf8)
        let segments = bytes.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        guard segments.count == 3, let headerBytes = Base64URL.decode(segments[0]),
            let payload = Base64URL.decode(segments[1]), let signature = Base64URL.decode(segments[2]),
            !signature.isEmpty, case .object(let header)? = JSONValue.parse(headerBytes)
        else {
            throw MalformedError()
        }
        self.header = header
        self.payload = payload
        self.signature = signature
        signingInput = Array(bytes[..<segments[1].endIndex])
    }

    /// The header's `alg`, when it is a string.
    var algorithm: String? {
        if case .string(let value)? = header["alg"] { return value }
        return nil
    }

    /// The header's `kid`, when it is a string.
    var keyID: String? {
        if case .string(let value)? = header["kid"] { return value }
        return nil
    }
}
