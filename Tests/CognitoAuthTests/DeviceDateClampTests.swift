import CognitoAuthTesting
import Foundation
import Testing

@testable import CognitoAuth

/// N19: a device's far-future date is clamped where it is read, as token and credential times are.
@Suite("Device dates: one clamp for the CLI and the terminal UI")
struct DeviceDateClampTests {
    @Test("DeviceLastAuthenticatedDate of 1.5e13 reads as 2100-01-01, before the CLI or the UI formats it")
    func farFutureDeviceDateIsClamped() throws {
        let json: JSONValue = [
            "DeviceKey": "us-east-1_x", "DeviceLastAuthenticatedDate": .number(1.5e13),
            "DeviceCreateDate": .number(-1e15),
        ]
        let device = try #require(DeviceInfo(json, currentKey: nil))
        #expect(device.lastAuthenticated?.timeIntervalSince1970 == ClaimTime.latest)
        #expect(device.created?.timeIntervalSince1970 == 0)
    }
}
