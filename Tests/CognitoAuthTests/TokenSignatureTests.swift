import Foundation
import Testing

@testable import CognitoAuth

/// RS256 verification of Cognito tokens (``TokenVerifier/verifySignatures(_:jwks:)``) and the strict JWT
/// reading under it, with tokens moto issued and its key set (`Tests/Vectors/jwt-moto.json`).
@Suite("Token signatures")
struct TokenSignatureTests {
    /// The vendored moto tokens and key set; a missing file fails the test.
    struct MotoTokens {
        let idToken: String
        let accessToken: String
        let jwks: String

        init() throws {
            // #filePath = <repo>/Tests/CognitoAuthTests/TokenSignatureTests.swift
            let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .appendingPathComponent("Vectors/jwt-moto.json")
            let document = try #require(JSONValue.parse(Array(try Data(contentsOf: file))))
            idToken = try #require(document["idToken"]?.stringValue)
            accessToken = try #require(document["accessToken"]?.stringValue)
            jwks = String(decoding: try #require(document["jwks"]).encoded(), as: UTF8.self)
        }

        func tokens(id: String? = nil, access: String? = nil) throws -> CognitoTokens {
            try CognitoTokens(idToken: id ?? idToken, accessToken: access ?? accessToken, refreshToken: nil)
        }
    }

    static func base64URL(_ bytes: some Sequence<UInt8>) -> String {
        Data(bytes).base64EncodedString().replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
    }

    /// `token` with its header replaced by `header` (JSON text), payload and signature kept.
    static func withHeader(_ token: String, _ header: String) -> String {
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        return ([base64URL(Array(header.utf8))] + parts.dropFirst().map(String.init)).joined(separator: ".")
    }

    /// The message `verifySignatures` throws for `tokens`, or nil when they verify.
    static func rejection(_ tokens: CognitoTokens, jwks: String) async -> String? {
        do {
            try await TokenVerifier.verifySignatures(tokens, jwks: jwks)
            return nil
        } catch AuthError.invalidToken(let message) {
            return message
        } catch {
            return "unexpected error: \(error)"
        }
    }

    @Test("Tokens moto issued verify against moto's key set")
    func motoTokensVerify() async throws {
        let moto = try MotoTokens()
        #expect(await Self.rejection(try moto.tokens(), jwks: moto.jwks) == nil)
        let claims = try TokenClaims.decode(moto.idToken, what: "id token")
        #expect(claims.cognitoUsername == "alice")
        #expect(claims.tokenUse == "id")
    }

