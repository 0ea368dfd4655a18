import Foundation

/// A device this machine registered with the user pool (Cognito device tracking).
///
/// The password is the device's SRP secret: it never leaves the machine (Cognito holds only the
/// verifier) and is stored with the same protection as the tokens. Descriptions mask it.
public struct TrackedDevice: Sendable, Hashable, Codable, CustomStringConvertible, CustomDebugStringConvertible {
    /// Whose device it is (the pool's username).
    public var username: String
    /// The device key, `<region>_<uuid>`.
    public var deviceKey: String
    /// The device group key: the SRP "pool name" of device authentication.
    public var deviceGroupKey: String
    /// The device's SRP password (secret).
    public var devicePassword: String
    /// Whether the device is remembered (suppresses MFA where the pool allows it), as last known.
    public var remembered: Bool?
    /// True when the pool remembers devices only on the user's prompt and no choice was made yet
    /// (registered not remembered with ``AuthClientOptions/rememberDevice`` nil): a UI may ask.
    public var awaitsRememberChoice: Bool?

    /// Creates a device record.
    public init(
        username: String, deviceKey: String, deviceGroupKey: String, devicePassword: String, remembered: Bool? = nil,
        awaitsRememberChoice: Bool? = nil
    ) {
        self.username = username
        self.deviceKey = deviceKey
        self.deviceGroupKey = deviceGroupKey
        self.devicePassword = devicePassword
        self.remembered = remembered
        self.awaitsRememberChoice = awaitsRememberChoice
    }

    /// A description with the password masked.
    public var description: String {
        "TrackedDevice(username: \(username), deviceKey: \(deviceKey), deviceGroupKey: \(deviceGroupKey), "
            + "devicePassword: \(CognitoTokens.mask(devicePassword)), remembered: \(remembered.map(String.init) ?? "-"), "
            + "awaitsRememberChoice: \(awaitsRememberChoice.map(String.init) ?? "-"))"
    }

    /// The same masked description.
    public var debugDescription: String { description }
}

/// A device as the user pool lists it (ListDevices / GetDevice).
public struct DeviceInfo: Sendable, Hashable, Codable {
    /// The key that identifies the device in the pool (`<region>_<uuid>`).
    public var deviceKey: String
    /// The name given at ConfirmDevice, if any.
    public var name: String?
    /// `remembered`, `not_remembered`, or nil when the pool did not say.
    public var rememberedStatus: String?
    /// When the device was registered.
    public var created: Date?
    /// When it last signed in.
    public var lastAuthenticated: Date?
    /// Whether it is this machine's device.
    public var isCurrent: Bool
    /// The IP address it last signed in from (`last_ip_used`), if the pool reports it.
    public var lastIPUsed: String?

    /// Creates a device description.
    public init(
        deviceKey: String, name: String? = nil, rememberedStatus: String? = nil, created: Date? = nil,
        lastAuthenticated: Date? = nil, isCurrent: Bool = false, lastIPUsed: String? = nil
    ) {
        self.deviceKey = deviceKey
        self.name = name
        self.rememberedStatus = rememberedStatus
        self.created = created
        self.lastAuthenticated = lastAuthenticated
        self.isCurrent = isCurrent
        self.lastIPUsed = lastIPUsed
    }

    init?(_ json: JSONValue, currentKey: String?) {
        guard let key = json["DeviceKey"]?.stringValue else { return nil }
        var attributes: [String: String] = [:]
        for item in json["DeviceAttributes"]?.arrayValue ?? [] {
            if let name = item["Name"]?.stringValue { attributes[name] = item["Value"]?.stringValue ?? "" }
        }
        // The same clamp as token and credential times (1970...2100), so the CLI and the terminal UI
        // show a far-future date the same way.
        func date(_ field: String) -> Date? {
            json[field]?.doubleValue.flatMap(ClaimTime.clamped).map { Date(timeIntervalSince1970: $0) }
        }
        self.init(
            deviceKey: key, name: attributes["device_name"],
            rememberedStatus: attributes["dev:device_remembered_status"],
            created: date("DeviceCreateDate"), lastAuthenticated: date("DeviceLastAuthenticatedDate"),
            isCurrent: key == currentKey, lastIPUsed: attributes["last_ip_used"])
    }
}
