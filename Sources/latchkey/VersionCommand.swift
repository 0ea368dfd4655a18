import ArgumentParser
import CognitoAuth
import LatchkeyText

/// `latchkey version`: prints the version, as `latchkey --version` does.
struct VersionCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "version", abstract: Localized.text(\.cliVersionAbstract))

    func run() throws {
        try CLIOutput.emit(LatchkeyVersion.current + "\n")
    }
}
