import ArgumentParser
import CognitoAuth
import Foundation
import LatchkeyText
import SecurityKeys

/// `latchkey passkey`: the signed-in user's passkeys (Cognito WebAuthn): add, list, remove.
///
/// Ceremonies go to the external provider `LATCHKEY_PASSKEY_PROVIDER` (or `Latchkey.Passkeys.Provider`) when one is
/// set, else to FIDO2 security keys through libfido2. A provider is a program, not the terminal, so it runs with no
/// terminal too; what needs a person at the terminal (a security key's PIN, the confirmation of `remove` without
/// `--yes`) fails at once without one, with the next step.
struct PasskeyCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "passkey",
        abstract: "Add, list and remove the signed-in user's passkeys.",
        discussion: """
            Passkey ceremonies go to the command in LATCHKEY_PASSKEY_PROVIDER (or Latchkey.Passkeys.Provider in the \
            configuration) when one is set, else to a FIDO2 security key (USB or NFC, through libfido2): touch it when \
            asked, and enter its PIN if it has one (a PIN needs a terminal). The relying party is pinned: \
            LATCHKEY_PASSKEY_RP_ID, else Latchkey.Passkeys.RelyingPartyId, else the hosted UI domain's host; options \
            naming another one are refused before any authenticator is asked.
            """,
        subcommands: [Add.self, List.self, Remove.self],
        defaultSubcommand: List.self)

    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "add", abstract: "Register a new passkey on a security key or through the passkey provider.")

        @OptionGroup var global: GlobalOptions

        @Option(
            name: .long,
            help:
                "A name for the passkey, given to a provider (Cognito names passkeys itself; a security key keeps none)."
        )
        var name: String?

        func run() async throws {
            if let name, name.isEmpty || name.count > 128 || name.contains(where: \.isNewline) {
                throw CLIFailure(code: 2, message: "--name takes 1 to 128 characters on one line.")
            }
            let configuration = try global.loadConfiguration()
            let options = PasskeyCommand.clientOptions(global: global, configuration: configuration)
            let client = try await global.makeClient(options: options, printingWarnings: false)
            if options.passkeys?.authenticator is ExternalPasskeyProvider {
                CLIOutput.info("Asking the passkey provider to make a passkey …")
            }
            let name = self.name
            let id = try await CeremonyInterrupt.run { try await client.addPasskey(name: name) }
            CLIOutput.info("✔ Passkey added (\(TerminalText.sanitized(id))).")
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list", abstract: "List the signed-in user's passkeys.")

        @OptionGroup var global: GlobalOptions

        @Flag(name: .long, help: "Print JSON: id, name, relyingParty, attachment, transports, created.")
        var json = false

        func run() async throws {
            let client = try await global.makeClient()
            let passkeys = try await client.listPasskeys()
            if json {
                try CLIOutput.emit(String(decoding: PasskeyCommand.json(passkeys).encoded(), as: UTF8.self) + "\n")
            } else if passkeys.isEmpty {
                try CLIOutput.emit("No passkeys. Add one with `latchkey passkey add`.\n")
            } else {
                try CLIOutput.emit(passkeys.map(PasskeyCommand.line).joined(separator: "\n") + "\n")
            }
        }
    }

    struct Remove: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "remove", abstract: "Remove one of the signed-in user's passkeys.")

        @OptionGroup var global: GlobalOptions

        @Argument(help: "The passkey's id, from `latchkey passkey list` (after `--` when it starts with `-`).")
        var id: String

        @Flag(name: .long, help: "Remove without asking.")
        var yes = false

        func run() async throws {
            let client = try await global.makeClient()
            if !yes {
                guard CLIOutput.stdinIsTerminal else {
                    throw CLIFailure(
                        code: 2, message: "Removing a passkey asks first, and there is no terminal to ask. Pass --yes.")
                }
                let typed = try CLIOutput.ask("Remove passkey \(TerminalText.sanitized(id))? [y/N] ")
                guard ["y", "yes"].contains(typed.lowercased()) else {
                    CLIOutput.info("Nothing removed.")
                    return
                }
            }
            try await client.deletePasskey(id)
            CLIOutput.info("✔ Passkey \(TerminalText.sanitized(id)) removed.")
        }
    }

    /// Client options with the passkey settings: the configured provider and the environment the relying party is
    /// resolved from.
    static func clientOptions(global: some GlobalSelection, configuration: AuthConfiguration) -> AuthClientOptions {
        var options = AuthClientOptions()
        options.passkeys = settings(environment: global.environment, configuration: configuration)
        return options
    }

    /// The passkey settings for `environment` and `configuration`: the provider they name, else security keys
    /// through libfido2 (asking the PIN on the terminal when stdin is one) when at least one is plugged in now (or
    /// `LATCHKEY_SECURITY_KEY_SOCKET` names a usable socket), else
    /// none (so passkeys are not offered, and `--method passkey` fails before anything is sent, with the next step).
    /// `interaction` is where a security key's prompts and PIN go: the full-screen UI's ceremony screen; without one,
    /// the terminal (when stdin is one).
    static func settings(
        environment: [String: String], configuration: AuthConfiguration, interaction: (any PasskeyInteraction)? = nil
    ) -> PasskeySettings {
        let relevant = environment.filter { $0.key == PasskeyRelyingParty.environmentVariable }
        if let provider = ExternalPasskeyProvider.configured(environment: environment, configuration: configuration) {
            return PasskeySettings(authenticator: provider, environment: relevant)
        }
        // A refused LATCHKEY_SECURITY_KEY_SOCKET is said on the command line (the full-screen UI would draw over it).
        if interaction == nil, case .failure(let refusal)? = SocketSecurityKey.configured(environment: environment) {
            CLIOutput.error(refusal.description)
        }
        let discovery = SecurityKeyDiscovery.system(environment: environment)
        guard !discovery.list().isEmpty else {
            return PasskeySettings(authenticator: nil, environment: relevant)
        }
        let asks: (any PasskeyInteraction)? =
            interaction ?? (CLIOutput.stdinIsTerminal ? TerminalPasskeyInteraction() : nil)
        let authenticator = SecurityKeyAuthenticator(interaction: asks, discovery: discovery)
        return PasskeySettings(authenticator: authenticator, environment: relevant)
    }

    /// One passkey per line: id, name, relying party, attachment, transports, created.
    static func line(_ passkey: PasskeyCredential) -> String {
        let created = passkey.created.map { $0.formatted(.iso8601) } ?? "-"
        let transports = passkey.transports.isEmpty ? "-" : passkey.transports.joined(separator: ",")
        return [
            passkey.id, passkey.name.isEmpty ? "-" : passkey.name, passkey.relyingPartyId,
            passkey.attachment ?? "-", transports, created,
        ].joined(separator: "  ")
    }

    /// The passkeys as a JSON array of objects.
    static func json(_ passkeys: [PasskeyCredential]) -> JSONValue {
        .array(
            passkeys.map { passkey in
                [
                    "id": .string(passkey.id), "name": .string(passkey.name),
                    "relyingParty": .string(passkey.relyingPartyId),
                    "attachment": passkey.attachment.map(JSONValue.string) ?? .null,
                    "transports": .array(passkey.transports.map(JSONValue.string)),
                    "created": passkey.created.map { .string($0.formatted(.iso8601)) } ?? .null,
                ]
            })
    }
}
