/// A token the dashboard can copy to the clipboard (`y`, then `i` or `a`).
public enum CopiedToken: String, Hashable, Sendable {
    /// The ID token (the dashboard's `y` then `i`).
    case id
    /// The access token (the dashboard's `y` then `a`).
    case access
    /// The `otpauth://` URI of an authenticator-app set-up (Ctrl-Y on that screen).
    case totpURI
    /// The hosted UI's sign-in URL while a browser sign-in waits (Ctrl-Y on that screen).
    case signInURL
    /// The hosted UI's sign-out URL shown on Sign in after a hosted sign-out (Ctrl-Y on that screen).
    case signOutURL
}

/// Where a copy went, as the terminal reports it, so the status line says what happened rather than
/// a bare "Copied" (a terminal never confirms a clipboard write; tmux may keep it to itself).
public enum CopyDestination: Hashable, Sendable {
    /// Sent to the terminal's clipboard (OSC 52), directly or through tmux.
    case clipboard
    /// Sent through tmux's passthrough, but tmux did not say whether it allows it.
    case clipboardUnverified
    /// Inside tmux, which passes no clipboard write on here: in tmux's paste buffer only.
    case tmuxBufferOnly
}

/// A finished copy: how many characters, and where they went (never the text itself).
public struct CopyReceipt: Hashable, Sendable {
    /// The number of characters copied.
    public var characters: Int
    /// Where the copy went.
    public var destination: CopyDestination

    /// A copy of `characters` characters that went to `destination`.
    public init(characters: Int, destination: CopyDestination = .clipboard) {
        self.characters = characters
        self.destination = destination
    }
}

extension ModalOpening {
    /// `y`: waits for the token to copy (`i` or `a`), and says so on the status line.
    package static let copyToken = ModalOpening("copyToken") { _ in
        Opened(modal: .copyToken, effects: [.route(.status(ScreenText.copyTokenChoice))])
    }
}
