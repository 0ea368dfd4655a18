/// Where a copy went, so the app can say what happened instead of a bare "Copied".
///
/// A terminal never confirms an OSC 52 write, so ``sentToTerminal`` means "sent", not "arrived".
/// Inside tmux the options decide ( `set-clipboard`, `allow-passthrough`): when tmux would drop the
/// sequence, the text goes into tmux's paste buffer instead (``tmuxBufferOnly``) and the message
/// names the option that lets it reach the system clipboard.
public enum ClipboardDelivery: Equatable, Sendable {
    /// OSC 52 was written to the terminal (outside tmux); the terminal may still refuse it.
    case sentToTerminal
    /// tmux (`set-clipboard on`) took the copy into its paste buffer and passes it to the terminal.
    case sentThroughTmux
    /// Wrapped in tmux's passthrough (`allow-passthrough on`) for the terminal outside tmux.
    case passedThroughTmux
    /// tmux passes no clipboard write on (`set-clipboard` not `on`, `allow-passthrough` off): the
    /// text is in tmux's paste buffer only (`prefix ]` pastes it), not on the system clipboard.
    case tmuxBufferOnly
    /// Inside tmux, but tmux did not answer: the passthrough form was sent, unverified.
    case unverifiedInTmux
    /// Nothing was sent: the terminal is not drawing (the UI has stopped) or has no clipboard.
    case unavailable

    /// Whether the text left this process for a clipboard or a paste buffer.
    public var isDelivered: Bool { self != .unavailable }
}
