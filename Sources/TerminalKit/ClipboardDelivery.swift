/// Where a copy went, so the app can say what happened instead of a bare "Copied".
///
/// A terminal never confirms an OSC 52 write, so ``sent`` means "sent", not "arrived". Inside tmux
/// its options decide (`set-clipboard`, `allow-passthrough`): when tmux would drop the sequence, the
/// text goes into tmux's paste buffer instead (``tmuxBufferOnly``), and the app names the option
/// that lets copies reach the system clipboard.
public enum ClipboardDelivery: Equatable, Sendable {
    /// OSC 52 went to the terminal: directly, through tmux (`set-clipboard on`), or in tmux's
    /// passthrough (`allow-passthrough on`).
    case sent
    /// Inside tmux, but tmux did not answer: the passthrough form was sent, unverified.
    case sentUnverified
    /// tmux passes no clipboard write on (`set-clipboard` not `on`, `allow-passthrough` off): the
    /// text is in tmux's paste buffer only (`prefix ]` pastes it), not on the system clipboard.
    case tmuxBufferOnly
    /// Nothing was sent: the terminal is not drawing (the UI has stopped) or has no clipboard.
    case unavailable
}
