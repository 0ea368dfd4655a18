import Foundation

/// AWSCore's `AWSTask` as far as AWSMobileClient's task-returning members use it: a result or an error
/// that arrives later, with `continueWith(block:)` and `waitUntilFinished()`.
///
/// Returned by `credentials()` and `getIdentityId()`. A block runs
/// where completion handlers run (see ``AWSMobileClient/completionQueue``): on the caller's actor, or
/// on a background queue for nonisolated callers.
public final class AWSTask<ResultType>: @unchecked Sendable {
    // Safe: every stored property below is read and written only while `lock` is held; blocks are
    // called outside the lock, each once, at the target chosen by their caller.
    private let lock = NSCondition()
    private var storedResult: ResultType?
    private var storedError: (any Error)?
    private var completed = false
    private var waiting: [() -> Void] = []

    /// A task that already finished with `result`.
    public init(result: ResultType?) {
        storedResult = result
        completed = true
    }

    /// A task that already failed with `error`.
    public init(error: any Error) {
        storedError = error
        completed = true
    }

    /// A task that finishes when ``finish(result:error:)`` is called.
    init() {}

    /// A task that `body` finishes, with its value or its error (as ``AWSMobileClientError``), started once
    /// `earlier` (a call it must follow, such as a local sign-out) has ended.
    static func running(
        after earlier: Task<Void, Never>?, _ body: @escaping @Sendable () async throws -> ResultType
    ) -> AWSTask<ResultType> {
        let task = AWSTask<ResultType>()
        Task {
            await earlier?.value
            do {
                task.finish(result: try await body(), error: nil)
            } catch {
                task.finish(result: nil, error: AWSMobileClientError.makeMobileClientError(from: error))
            }
        }
        return task
    }

    /// The result, once finished without an error.
    public var result: ResultType? { lock.withLock { storedResult } }
    /// The error, once finished with one.
    public var error: (any Error)? { lock.withLock { storedError } }
    /// Whether the task finished.
    public var isCompleted: Bool { lock.withLock { completed } }
    /// Whether the task finished with an error.
    public var isFaulted: Bool { lock.withLock { storedError != nil } }
    /// Always false: these tasks are not cancelled.
    public var isCancelled: Bool { false }

    /// Finishes the task (the first call wins) and runs the blocks waiting for it.
    func finish(result: ResultType?, error: (any Error)?) {
        let blocks = lock.withLock { () -> [() -> Void] in
            guard !completed else { return [] }
            storedResult = result
            storedError = error
            completed = true
            lock.broadcast()
            defer { waiting = [] }
            return waiting
        }
        for block in blocks { block() }
    }

    /// Runs `block` with this task once it finished; the returned task holds what `block` returned.
    ///
    /// `isolation` is the caller's (filled in by the compiler): the block runs there (see
    /// ``AWSMobileClient/completionQueue``).
    @discardableResult
    public func continueWith(
        block: @escaping (AWSTask<ResultType>) -> Any?, isolation: (any Actor)? = #isolation
    ) -> AWSTask<AnyObject> {
        let next = AWSTask<AnyObject>()
        let target = CompletionTarget.forCaller(isolation, override: AWSMobileClient.completionQueueOverride)
        let continuation = Continuation(block: block)
        let run: () -> Void = { [self] in
            target.run {
                let returned = continuation.block(self)
                if let chained = returned as? AWSTask<AnyObject> {
                    chained.continueWith(
                        block: { finished in
                            next.finish(result: finished.result, error: finished.error)
                            return nil
                        }, isolation: nil)
                } else {
                    next.finish(result: returned.map { $0 as AnyObject }, error: nil)
                }
            }
        }
        let runNow = lock.withLock { () -> Bool in
            if completed { return true }
            waiting.append(run)
            return false
        }
        if runNow { run() }
        return next
    }

    /// Runs `block` only when the task finished without an error; an error passes through.
    @discardableResult
    public func continueOnSuccessWith(
        block: @escaping (AWSTask<ResultType>) -> Any?, isolation: (any Actor)? = #isolation
    ) -> AWSTask<AnyObject> {
        let continuation = Continuation(block: block)
        return continueWith(
            block: { task in
                if let error = task.error { return AWSTask<AnyObject>(error: error) }
                return continuation.block(task)
            }, isolation: isolation)
    }

    /// Blocks the calling thread until the task finished (never call it on the main thread while a
    /// block of this task must run there).
    public func waitUntilFinished() {
        lock.withLock {
            while !completed { lock.wait() }
        }
    }

    /// A caller's continuation block.
    ///
    /// `@unchecked Sendable` is safe because the block is only called at the ``CompletionTarget`` chosen
    /// from its caller's isolation, once.
    private struct Continuation: @unchecked Sendable {
        let block: (AWSTask<ResultType>) -> Any?
    }
}
