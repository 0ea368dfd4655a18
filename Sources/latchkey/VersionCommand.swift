import ArgumentParser
import CognitoAuth

/// `latchkey version`: prints the version, as `latchkey --version` does.
struct VersionCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "version", abstract: "Print the version of latchkey.")

    func run() throws {
        try CLIOutput.emit(LatchkeyVersion.current + "\n")
    }
}
