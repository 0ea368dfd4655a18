import Foundation

// The SDK's Swift names (`NS_SWIFT_NAME(USEast1)`) are capitalised; kept so ported code compiles.
// swift-format-ignore: AlwaysUseLowerCamelCase
/// AWSCore's `AWSRegionType`: the SDK's cases, in the SDK's order (so the raw values match its
/// `NS_ENUM`), with the SDK's Swift names.
public enum AWSRegionType: Int, Sendable, Hashable, CaseIterable {
    /// An unknown region (no region name).
    case Unknown
    /// US East (N. Virginia).
    case USEast1
    /// US East (Ohio).
    case USEast2
    /// US West (N. California).
    case USWest1
    /// US West (Oregon).
    case USWest2
    /// EU (Ireland).
    case EUWest1
    /// EU (London).
    case EUWest2
    /// EU (Frankfurt).
    case EUCentral1
    /// EU (Zurich).
    case EUCentral2
    /// Asia Pacific (Singapore).
    case APSoutheast1
    /// Asia Pacific (Tokyo).
    case APNortheast1
    /// Asia Pacific (Seoul).
    case APNortheast2
    /// Asia Pacific (Sydney).
    case APSoutheast2
    /// Asia Pacific (Jakarta).
    case APSoutheast3
    /// Asia Pacific (Melbourne).
    case APSoutheast4
    /// Asia Pacific (Malaysia).
    case APSoutheast5
    /// Asia Pacific (Bangkok).
    case APSoutheast7
    /// Asia Pacific (Mumbai).
    case APSouth1
    /// Asia Pacific (Hyderabad).
    case APSouth2
    /// South America (São Paulo).
    case SAEast1
    /// China (Beijing).
    case CNNorth1
    /// Canada (Central).
    case CACentral1
    /// Canada West (Calgary).
    case CAWest1
    /// AWS GovCloud (US West).
    case USGovWest1
    /// China (Ningxia).
    case CNNorthWest1
    /// EU (Paris).
    case EUWest3
    /// AWS GovCloud (US East).
    case USGovEast1
    /// EU (Stockholm).
    case EUNorth1
    /// Asia Pacific (Hong Kong).
    case APEast1
    /// Middle East (UAE).
    case MECentral1
    /// Middle East (Bahrain).
    case MESouth1
    /// Africa (Cape Town).
    case AFSouth1
    /// Europe (Milan).
    case EUSouth1
    /// Europe (Spain).
    case EUSouth2
    /// Israel (Tel Aviv).
    case ILCentral1

    /// The region's name, such as `eu-west-2` (nil for ``Unknown``): the SDK's
    /// `AWSEndpoint.regionNameFromType`.
    public var regionName: String? {
        guard self != .Unknown else { return nil }
        // USEast1 → us-east-1, APSoutheast7 → ap-southeast-7, CNNorthWest1 → cn-northwest-1.
        let name = String(describing: self)
        let prefix = String(name.prefix(2)).lowercased()
        let rest = name.dropFirst(2)
        let digits = rest.drop { !$0.isNumber }
        var direction = rest.prefix(rest.count - digits.count).lowercased()
        if direction.hasPrefix("gov") { direction = "gov-" + direction.dropFirst(3) }  // us-gov-west-1
        return "\(prefix)-\(direction)-\(digits)"
    }

    /// The region named `regionName` (`eu-west-2`), or ``Unknown``, as the SDK's
    /// `aws_regionTypeValue`.
    public init(regionName: String) {
        let lowered = regionName.lowercased()
        self = Self.allCases.first { $0.regionName == lowered } ?? .Unknown
    }
}

extension String {
    // The SDK's name (`NSString.aws_regionTypeValue`), kept so ported code compiles.
    // swift-format-ignore: AlwaysUseLowerCamelCase
    /// The ``AWSRegionType`` this region name stands for (`"eu-west-2"` → `.EUWest2`), or `.Unknown`,
    /// as AWSCore's `NSString.aws_regionTypeValue()`.
    public func aws_regionTypeValue() -> AWSRegionType {
        AWSRegionType(regionName: self)
    }
}
