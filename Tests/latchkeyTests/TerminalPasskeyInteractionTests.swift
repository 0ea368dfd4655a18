import CognitoAuth
import Foundation
import Testing

@testable import latchkey

/// What the command line prints and asks during a security-key ceremony.
@Suite("The terminal's passkey prompts")
struct TerminalPasskeyInteractionTests {
    /// Lines written and prompts shown, recorded.
    final class Transcript: @unchecked Sendable {
        // @unchecked Sendable: `lines` is read and written only under `lock`.
        private let lock = NSLock()
        private var recorded: [String] = []
        var lines: [String] { lock.withLock { recorded } }
        func add(_ line: String) { lock.withLock { recorded.append(line) } }
    }

    static func interaction(_ transcript: Transcript, terminal: Bool, typed: String = "1234")
        -> TerminalPasskeyInteraction
    {
        TerminalPasskeyInteraction(
            isTerminal: { terminal }, say: { transcript.add($0) },
            readSecret: { prompt in
                transcript.add(prompt)
                return typed
            })
    }

    @Test("Touch prompts name the key (sanitised), or say how many keys to choose from")
    func touchPrompts() async {
        let transcript = Transcript()
        let interaction = Self.interaction(transcript, terminal: true)
        await interaction.show(.touch(authenticator: "Yubico\u{1b}[31m YubiKey"))
        await interaction.show(.touchOneOf(count: 2))
        #expect(
            transcript.lines == [
                "Touch your security key (Yubico[31m YubiKey)…",
                "2 security keys are plugged in: touch the one you want to use…",
            ])
    }

    @Test("The PIN prompt shows the attempts left, and says when the last PIN was wrong")
    func pinPrompt() async throws {
        let transcript = Transcript()
        let interaction = Self.interaction(transcript, terminal: true)
        let first = try await interaction.pin(
            PasskeyPINRequest(authenticator: "Key", attemptsLeft: 8, previousWasWrong: false))
        _ = try await interaction.pin(PasskeyPINRequest(authenticator: "Key", attemptsLeft: 1, previousWasWrong: true))
        #expect(first == "1234")
        #expect(
            transcript.lines == ["PIN for Key (8 attempts left): ", "Wrong PIN.", "PIN for Key (1 attempt left): "])
        #expect(!transcript.lines.joined().contains("1234"), "the PIN is never printed")
    }

    @Test("No terminal: pinRequired at once, nothing asked; an empty PIN cancels")
    func noTerminal() async {
        let transcript = Transcript()
        let request = PasskeyPINRequest(authenticator: "Key", attemptsLeft: 8, previousWasWrong: false)
        await #expect(throws: AuthError.passkey(.pinRequired(authenticator: "Key"))) {
            try await Self.interaction(transcript, terminal: false).pin(request)
        }
        #expect(transcript.lines.isEmpty)
        await #expect(throws: AuthError.passkey(.cancelled)) {
            try await Self.interaction(transcript, terminal: true, typed: "").pin(request)
        }
    }
}
