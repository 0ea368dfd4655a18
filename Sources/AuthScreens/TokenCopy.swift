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
}
