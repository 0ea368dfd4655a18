import ArgumentParser
import CognitoAuth
import Foundation

struct SignInCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sign-in",
        abstract: "Sign in with a username and password (SRP); challenges are answered on stdin.")

    @OptionGroup var global: GlobalOptions

    @Option(name: .long, help: "The username (or an alias such as the email).")
    var username: String?

    @Flag(name: .long, help: "Read the password from the first line of standard input.")
    var passwordStdin = false

    @Flag(
        inversion: .prefixedNo,
        help: """
            On a pool that tracks devices: remember this machine (a remembered device skips MFA where the \
            pool allows it). Without either flag the pool decides.
            """)
    var rememberDevice: Bool?

    func run() async throws {
        var clientOptions = AuthClientOptions()
        clientOptions.rememberDevice = rememberDevice
        let client = try await global.makeClient(options: clientOptions)
        GlobalOptions.noteIgnoredKeys(client.configuration)
        let name: String
        if let username {
            name = username
        } else if CLIOutput.stdinIsTerminal {
            name = try CLIOutput.ask("Username: ")
        } else {
            throw CLIFailure(code: 2, message: "pass --username U (and --password-stdin to pipe the password).")
        }
        let password: String
        if passwordStdin {
            guard let line = CLIOutput.readLine() else {
                throw CLIFailure(code: 2, message: "--password-stdin: standard input was empty. Pipe the password in.")
            }
            password = line
        } else if CLIOutput.stdinIsTerminal {
            password = try CLIOutput.secret(prompt: "Password for \(name): ")
        } else {
            throw CLIFailure(
                code: 2, message: "standard input is not a terminal. Pass --password-stdin to pipe the password.")
        }
        try await PlainSignIn.run(client: client, username: name, password: password)
    }
}
