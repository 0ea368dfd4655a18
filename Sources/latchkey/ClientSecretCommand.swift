import ArgumentParser
import CognitoAuth
import Foundation
import LatchkeyText

/// `latchkey client-secret set|remove --client-id ID`: an app client's secret kept in the system
/// keyring (only there, never in a file), for `latchkey token --client-credentials`.
struct ClientSecretCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "client-secret",
        abstract: Localized.text(\.cliClientSecretAbstract),
        discussion: Localized.text(\.cliClientSecretDiscussion),
        subcommands: [Set.self, Remove.self])

    /// The options both subcommands take.
    struct Client: ParsableArguments {
        @Option(name: .long, help: ArgumentHelp(Localized.text(\.cliClientSecretClientID)))
        var clientId: String

        func validate() throws {
            guard !clientId.isEmpty, clientId.count <= 128, !clientId.contains(where: \.isWhitespace) else {
                throw ValidationError(
                    Localized.format(
                        \.cliTokenBadValue, ["text": TerminalText.sanitized(String(clientId.prefix(40)))]))
            }
        }

        /// The keyring entry of this client of the configured pool (exit 2 without a pool).
        func keyring(_ global: GlobalOptions) throws -> ClientSecretKeyring {
            let configuration = try global.loadConfiguration(printingWarnings: false)
            guard let pool = configuration.userPool else {
                throw CLIFailure(code: 2, message: Localized.text(\.cliTokenNoUserPool))
            }
            return ClientSecretKeyring(poolId: pool.poolId, clientId: clientId)
        }
    }

    struct Set: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "set", abstract: Localized.text(\.cliClientSecretSetAbstract))

        @OptionGroup var global: GlobalOptions
        @OptionGroup var client: Client

        func run() async throws {
            let keyring = try client.keyring(global)
            // Said before the secret is asked for, so nobody types it for nothing.
            if let problem = keyring.availabilityProblem() {
                throw CLIFailure(
                    code: 5, message: Localized.format(\.cliClientSecretNoKeyring, ["problem": problem]))
            }
            let secret = try CLIOutput.secret(prompt: Localized.text(\.cliClientSecretPrompt))
            guard !secret.isEmpty, !secret.contains(where: \.isWhitespace) else {
                throw CLIFailure(code: 2, message: Localized.text(\.cliClientSecretEmpty))
            }
            do {
                try keyring.save(secret)
            } catch {
                throw CLIFailure(
                    code: 5, message: Localized.format(\.cliClientSecretNoKeyring, ["problem": error.description]))
            }
            CLIOutput.info(Localized.format(\.cliClientSecretSaved, ["client": client.clientId]))
        }
    }

    struct Remove: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "remove", abstract: Localized.text(\.cliClientSecretRemoveAbstract))

        @OptionGroup var global: GlobalOptions
        @OptionGroup var client: Client

        func run() async throws {
            do {
                try client.keyring(global).remove()
            } catch let error as ClientSecretKeyring.Failure {
                throw CLIFailure(
                    code: 5, message: Localized.format(\.cliClientSecretRemoveFailed, ["problem": error.description]))
            }
            CLIOutput.info(Localized.format(\.cliClientSecretRemoved, ["client": client.clientId]))
        }
    }
}
