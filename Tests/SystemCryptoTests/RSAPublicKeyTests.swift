import Foundation
import SystemCrypto
import Testing

/// RS256 verification with moto's signing key and a token moto issued (`Tests/Vectors/jwt-moto.json`).
@Suite("RSAPublicKey")
struct RSAPublicKeyTests {
    /// The vendored moto tokens and key set; a missing file fails the test.
    struct MotoVector {
        let modulus: [UInt8]
        let exponent: [UInt8]
        let idToken: String

        init() throws {
            // #filePath = <repo>/Tests/SystemCryptoTests/RSAPublicKeyTests.swift
            let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .appendingPathComponent("Vectors/jwt-moto.json")
            let document = try #require(
                try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
            let jwks = try #require(document["jwks"] as? [String: Any])
            let key = try #require((jwks["keys"] as? [[String: Any]])?.first)
            modulus = try #require(Self.base64URL(key["n"] as? String))
            exponent = try #require(Self.base64URL(key["e"] as? String))
            idToken = try #require(document["idToken"] as? String)
        }

        static func base64URL(_ text: String?) -> [UInt8]? {
            guard var base64 = text?.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
            else { return nil }
            while base64.count % 4 != 0 { base64 += "=" }
            return Data(base64Encoded: base64).map(Array.init)
        }

        /// The signing input (`header.payload`) and the signature of the id token.
        var signed: (input: [UInt8], signature: [UInt8]) {
            get throws {
                let parts = idToken.split(separator: ".")
                try #require(parts.count == 3)
                let signature = try #require(Self.base64URL(String(parts[2])))
                return (Array("\(parts[0]).\(parts[1])".utf8), signature)
            }
        }
    }

    @Test("A moto-issued RS256 signature verifies; a changed message, signature or key does not")
    func motoSignature() throws {
        let vector = try MotoVector()
        let key = try RSAPublicKey(modulus: vector.modulus, exponent: vector.exponent)
        let (input, signature) = try vector.signed
        #expect(key.isValidSignature(signature, for: input))
        var message = input
        message[message.count - 1] ^= 0x01
        #expect(!key.isValidSignature(signature, for: message))
        var flipped = signature
        flipped[flipped.count / 2] ^= 0x80
        #expect(!key.isValidSignature(flipped, for: input))
        #expect(!key.isValidSignature(Array(signature.dropLast()), for: input))
        #expect(!key.isValidSignature([0] + signature, for: input))
        #expect(!key.isValidSignature([], for: input))
        var otherModulus = vector.modulus
        otherModulus[otherModulus.count - 1] ^= 0x02
        let other = try RSAPublicKey(modulus: otherModulus, exponent: vector.exponent)
        #expect(!other.isValidSignature(signature, for: input))
        let otherExponent = try RSAPublicKey(modulus: vector.modulus, exponent: [0x01, 0x00, 0x03])
        #expect(!otherExponent.isValidSignature(signature, for: input))
        // Leading zero bytes are not part of the numbers.
        let padded = try RSAPublicKey(modulus: [0, 0] + vector.modulus, exponent: [0] + vector.exponent)
        #expect(padded == key)
        #expect(padded.isValidSignature(signature, for: input))
    }

    @Test("Keys outside 2048...16384 bits, and even or trivial exponents, are refused")
    func keyChecks() throws {
        let vector = try MotoVector()
        #expect(throws: RSAPublicKey.KeyError.modulusSize(bits: 1024)) {
            try RSAPublicKey(modulus: [0x80] + [UInt8](repeating: 1, count: 127), exponent: [1, 0, 1])
        }
        #expect(throws: RSAPublicKey.KeyError.modulusSize(bits: 0)) {
            try RSAPublicKey(modulus: [0, 0], exponent: [1, 0, 1])
        }
        #expect(throws: RSAPublicKey.KeyError.modulusSize(bits: 16392)) {
            try RSAPublicKey(modulus: [0x80] + [UInt8](repeating: 1, count: 2048), exponent: [1, 0, 1])
        }
        for exponent: [UInt8] in [[], [0], [1], [0, 1], [1, 0, 0], [1] + [UInt8](repeating: 1, count: 8)] {
            #expect(throws: RSAPublicKey.KeyError.exponent) {
                try RSAPublicKey(modulus: vector.modulus, exponent: exponent)
            }
        }
        #expect(RSAPublicKey.KeyError.modulusSize(bits: 1024).description.contains("2048"))
    }
}
