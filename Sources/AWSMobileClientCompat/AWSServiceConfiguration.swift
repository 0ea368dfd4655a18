import Foundation

/// AWSCore's `AWSServiceConfiguration`: a region, an endpoint and the credentials provider a service
/// client signs with; also what
/// ``AWSMobileClient/updateCognitoService(userPoolConfiguration:identityPoolConfiguration:)`` takes.
open class AWSServiceConfiguration: @unchecked Sendable {
    // Safe: every property is `let` and `Sendable`; subclasses (the SDK's pattern) add what they need.
    /// The region, such as `eu-west-1` (nil: the configuration file's).
    public let region: String?
    /// The region as AWSCore's enum (``AWSRegionType/Unknown`` when given by a name it does not list).
    public let regionType: AWSRegionType
    /// The endpoint to send the service's requests to (nil: the region's).
    public let endpoint: URL?
    /// The credentials the service's requests are signed with.
    public let credentialsProvider: (any AWSCredentialsProvider)?

    /// A configuration with an optional region and endpoint.
    public init(region: String? = nil, endpoint: URL? = nil) {
        self.region = region
        self.regionType = region.map(AWSRegionType.init(regionName:)) ?? .Unknown
        self.endpoint = endpoint
        self.credentialsProvider = nil
    }

    /// A configuration for `region` whose requests are signed with `credentialsProvider`, as the SDK's
    /// `AWSServiceConfiguration(region:credentialsProvider:)`
    /// (`AWSServiceConfiguration(region: .EUWest2, credentialsProvider: AWSMobileClient.default())!`).
    ///
    /// Nil for ``AWSRegionType/Unknown``, which names no region to send requests to.
    public init!(region regionType: AWSRegionType, credentialsProvider: (any AWSCredentialsProvider)?) {
        guard let name = regionType.regionName else { return nil }
        self.region = name
        self.regionType = regionType
        self.endpoint = nil
        self.credentialsProvider = credentialsProvider
    }

    /// The same, sending requests to `endpoint` (a local or private endpoint) instead of the region's.
    public init!(
        region regionType: AWSRegionType, endpoint: URL, credentialsProvider: (any AWSCredentialsProvider)?
    ) {
        guard let name = regionType.regionName else { return nil }
        self.region = name
        self.regionType = regionType
        self.endpoint = endpoint
        self.credentialsProvider = credentialsProvider
    }
}
