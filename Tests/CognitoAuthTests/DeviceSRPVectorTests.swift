import Foundation
import Testing

@testable import CognitoAuth

/// Device SRP against known answers computed independently (Fixtures/device-srp/generate.py, the
/// amplify-js AuthenticationHelper maths in plain Python).
enum DeviceSRPVectors {
    static let path: String = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/device-srp/vectors.json").path

    static let cases: [JSONValue] = {
        guard let data = FileManager.default.contents(atPath: path) else { return [] }
        return JSONValue.parse(data)?["cases"]?.arrayValue ?? []
    }()

    static var names: [String] { cases.compactMap { $0["name"]?.stringValue } }

    static func value(_ name: String, _ key: String) throws -> String {
        let found = cases.first { $0["name"]?.stringValue == name }
        return try #require(found?[key]?.stringValue, "vector \(name) has no \(key)")
    }
}

@Suite struct DeviceSRPVectorTests {
    @Test func vectorsArePresent() {
        #expect(DeviceSRPVectors.names.count == 3)
    }

    @Test(arguments: DeviceSRPVectors.names)
    func confirmDeviceVerifierMatches(_ name: String) throws {
        let v = { (key: String) in try DeviceSRPVectors.value(name, key) }
        let salt = try #require(SRPClient.bytes(fromHex: try v("randomSalt")))
        let verifier = try SRPClient.deviceVerifier(
            deviceGroupKey: try v("deviceGroupKey"), deviceKey: try v("deviceKey"), password: try v("devicePassword"),
            salt: salt)
        let found = DeviceSRPVectors.cases.first { $0["name"]?.stringValue == name }
        let expected = try #require(found?["confirmDevice"])
        #expect(Data(verifier.salt).base64EncodedString() == expected["Salt"]?.stringValue)
        #expect(Data(verifier.verifier).base64EncodedString() == expected["PasswordVerifier"]?.stringValue)
    }

    @Test(arguments: DeviceSRPVectors.names)
    func devicePasswordClaimMatches(_ name: String) throws {
        let v = { (key: String) in try DeviceSRPVectors.value(name, key) }
        let privateA = try #require(SRPClient.bytes(fromHex: try v("a")))
        let srp = try SRPClient(privateA: privateA)
        #expect(
            SRPClient.hex(SRPClient.stripped(srp.publicA))
                == SRPClient.hex(SRPClient.stripped(try #require(SRPClient.bytes(fromHex: try v("A"))))))
        let device = TrackedDevice(
            username: "someone", deviceKey: try v("deviceKey"), deviceGroupKey: try v("deviceGroupKey"),
            devicePassword: try v("devicePassword"))
        let claim = try srp.devicePasswordClaim(
            device: device, saltHex: try v("SALT"), serverBHex: try v("SRP_B"), secretBlock: try v("SECRET_BLOCK"),
            timestamp: try v("TIMESTAMP"))
        let strippedHex = { (hex: String) in SRPClient.hex(SRPClient.stripped(SRPClient.bytes(fromHex: hex) ?? [])) }
        #expect(SRPClient.hex(claim.x) == strippedHex(try v("x")))
        #expect(SRPClient.hex(claim.u) == strippedHex(try v("u")))
        #expect(SRPClient.hex(SRPClient.stripped(claim.premaster)) == strippedHex(try v("S")))
        #expect(SRPClient.hex(claim.key) == (try v("key")))
        #expect(claim.signature == (try v("PASSWORD_CLAIM_SIGNATURE")))
    }

    @Test func aDifferentPasswordGivesADifferentSignature() throws {
        let name = "plain"
        let v = { (key: String) in try DeviceSRPVectors.value(name, key) }
        let srp = try SRPClient(privateA: try #require(SRPClient.bytes(fromHex: try v("a"))))
        let device = TrackedDevice(
            username: "someone", deviceKey: try v("deviceKey"), deviceGroupKey: try v("deviceGroupKey"),
            devicePassword: try v("devicePassword") + "x")
        let claim = try srp.devicePasswordClaim(
            device: device, saltHex: try v("SALT"), serverBHex: try v("SRP_B"), secretBlock: try v("SECRET_BLOCK"),
            timestamp: try v("TIMESTAMP"))
        #expect(claim.signature != (try v("PASSWORD_CLAIM_SIGNATURE")))
    }

    @Test func trackedDeviceDescriptionMasksThePassword() {
        let device = TrackedDevice(
            username: "u", deviceKey: "k", deviceGroupKey: "g", devicePassword: "super-secret-device-password")
        #expect(!device.description.contains("super-secret-device-password"))
        #expect(!"\(device)".contains("super-secret-device-password"))
    }

    @Test func sessionsWrittenBeforeDevicesStillDecode() throws {
        let old = #"{"version":1,"state":"signedOut","updatedAt":0}"#
        let session = try JSONDecoder().decode(PersistedSession.self, from: Data(old.utf8))
        #expect(session.device == nil)
        var withDevice = session
        withDevice.device = TrackedDevice(username: "u", deviceKey: "k", deviceGroupKey: "g", devicePassword: "p")
        let again = try JSONDecoder().decode(PersistedSession.self, from: JSONEncoder().encode(withDevice))
        #expect(again.device == withDevice.device)
    }

    @Test func devicesStoredBeforeTheRememberQuestionStillDecodeAndTheFlagRoundTrips() throws {
        let old = #"{"username":"u","deviceKey":"k","deviceGroupKey":"g","devicePassword":"p","remembered":false}"#
        let device = try JSONDecoder().decode(TrackedDevice.self, from: Data(old.utf8))
        #expect(device.awaitsRememberChoice == nil && device.remembered == false)
        var asking = device
        asking.awaitsRememberChoice = true
        let again = try JSONDecoder().decode(TrackedDevice.self, from: JSONEncoder().encode(asking))
        #expect(again.awaitsRememberChoice == true)
        #expect(asking.description.contains("awaitsRememberChoice: true") && !asking.description.contains("\"p\""))
    }
}
