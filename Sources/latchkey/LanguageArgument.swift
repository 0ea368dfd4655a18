import LatchkeyText

/// `--lang CODE` (or `--lang=CODE`), read before ArgumentParser sees the command line: the help
/// text is built in the chosen language, so the language must be known before parsing.
enum LanguageArgument {
    /// The language (`--lang`, else the locale variables) and the arguments without `--lang`, so
    /// that it is accepted before or after the subcommand. An unknown language is English, and so
    /// is any language on a locale whose character type is not UTF-8 (the terminal could not show
    /// it); a `--lang` without a value is a usage error (exit 2). Arguments after `--` are left alone.
    static func extract(
        from arguments: [String], environment: [String: String]
    ) throws(CLIFailure) -> (Language, [String]) {
        var kept: [String] = []
        var requested: String?
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            if argument == "--" {
                kept += arguments[index...]
                break
            }
            if argument == "--lang" {
                guard index + 1 < arguments.count, !arguments[index + 1].hasPrefix("-") else {
                    throw CLIFailure(code: 2, message: Localized.text(\.cliLangNeedsValue))
                }
                requested = arguments[index + 1]
                index += 2
                continue
            }
            if argument.hasPrefix("--lang=") {
                requested = String(argument.dropFirst("--lang=".count))
            } else {
                kept.append(argument)
            }
            index += 1
        }
        guard let requested else { return (Language.fromLocale(environment: environment), kept) }
        // Japanese needs a UTF-8 character type, as the screen's glyphs do (else they are ASCII).
        let language = Language(code: requested) ?? .english
        return (Language.characterSetIsUTF8(environment: environment) ? language : .english, kept)
    }
}
