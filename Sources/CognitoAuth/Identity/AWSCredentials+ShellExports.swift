import Foundation

extension AWSCredentials {
    /// The credentials as POSIX shell `export` lines, each value single-quoted.
    ///
    /// This is what `latchkey credentials --format env` prints for `eval "$(…)"`. The values are
    /// checked against AWS's alphabet when they arrive (``IdentityAnswerShape``), and quoted here
    /// anyway, so that no value (a stored one from an older version included) can run a command,
    /// set another variable or end the line.
    package func shellExports(expiration: String) -> String {
        [
            ("AWS_ACCESS_KEY_ID", accessKeyId), ("AWS_SECRET_ACCESS_KEY", secretAccessKey),
            ("AWS_SESSION_TOKEN", sessionToken), ("AWS_CREDENTIAL_EXPIRATION", expiration),
        ]
        .map { "export \($0.0)=\(ShellQuoting.singleQuoted($0.1))\n" }.joined()
    }
}

/// Quoting for POSIX shells.
package enum ShellQuoting {
    /// `text` as one single-quoted shell word: `'…'`, each `'` inside written as `'\''`.
    ///
    /// Inside single quotes a POSIX shell expands nothing (`$`, backquotes, `\`, newlines are
    /// literal), so the word always evaluates to exactly `text`.
    package static func singleQuoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
    }
}
