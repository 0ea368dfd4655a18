import ArgumentParser

/// `--retry-seconds`: a number of seconds, written as people write it ("4", "1.5", "-5"), not as a
/// `Double` prints ("4.0", "-5.0") in the help's default and in messages (issue 29, N25).
struct RetrySeconds: ExpressibleByArgument, CustomStringConvertible, Sendable {
    /// The seconds.
    var value: Double

    /// The default: 4 s, the library's connectivity bound.
    static let standard = RetrySeconds(value: 4)

    init(value: Double) { self.value = value }

    init?(argument: String) {
        guard let value = Double(argument) else { return nil }
        self.value = value
    }

    /// `seconds` without a trailing ".0": "4", "1.5", "-5"; "nan" and "inf" as Swift writes them.
    static func text(_ seconds: Double) -> String {
        if seconds.isFinite, seconds.rounded() == seconds, abs(seconds) < 1e15 { return String(Int64(seconds)) }
        return "\(seconds)"
    }

    var description: String { Self.text(value) }
    var defaultValueDescription: String { description }
}
