/// Strict base64url (RFC 4648 §5) without padding, as JWTs use it (RFC 7515 §2).
enum Base64URL {
    /// Decodes `text`, or returns nil unless it is canonical unpadded base64url: only `A–Z a–z 0–9 - _`,
    /// no `=`, a length that is not 1 more than a multiple of 4, and zero bits after the last byte.
    static func decode(_ text: some Collection<UInt8>) -> [UInt8]? {
        var output: [UInt8] = []
        output.reserveCapacity(text.count * 3 / 4)
        var buffer: UInt32 = 0
        var bits = 0
        for character in text {
            guard let value = sextet(character) else { return nil }
            buffer = buffer << 6 | UInt32(value)
            bits += 6
            if bits >= 8 {
                bits -= 8
                output.append(UInt8(truncatingIfNeeded: buffer >> UInt32(bits)))
                buffer &= (1 << UInt32(bits)) - 1
            }
        }
        // 6 leftover bits means a length of 4n + 1; leftover bits must be zero in canonical text.
        guard bits < 6, buffer == 0 else { return nil }
        return output
    }

    /// The value of one base64url character.
    private static func sextet(_ character: UInt8) -> UInt8? {
        switch character {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): character - UInt8(ascii: "A")
        case UInt8(ascii: "a")...UInt8(ascii: "z"): character - UInt8(ascii: "a") + 26
        case UInt8(ascii: "0")...UInt8(ascii: "9"): character - UInt8(ascii: "0") + 52
        case UInt8(ascii: "-"): 62
        case UInt8(ascii: "_"): 63
        default: nil
        }
    }
}
