import CognitoAuth
import LatchkeyText

/// Copying a token, URI or URL to the clipboard with `y` / Ctrl-Y.
extension ScreenText {
    /// The status line after `y`.
    public static var copyTokenChoice: String { TokenCopyChoice.naming(Localized.text(\.copyTokenChoice)) }
    /// `y` then another key.
    public static var copyTokenCancelled: String { Localized.text(\.copyTokenCancelled) }
    /// The terminal cannot take a clipboard.
    public static var copyTokenUnsupported: String { Localized.text(\.copyTokenUnsupported) }

    /// The token's name inside a sentence: "the access token".
    public static func tokenName(_ token: CopiedToken) -> String {
        switch token {
        case .id: Localized.text(\.tokenNameId)
        case .access: Localized.text(\.tokenNameAccess)
        case .totpURI: totpURIName
        case .signInURL: Localized.text(\.tokenNameSignInURL)
        case .signOutURL: Localized.text(\.tokenNameSignOutURL)
        }
    }

    /// "Copied the access token (1,234 characters) to the clipboard.", or where it went instead
    /// (tmux's paste buffer) with the tmux setting that lets it reach the clipboard.
    public static func tokenCopied(_ token: CopiedToken, _ receipt: CopyReceipt) -> String {
        let values: KeyValuePairs<String, String> = [
            "token": tokenName(token), "characters": groupedThousands(receipt.characters),
        ]
        switch receipt.destination {
        case .clipboard: return Localized.format(\.tokenCopied, values)
        case .clipboardUnverified: return Localized.format(\.tokenCopiedUnverifiedInTmux, values)
        case .tmuxBufferOnly: return Localized.format(\.tokenCopiedToTmuxBuffer, values)
        }
    }

    /// "Could not copy the access token: …".
    public static func tokenCopyFailed(_ token: CopiedToken, _ error: AuthError) -> String {
        Localized.format(\.tokenCopyFailed, ["token": tokenName(token), "message": shortError(error)])
    }

    /// Formats a count with comma thousands separators: 1234 → "1,234".
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
