/// Makes text from outside (a server, a token, a file) safe to print on a terminal.
///
/// A hostile endpoint, or anyone in the middle of an `http://` one, controls error messages, the
/// username claim, challenge parameter names and the TOTP secret. Printed raw, their escape
/// sequences could clear the screen, set the window title or forge whole output lines, and their
/// bidirectional and invisible format characters could reorder or hide what the user reads.
package enum TerminalText {
    /// `text` without controls and invisible format characters.
    ///
    /// Removed: C0 controls (U+0000–U+001F), DEL (U+007F), C1 controls (U+0080–U+009F) and every
    /// Unicode format character (general category `Cf`: the bidirectional embeddings, overrides and
    /// isolates U+202A–U+202E and U+2066–U+2069, the marks U+200E/U+200F/U+061C, zero-width space
    /// U+200B, zero-width non-joiner U+200C, the byte order mark U+FEFF, the soft hyphen U+00AD, tag
    /// characters…), except the zero-width joiner U+200D, which only joins emoji and scripts'
    /// letters and cannot reorder text (see DECISIONS.md).
    ///
    /// A removed control is replaced by nothing, except that line breaks, tabs and the Unicode line
    /// and paragraph separators (U+2028, U+2029) become one space each, so that words they
    /// separated stay apart. With `keepingNewlines`, `\n` and `\t` are kept as they are (for the few
    /// messages that legitimately span lines); `\r`, U+2028 and U+2029 are still replaced.
    package static func sanitized(_ text: String, keepingNewlines: Bool = false) -> String {
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x0A, 0x09:
                result.append(keepingNewlines ? scalar : " ")
            case 0x0D, 0x0B, 0x0C, 0x2028, 0x2029:
                result.append(" ")
            case 0x00...0x1F, 0x7F...0x9F:
                continue
            case 0x200D:
                result.append(scalar)
            default:
                if scalar.properties.generalCategory == .format { continue }
                result.append(scalar)
            }
        }
        return String(result)
    }
}
