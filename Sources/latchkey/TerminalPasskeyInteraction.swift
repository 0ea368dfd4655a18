import CognitoAuth
import Foundation

/// The command line's side of a passkey ceremony: prompts on stderr, the PIN read with echo off.
///
/// Made only when stdin is a terminal; without one the commands pass no interaction, so a key that needs its PIN
/// fails at once with ``PasskeyFailure/pinRequired(authenticator:)`` and the next step.
struct TerminalPasskeyInteraction: PasskeyInteraction {
    /// Prints the prompt on stderr.
    func show(_ prompt: PasskeyPrompt) async {
        switch prompt {
        case .touch(let name):
            CLIOutput.info("Touch your security key (\(TerminalText.sanitized(name)))…")
        case .touchOneOf(let count):
            CLIOutput.info("\(count) security keys are plugged in: touch the one you want to use…")
        case .provider:
            break
        }
    }

    /// Asks the PIN with echo off, saying how many attempts are left and whether the last PIN was wrong.
    func pin(_ request: PasskeyPINRequest) async throws -> String {
        guard CLIOutput.stdinIsTerminal else {
            throw AuthError.passkey(.pinRequired(authenticator: request.authenticator))
        }
        if request.previousWasWrong { CLIOutput.info("Wrong PIN.") }
        let left = request.attemptsLeft.map { $0 == 1 ? " (1 attempt left)" : " (\($0) attempts left)" } ?? ""
        let prompt = "PIN for \(TerminalText.sanitized(request.authenticator))\(left): "
        let pin = try CeremonyInterrupt.pausedForPrompt { try CLIOutput.secret(prompt: prompt) }
        guard !pin.isEmpty else { throw AuthError.passkey(.cancelled) }
        return pin
    }
}
