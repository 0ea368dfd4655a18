import Foundation

/// Where a completion handler runs: decided when the call is made, from the caller's isolation.
///
/// The rule (the porting guide's "Where handlers run"):
/// 1. ``AWSMobileClient/completionQueue``, when set, takes every handler.
/// 2. A handler passed from an actor other than the main actor runs on that actor.
/// 3. A handler passed from the main actor (a Swift 6 `@MainActor` owner), or from nonisolated code
///    running on the main thread (a Swift 5 wrapper a view controller calls, which may hand over its
///    caller's main-actor closure), is queued for the main actor, so it may touch its owner's state.
///    Should the main thread be blocked instead (a semaphore in a `main.swift` or a button action,
///    waiting for this very handler), the handler runs on a background queue, as the SDK's do, and a
///    one-time warning names ``AWSMobileClient/completionQueue``: nothing hangs silently.
/// 4. Everything else runs on a background queue, as AWSMobileClient's handlers do.
enum CompletionTarget: Sendable {
    /// The main actor (the main queue), unless the main thread is blocked (see ``MainThreadWatch``).
    case mainActor
    /// Another actor: the caller's.
    case actor(any Actor)
    /// A queue the app chose.
    case queue(DispatchQueue)
    /// A background queue, as AWSMobileClient.
    case background

    /// The target for a call made with `isolation` (`#isolation` at the call site) on the current thread.
    static func forCaller(_ isolation: (any Actor)?, override: DispatchQueue?) -> CompletionTarget {
        if let override { return .queue(override) }
        if let isolation {
            return isolation === MainActor.shared ? .mainActor : .actor(isolation)
        }
        return isOnMainQueue ? .mainActor : .background
    }

    /// Marks the main queue, so that code can tell it runs there: on Linux the main actor's jobs run on
    /// the main queue but, once `dispatchMain()` took over, not on the process's main thread.
    private static let mainQueueKey: DispatchSpecificKey<Bool> = {
        let key = DispatchSpecificKey<Bool>()
        DispatchQueue.main.setSpecific(key: key, value: true)
        return key
    }()

    /// Whether the caller runs on the main queue (or the main thread).
    static var isOnMainQueue: Bool {
        Thread.isMainThread || DispatchQueue.getSpecific(key: mainQueueKey) == true
    }

    /// Runs `call` there, later (never on the caller's stack, never on the core's actor).
    func run(_ call: @escaping @Sendable () -> Void) {
        switch self {
        case .mainActor: MainThreadWatch.deliver(call)
        case .actor(let actor): Task { await Self.run(call, isolatedTo: actor) }
        case .queue(let queue): queue.async(execute: call)
        case .background: DispatchQueue.global().async(execute: call)
        }
    }

    private static func run(_ call: @Sendable () -> Void, isolatedTo actor: isolated any Actor) {
        call()
    }
}

/// A caller's non-`Sendable` completion handler, carried to the place it runs.
///
/// `@unchecked Sendable` is safe because the handler is never called where it was not allowed to run:
/// ``send(_:_:)`` hands it to its ``CompletionTarget`` (the caller's actor, or the queue the SDK
/// contract names), it is called at most once per send, and nothing else reads it. What it captured
/// stays with the caller's isolation, which is where it runs.
struct Completion<Value: Sendable>: @unchecked Sendable {
    private let handler: (Value?, (any Error)?) -> Void
    private let target: CompletionTarget

    /// Wraps `handler`, to run at `target`.
    init(_ handler: @escaping (Value?, (any Error)?) -> Void, target: CompletionTarget) {
        self.handler = handler
        self.target = target
    }

    /// Calls the handler at its target with a value or an error.
    func send(_ value: Value?, _ error: AWSMobileClientError?) {
        let completion = self
        target.run { completion.handler(value, error) }
    }
}
