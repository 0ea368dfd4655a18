/// RFC 3986 percent-encoding and decoding as SigV4 canonicalisation needs it.
enum URIEncoding {
    /// Whether `byte` is an RFC 3986 unreserved character: `A-Z a-z 0-9 - . _ ~`.
    static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
            UInt8(ascii: "_"), UInt8(ascii: "~"):
            return true
        default:
            return false
        }
    }

    /// Percent-encodes every byte that is not unreserved, with upper-case hex digits.
    ///
    /// - Parameters:
    ///   - keepSlash: leave `/` as is (for paths).
    ///   - keepEscapes: leave well-formed `%XX` escapes as they are, so an already encoded
    ///     path is not encoded a second time.
    static func encode(
        _ bytes: some Collection<UInt8>, keepSlash: Bool = false, keepEscapes: Bool = false
    ) -> String {
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        let input = Array(bytes)
        var index = 0
        while index < input.count {
            let byte = input[index]
            if isUnreserved(byte) || (keepSlash && byte == UInt8(ascii: "/")) {
                output.append(byte)
            } else if keepEscapes, byte == UInt8(ascii: "%"), index + 2 < input.count,
                hexValue(input[index + 1]) != nil, hexValue(input[index + 2]) != nil
            {
                output.append(contentsOf: input[index...(index + 2)])
                index += 2
            } else {
                output.append(UInt8(ascii: "%"))
                output.append(hexDigits[Int(byte >> 4)])
                output.append(hexDigits[Int(byte & 0x0F)])
            }
            index += 1
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// Decodes `%XX` escapes; a `%` not followed by two hex digits is kept literally, `+` is not a space.
    static func decode(_ text: Substring) -> [UInt8] {
        let input = Array(text.utf8)
        var output: [UInt8] = []
        output.reserveCapacity(input.count)
        var index = 0
        while index < input.count {
            if input[index] == UInt8(ascii: "%"), index + 2 < input.count,
                let high = hexValue(input[index + 1]), let low = hexValue(input[index + 2])
            {
                output.append(high << 4 | low)
                index += 3
            } else {
                output.append(input[index])
                index += 1
            }
        }
        return output
    }

    /// Lower-case hexadecimal text of `bytes`, as SigV4 uses for hashes and signatures.
    static func hex(_ bytes: some Sequence<UInt8>) -> String {
        var output: [UInt8] = []
        for byte in bytes {
            output.append(lowerHexDigits[Int(byte >> 4)])
            output.append(lowerHexDigits[Int(byte & 0x0F)])
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// The value of an ASCII hex digit, or `nil`.
    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        default: return nil
        }
    }

    private static let hexDigits = Array("0123456789ABCDEF".utf8)
    private static let lowerHexDigits = Array("0123456789abcdef".utf8)
}
