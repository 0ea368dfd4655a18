import ArgumentParser
import AuthScreens
import CognitoAuth
import Foundation
import LatchkeyText
import TerminalKit

/// `latchkey config`: what was read, from where, and what was left aside. No network, no store.
///
/// The text and `--json` forms come from the same fields (``ConfigurationSummary``): each printed line
/// has its JSON key, so scripts see everything a person does.
struct ConfigCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "config",
        abstract: Localized.text(\.cliConfigAbstract))

    @Flag(name: .long, help: ArgumentHelp(Localized.text(\.cliConfigJson)))
    var json = false

    /// The options every command takes, last in the help (ux-3, item 17).
    @OptionGroup var global: GlobalOptions

    func run() async throws {
        // The warnings are part of what this command shows; they are not repeated on stderr.
        let configuration = try global.loadConfiguration(printingWarnings: false)
        if json {
            // Scripts read the values, so they stay English whatever the language.
            let object = Language.$override.withValue(.english) { ConfigurationSummary.json(configuration) }
            try CLIOutput.emit(String(decoding: object.encoded(), as: UTF8.self) + "\n")
            return
        }
        var text = ""
        for field in ConfigurationSummary.fields(configuration) { text += Self.line(field.label, field.text) }
        try CLIOutput.emit(TerminalText.sanitized(text, keepingNewlines: true))
    }

    /// One line of the text form: `label` padded to 24 columns (by display width: a Japanese
    /// character takes two), a space, then `value`.
    static func line(_ label: String, _ value: String) -> String {
        label + String(repeating: " ", count: max(0, 24 - TextWidth.width(of: label))) + " " + value + "\n"
    }
}
