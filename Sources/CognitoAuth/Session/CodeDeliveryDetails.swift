import LatchkeyText

/// Where a code was sent.
public struct CodeDeliveryDetails: Sendable, Hashable, Codable {
    /// The masked destination, such as `a***@e***`.
    public var destination: String?
    /// How the code was sent as Cognito spells it, `EMAIL` or `SMS`; nil when it did not say.
    public var deliveryMedium: String?
    /// The attribute, such as `email`.
    public var attributeName: String?

    /// Creates details; every field may be missing from Cognito's answer.
    public init(destination: String? = nil, deliveryMedium: String? = nil, attributeName: String? = nil) {
        self.destination = destination
        self.deliveryMedium = deliveryMedium
        self.attributeName = attributeName
    }

    init(_ json: JSONValue?) {
        destination = json?["Destination"]?.stringValue
        deliveryMedium = json?["DeliveryMedium"]?.stringValue
        attributeName = json?["AttributeName"]?.stringValue
    }

    /// A phrase for the UI in the current language: "an email to a***@e***" ("メール (a***@e***)" in Japanese).
    public var phrase: String {
        let byText = deliveryMedium?.uppercased() == "SMS"
        if let destination {
            return Localized.format(byText ? \.deliveryTextTo : \.deliveryEmailTo, ["destination": destination])
        }
        return Localized.text(byText ? \.deliveryText : \.deliveryEmail)
    }
}
