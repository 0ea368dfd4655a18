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
    // nonisolated(unsafe) is safe: `storage` is only read or written while `lock` is held (the ported
    // code registers from a handler's queue while a test reads from its own task).
    nonisolated(unsafe) private static var storage: [String: AWSServiceConfiguration] = [:]
    private static let lock = NSLock()
    /// The configurations registered, by key.
    static var registered: [String: AWSServiceConfiguration] {
        get { lock.withLock { storage } }
        set { lock.withLock { storage = newValue } }
    }
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

// MARK: Promise (khanlou/Promise, as Adequate uses it)

/// The Promise library's `Promise`, far enough for `Promise<T> { fulfill, reject in … }` and a
/// test to read the outcome (`then(_:_:)`).
public final class Promise<Value> {
    private var value: Value?
    private var failure: Error?
    private var callbacks: [(Value?, Error?) -> Void] = []
    private let lock = NSLock()

    public init(
        work: @escaping (_ fulfill: @escaping (Value) -> Void, _ reject: @escaping (Error) -> Void) throws -> Void
    ) {
        do {
            try work({ self.settle($0, nil) }, { self.settle(nil, $0) })
        } catch {
            settle(nil, error)
        }
    }

    /// Calls `onValue` or `onError` once the promise settled.
    public func then(_ onValue: @escaping (Value) -> Void, _ onError: @escaping (Error) -> Void = { _ in }) {
        let report: (Value?, Error?) -> Void = { value, error in
            if let value { onValue(value) } else if let error { onError(error) }
        }
        lock.lock()
        if value != nil || failure != nil {
            let (value, failure) = (self.value, self.failure)
            lock.unlock()
            report(value, failure)
        } else {
            callbacks.append(report)
            lock.unlock()
        }
    }

    private func settle(_ value: Value?, _ error: Error?) {
        lock.lock()
        guard self.value == nil, failure == nil else {
            lock.unlock()
            return
        }
        self.value = value
        failure = error
        let waiting = callbacks
        callbacks = []
        lock.unlock()
        for callback in waiting { callback(value, error) }
    }
}
