import ArgumentParser
import AuthScreens
import CognitoAuth

/// `latchkey version`: prints the version, as `latchkey --version` does.
struct VersionCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "version", abstract: Localized.text("cli.Version.abstract"))

    func run() throws {
        try CLIOutput.emit(LatchkeyVersion.current + "\n")
    }
}
