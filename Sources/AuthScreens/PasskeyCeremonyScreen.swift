import CognitoAuth
import LatchkeyText
import TerminalKeys

/// The passkey ceremony screen: drawn over whatever asked for the ceremony (Sign in, the method choice, the
/// re-login prompt, the Passkeys view) while the authenticator works.
///
/// It says what the authenticator wants ("Touch your security key (NAME)", "Several keys are plugged in: touch
/// the one you want", "Waiting for NAME…") beside a spinner, takes the PIN in a masked field with the attempts
/// left and "Wrong PIN" after a wrong one, and says why the ceremony ended when it failed. Esc cancels the
/// ceremony (the runtime cancels its task), and the screen says it was cancelled.
public struct PasskeyCeremonyState: Equatable, Sendable {
    /// What the screen shows.
    public enum Phase: Equatable, Sendable {
        /// The ceremony started; no prompt yet.
        case starting
        /// The authenticator's prompt.
        case prompt(PasskeyPrompt)
        /// The PIN field, for `request`.
        case pin(PasskeyPINRequest, FieldState)
        /// Esc was pressed; the authenticator is being stopped.
        case cancelling
        /// The ceremony failed (or was cancelled): the sentence and the next step, sanitised.
        case ended(PasskeyFailure)
    }

    /// Making a passkey (`create`) or signing in with one (`get`).
    public var kind: PasskeyCeremony.Kind
    /// What shows now.
    public var phase: Phase = .starting
    /// The last prompt, shown again after the PIN is sent (the key then waits for its touch).
    public var lastPrompt: PasskeyPrompt?

    /// Creates the screen for a ceremony of `kind` that just started.
    public init(kind: PasskeyCeremony.Kind) { self.kind = kind }

    /// The title: "Sign in with a passkey" or "Add a passkey".
    public var title: String { kind == .get ? Localized.text(\.passkeySignInTitle) : Localized.text(\.passkeyAddTitle) }

    /// What the authenticator wants, one sentence (without the PIN's details).
    public var message: String {
        switch phase {
        case .starting: return Localized.text(\.passkeyStarting)
        case .prompt(let prompt): return ScreenText.passkeyPrompt(prompt)
        case .pin(let request, _): return Localized.format(\.passkeyPINFor, ["name": request.authenticator])
        case .cancelling: return Localized.text(\.passkeyCancelling)
        case .ended(let failure): return failure.summary(.current)
        }
    }

    /// The line under the PIN field: "Wrong PIN. 2 attempts left." (nil outside the PIN phase or when the key
    /// says nothing).
    public var pinStatus: String? {
        guard case .pin(let request, _) = phase else { return nil }
        var parts: [String] = []
        if request.previousWasWrong { parts.append(Localized.text(\.passkeyWrongPIN)) }
        if let left = request.attemptsLeft { parts.append(ScreenText.passkeyAttemptsLeft(left)) }
        return parts.isEmpty ? nil : parts.joined(separator: Localized.text(\.errorSeparator))
    }

    /// The next step after a failure.
    public var nextStep: String? {
        if case .ended(let failure) = phase { return failure.nextStep(.current) }
        return nil
    }

    /// The PIN field while the PIN is asked for.
    public var pinField: FieldState? {
        if case .pin(_, let field) = phase { return field }
        return nil
    }

    /// Whether the authenticator is at work (the spinner turns).
    public var isWorking: Bool {
        switch phase {
        case .starting, .prompt, .cancelling: return true
        case .pin, .ended: return false
        }
    }

    /// Whether the screen only says how the ceremony ended (a key closes it).
    public var hasEnded: Bool {
        if case .ended = phase { return true }
        return false
    }
}

/// What a key does on the ceremony screen.
enum PasskeyCeremonyCommand: Hashable {
    /// Esc: cancel the ceremony; once it ended, close the screen.
    case cancel
    /// Enter: send the PIN; once the ceremony ended, close the screen.
    case sendPIN
}

extension PasskeyCeremonyState {
    /// The screen's bindings; each key is written here and nowhere else.
    static var keyBindings: [KeyBinding<PasskeyCeremonyCommand>] {
        [
            KeyBinding(
                .sendPIN, [.enter], label: "Enter", hint: .line(\.passkeyHintSendPIN), help: .line(\.passkeyHintSendPIN)
            ),
            KeyBinding(
                .cancel, [.escape], label: "Esc", hint: .line(\.passkeyHintCancel), help: .line(\.passkeyHintCancel)),
        ]
    }

    /// The commands that apply now, in the hint bar's order.
    var activeCommands: [PasskeyCeremonyCommand] {
        switch phase {
        case .pin: return [.sendPIN, .cancel]
        case .ended: return [.cancel, .sendPIN]
        case .starting, .prompt: return [.cancel]
        case .cancelling: return []
        }
    }

    /// The hint bar's entries now: once the ceremony ended, Esc (and Enter) close the screen.
    var hints: [HintEntry] {
        let bindings = Self.keyBindings.filter { activeCommands.contains($0.command) }
        guard hasEnded else { return bindings.entries(\.hint).map(\.hintEntry) }
        return Self.keyBindings.binding(.cancel).map { binding in
            [HintEntry(label: binding.label, action: Localized.text(\.passkeyHintClose), clickKey: binding.keys.first)]
        } ?? []
    }

    /// A key: Esc cancels (or closes once ended), Enter sends the PIN (or closes), other keys edit the PIN
    /// field. Returns the effects, or nil when the screen closes.
    mutating func keyPressed(_ key: Key) -> [AuthEffect]? {
        let command: PasskeyCeremonyCommand? = Self.keyBindings.command(for: key)
        if let command, !activeCommands.contains(command) { return [] }
        if hasEnded { return command == nil ? [] : nil }
        switch command {
        case .cancel?:
            phase = .cancelling
            return [.cancelPasskeyCeremony]
        case .sendPIN?: return sendPIN()
        case nil:
            guard case .pin(let request, var field) = phase else { return [] }
            if field.apply(key) == .changed { field.error = nil }
            phase = .pin(request, field)
            return []
        }
    }

    private mutating func sendPIN() -> [AuthEffect] {
        guard case .pin(let request, var field) = phase else { return [] }
        guard !field.isEmpty else {
            field.error = Localized.text(\.passkeyPINRequired)
            phase = .pin(request, field)
            return []
        }
        let pin = SecretText(field.text)
        field.clear()
        phase = .prompt(lastPrompt ?? .touch(authenticator: request.authenticator))
        return [.answerPasskeyPIN(pin)]
    }

    /// An event from the bridge; returns false when the screen closes (the ceremony succeeded).
    package mutating func receive(_ event: PasskeyCeremonyEvent) -> Bool {
        switch event {
        case .started(let kind):
            self = PasskeyCeremonyState(kind: kind)
        case .prompt(let prompt):
            lastPrompt = prompt
            if case .cancelling = phase { break }
            phase = .prompt(prompt)
        case .pinRequested(let request):
            if case .cancelling = phase { break }
            phase = .pin(request, FieldState(isSecure: true))
        case .ended(nil):
            return false
        case .ended(let failure?):
            phase = .ended(failure)
        }
        return true
    }
}

extension PasskeyCeremonyState: ScreenPresentation {
    var activity: String? { isWorking ? Localized.text(\.passkeyActivity) : nil }
    var hasTextField: Bool { pinField != nil }
    var hintEntries: [HintEntry]? { hints }
    var hidesHelpHint: Bool { true }
    var helpLines: [String]? { Self.keyBindings.helpLines() }
}
