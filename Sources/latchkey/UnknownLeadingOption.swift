import CognitoAuth
import LatchkeyText

/// Catches a mistyped global option typed before a command (`latchkey --stroe DIR status`): with `ui` as
/// the default subcommand, ArgumentParser would otherwise report it as `ui`'s unknown option, followed by
/// `ui`'s usage, although the person asked for `status` (ux-3, C15).
enum UnknownLeadingOption {
    /// The options that may lead the command line: the global ones, `--lang`, help and version, and `ui`'s
    /// own (``UIOptions``), which belong to the default subcommand.
    static let knownNames: Set<String> =
        GlobalOptionsFirst.optionsWithValue.union(GlobalOptionsFirst.flags).union([
            "--lang", "--help", "-h", "--version", "--flow", "--plain", "--can-cancel", "--disable-sign-up",
            "--start-on-sign-up", "--logo", "--theme", "--no-mouse",
        ])

    /// The global options a leading typo is matched against.
    static var globalNames: [String] {
        (GlobalOptionsFirst.optionsWithValue.union(GlobalOptionsFirst.flags).union(["--lang"])).sorted()
    }

    /// The message for an unknown option leading `arguments` (the command line without the program name,
    /// global options already moved) when a command name follows it within two words, or nil.
    static func check(_ arguments: [String]) -> String? {
        // `---completion` is argument-parser's call from a completion script (the command path follows it).
        guard let first = arguments.first, first.hasPrefix("-"), first != "--", first != "---completion" else {
            return nil
        }
        let name = first.split(separator: "=", maxSplits: 1).first.map(String.init) ?? first
        guard !knownNames.contains(name) else { return nil }
        let commands = Set(UnknownCommand.knownNames).subtracting(["ui", "help"])
        guard let command = arguments.dropFirst().prefix(2).first(where: { commands.contains($0) }) else {
            return nil
        }
        var message =
            "latchkey: "
            + Localized.format(
                \.cliUnknownOptionBeforeCommand,
                ["option": TerminalText.sanitized(name), "command": command])
        if let suggestion = suggestion(for: name) {
            message += Localized.format(\.cliDidYouMean, ["suggestion": suggestion])
        }
        return message + Localized.format(\.cliSeeCommandHelp, ["command": command])
    }

    /// The global option closest to `option`: at most 2 edits away (1 for names of up to 4 letters).
    static func suggestion(for option: String) -> String? {
        let word = option.drop { $0 == "-" }.lowercased()
        let limit = word.count <= 4 ? 1 : 2
        let scored = globalNames.map { ($0, UnknownCommand.distance(word, String($0.dropFirst(2)))) }
        return scored.filter { $0.1 <= limit }.min { $0.1 < $1.1 || ($0.1 == $1.1 && $0.0 < $1.0) }?.0
    }
}
