import ArgumentParser
import CognitoAuth
import Foundation
import LatchkeyText

/// `latchkey aws-profile install|uninstall NAME`: a `credential_process` profile in the AWS config file.
struct AWSProfileCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "aws-profile",
        abstract: Localized.text(\.cliAWSProfileAbstract),
        discussion: Localized.text(\.cliAWSProfileDiscussion),
        subcommands: [AWSProfileInstallCommand.self, AWSProfileUninstallCommand.self]
    )
}

/// What `install` and `uninstall` both take: the global options and the profile's name.
struct AWSProfileArguments: ParsableArguments {
    @Argument(help: ArgumentHelp(Localized.text(\.cliAWSProfileName)))
    var name: String

    /// The options every command takes, last in the help (ux-3, item 17).
    @OptionGroup var global: GlobalOptions
}

struct AWSProfileInstallCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "install", abstract: Localized.text(\.cliAWSProfileInstallAbstract))

    @OptionGroup var arguments: AWSProfileArguments
    var global: GlobalOptions { arguments.global }
    var name: String { arguments.name }

    @Option(name: .long, help: ArgumentHelp(Localized.text(\.cliAWSProfileRegion)))
    var region: String?

    func run() async throws {
        // A bad name or region first, before the configuration.
        _ = try Self.profile(name: name, command: [], region: region)
        let configuration = try global.loadConfiguration()
        guard let pool = configuration.identityPool else { throw AuthError.identityPoolNotConfigured }
        let profile = try Self.profile(
            name: name, command: try credentialsCommand(), region: region ?? pool.region)
        let path = AWSConfigProfile.configPath(environment: global.environment)
        let outcome = try AWSProfileUninstallCommand.edit { () throws(AWSConfigProfile.Failure) in
            try profile.install(at: path)
        }
        var key: TextKey = outcome == .unchanged ? \.cliAWSProfileUnchanged : \.cliAWSProfileInstalled
        // A local backend (the demo) answers STS on its own port: the suggested command names it.
        let local = Self.loopbackEndpoint(pool.endpoint)
        if local != nil, outcome != .unchanged { key = \.cliAWSProfileInstalledLocal }
        try CLIOutput.emit(
            Localized.format(key, ["name": name, "path": TerminalText.sanitized(path), "endpoint": local ?? ""])
                + "\n")
    }

    /// `http://127.0.0.1:PORT` for an identity pool endpoint on a loopback host, else nil (real AWS).
    static func loopbackEndpoint(_ endpoint: URL?) -> String? {
        guard let endpoint, let host = endpoint.host, HostedUIConfiguration.isLoopbackHost(host),
            let scheme = endpoint.scheme
        else { return nil }
        let hostPart = host.contains(":") ? "[\(host)]" : host
        return "\(scheme)://\(hostPart)" + (endpoint.port.map { ":\($0)" } ?? "")
    }

    /// `<absolute latchkey> credentials --format credential-process`, with the store, configuration
    /// and account this command was given (made absolute), so the profile reads the same session.
    func credentialsCommand() throws -> [String] {
        var words = [Self.executablePath(), "credentials", "--format", "credential-process"]
        let environment = global.environment
        if let config = global.config ?? environment["LATCHKEY_CONFIG"].flatMap({ $0.isEmpty ? nil : $0 }) {
            words += ["--config", Self.absolute(config)]
        }
        if let section = global.configSection { words += ["--config-section", section] }
        if let store = global.store ?? environment["LATCHKEY_STORE_DIR"].flatMap({ $0.isEmpty ? nil : $0 }) {
            words += ["--store", Self.absolute(store)]
        }
        if global.namesAccount { words += ["--account", try global.accountID()] }
        return words
    }

    static func profile(name: String, command: [String], region: String?) throws -> AWSConfigProfile {
        do {
            return try AWSConfigProfile(name: name, command: command, region: region)
        } catch {
            throw CLIFailure(code: 2, message: error.description)
        }
    }

    /// The running binary's absolute path (`/proc/self/exe`, else the first argument made absolute).
    static func executablePath() -> String {
        if let resolved = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            return resolved
        }
        return absolute(CommandLine.arguments.first ?? "latchkey")
    }

    static func absolute(_ path: String) -> String {
        if path.hasPrefix("/") { return path }
        return URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent(path)
            .standardizedFileURL.path
    }
}

struct AWSProfileUninstallCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "uninstall", abstract: Localized.text(\.cliAWSProfileUninstallAbstract))

    @OptionGroup var arguments: AWSProfileArguments
    var global: GlobalOptions { arguments.global }
    var name: String { arguments.name }

    func run() async throws {
        let profile = try AWSProfileInstallCommand.profile(name: name, command: [], region: nil)
        let path = AWSConfigProfile.configPath(environment: global.environment)
        let outcome = try Self.edit { () throws(AWSConfigProfile.Failure) in try profile.uninstall(at: path) }
        let key: TextKey = outcome == .absent ? \.cliAWSProfileAbsent : \.cliAWSProfileRemoved
        try CLIOutput.emit(Localized.format(key, ["name": name, "path": TerminalText.sanitized(path)]) + "\n")
    }

    /// Runs a file edit; its failure is the command's (exit 2 for a foreign profile or bad name, 5 for the file).
    static func edit(_ body: () throws(AWSConfigProfile.Failure) -> AWSConfigProfile.Outcome) throws
        -> AWSConfigProfile.Outcome
    {
        do {
            return try body()
        } catch {
            switch error {
            case .io: throw CLIFailure(code: 5, message: error.description)
            case .badName, .foreignProfile, .badValue, .badRegion, .refused:
                throw CLIFailure(code: 2, message: error.description)
            }
        }
    }
}
