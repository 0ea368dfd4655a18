import Foundation
import Logging

/// A stderr log handler that masks anything shaped like a JWT, an AWS secret or a long opaque token.
///
/// The core never logs secrets; this is the second line of defence for `--debug`.
struct RedactingLogHandler: LogHandler {
    let label: String
    var logLevel: Logger.Level = .info
    var metadata: Logger.Metadata = [:]

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        var merged = metadata
        if let extra = event.metadata { merged.merge(extra) { _, new in new } }
        let details = merged.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
        let line = "latchkey \(event.level): \(event.message)\(details.isEmpty ? "" : " " + details)"
        FileHandle.standardError.write(Data((Self.redact(line) + "\n").utf8))
    }

    /// Masks JWTs, long base64/hex runs, and the value after `password=`, `secret=`, `token=`, and the
    /// hosted UI's `code=`, `code_verifier=` and `state=` (an authorization code may be short).
    static func redact(_ text: String) -> String {
        var result = text
        let patterns = [
            #"eyJ[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*"#,
            #"[A-Za-z0-9+/_=-]{32,}"#,
            #"(?i)(password|secret|token|code|code_verifier|state)=\S+"#,
        ]
        for pattern in patterns {
            result = result.replacingOccurrences(of: pattern, with: "[redacted]", options: .regularExpression)
        }
        return result
    }
}
