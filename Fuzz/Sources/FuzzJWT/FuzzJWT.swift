// Fuzzes the unverified JWT decoding: `TokenClaims.decode(_:what:)` (the strict compact-JWT reader plus the
// lenient claim decoding) and `CognitoTokens(idToken:accessToken:refreshToken:)` with its derived values.
//
// Input layout: byte 0 picks how the token is built, so the fuzzer spends most of its time past
// the base64url layer:
//   0: the rest is the token text as is;
//   1: the rest is the payload JSON, base64url-encoded between a fixed RS256 header and signature;
//   2: the rest is header JSON, 0xFF, payload JSON, 0xFF, signature bytes, each base64url-encoded;
//   3: like 1, and the token is paired with a well-formed token (as id token, then as access token).
import CognitoAuth
import Foundation
import FuzzSupport

private let fixedHeader = #"{"kid":"abcdEXAMPLEkid=","alg":"RS256"}"#
private let fixedSignature = Array("signature-bytes-that-are-never-verified".utf8)
private let wellFormedToken = token(
    header: Array(fixedHeader.utf8),
    payload: Array(
        #"{"sub":"0f1e2d3c","token_use":"access","exp":1900000000,"iat":1899996400,"username":"alice"}"#.utf8),
    signature: fixedSignature)

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    withFuzzInput(data, size) { bytes in
        var reader = FuzzReader(bytes)
        let mode = reader.byte() % 4
        let text: String
        switch mode {
        case 0:
            text = String(decoding: reader.rest, as: UTF8.self)
        case 1, 3:
            text = token(header: Array(fixedHeader.utf8), payload: Array(reader.rest), signature: fixedSignature)
        default:
            let header = reader.until(0xFF)
            let payload = reader.until(0xFF)
            text = token(header: Array(header), payload: Array(payload), signature: Array(reader.rest))
        }
        let claims = checkClaims(text)
        checkTokens(id: text, access: text, idClaims: claims, accessClaims: claims)
        if mode == 3 {
            let other = try? TokenClaims.decode(wellFormedToken, what: "access token")
            fuzzExpect(other != nil, "the well-formed token did not decode")
            checkTokens(id: text, access: wellFormedToken, idClaims: claims, accessClaims: other)
            checkTokens(id: wellFormedToken, access: text, idClaims: other, accessClaims: claims)
        }
    }
}

private func checkClaims(_ text: String) -> TokenClaims? {
    let claims: TokenClaims
    do throws(AuthError) {
        claims = try TokenClaims.decode(text, what: "id token")
    } catch {
        guard case .invalidToken(let message) = error else {
            fuzzExpect(false, "TokenClaims.decode threw \(error), not invalidToken")
            return nil
        }
        fuzzExpect(message == "the id token is not a well-formed JWT", "unexpected message: \(message)")
        return nil
    }
    _ = claims.preferredUsername
    if claims.cognitoUsername != nil {
        fuzzExpect(claims.preferredUsername == claims.cognitoUsername, "preferredUsername")
    }
    // A decodable token decodes the same way twice.
    if let again = try? TokenClaims.decode(text, what: "id token") {
        fuzzExpect(
            same(again.exp, claims.exp) && same(again.iat, claims.iat) && again.sub == claims.sub
                && again.aud == claims.aud && again.preferredUsername == claims.preferredUsername,
            "decoding is not deterministic")
    } else {
        fuzzExpect(false, "a token that decoded once failed to decode again")
    }
    return claims
}

private func checkTokens(id: String, access: String, idClaims: TokenClaims?, accessClaims: TokenClaims?) {
    let expected = idClaims?.exp != nil && accessClaims?.exp != nil
    let tokens: CognitoTokens
    do throws(AuthError) {
        tokens = try CognitoTokens(idToken: id, accessToken: access, refreshToken: "opaque-refresh-token")
    } catch {
        fuzzExpect(!expected, "CognitoTokens rejected tokens whose claims decode with exp: \(error)")
        guard case .invalidToken = error else {
            fuzzExpect(false, "CognitoTokens threw \(error), not invalidToken")
            return
        }
        return
    }
    fuzzExpect(expected, "CognitoTokens accepted tokens whose claims did not decode with exp")
    guard let idExp = idClaims?.exp, let accessExp = accessClaims?.exp else { return }
    // Date keeps seconds since 2001, so reading back seconds since 1970 rounds in the last bits.
    fuzzExpect(close(tokens.idTokenExpiration.timeIntervalSince1970, idExp), "idTokenExpiration differs from exp")
    fuzzExpect(
        close(tokens.accessTokenExpiration.timeIntervalSince1970, accessExp), "accessTokenExpiration differs from exp")
    // The derived values must not trap for any exp/iat, including huge, negative and NaN ones.
    _ = tokens.expiration
    let margin = tokens.margin(preferred: 300)
    fuzzExpect(margin.isNaN || margin <= 300, "margin \(margin) exceeds the preferred margin")
    fuzzExpect(margin.isNaN || margin >= 0, "margin \(margin) is negative")
    _ = tokens.areValid(at: Date(timeIntervalSince1970: 1_800_000_000), preferredMargin: 300)
    let description = tokens.description
    fuzzExpect(!description.contains(access) || access.count <= 12, "the description leaks the access token")
    fuzzExpect(!description.contains("opaque-refresh-token"), "the description leaks the refresh token")
    _ = tokens.idClaims
    _ = tokens.accessClaims
    // Codable round trip, as the session store persists tokens.
    if let encoded = try? JSONEncoder().encode(tokens) {
        _ = try? JSONDecoder().decode(CognitoTokens.self, from: encoded)
    }
}

private func same(_ a: Double, _ b: Double) -> Bool { a == b || (a.isNaN && b.isNaN) }
private func close(_ a: Double, _ b: Double) -> Bool { same(a, b) || abs(a - b) <= 1e-6 + abs(b) * 1e-15 }
private func same(_ a: Double?, _ b: Double?) -> Bool {
    switch (a, b) {
    case (nil, nil): return true
    case (let a?, let b?): return same(a, b)
    default: return false
    }
}

private func base64url(_ bytes: [UInt8]) -> String {
    Data(bytes).base64EncodedString()
        .replacingOccurrences(of: "+", with: "-")
        .replacingOccurrences(of: "/", with: "_")
        .replacingOccurrences(of: "=", with: "")
}

private func token(header: [UInt8], payload: [UInt8], signature: [UInt8]) -> String {
    "\(base64url(header)).\(base64url(payload)).\(base64url(signature))"
}
