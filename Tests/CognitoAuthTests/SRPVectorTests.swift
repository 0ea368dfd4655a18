import CognitoAuthTesting
import Foundation
import Testing

@testable import CognitoAuth

/// Where the SRP vectors live: `$LATCHKEY_VECTORS_DIR`, else the vendored `<repo>/Tests/Vectors`.
enum SRPVectors {
    static let directory: URL = {
        if let explicit = ProcessInfo.processInfo.environment["LATCHKEY_VECTORS_DIR"], !explicit.isEmpty {
            return URL(fileURLWithPath: explicit)
        }
        // #filePath = <repo>/Tests/CognitoAuthTests/SRPVectorTests.swift
        let tests = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        return tests.appendingPathComponent("Vectors")
    }()

    static var pycognitoPath: String { directory.appendingPathComponent("srp-pycognito.json").path }

    static var available: Bool { FileManager.default.fileExists(atPath: pycognitoPath) }

    static let document: JSONValue? = {
        guard let data = FileManager.default.contents(atPath: pycognitoPath) else { return nil }
        return JSONValue.parse(data)
    }()

    static var cases: [JSONValue] { document?["cases"]?.arrayValue ?? [] }

    /// The case names, used as test arguments (empty when the file is absent; `vectorFileHasCases` then fails).
    static var caseNames: [String] { cases.compactMap { $0["name"]?.stringValue } }

    static func `case`(named name: String) -> JSONValue? {
        cases.first { $0["name"]?.stringValue == name }
    }
}

