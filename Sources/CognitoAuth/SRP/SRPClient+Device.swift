import Foundation
import SystemCrypto

extension SRPClient {
    /// What ConfirmDevice sends: the verifier g^x mod N and the salt, both big-endian bytes.
    package struct DeviceVerifier: Sendable, Hashable {
        /// `PasswordVerifier` bytes (pad_hex of the verifier: a 00 byte in front when the top bit is set).
        package var verifier: [UInt8]
        /// `Salt` bytes (pad_hex of the random salt).
        package var salt: [UInt8]
    }

    /// The device verifier as amplify-js `generateHashDevice` computes it:
    /// `x = SHA256(pad(salt) || SHA256(deviceGroupKey || deviceKey || ":" || password))`, `v = g^x mod N`.
    ///
    /// - Parameters:
    ///   - deviceGroupKey: the `DeviceGroupKey` Cognito returned with the new device.
    ///   - deviceKey: the `DeviceKey` Cognito returned with the new device.
    ///   - password: the device password (random; stored with the device, never sent).
    ///   - salt: 16 random bytes (as generated; padding is applied here).
    package static func deviceVerifier(
        deviceGroupKey: String, deviceKey: String, password: String, salt: [UInt8]
    ) throws(AuthError) -> DeviceVerifier {
        guard let saltBytes = bytes(fromHex: padHex(hex(salt))) else { throw .srpFailure("the device salt is empty") }
        let identity = SHA256.hash(data: Array("\(deviceGroupKey)\(deviceKey):\(password)".utf8))
        let x = stripped(Array(SHA256.hash(data: saltBytes + identity)))
        let verifier = try modExp(base: generator, exponent: x, secret: true)
        return DeviceVerifier(verifier: padded(verifier), salt: saltBytes)
    }

    /// A new device password: 40 random bytes, base64 (amplify-js uses the same length).
    package static func newDevicePassword(random: any RandomSource) -> String {
        Data(random.bytes(count: 40)).base64EncodedString()
    }

    /// The DEVICE_PASSWORD_VERIFIER answer: SRP with the device group key as the pool name and the
    /// device key as the user (amplify-js `handleDeviceSRPAuth`).
    package func devicePasswordClaim(
        device: TrackedDevice, saltHex: String, serverBHex: String, secretBlock: String, timestamp: String
    ) throws(AuthError) -> PasswordClaim {
        try passwordClaim(
            poolName: device.deviceGroupKey, userIdForSrp: device.deviceKey, password: device.devicePassword,
            saltHex: saltHex, serverBHex: serverBHex, secretBlock: secretBlock, timestamp: timestamp)
    }
}
