import SystemCrypto
import Testing

/// The libcrypto-backed primitives against published vectors.
@Suite("SystemCrypto vectors")
struct SystemCryptoVectorTests {
    static func hex(_ bytes: [UInt8]) -> String {
        bytes.map { byte in
            let digits = Array("0123456789abcdef")
            return String([digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]])
        }.joined()
    }

    static func bytes(hex: String) -> [UInt8] {
        var result: [UInt8] = []
        var index = hex.startIndex
        while index < hex.endIndex {
            let next = hex.index(index, offsetBy: 2)
            result.append(UInt8(hex[index..<next], radix: 16) ?? 0)
            index = next
        }
        return result
    }

    @Test("SHA-256: FIPS 180-2 appendix B (\"abc\", the two-block message) and the empty message")
    func sha256() {
        #expect(
            Self.hex(SHA256.hash(data: Array("abc".utf8)))
                == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(
            Self.hex(SHA256.hash(data: Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8)))
                == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        #expect(
            Self.hex(SHA256.hash(data: [UInt8]()))
                == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        // A sequence without contiguous storage hashes the same as its bytes.
        #expect(SHA256.hash(data: "abc".utf8.lazy.map { $0 }) == SHA256.hash(data: Array("abc".utf8)))
    }

    @Test("HMAC-SHA256: RFC 4231 test cases 1, 2 and 6 (a key longer than the block)")
    func hmacSHA256() {
        #expect(
            Self.hex(HMAC.sha256(key: [UInt8](repeating: 0x0b, count: 20), message: Array("Hi There".utf8)))
                == "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7")
        #expect(
            Self.hex(HMAC.sha256(key: Array("Jefe".utf8), message: Array("what do ya want for nothing?".utf8)))
                == "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843")
        #expect(
            Self.hex(
                HMAC.sha256(
                    key: [UInt8](repeating: 0xaa, count: 131),
                    message: Array("Test Using Larger Than Block-Size Key - Hash Key First".utf8)))
                == "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54")
    }

    @Test("HMAC-SHA1: RFC 2202 test cases 1 and 2")
    func hmacSHA1() {
        #expect(
            Self.hex(HMAC.sha1(key: [UInt8](repeating: 0x0b, count: 20), message: Array("Hi There".utf8)))
                == "b617318655057264e28bc0b6fb378c8ef146be00")
        #expect(
            Self.hex(HMAC.sha1(key: Array("Jefe".utf8), message: Array("what do ya want for nothing?".utf8)))
                == "effcdf6ae5eb2fa2d27416d5f184df9c259a7c79")
    }

    @Test("HKDF-SHA256: RFC 5869 A.1 and A.3 (empty salt and info), and a 16-byte prefix of A.1")
    func hkdf() {
        let ikm = [UInt8](repeating: 0x0b, count: 22)
        let okm = HKDF.sha256(
            inputKeyMaterial: ikm, salt: Self.bytes(hex: "000102030405060708090a0b0c"),
            info: Self.bytes(hex: "f0f1f2f3f4f5f6f7f8f9"), outputByteCount: 42)
        #expect(
            Self.hex(okm)
                == "3cb25f25faacd57a90434f64d0362f2a2d2d0a90cf1a5a4c5db02d56ecc4c5bf34007208d5b887185865")
        let short = HKDF.sha256(
            inputKeyMaterial: ikm, salt: Self.bytes(hex: "000102030405060708090a0b0c"),
            info: Self.bytes(hex: "f0f1f2f3f4f5f6f7f8f9"), outputByteCount: 16)
        #expect(short == Array(okm.prefix(16)))
        #expect(
            Self.hex(HKDF.sha256(inputKeyMaterial: ikm, salt: [], info: [], outputByteCount: 42))
                == "8da4e775a563c18f715f802a063c5a31b8a11f5c5ee1879ec3454e5f3c738d2d9d201395faa4b61a96c8")
    }
}
