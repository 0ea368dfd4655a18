import CognitoAuth
import Foundation

/// The command line's side of a passkey ceremony: prompts on stderr, the PIN read with echo off.
///
/// Made only when stdin is a terminal; without one the commands pass no interaction, so a key that needs its PIN
/// fails at once with ``PasskeyFailure/pinRequired(authenticator:)`` and the next step.
struct TerminalPasskeyInteraction: PasskeyInteraction {
    /// Whether stdin is a terminal (checked again when the PIN is asked).
    var isTerminal: @Sendable () -> Bool = { CLIOutput.stdinIsTerminal }
    /// Writes one line on stderr.
    var say: @Sendable (String) -> Void = { CLIOutput.info($0) }
    /// Reads a line with echo off after printing the prompt.
    var readSecret: @Sendable (String) throws -> String = { prompt in
        try CeremonyInterrupt.pausedForPrompt { try CLIOutput.secret(prompt: prompt) }
    }

    /// Prints the prompt on stderr.
    func show(_ prompt: PasskeyPrompt) async {
        switch prompt {
        case .touch(let name):
            say("Touch your security key (\(TerminalText.sanitized(name)))…")
        case .touchOneOf(let count):
            say("\(count) security keys are plugged in: touch the one you want to use…")
        case .provider:
            break
        }
    }

    /// Asks the PIN with echo off, saying how many attempts are left and whether the last PIN was wrong; an empty
    /// PIN cancels.
    func pin(_ request: PasskeyPINRequest) async throws -> String {
        guard isTerminal() else { throw AuthError.passkey(.pinRequired(authenticator: request.authenticator)) }
        if request.previousWasWrong { say("Wrong PIN.") }
        let left = request.attemptsLeft.map { $0 == 1 ? " (1 attempt left)" : " (\($0) attempts left)" } ?? ""
        let pin = try readSecret("PIN for \(TerminalText.sanitized(request.authenticator))\(left): ")
        guard !pin.isEmpty else { throw AuthError.passkey(.cancelled) }
        return pin
    }
}
