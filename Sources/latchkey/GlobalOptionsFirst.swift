/// Moves the global options typed before the subcommand (`latchkey --debug status`,
/// `latchkey --store DIR sign-out`) after it, where ArgumentParser reads them: with `ui` as the default
/// subcommand they would otherwise be parsed as `ui`'s and the command name refused (issue 29, C15).
enum GlobalOptionsFirst {
    /// The global options that take a value (``GlobalOptions``; `--lang` is read earlier, by ``LanguageArgument``).
    static let optionsWithValue: Set<String> = ["--config", "--config-section", "--store", "--account"]
    /// The global flags.
    static let flags: Set<String> = ["--debug"]

    /// `arguments` with the leading global options moved after the subcommand's words (before a `--`);
    /// unchanged when no global option leads or no subcommand follows them (`latchkey --debug` is `ui`'s).
    static func reordered(_ arguments: [String]) -> [String] {
        var leading: [String] = []
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            let name = argument.split(separator: "=", maxSplits: 1).first.map(String.init) ?? argument
            if flags.contains(argument) || (optionsWithValue.contains(name) && argument.contains("=")) {
                leading.append(argument)
                index += 1
            } else if optionsWithValue.contains(argument), index + 1 < arguments.count {
                leading += [argument, arguments[index + 1]]
                index += 2
            } else {
                break
            }
        }
        guard !leading.isEmpty, index < arguments.count, !arguments[index].hasPrefix("-") else { return arguments }
        var rest = Array(arguments[index...])
        let end = rest.firstIndex(of: "--") ?? rest.endIndex
        rest.insert(contentsOf: leading, at: end)
        return rest
    }
}
