import CBigNum
import CivilTime
import Foundation
import SystemCrypto

/// The client side of Cognito's USER_SRP_AUTH (SRP-6a over the 3072-bit RFC 3526 group).
///
/// Big-number arithmetic runs in the system's libcrypto (constant-time exponentiation for the
/// secret exponents). The hashing and padding rules are Cognito's, bit-exact with pycognito and
/// amplify: see `Tests/Vectors/srp-pycognito.json`.
package struct SRPClient: Sendable {
    /// The group prime N (RFC 3526, 3072-bit), big-endian.
    package static let modulus: [UInt8] = hexBytes(
        "ffffffffffffffffc90fdaa22168c234c4c6628b80dc1cd129024e088a67cc74020bbea63b139b22514a08798e3404dd"
            + "ef9519b3cd3a431b302b0a6df25f14374fe1356d6d51c245e485b576625e7ec6f44c42e9a637ed6b0bff5cb6f406b7edee"
            + "386bfb5a899fa5ae9f24117c4b1fe649286651ece45b3dc2007cb8a163bf0598da48361c55d39a69163fa8fd24cf5f8365"
            + "5d23dca3ad961c62f356208552bb9ed529077096966d670c354e4abc9804f1746c08ca18217c32905e462e36ce3be39e77"
            + "2c180e86039b2783a2ec07a28fb5c55df06f4c52c9de2bcbf6955817183995497cea956ae515d2261898fa051015728e5a"
            + "8aaac42dad33170d04507a33a85521abdf1cba64ecfb850458dbef0a8aea71575d060c7db3970f85a6e1e4c7abf5ae8cdb"
            + "0933d71e8c94e04a25619dcee3d2261ad2ee6bf12ffa06d98a0864d87602733ec86a64521f2b18177b200cbbe117577a61"
            + "5d6c770988c0bad946e208e24fa074e5ab3143db5bfce0fd108e4b82d120a93ad2caffffffffffffffff")
    /// The generator g = 2.
    package static let generator: [UInt8] = [2]
    /// The multiplier k = SHA256(pad(N) || pad(g)).
    package static let multiplier: [UInt8] = Array(SHA256.hash(data: padded(modulus) + padded(generator)))

    /// The client's private value a (already reduced mod N), big-endian.
    package let privateA: [UInt8]
    /// The public value A = g^a mod N, big-endian without leading zeros.
    package let publicA: [UInt8]

    /// Creates a client with a fresh random private value.
    package init(random: any RandomSource = SystemRandomSource()) throws(AuthError) {
        // 128 random bytes: 1024 bits, well below N, so no reduction is needed.
        var a = random.bytes(count: 128)
        if a.allSatisfy({ $0 == 0 }) { a[a.count - 1] = 1 }
        try self.init(privateA: a)
    }

    /// Creates a client with a given private value (for known-answer tests).
    package init(privateA: [UInt8]) throws(AuthError) {
        self.privateA = privateA
        self.publicA = try Self.modExp(base: Self.generator, exponent: privateA, secret: true)
        if publicA.allSatisfy({ $0 == 0 }) { throw .srpFailure("A ≡ 0 mod N") }
    }

    /// The SRP_A auth parameter: lowercase hex of A without padding.
    package var srpAHex: String {
        let text = Self.hex(Self.stripped(publicA))
        return text.hasPrefix("0") ? String(text.dropFirst()) : text
    }

    /// Every value derived while answering PASSWORD_VERIFIER; tests compare them with the vectors.
    package struct PasswordClaim: Sendable {
        /// u = SHA256(pad(A) || pad(B)) as an integer.
        package var u: [UInt8]
        /// x = SHA256(pad(salt) || SHA256(pool || user || ":" || password)) as an integer.
        package var x: [UInt8]
        /// The premaster secret S.
        package var premaster: [UInt8]
        /// The 16-byte HKDF key.
        package var key: [UInt8]
        /// PASSWORD_CLAIM_SIGNATURE: HMAC-SHA256 of the claim under `key`, base64-encoded.
        package var signature: String
    }

    /// Computes the PASSWORD_VERIFIER answer.
    ///
    /// - Parameters:
    ///   - poolName: the part of the pool id after `_`.
    ///   - userIdForSrp: the challenge's USER_ID_FOR_SRP (never the alias the user typed).
    ///   - saltHex: SALT exactly as the server sent it.
    ///   - password: the user's password.
    ///   - serverBHex: SRP_B.
    ///   - secretBlock: SECRET_BLOCK, base64 (other text is signed as its UTF-8 bytes).
    ///   - timestamp: the TIMESTAMP string that is also sent.
    package func passwordClaim(
        poolName: String, userIdForSrp: String, password: String, saltHex: String, serverBHex: String,
        secretBlock: String, timestamp: String
    ) throws(AuthError) -> PasswordClaim {
        guard let serverB = Self.bytes(fromHex: serverBHex), !serverB.isEmpty else {
            throw .srpFailure("the server's SRP_B is not hexadecimal")
        }
        guard let saltBytes = Self.bytes(fromHex: Self.padHex(saltHex)) else {
            throw .srpFailure("the server's SALT is not hexadecimal")
        }
        // Cognito's SECRET_BLOCK is base64 and is signed decoded. A block that is not base64 (stock moto
        // sends a UUID) is signed as its UTF-8 bytes: Cognito would reject that signature, and no server
        // learns more from it than from any block it chooses, so the same binary works against both.
        let secretBlockBytes = Data(base64Encoded: secretBlock) ?? Data(secretBlock.utf8)
        let u = Self.stripped(Array(SHA256.hash(data: Self.padded(publicA) + Self.padded(serverB))))
        if u.isEmpty { throw .srpFailure("u = 0") }
        let identity = SHA256.hash(data: Array("\(poolName)\(userIdForSrp):\(password)".utf8))
        let x = Self.stripped(Array(SHA256.hash(data: saltBytes + identity)))
        let premaster = try Self.premaster(serverB: serverB, x: x, u: u, a: privateA)
        let key = HKDF.sha256(
            inputKeyMaterial: Self.padded(premaster),
            salt: Self.padded(u),
            info: Array("Caldera Derived Key".utf8),
            outputByteCount: 16)
        var message = Array(poolName.utf8)
        message += Array(userIdForSrp.utf8)
        message += Array(secretBlockBytes)
        message += Array(timestamp.utf8)
        let mac = HMAC.sha256(key: key, message: message)
        return PasswordClaim(
            u: u, x: x, premaster: premaster, key: key, signature: Data(mac).base64EncodedString())
    }

    // MARK: Big-number helpers (libcrypto)

    static func modExp(base: [UInt8], exponent: [UInt8], secret: Bool) throws(AuthError) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: modulus.count)
        var length = 0
        let status = out.withUnsafeMutableBufferPointer { buffer in
            cbn_mod_exp(
                base, base.count, exponent, exponent.count, modulus, modulus.count, secret ? 1 : 0,
                buffer.baseAddress, buffer.count, &length)
        }
        guard status == CBN_OK else { throw .srpFailure("modular exponentiation failed (\(status.rawValue))") }
        return Array(out.prefix(length))
    }

    static func premaster(serverB: [UInt8], x: [UInt8], u: [UInt8], a: [UInt8]) throws(AuthError) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: modulus.count)
        var length = 0
        let status = out.withUnsafeMutableBufferPointer { buffer in
            cbn_srp_client_premaster(
                modulus, modulus.count, generator, generator.count, multiplier, multiplier.count,
                serverB, serverB.count, x, x.count, a, a.count, u, u.count,
                buffer.baseAddress, buffer.count, &length)
        }
        if status == CBN_ERR_ILLEGAL_PARAMETER { throw .srpFailure("the server sent B ≡ 0 mod N") }
        guard status == CBN_OK else { throw .srpFailure("computing the premaster secret failed (\(status.rawValue))") }
        return Array(out.prefix(length))
    }

    // MARK: Encoding helpers

    /// Removes leading zero bytes.
    static func stripped(_ bytes: [UInt8]) -> [UInt8] {
        Array(bytes.drop(while: { $0 == 0 }))
    }

    /// pad_hex on an integer: its minimal big-endian bytes, with a 00 byte in front when the top bit is set.
    static func padded(_ integer: [UInt8]) -> [UInt8] {
        let minimal = stripped(integer)
        guard let first = minimal.first else { return [0] }
        return first >= 0x80 ? [0] + minimal : minimal
    }

    /// pad_hex on a hex string: '0' in front of an odd length, else '00' in front of a digit ≥ 8.
    static func padHex(_ text: String) -> String {
        if text.count % 2 == 1 { return "0" + text }
        if let first = text.first, "89abcdefABCDEF".contains(first) { return "00" + text }
        return text
    }

    /// The bytes as lowercase hexadecimal text, two digits per byte.
    static func hex(_ bytes: [UInt8]) -> String {
        let digits: [UInt8] = Array("0123456789abcdef".utf8)
        var out = [UInt8]()
        out.reserveCapacity(bytes.count * 2)
        for byte in bytes {
            out.append(digits[Int(byte >> 4)])
            out.append(digits[Int(byte & 0x0f)])
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Parses hex (an odd length gets a leading zero); nil when a character is not a hex digit.
    static func bytes(fromHex text: String) -> [UInt8]? {
        var digits = Array(text.utf8)
        if digits.count % 2 == 1 { digits.insert(UInt8(ascii: "0"), at: 0) }
        var result = [UInt8]()
        result.reserveCapacity(digits.count / 2)
        var index = 0
        while index < digits.count {
            guard let high = nibble(digits[index]), let low = nibble(digits[index + 1]) else { return nil }
            result.append(high << 4 | low)
            index += 2
        }
        return result
    }

    private static func nibble(_ c: UInt8) -> UInt8? {
        switch c {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return c - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return c - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return c - UInt8(ascii: "A") + 10
        default: return nil
        }
    }

    private static func hexBytes(_ text: String) -> [UInt8] { bytes(fromHex: text) ?? [] }
}

extension SRPClient {
    /// The TIMESTAMP Cognito expects: `EEE MMM d HH:mm:ss UTC yyyy` in English, day not zero-padded.
    package static func timestamp(for date: Date) -> String {
        let civil = CivilDate(date)
        return "\(civil.weekdayAbbreviation) \(civil.monthAbbreviation) \(civil.day) "
            + "\(CivilDate.pad(civil.hour, 2)):\(CivilDate.pad(civil.minute, 2)):\(CivilDate.pad(civil.second, 2))"
            + " UTC \(civil.year)"
    }

    /// SECRET_HASH = base64(HMAC-SHA256(clientSecret, username + clientId)).
    package static func secretHash(username: String, clientId: String, clientSecret: String) -> String {
        let mac = HMAC.sha256(key: Array(clientSecret.utf8), message: Array((username + clientId).utf8))
        return Data(mac).base64EncodedString()
    }
}
