import CognitoAuth
import Foundation

/// A device the user pool tracks for the signed-in user, as AWSMobileClient's `Device`.
public struct Device: Sendable, Hashable {
    /// The device's attributes (`device_name`, `dev:device_remembered_status`, `last_ip_used`).
    public let attributes: [String: String]?
    /// When the device was registered.
    public let createDate: Date?
    /// The device key (`<region>_<uuid>`).
    public let deviceKey: String?
    /// When the device last signed in.
    public let lastAuthenticatedDate: Date?
    /// When the device record last changed (the pool does not report it to Latchkey: nil).
    public let lastModifiedDate: Date?

    init(_ info: DeviceInfo) {
        var attributes: [String: String] = [:]
        if let name = info.name { attributes["device_name"] = name }
        if let status = info.rememberedStatus { attributes["dev:device_remembered_status"] = status }
        if let address = info.lastIPUsed { attributes["last_ip_used"] = address }
        self.attributes = attributes
        createDate = info.created
        deviceKey = info.deviceKey
        lastAuthenticatedDate = info.lastAuthenticated
        lastModifiedDate = nil
    }
}

/// The outcome of ``DeviceOperations/list(limit:paginationToken:completionHandler:isolation:)``.
public struct ListDevicesResult: Sendable, Hashable {
    /// The devices.
    public let devices: [Device]?
    /// Always nil: every page is read.
    public let paginationToken: String?
}

/// The outcome of `updateStatus`, as AWSMobileClient's (empty) `UpdateDeviceStatusResult`.
public struct UpdateDeviceStatusResult: Sendable, Hashable {}

/// The signed-in user's tracked devices, as AWSMobileClient's `deviceOperations`.
///
/// Handlers run as every handler of ``AWSMobileClient`` (see ``AWSMobileClient/completionQueue``).
public final class DeviceOperations: Sendable {
    private let mobileClient: AWSMobileClient

    init(_ mobileClient: AWSMobileClient) {
        self.mobileClient = mobileClient
    }

    /// Lists the user's devices (every page; `limit` is the page size, at most 60).
    public func list(
        limit: Int = 60, paginationToken: String? = nil,
        completionHandler: @escaping ((ListDevicesResult?, (any Error)?) -> Void),
        isolation: (any Actor)? = #isolation
    ) {
        let pageSize = min(max(limit, 1), 60)
        mobileClient.perform(isolation, completionHandler) { client in
            ListDevicesResult(
                devices: try await client.listDevices(pageSize: pageSize).map(Device.init), paginationToken: nil)
        }
    }

    /// Marks `deviceId` remembered or not remembered.
    public func updateStatus(
        deviceId: String, remembered: Bool,
        completionHandler: @escaping ((UpdateDeviceStatusResult?, (any Error)?) -> Void),
        isolation: (any Actor)? = #isolation
    ) {
        mobileClient.perform(isolation, completionHandler) { client in
            try await client.setDeviceRemembered(remembered, deviceKey: deviceId)
            return UpdateDeviceStatusResult()
        }
    }

    /// Marks this machine's device remembered or not remembered.
    public func updateStatus(
        remembered: Bool, completionHandler: @escaping ((UpdateDeviceStatusResult?, (any Error)?) -> Void),
        isolation: (any Actor)? = #isolation
    ) {
        mobileClient.perform(isolation, completionHandler) { client in
            try await Self.requireDevice(client)
            try await client.setDeviceRemembered(remembered)
            return UpdateDeviceStatusResult()
        }
    }

    /// The details of `deviceId`.
    public func get(
        deviceId: String, completionHandler: @escaping ((Device?, (any Error)?) -> Void),
        isolation: (any Actor)? = #isolation
    ) {
        mobileClient.perform(isolation, completionHandler) { client in Device(try await client.device(deviceId)) }
    }

    /// The details of this machine's device.
    public func get(
        _ completionHandler: @escaping ((Device?, (any Error)?) -> Void), isolation: (any Actor)? = #isolation
    ) {
        mobileClient.perform(isolation, completionHandler) { client in
            try await Self.requireDevice(client)
            return Device(try await client.device())
        }
    }

    /// Stops tracking `deviceId`.
    public func forget(
        deviceId: String, completionHandler: @escaping (((any Error)?) -> Void), isolation: (any Actor)? = #isolation
    ) {
        mobileClient.perform(isolation, { (_: Void?, error) in completionHandler(error) }) { client in
            try await client.forgetDevice(deviceId)
        }
    }

    /// Stops tracking this machine's device.
    public func forget(_ completionHandler: @escaping (((any Error)?) -> Void), isolation: (any Actor)? = #isolation) {
        mobileClient.perform(isolation, { (_: Void?, error) in completionHandler(error) }) { client in
            try await Self.requireDevice(client)
            try await client.forgetDevice()
        }
    }

    /// Throws the SDK's `deviceNotRemembered` when this machine has no device key.
    private static func requireDevice(_ client: AuthClient) async throws {
        guard await client.currentDeviceKey != nil else {
            throw AWSMobileClientError.deviceNotRemembered(
                message: "This device does not have an id, either it was never tracked or previously forgotten.")
        }
    }
}
