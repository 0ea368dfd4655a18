/// What an authenticator tells the person while a ceremony runs.
///
/// The terminal UI draws these on its ceremony screen; the command line prints them on stderr. They carry no secret.
public enum PasskeyPrompt: Sendable, Hashable {
    /// One authenticator waits for a touch; `authenticator` is its name as the person knows it (a key's product
    /// name, or the provider command's first word).
    case touch(authenticator: String)
    /// Several security keys are plugged in; the one touched first is used.
    case touchOneOf(count: Int)
    /// An external provider is running; it may show its own interface.
    case provider(name: String)
}

/// A request for a security key's PIN.
public struct PasskeyPINRequest: Sendable, Hashable {
    /// The key's name as the person knows it.
    public var authenticator: String
    /// How many PIN attempts the key has left, when it says.
    public var attemptsLeft: Int?
    /// Whether the previous PIN was wrong (the prompt says so before asking again).
    public var previousWasWrong: Bool

    /// Creates a request for `authenticator`'s PIN.
    public init(authenticator: String, attemptsLeft: Int?, previousWasWrong: Bool) {
        self.authenticator = authenticator
        self.attemptsLeft = attemptsLeft
        self.previousWasWrong = previousWasWrong
    }
}

/// The person's side of a passkey ceremony: where an authenticator shows prompts and asks for a PIN.
///
/// An authenticator is given one when it is made (the UI passes its ceremony screen, the command line its terminal).
/// Without one, an authenticator that needs a PIN fails with ``PasskeyFailure/pinRequired`` and the next step.
/// Cancelling the ceremony's task is how the person cancels (Esc on the screen, Ctrl-C on the command line).
public protocol PasskeyInteraction: Sendable {
    /// Shows `prompt`, replacing the previous one.
    func show(_ prompt: PasskeyPrompt) async
    /// Asks for the PIN; throws ``AuthError/passkey(_:)`` with ``PasskeyFailure/cancelled`` when the person cancels.
    func pin(_ request: PasskeyPINRequest) async throws -> String
}
