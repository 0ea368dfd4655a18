import CognitoAuth
import Foundation

extension AWSMobileClient {
    // MARK: Plumbing

    /// Runs `body` on the core client and sends its value (or its error, as ``AWSMobileClientError``)
    /// to `completion` where the caller's isolation says (see ``CompletionTarget``).
    func perform<T: Sendable>(
        _ isolation: (any Actor)?, _ completion: @escaping (T?, (any Error)?) -> Void,
        metadata: [String: String] = [:], _ body: @escaping @Sendable (AuthClient) async throws -> T
    ) {
        let reply = Completion(
            completion, target: CompletionTarget.forCaller(isolation, override: Self.completionQueue))
        guard let client else {
            reply.send(nil, setupError ?? .invalidConfiguration(message: "No configuration was found."))
            return
        }
        let pending = pendingSignOut.withLock { $0 }
        Task {
            await pending?.value
            await self.startMirroring(client)
            do {
                let value = try await AuthClient.CallMetadata.$current.withValue(metadata) { try await body(client) }
                reply.send(value, nil)
            } catch {
                reply.send(nil, AWSMobileClientError.makeMobileClientError(from: error))
            }
        }
    }

    /// Runs `body` on the core client and returns a task that finishes with its value or error.
    /// (Where the task's blocks run is chosen by each `continueWith` call, from its caller.)
    func task<T>(_ body: @escaping @Sendable (AuthClient) async throws -> T) -> AWSTask<T> {
        let task = AWSTask<T>()
        guard let client else {
            task.finish(result: nil, error: setupError ?? .invalidConfiguration(message: "No configuration was found."))
            return task
        }
        let pending = pendingSignOut.withLock { $0 }
        return AWSTask.running(after: pending) {
            await self.startMirroring(client)
            return try await body(client)
        }
    }
}
