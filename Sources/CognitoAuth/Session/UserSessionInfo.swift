import Foundation

/// One of the user's sessions as the pool tracks them (ListUserSessions).
public struct UserSessionInfo: Sendable, Hashable {
    /// The session's id (`tkn…` or `sso…`, 28 characters).
    public var id: String
    /// `TOKEN` (an authentication through the API) or `SSO` (the managed login's session).
    public var type: String
    /// The app client the session belongs to.
    public var clientId: String?
    /// When the session began.
    public var created: Date?
    /// The last sign-in, refresh or rotation.
    public var lastActive: Date?
    /// The device, from the last request's user agent (may be `unknown`).
    public var deviceType: String?
    /// The address of the last request.
    public var lastIPAddress: String?
    /// The city of the last request, from its address.
    public var city: String?
    /// The country of the last request, from its address.
    public var country: String?
    /// For a token session, the SSO session it came through.
    public var originSessionId: String?
    /// Whether this is the session of the access token the list was asked with.
    public var isCurrent: Bool

    /// Creates a description (tests and previews).
    public init(
        id: String, type: String = "TOKEN", clientId: String? = nil, created: Date? = nil, lastActive: Date? = nil,
        deviceType: String? = nil, lastIPAddress: String? = nil, city: String? = nil, country: String? = nil,
        originSessionId: String? = nil, isCurrent: Bool = false
    ) {
        self.id = id
        self.type = type
        self.clientId = clientId
        self.created = created
        self.lastActive = lastActive
        self.deviceType = deviceType
        self.lastIPAddress = lastIPAddress
        self.city = city
        self.country = country
        self.originSessionId = originSessionId
        self.isCurrent = isCurrent
    }

    /// Reads one `SessionDescriptionType`; nil without a `SessionId`.
    init?(_ json: JSONValue) {
        guard let id = json["SessionId"]?.stringValue, !id.isEmpty else { return nil }
        func date(_ field: String) -> Date? {
            json[field]?.doubleValue.flatMap(ClaimTime.clamped).map { Date(timeIntervalSince1970: $0) }
        }
        self.init(
            id: id, type: json["SessionType"]?.stringValue ?? "TOKEN", clientId: json["ClientId"]?.stringValue,
            created: date("CreateDate"), lastActive: date("LastActiveDate"),
            deviceType: json["DeviceType"]?.stringValue, lastIPAddress: json["LastIPAddress"]?.stringValue,
            city: json["LastLocation"]?["City"]?.stringValue, country: json["LastLocation"]?["Country"]?.stringValue,
            originSessionId: json["OriginSessionId"]?.stringValue, isCurrent: json["IsCurrentSession"] == .bool(true))
    }
}
