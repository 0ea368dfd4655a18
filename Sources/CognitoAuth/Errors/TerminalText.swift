/// Makes text from outside (a server, a token, a file) safe to print on a terminal.
///
/// A hostile endpoint, or anyone in the middle of an `http://` one, controls error messages, the
/// username claim, challenge parameter names and the TOTP secret. Printed raw, their escape
/// sequences could clear the screen, set the window title or forge whole output lines.
package enum TerminalText {
    /// `text` without C0 controls (U+0000–U+001F), DEL (U+007F) and C1 controls (U+0080–U+009F).
    ///
    /// A removed control is replaced by nothing, except that line breaks and tabs become one space
    /// each, so that words they separated stay apart. With `keepingNewlines`, `\n` and `\t` are kept
    /// as they are (for the few messages that legitimately span lines); `\r` is still replaced.
    package static func sanitized(_ text: String, keepingNewlines: Bool = false) -> String {
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x0A, 0x09:
                result.append(keepingNewlines ? scalar : " ")
            case 0x0D, 0x0B, 0x0C:
                result.append(" ")
            case 0x00...0x1F, 0x7F...0x9F:
                continue
            default:
                result.append(scalar)
            }
        }
        return String(result)
    }
}