/// Reads a string field or fails the test.
private func field(_ object: JSONValue?, _ key: String, sourceLocation: SourceLocation = #_sourceLocation) throws
    -> String
{
    try #require(object?[key]?.stringValue, "missing \(key)", sourceLocation: sourceLocation)
}

private func bytes(_ hex: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> [UInt8] {
    try #require(SRPClient.bytes(fromHex: hex), "not hex: \(hex.prefix(20))", sourceLocation: sourceLocation)
}

private func parseUTC(_ text: String) throws -> Date {
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withInternetDateTime]
    return try #require(formatter.date(from: text), "bad utc_datetime \(text)")
}

@Suite("SRP known answers")
struct SRPVectorTests {
    // MARK: pycognito

    @Test(
        "The pycognito vector file has its six cases (fails, never skips, when the file is missing)")
    func vectorFileHasCases() throws {
        #expect(SRPVectors.cases.count == 6)
        let conventions = SRPVectors.document?["conventions"]
        #expect(try field(conventions, "k_hex") == hexString(SRPClient.multiplier))
        #expect(try field(conventions, "N_hex") == hexString(SRPClient.modulus))
    }

    @Test(
        "A pycognito case: A, u, x, S, the HKDF key, the signature, SECRET_HASH and TIMESTAMP",
        arguments: SRPVectors.caseNames)
    func pycognitoCase(_ name: String) throws {
        let vector = try #require(SRPVectors.case(named: name))
        let inputs = vector["inputs"]
        let expected = vector["expected"]

        let poolId = try field(inputs, "pool_id")
        let poolName = try field(inputs, "pool_name")
        let pool = UserPoolConfiguration(
            poolId: poolId, appClientId: try field(inputs, "client_id"), region: "us-east-1")
        #expect(pool.poolName == poolName)

        let userIdForSrp = try field(inputs, "user_id_for_srp")
        let password = try field(inputs, "password")
        #expect(hexString(Array(password.utf8)) == (try field(inputs, "password_utf8_hex")))
        #expect(hexString(Array(userIdForSrp.utf8)) == (try field(inputs, "user_id_for_srp_utf8_hex")))

        let client = try SRPClient(privateA: try bytes(try field(inputs, "small_a_hex")))
        let srpA = try field(expected, "srp_a_param")
        // SRP_A is unpadded: an A whose top nibble is 0 is sent as odd-length hex ("afa…"), like pycognito.
        #expect(client.srpAHex == srpA)
        #expect(integerHex(client.srpAHex) == integerHex(srpA))
        #expect(hexString(SRPClient.padded(client.publicA)) == (try field(expected, "large_a_padded_hex")))
        #expect(SRPClient.padHex(try field(inputs, "srp_b_hex")) == (try field(expected, "large_b_padded_hex")))
        #expect(SRPClient.padHex(try field(inputs, "salt_hex")) == (try field(expected, "salt_padded_hex")))

        let timestamp = try field(inputs, "timestamp")
        #expect(SRPClient.timestamp(for: try parseUTC(try field(inputs, "utc_datetime"))) == timestamp)

        let claim = try client.passwordClaim(
            poolName: poolName, userIdForSrp: userIdForSrp, password: password, saltHex: try field(inputs, "salt_hex"),
            serverBHex: try field(inputs, "srp_b_hex"), secretBlock: try field(inputs, "secret_block_b64"),
            timestamp: timestamp)
        #expect(integerHex(claim.u) == integerHex(try field(expected, "u_hex")))
        #expect(hexString(SRPClient.padded(claim.u)) == (try field(expected, "hkdf_salt_hex")))
        #expect(SRPClient.padded(claim.u).count == Int(try field(expected, "hkdf_salt_len")))
        #expect(integerHex(claim.x) == integerHex(try field(expected, "x_hex")))
        #expect(integerHex(claim.premaster) == integerHex(try field(expected, "s_hex")))
        #expect(hexString(SRPClient.padded(claim.premaster)) == (try field(expected, "s_padded_hex")))
        #expect(SRPClient.padded(claim.premaster).count == Int(try field(expected, "s_padded_len")))
        #expect(hexString(claim.key) == (try field(expected, "hkdf_key_hex")))
        #expect(claim.signature == (try field(expected, "password_claim_signature")))

        let response = expected?["challenge_response"]
        #expect(try field(response, "PASSWORD_CLAIM_SIGNATURE") == claim.signature)
        #expect(try field(response, "TIMESTAMP") == timestamp)
        #expect(try field(response, "USERNAME") == userIdForSrp)

        if let secret = inputs?["client_secret"]?.stringValue {
            let initiate = SRPClient.secretHash(
                username: try field(inputs, "username"), clientId: try field(inputs, "client_id"), clientSecret: secret)
            #expect(initiate == (try field(expected, "secret_hash_initiate")))
            // The challenge answer's SECRET_HASH is computed for the challenge's USERNAME.
            let challenge = SRPClient.secretHash(
                username: try field(response, "USERNAME"), clientId: try field(inputs, "client_id"),
                clientSecret: secret)
            #expect(challenge == (try field(response, "SECRET_HASH")))
            // The API layer uses the same rule.
            let api = UserPoolAPI(
                client: AWSJSONClient(
                    targetPrefix: AWSJSONClient.userPoolsTarget, endpoint: pool.resolvedEndpoint,
                    transport: ScriptedTransport { _ in ScriptedTransport.json([:]) }),
                pool: UserPoolConfiguration(
                    poolId: poolId, appClientId: try field(inputs, "client_id"), appClientSecret: secret,
                    region: "us-east-1"))
            #expect(api.secretHash(try field(inputs, "username")) == initiate)
        } else {
            #expect(expected?["secret_hash_initiate"] == nil)
        }
    }

    @Test(
        "SRPClient(random:) uses the random bytes as a")
    func randomInitialiserUsesTheRandomBytes() throws {
        let vector = try #require(SRPVectors.cases.first)
        let a = try bytes(try field(vector["inputs"], "small_a_hex"))
        try #require(a.count <= 128)
        let padded = [UInt8](repeating: 0, count: 128 - a.count) + a
        let client = try SRPClient(random: FixedRandomSource(fixed: padded))
        #expect(client.srpAHex == (try field(vector["expected"], "srp_a_param")))
    }

    // MARK: Published vectors (srp-published.md)

    @Test("k = SHA256(pad(N) || pad(g)) (item 1)")
    func multiplier() {
        #expect(hexString(SRPClient.multiplier) == "538282c4354742d7cbbde2359fcf67f9f5b3a6b08791e5011b43b8a5b66d9ee6")
        #expect(SRPClient.modulus.count == 384)
        #expect(SRPClient.generator == [2])
    }

    @Test("Small numbers a = B = salt = 1234567890 (item 2, cognito-srp)")
    func smallNumbers() throws {
        // 1234567890 = 0x499602D2, big-endian.
        let value: UInt32 = 1_234_567_890
        let be = withUnsafeBytes(of: value.bigEndian) { Array($0) }
        #expect(be == [0x49, 0x96, 0x02, 0xd2])
        let valueHex = hexString(be)

        let client = try SRPClient(privateA: be)
        let secretBlock = Data("secretssecrestssecrets".utf8).base64EncodedString()
        let timestamp = "Tue Jul 10 11:01:00 UTC 2018"
        let pool = UserPoolConfiguration(poolId: "eu-west-1_myPool", appClientId: "123abd", region: "eu-west-1")
        let claim = try client.passwordClaim(
            poolName: pool.poolName, userIdForSrp: "test", password: "test", saltHex: valueHex, serverBHex: valueHex,
            secretBlock: secretBlock, timestamp: timestamp)
        #expect(hexString(claim.key) == "d96cde6c95dda17175c1293140c5a81f")
        #expect(claim.signature == "tdvQu/Li/qWl8Nni0aFPs+MwY4rvKZm0kSMrGIMSUHk=")
        #expect(
            SRPClient.secretHash(username: "test", clientId: "123abd", clientSecret: "clientSecret")
                == "LoIX/oPJWZzFYv8liJYRo+CHv16FNDY10JlZEDjL3Vg=")
        let date = try parseUTC("2018-07-10T11:01:00Z")
        #expect(SRPClient.timestamp(for: date) == timestamp)
    }

    @Test("TIMESTAMP: single-digit day is not padded (item 3)")
    func timestampSingleDigitDay() throws {
        #expect(SRPClient.timestamp(for: try parseUTC("2000-02-01T03:04:05Z")) == "Tue Feb 1 03:04:05 UTC 2000")
        // Fractional seconds are truncated, not rounded.
        let almost = try parseUTC("2000-02-01T03:04:05Z").addingTimeInterval(0.999)
        #expect(SRPClient.timestamp(for: almost) == "Tue Feb 1 03:04:05 UTC 2000")
    }

    @Test(
        "TIMESTAMP agrees with a POSIX-locale formatter",
        arguments: [
            "1970-01-01T00:00:00Z", "1999-12-31T23:59:59Z", "2000-02-29T12:00:00Z", "2024-02-29T00:00:01Z",
            "2100-03-01T09:09:09Z", "1969-12-31T23:59:59Z", "2038-01-19T03:14:08Z",
        ])
    func timestampMatchesFormatter(_ text: String) throws {
        let date = try parseUTC(text)
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "EEE MMM d HH:mm:ss 'UTC' yyyy"
        #expect(SRPClient.timestamp(for: date) == formatter.string(from: date))
    }

    @Test("padHex for 0...256 (item 5, non-negative part)")
    func padHexNonNegative() {
        func rule(_ value: Int) -> String {
            let hex = String(value, radix: 16)
            if hex.count % 2 == 1 { return "0" + hex }
            if let first = hex.first, "89abcdef".contains(first) { return "00" + hex }
            return hex
        }
        for value in 0...256 {
            let hex = String(value, radix: 16)
            #expect(SRPClient.padHex(hex) == rule(value), "padHex(\(value))")
            // The byte-level padding agrees with the string-level one.
            var bytes: [UInt8] = []
            var remaining = value
            while remaining > 0 {
                bytes.insert(UInt8(remaining & 0xff), at: 0)
                remaining >>= 8
            }
            #expect(hexString(SRPClient.padded(bytes)) == rule(value), "padded(\(value))")
        }
        // amplify-js spot values.
        #expect(SRPClient.padHex("0") == "00")
        #expect(SRPClient.padHex("f") == "0f")
        #expect(SRPClient.padHex("7f") == "7f")
        #expect(SRPClient.padHex("80") == "0080")
        #expect(SRPClient.padHex("ff") == "00ff")
        #expect(SRPClient.padHex("100") == "0100")
        #expect(SRPClient.padHex("FF") == "00FF")
    }

    @Test("B ≡ 0 mod N is rejected with srpFailure", arguments: ["zero", "N", "2N"])
    func zeroBIsRejected(_ which: String) throws {
        let modulusHex = hexString(SRPClient.modulus)
        let serverB: String
        switch which {
        case "zero": serverB = "00"
        case "N": serverB = modulusHex
        default:
            // 2N: shift N left by one bit.
            var doubled = [UInt8](repeating: 0, count: SRPClient.modulus.count + 1)
            var carry: UInt8 = 0
            for index in stride(from: SRPClient.modulus.count - 1, through: 0, by: -1) {
                let byte = SRPClient.modulus[index]
                doubled[index + 1] = (byte << 1) | carry
                carry = byte >> 7
            }
            doubled[0] = carry
            serverB = hexString(doubled)
        }
        let client = try SRPClient(privateA: [0x12, 0x34])
        #expect {
            _ = try client.passwordClaim(
                poolName: "p", userIdForSrp: "u", password: "x", saltHex: "ab", serverBHex: serverB,
                secretBlock: "AAAA", timestamp: "Tue Feb 1 03:04:05 UTC 2000")
        } throws: { error in
            guard case AuthError.srpFailure = error else { return false }
            return true
        }
    }

    @Test("Malformed server values are srpFailure, not crashes")
    func malformedServerValues() throws {
        let client = try SRPClient(privateA: [0x12, 0x34])
        func attempt(salt: String = "ab", b: String = "1234", block: String = "AAAA") -> AuthError? {
            do {
                _ = try client.passwordClaim(
                    poolName: "p", userIdForSrp: "u", password: "x", saltHex: salt, serverBHex: b, secretBlock: block,
                    timestamp: "t")
                return nil
            } catch { return error }
        }
        // A SECRET_BLOCK that is not base64 (stock moto sends a UUID) is signed as its UTF-8 bytes.
        #expect(attempt(block: "5f0c2d7e-1b2a-4c3d-9e8f-0a1b2c3d4e5f").map { "\($0)" } == nil)
        for error in [attempt(b: "xyz"), attempt(b: ""), attempt(salt: "zz")] {
            guard case .srpFailure? = error else {
                Issue.record("expected srpFailure, got \(String(describing: error))")
                continue
            }
        }
    }
}
