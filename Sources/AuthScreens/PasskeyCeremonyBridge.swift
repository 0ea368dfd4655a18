import CognitoAuth
import Foundation
import Synchronization

/// What a passkey ceremony tells the screens, in order.
public enum PasskeyCeremonyEvent: Equatable, Sendable {
    /// A ceremony began: a sign-in (`get`) or a new passkey (`create`).
    case started(PasskeyCeremony.Kind)
    /// The authenticator's prompt (touch, touch one of several, a provider running).
    case prompt(PasskeyPrompt)
    /// The authenticator asks for its PIN; ``PasskeyCeremonyBridge/answerPIN(_:)`` answers.
    case pinRequested(PasskeyPINRequest)
    /// The ceremony ended: nil when the authenticator answered, else why not.
    case ended(PasskeyFailure?)
}

/// The UI's side of a passkey ceremony: the ``PasskeyInteraction`` an authenticator is made with, and the
/// wrapper every authenticator runs in, so that the ceremony screen sees each prompt and Esc can cancel it.
///
/// The host makes one bridge per run of the screens, gives ``authenticator(wrapping:)`` to the client's
/// passkey settings (and the bridge itself to an authenticator that asks for a PIN), and hands the bridge to the
/// runtime, which reads ``events`` in order and sends them to ``AppState``. Answers go the other way:
/// ``answerPIN(_:)`` resumes the authenticator waiting in ``pin(_:)``, and ``cancel()`` cancels the task the
/// authenticator runs in, so an external provider is terminated and a security key's request is cancelled.
public final class PasskeyCeremonyBridge: PasskeyInteraction, Sendable {
    /// What is waiting on the bridge right now.
    private struct Waiting {
        /// The PIN prompt's continuation, while the authenticator waits for the person.
        var pin: CheckedContinuation<String, any Error>?
        /// The running ceremony's task (one at a time: the screens start one at a time).
        var ceremony: Task<JSONValue, any Error>?
        /// Esc came after the ceremony was announced but before its task was registered: cancel it at once.
        var cancelPending = false
    }

    private let waiting = Mutex(Waiting())
    private let continuation: AsyncStream<PasskeyCeremonyEvent>.Continuation
    /// The ceremony's events, in the order they happened; the runtime reads them.
    public let events: AsyncStream<PasskeyCeremonyEvent>

    /// Creates a bridge with nothing running.
    public init() {
        (events, continuation) = AsyncStream.makeStream(of: PasskeyCeremonyEvent.self)
    }

    deinit { continuation.finish() }

    /// `inner` wrapped so that the screens see its ceremonies start and end, and can cancel them.
    public func authenticator(wrapping inner: any PasskeyAuthenticator) -> any PasskeyAuthenticator {
        ScreenPasskeyAuthenticator(inner: inner, bridge: self)
    }

    // MARK: PasskeyInteraction

    /// Shows `prompt` on the ceremony screen.
    public func show(_ prompt: PasskeyPrompt) async {
        continuation.yield(.prompt(prompt))
    }

