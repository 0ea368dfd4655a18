import Foundation
import SystemCrypto

/// RFC 6238 time-based one-time codes, as an authenticator app computes them.
public enum TOTPGenerator {
    /// The 6-digit code for `secret` (base32, any case, padding optional) at `date`.
    public static func code(secret: String, at date: Date = Date(), period: TimeInterval = 30, digits: Int = 6)
        -> String?
    {
        guard let key = base32Decode(secret) else { return nil }
        var counter = UInt64(date.timeIntervalSince1970 / period).bigEndian
        let message = withUnsafeBytes(of: &counter) { Array($0) }
        let mac = HMAC.sha1(key: key, message: message)
        let offset = Int(mac[mac.count - 1] & 0x0f)
        let value =
            (UInt32(mac[offset] & 0x7f) << 24) | (UInt32(mac[offset + 1]) << 16) | (UInt32(mac[offset + 2]) << 8)
            | UInt32(mac[offset + 3])
        var modulus: UInt32 = 1
        for _ in 0..<digits { modulus *= 10 }
        let text = String(value % modulus)
        return String(repeating: "0", count: digits - text.count) + text
    }

    /// Decodes RFC 4648 base32, ignoring case, spaces and padding.
    public static func base32Decode(_ text: String) -> [UInt8]? {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567")
        var buffer: UInt32 = 0
        var bits = 0
        var output: [UInt8] = []
        for character in text.uppercased() where character != "=" && character != " " {
            guard let index = alphabet.firstIndex(of: character) else { return nil }
            buffer = (buffer << 5) | UInt32(index)
            bits += 5
            if bits >= 8 {
                bits -= 8
                output.append(UInt8((buffer >> UInt32(bits)) & 0xff))
            }
        }
        return output
    }
}
