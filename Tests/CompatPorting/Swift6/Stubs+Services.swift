// Stand-ins for the other AWS SDK modules (AWSS3, AWSAppSync) and the app types the third round of
// ported files uses (SOURCES.md). Nothing here touches AWSMobileClient: every AWSMobileClient,
// AWSServiceConfiguration and AWSTask use in the ported files goes to AWSMobileClientCompat.

import AWSMobileClientCompat
import Foundation

// MARK: AWSAppSync

/// AWSAppSync's protocol for user-pool authorisation (`getLatestAuthToken`).
public protocol AWSCognitoUserPoolsAuthProviderAsync {
    func getLatestAuthToken(_ callback: @escaping (String?, Error?) -> Void)
}

// MARK: AWSS3 (the transfer utility, as TripUp's AWSAdapter uses it)

public final class AWSS3TransferUtilityConfiguration {
    public var retryLimit = 0
    public var timeoutIntervalForResource = 0
    public init() {}
}

public final class AWSS3TransferUtilityUploadExpression {
    public init() {}
    public func setValue(_ value: String?, forRequestHeader header: String) {}
}

public final class AWSS3TransferUtilityUploadTask {
    public let bucket: String
    public let key: String
    init(bucket: String, key: String) {
        self.bucket = bucket
        self.key = key
    }
}

public final class AWSS3TransferUtilityDownloadTask {}

/// Records what was registered, so a test can see the service configuration the ported code built.
public final class AWSS3TransferUtility {
    nonisolated(unsafe) static var registered: [String: AWSServiceConfiguration] = [:]
    // nonisolated(unsafe) is safe here: only the single-threaded stand-in tests read or write it.
    let configuration: AWSServiceConfiguration

    init(configuration: AWSServiceConfiguration) {
        self.configuration = configuration
    }

    public static func register(
        with configuration: AWSServiceConfiguration, transferUtilityConfiguration: AWSS3TransferUtilityConfiguration?,
        forKey key: String, completionHandler: @escaping (Error?) -> Void
    ) {
        registered[key] = configuration
        completionHandler(nil)
    }

    public static func remove(forKey key: String) { registered[key] = nil }

    public static func s3TransferUtility(forKey key: String) -> AWSS3TransferUtility? {
        registered[key].map(AWSS3TransferUtility.init(configuration:))
    }

    public func uploadFile(
        _ fileURL: URL, bucket: String, key: String, contentType: String,
        expression: AWSS3TransferUtilityUploadExpression?,
        completionHandler: ((AWSS3TransferUtilityUploadTask, Error?) -> Void)?
    ) -> AWSTask<AWSS3TransferUtilityUploadTask> {
        // Reports the upload as done at once (no S3 here), so the caller's completion runs.
        let task = AWSS3TransferUtilityUploadTask(bucket: bucket, key: key)
        completionHandler?(task, nil)
        return AWSTask(result: task)
    }

    public func download(
        to fileURL: URL, bucket: String, key: String, expression: AnyObject?,
        completionHandler: ((AWSS3TransferUtilityDownloadTask, URL?, Data?, Error?) -> Void)?
    ) -> AWSTask<AWSS3TransferUtilityDownloadTask> {
        AWSTask(result: AWSS3TransferUtilityDownloadTask())
    }
}

// MARK: TripUp's own types

public enum Logger {
    public static func debug(_ message: Any) {}
    public static func verbose(_ message: Any) {}
    public static func error(_ message: Any) {}
}

public struct APIToken {
    public let value: String
    public let notExpired: Bool
}

public class APIUser {
    public init() {}
    public func token(_ callback: @escaping (APIToken?) -> Void) { callback(nil) }
}

public protocol DataService: AnyObject {}