    /// Asks the ceremony screen for the PIN and waits for the person (or for the ceremony to be cancelled).
    public func pin(_ request: PasskeyPINRequest) async throws -> String {
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (pending: CheckedContinuation<String, any Error>) in
                let earlier: CheckedContinuation<String, any Error>? = waiting.withLock { waiting in
                    // Checked under the lock that `onCancel` takes, so a cancellation is never missed.
                    if Task.isCancelled {
                        pending.resume(throwing: AuthError.passkey(.cancelled))
                        return nil
                    }
                    let earlier = waiting.pin
                    waiting.pin = pending
                    return earlier
                }
                earlier?.resume(throwing: AuthError.passkey(.cancelled))
                continuation.yield(.pinRequested(request))
            }
        } onCancel: {
            waiting.withLock { waiting in
                let pending = waiting.pin
                waiting.pin = nil
                return pending
            }?.resume(throwing: AuthError.passkey(.cancelled))
        }
    }

    // MARK: Answers from the screen

    /// Gives `pin` to the authenticator waiting for it; nothing happens when none waits.
    public func answerPIN(_ pin: String) {
        waiting.withLock { waiting in
            let pending = waiting.pin
            waiting.pin = nil
            return pending
        }?.resume(returning: pin)
    }

    /// Cancels the running ceremony: its task is cancelled (the provider is terminated, a key's request
    /// cancelled) and a PIN prompt waiting is answered with ``PasskeyFailure/cancelled``.
    public func cancel() {
        let (task, pending) = waiting.withLock { waiting in
            let taken = (waiting.ceremony, waiting.pin)
            waiting.pin = nil
            if waiting.ceremony == nil { waiting.cancelPending = true }
            return taken
        }
        task?.cancel()
        pending?.resume(throwing: AuthError.passkey(.cancelled))
    }

    /// Whether a ceremony runs (for tests).
    public var isRunning: Bool { waiting.withLock { $0.ceremony != nil } }

    /// Runs `body` as the ceremony of `kind` in a task of its own that ``cancel()`` can reach.
    func run(
        _ kind: PasskeyCeremony.Kind, provider: String?, _ body: @escaping @Sendable () async throws -> JSONValue
    ) async throws -> JSONValue {
        waiting.withLock { $0.cancelPending = false }
        // Announced before the authenticator runs, so the screen opens before its first prompt.
        continuation.yield(.started(kind))
        if let provider { continuation.yield(.prompt(.provider(name: provider))) }
        let task = Task { try await body() }
        let cancelled = waiting.withLock { waiting in
            waiting.ceremony = task
            defer { waiting.cancelPending = false }
            return waiting.cancelPending
        }
        if cancelled { task.cancel() }
        do {
            let answer = try await withTaskCancellationHandler {
                try await task.value
            } onCancel: {
                task.cancel()
            }
            finish(task, failure: nil)
            return answer
        } catch {
            let failure: PasskeyFailure
            if case AuthError.passkey(let reason) = error {
                failure = reason
            } else {
                failure = task.isCancelled ? .cancelled : .malformed(TerminalText.sanitized("\(error)"))
            }
            finish(task, failure: failure)
            throw error
        }
    }

    /// Forgets `task` (when it is still the running one) and says the ceremony ended.
    private func finish(_ task: Task<JSONValue, any Error>, failure: PasskeyFailure?) {
        waiting.withLock { waiting in
            if waiting.ceremony == task { waiting.ceremony = nil }
        }
        continuation.yield(.ended(failure))
    }
}

/// An authenticator run through a ``PasskeyCeremonyBridge``: the screens see its ceremony, and Esc cancels it.
struct ScreenPasskeyAuthenticator: PasskeyAuthenticator {
    /// The authenticator that does the work.
    var inner: any PasskeyAuthenticator
    /// The bridge to the screens.
    var bridge: PasskeyCeremonyBridge

    /// The provider's name for "Waiting for NAME…": an external provider asks nobody through the bridge, so the
    /// screen names it (its command's first word, without the directory).
    var providerName: String? {
        guard let provider = inner as? ExternalPasskeyProvider else { return nil }
        let words = provider.command.split(whereSeparator: \.isWhitespace)
        // `python3 soft_passkey.py` says more by its script than by its interpreter.
        let meaningful = words.first { word in
            !["python", "python3", "sh", "bash", "env", "exec", "node"].contains(
                word.split(separator: "/").last.map(String.init)?.trimmingCharacters(in: ["'", "\""]) ?? "")
        }
        let word = meaningful ?? words.first ?? "provider"
        let name = word.split(separator: "/").last.map(String.init) ?? String(word)
        return TerminalText.sanitized(name.trimmingCharacters(in: ["'", "\""]))
    }

    func create(_ ceremony: PasskeyCeremony) async throws -> JSONValue {
        let inner = self.inner
        return try await bridge.run(.create, provider: providerName) { try await inner.create(ceremony) }
    }

    func get(_ ceremony: PasskeyCeremony) async throws -> JSONValue {
        let inner = self.inner
        return try await bridge.run(.get, provider: providerName) { try await inner.get(ceremony) }
    }
}