    @Test("A changed payload or signature is rejected as a signature mismatch, naming the token")
    func tampered() async throws {
        let moto = try MotoTokens()
        var parts = moto.idToken.split(separator: ".").map(String.init)
        var payload = try #require(Base64URL.decode(parts[1].utf8))
        let claims = String(decoding: payload, as: UTF8.self).replacingOccurrences(of: "alice", with: "mallo")
        payload = Array(claims.utf8)
        parts[1] = Self.base64URL(payload)
        let forgedPayload = parts.joined(separator: ".")
        #expect(
            await Self.rejection(try moto.tokens(id: forgedPayload), jwks: moto.jwks)
                == "the id token was rejected: its signature does not match the pool's keys")
        var signatureParts = moto.accessToken.split(separator: ".").map(String.init)
        var signature = Array(signatureParts[2])
        let middle = signature.count / 2
        signature[middle] = signature[middle] == "A" ? "B" : "A"
        signatureParts[2] = String(signature)
        #expect(
            await Self.rejection(try moto.tokens(access: signatureParts.joined(separator: ".")), jwks: moto.jwks)
                == "the access token was rejected: its signature does not match the pool's keys")
        // A signature one byte short (wrong length for the key).
        var short = moto.idToken.split(separator: ".").map(String.init)
        let shortSignature = try #require(Base64URL.decode(short[2].utf8)).dropLast()
        short[2] = Self.base64URL(shortSignature)
        #expect(
            await Self.rejection(try moto.tokens(id: short.joined(separator: ".")), jwks: moto.jwks)
                == "the id token was rejected: its signature does not match the pool's keys")
    }

    @Test("An unknown or missing kid is a key the pool does not publish (which refetches the key set)")
    func unknownKey() async throws {
        let moto = try MotoTokens()
        for header in [#"{"typ":"JWT","kid":"rotated","alg":"RS256"}"#, #"{"typ":"JWT","alg":"RS256"}"#] {
            let message = await Self.rejection(
                try moto.tokens(id: Self.withHeader(moto.idToken, header)), jwks: moto.jwks)
            #expect(message == "the id token was rejected: it was signed with a key the pool does not publish")
            #expect(TokenVerifier.isUnknownKey(AuthError.invalidToken(message ?? "")))
        }
        // A key set without RSA signature keys publishes nothing the tokens can name.
        let others = #"{"keys":[{"kty":"EC","kid":"dummy","crv":"P-256","x":"AA","y":"AA"}]}"#
        #expect(
            await Self.rejection(try moto.tokens(), jwks: others)
                == "the id token was rejected: it was signed with a key the pool does not publish")
        #expect(
            await Self.rejection(try moto.tokens(), jwks: #"{"keys":[]}"#)
                == "the id token was rejected: it was signed with a key the pool does not publish")
    }

    @Test("Only RS256 is accepted: none, HS256 and the rest are refused before any key is used")
    func algorithms() async throws {
        let moto = try MotoTokens()
        for alg in ["none", "HS256", "RS384", "PS256", "rs256", ""] {
            let token = Self.withHeader(moto.idToken, #"{"typ":"JWT","kid":"dummy","alg":"\#(alg)"}"#)
            #expect(
                await Self.rejection(try moto.tokens(id: token), jwks: moto.jwks)
                    == "the id token was rejected: it could not be verified", "alg \(alg)")
        }
        let noAlg = Self.withHeader(moto.idToken, #"{"typ":"JWT","kid":"dummy"}"#)
        #expect(
            await Self.rejection(try moto.tokens(id: noAlg), jwks: moto.jwks)
                == "the id token was rejected: it could not be verified")
        // alg none with no signature at all is not even a well-formed JWT.
        let parts = moto.idToken.split(separator: ".").map(String.init)
        let unsigned = Self.base64URL(Array(#"{"alg":"none"}"#.utf8)) + "." + parts[1] + "."
        #expect(throws: AuthError.invalidToken("the id token is not a well-formed JWT")) {
            try TokenClaims.decode(unsigned, what: "id token")
        }
    }

    @Test("Malformed compact serialisations are refused: segments, padding, alphabet, empty signature, header")
    func malformed() throws {
        let moto = try MotoTokens()
        let parts = moto.idToken.split(separator: ".").map(String.init)
        let keys = try JSONWebKeySet(json: Array(moto.jwks.utf8))
        #expect(TokenVerifier.signatureRejection(of: moto.idToken, keys: keys) == nil)
        let malformed: [String] = [
            "", "not-a-jwt", parts[0] + "." + parts[1], moto.idToken + ".", moto.idToken + "." + parts[2],
            parts[0] + "." + parts[1] + ".",  // empty signature
            parts[0] + "=." + parts[1] + "." + parts[2],  // padding
            parts[0] + "." + parts[1] + "." + parts[2] + "==",
            // The standard base64 alphabet, not base64url.
            parts[0].replacingOccurrences(of: "-", with: "+") + "+." + parts[1] + "." + parts[2],
            parts[0] + "." + parts[1] + "." + parts[2].dropLast() + "!",
            Self.base64URL(Array("[1,2]".utf8)) + "." + parts[1] + "." + parts[2],  // header not an object
            parts[0] + "." + Self.base64URL(Array("not json".utf8)) + "." + parts[2],
            " " + moto.idToken,
        ]
        for token in malformed {
            #expect(TokenVerifier.signatureRejection(of: token, keys: keys) != nil, "\(token.prefix(40))")
            #expect(throws: AuthError.invalidToken("the id token is not a well-formed JWT")) {
                try TokenClaims.decode(token, what: "id token")
            }
        }
        // A well-formed token whose payload is not JSON fails after its (here: mismatching) signature.
        #expect(
            TokenVerifier.signatureRejection(
                of: parts[0] + "." + Self.base64URL(Array("not json".utf8)) + "." + parts[2], keys: keys)
                == "its signature does not match the pool's keys")
    }

    @Test("Base64url is decoded strictly: canonical, unpadded, URL alphabet only")
    func base64URLStrict() {
        #expect(Base64URL.decode("".utf8) == [])
        #expect(Base64URL.decode("Zg".utf8) == Array("f".utf8))
        #expect(Base64URL.decode("Zm8".utf8) == Array("fo".utf8))
        #expect(Base64URL.decode("Zm9v".utf8) == Array("foo".utf8))
        #expect(Base64URL.decode("-_8".utf8) == [0xfb, 0xff])
        #expect(Base64URL.decode("Zg==".utf8) == nil)  // padding
        #expect(Base64URL.decode("Z".utf8) == nil)  // 4n + 1 characters
        #expect(Base64URL.decode("Zh".utf8) == nil)  // non-zero trailing bits
        #expect(Base64URL.decode("+/8".utf8) == nil)  // standard alphabet
        #expect(Base64URL.decode("Zm 9v".utf8) == nil)
    }

    @Test("A key set that is not JSON, has no keys array, or has an unusable RSA key cannot be read")
    func unreadableKeySets() async throws {
        let moto = try MotoTokens()
        let key = try #require(JSONValue.parse(Array(moto.jwks.utf8))?["keys"]?.arrayValue?.first?.objectValue)
        func set(_ changes: [String: JSONValue]) -> String {
            var entry = key
            for (name, value) in changes { entry[name] = value }
            return String(decoding: JSONValue.object(["keys": .array([.object(entry)])]).encoded(), as: UTF8.self)
        }
        let small = Self.base64URL([0xC1] + [UInt8](repeating: 0x35, count: 127))  // 1024 bits
        let duplicate = String(
            decoding: JSONValue.object(["keys": .array([.object(key), .object(key)])]).encoded(), as: UTF8.self)
        let unreadable: [String] = [
            "", "not json", "[]", #"{"keys":{}}"#, #"{"keys":[1]}"#, set(["n": .string(small)]),
            set(["n": "AQAB="]), set(["e": .string("AAAA")]), set(["n": .number(1)]), duplicate,
        ]
        for jwks in unreadable {
            #expect(
                await Self.rejection(try moto.tokens(), jwks: jwks)
                    == "the pool's key set (JWKS) could not be read", "\(jwks.prefix(60))")
        }
        // Keys for encryption or another algorithm are skipped, not fatal.
        #expect(
            await Self.rejection(try moto.tokens(), jwks: set(["use": "enc"]))
                == "the id token was rejected: it was signed with a key the pool does not publish")
        #expect(
            await Self.rejection(try moto.tokens(), jwks: set(["alg": "RS512"]))
                == "the id token was rejected: it was signed with a key the pool does not publish")
        #expect(
            await Self.rejection(try moto.tokens(), jwks: set(["kty": "oct"]))
                == "the id token was rejected: it was signed with a key the pool does not publish")
        #expect(await Self.rejection(try moto.tokens(), jwks: set(["use": "sig", "alg": "RS256"])) == nil)
    }
}
