import ArgumentParser
import AuthScreens
import CognitoAuth

/// Catches a mistyped subcommand before ArgumentParser sees it: with `ui` as the default
/// subcommand, `latchkey stauts` would otherwise be reported as an unexpected argument of `ui`,
/// followed by `ui`'s usage.
enum UnknownCommand {
    /// The names `latchkey` accepts as its first word.
    static var knownNames: [String] {
        LatchkeyCommand.configuration.subcommands.flatMap { command in
            [command._commandName] + command.configuration.aliases
        } + ["help"]
    }

    /// The message for an unknown first word in `arguments` (the command line without the
    /// program name), or nil when it is a known subcommand, an option, or absent.
    static func check<Arguments: Collection<String>>(_ arguments: Arguments) -> String? {
        guard let first = arguments.first, !first.hasPrefix("-"), !knownNames.contains(first) else { return nil }
        var message = "latchkey: " + Localized.format("cli.unknownCommand", ["name": TerminalText.sanitized(first)])
        if let suggestion = suggestion(for: first) {
            message += Localized.format("cli.didYouMean", ["suggestion": suggestion])
        }
        message += Localized.text("cli.seeHelp") + "\n\n"

        message += LatchkeyCommand.usageString(for: LatchkeyCommand.self)
        return message
    }

    /// The known name closest to `word` (at most a third of its letters, and 2, away), if any.
    static func suggestion(for word: String) -> String? {
        let lowered = word.lowercased()
        let limit = max(1, min(2, lowered.count / 3))
        let scored = knownNames.map { ($0, distance(lowered, $0)) }.filter { $0.1 <= limit }
        if let best = scored.min(by: { $0.1 < $1.1 }) { return best.0 }
        return knownNames.first { $0.hasPrefix(lowered) && lowered.count >= 3 }
    }

    /// The Damerau-Levenshtein (optimal string alignment) distance: a swap of neighbours is one edit.
    static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a)
        let b = Array(b)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { table[i][0] = i }
        for j in 0...b.count { table[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var best = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    best = min(best, table[i - 2][j - 2] + 1)
                }
                table[i][j] = best
            }
        }
        return table[a.count][b.count]
    }
}
