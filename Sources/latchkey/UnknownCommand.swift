import ArgumentParser
import CognitoAuth
import LatchkeyText

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
        var message = "latchkey: " + Localized.format(\.cliUnknownCommand, ["name": TerminalText.sanitized(first)])
        if let suggestion = suggestion(for: first) {
            message += Localized.format(\.cliDidYouMean, ["suggestion": suggestion])
        }
        // One line: no usage block after it (issue 29, N18).
        return message + Localized.text(\.cliSeeHelp)
    }

    /// Words other tools use for a command, mapped to ours (`login` is `sign-in`).
    static let commonAliases: [String: String] = [
        "login": "sign-in", "log-in": "sign-in", "signin": "sign-in", "logout": "sign-out", "log-out": "sign-out",
        "signout": "sign-out", "signup": "sign-up", "register": "sign-up", "whoami": "status",
    ]

    /// The known name closest to `word`: a common alias, else a name at most 2 edits away (1 for words of up
    /// to 4 letters), else a name it begins.
    static func suggestion(for word: String) -> String? {
        let lowered = word.lowercased()
        if let alias = commonAliases[lowered] { return alias }
        let limit = lowered.count <= 4 ? 1 : 2
        let candidates = knownNames.map { ($0, $0) } + commonAliases.map { ($0.key, $0.value) }
        let scored = candidates.map { ($0.1, distance(lowered, $0.0)) }.filter { $0.1 <= limit }
        if let best = scored.min(by: { $0.1 < $1.1 || ($0.1 == $1.1 && $0.0 < $1.0) }) { return best.0 }
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
