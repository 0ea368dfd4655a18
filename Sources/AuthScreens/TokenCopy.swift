import CognitoAuth

/// A token the dashboard can copy to the clipboard (`y`, then `i` or `a`).
public enum CopiedToken: String, Hashable, Sendable {
    /// The ID token.
    case id
    /// The access token.
    case access
    /// The `otpauth://` URI of an authenticator-app set-up (Ctrl-Y on that screen).
    case totpURI
}

extension ScreenText {
    /// The dashboard hint.
    public static let hintCopyToken = "y copy token"
    /// The status line after `y`.
    public static let copyTokenChoice = "Copy which token? i ID token · a access token · any other key: cancel"
    /// `y` then another key.
    public static let copyTokenCancelled = "Nothing copied."
    /// The terminal cannot take a clipboard.
    public static let copyTokenUnsupported = "This terminal cannot receive the clipboard (OSC 52). Run: latchkey token"

    /// "the access token".
    public static func tokenName(_ token: CopiedToken) -> String {
        switch token {
        case .id: "the ID token"
        case .access: "the access token"
        case .totpURI: totpURIName
        }
    }

    /// "Copied the access token (1,234 characters) to the clipboard."
    public static func tokenCopied(_ token: CopiedToken, characters: Int) -> String {
        "Copied \(tokenName(token)) (\(groupedThousands(characters)) characters) to the clipboard."
    }

    /// "Could not copy the access token: …".
    public static func tokenCopyFailed(_ token: CopiedToken, _ error: AuthError) -> String {
        "Could not copy \(tokenName(token)): \(shortError(error))"
    }

    /// 1234 → "1,234".
    public static func groupedThousands(_ value: Int) -> String {
        let digits = String(value.magnitude)
        var out = ""
        for (index, digit) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { out.append(",") }
            out.append(digit)
        }
        return (value < 0 ? "-" : "") + out
    }
}
