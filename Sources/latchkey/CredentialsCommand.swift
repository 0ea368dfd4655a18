import ArgumentParser
import CognitoAuth
import Foundation
import LatchkeyText

struct CredentialsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "credentials",
        abstract: Localized.text(\.cliCredentialsAbstract),
        discussion: Localized.text(\.cliCredentialsDiscussion)
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case credentialProcess = "credential-process"
        case env
        case json
    }

    @Option(name: .long, help: ArgumentHelp(Localized.text(\.cliFormatFormat)))
    var format: Format = .credentialProcess

    // `.unconditional` takes the next word even when it starts with "-", so `--retry-seconds -5`
    // reaches the range check instead of reading as a missing value.
    @Option(
        name: .long, parsing: .unconditional,
        help: ArgumentHelp(Localized.text(\.cliFormatRetrySeconds)))
    var retrySeconds: RetrySeconds = .standard

    /// The options every command takes, last in the help (ux-3, item 17).
    @OptionGroup var global: GlobalOptions

    func validate() throws {
        try TokenCommand.validateRetrySeconds(retrySeconds.value)
    }

    func run() async throws {
        // What the AWS tools read as credential_process gets what the endpoint hands out: never
        // credentials inside their refresh window (SessionCredentialsSource.minimumRemaining).
        let clientOptions =
            format == .credentialProcess ? SessionCredentialsSource.clientOptions() : AuthClientOptions()
        let client = try await global.makeClient(
            options: clientOptions, deadline: TokenCommand.retryDeadline(retrySeconds.value), printingWarnings: false)
        let options = TokenRequestOptions(
            waitForSignIn: false, waitForConnectivity: retrySeconds.value > 0,
            deadline: TokenCommand.retryDeadline(retrySeconds.value), label: "credentials")
        let credentials: AWSCredentials
        do {
            credentials = try await client.getAWSCredentials(options)
        } catch AuthError.deadlineExceeded {
            if case .offline(_, let error) = await client.connectivity { throw error }
            throw AuthError.network(
                kind: .timedOut,
                message: Localized.format(\.cliCredentialsNoneWithin, ["seconds": retrySeconds.description]))

        }
        let expiration = CLIOutput.iso8601(credentials.expiration)
        switch format {
        case .credentialProcess:
            let object: JSONValue = [
                "Version": 1, "AccessKeyId": .string(credentials.accessKeyId),
                "SecretAccessKey": .string(credentials.secretAccessKey),
                "SessionToken": .string(credentials.sessionToken),
                "Expiration": .string(expiration),
            ]
            try CLIOutput.emit(String(decoding: object.encoded(), as: UTF8.self) + "\n")
        case .env:
            try CLIOutput.emit(credentials.shellExports(expiration: expiration))
        case .json:
            let object: JSONValue = [
                "accessKeyId": .string(credentials.accessKeyId),
                "secretAccessKey": .string(credentials.secretAccessKey),
                "sessionToken": .string(credentials.sessionToken), "expiration": .string(expiration),
                "identityId": await client.session?.identityId.map(JSONValue.string) ?? .null,
                "state": .string(await client.userState.rawValue),
            ]
            try CLIOutput.emit(String(decoding: object.encoded(), as: UTF8.self) + "\n")
        }
    }
}
