import ArgumentParser
import CognitoAuth
import Foundation
import LatchkeyText

struct TokenCommand: AsyncParsableCommand {
    /// The subcommand's name, known without building its configuration (whose help is localised).
    static let name = "token"

    static let configuration = CommandConfiguration(
        commandName: name,
        abstract: Localized.text(\.cliTokenAbstract),
        discussion: Localized.text(\.cliTokenDiscussion)
    )

    @Flag(name: .long, help: ArgumentHelp(Localized.text(\.cliTokenId)))
    var id = false

    @Flag(name: .long, help: ArgumentHelp(Localized.text(\.cliTokenAccess)))
    var access = false

    /// Machine-to-machine and derived tokens (issue 38).
    @OptionGroup var issued: IssuedTokenOptions

    // `.unconditional` takes the next word even when it starts with "-", so `--retry-seconds -5`
    // reaches the range check instead of reading as a missing value.
    @Option(
        name: .long, parsing: .unconditional,
        help: ArgumentHelp(Localized.text(\.cliTokenRetrySeconds)))
    var retrySeconds: RetrySeconds = .standard

    /// The options every command takes, last in the help (ux-3, item 17).
    @OptionGroup var global: GlobalOptions

    func validate() throws {
        if id && access { throw ValidationError(Localized.text(\.cliTokenIdOrAccess)) }
        if issued.isRequested && (id || access) { throw ValidationError(Localized.text(\.cliTokenUserTokensOnly)) }
        try Self.validateRetrySeconds(retrySeconds.value)
    }

    /// The longest `--retry-seconds` accepted: an hour.
    static let maximumRetrySeconds: Double = 3600

    /// Rejects a `--retry-seconds` that is not a number of seconds from 0 to an hour (`nan`, `inf`, `1e300`).
    static func validateRetrySeconds(_ seconds: Double) throws {
        guard seconds.isFinite, (0...maximumRetrySeconds).contains(seconds) else {
            throw ValidationError(
                Localized.format(
                    \.cliTokenBadRetrySeconds,
                    ["maximum": RetrySeconds.text(maximumRetrySeconds), "value": RetrySeconds.text(seconds)]))
        }
    }

    /// The deadline for `--retry-seconds`, clamped again so that no value can trap the conversion.
    static func retryDeadline(_ seconds: Double) -> Duration {
        let clamped = seconds.isFinite ? min(max(seconds, 0), maximumRetrySeconds) : 0
        return .milliseconds(Int64((clamped * 1000).rounded()))
    }

    func run() async throws {
        if issued.isRequested {
            return try await issued.run(global: global, deadline: Self.retryDeadline(retrySeconds.value))
        }
        let client = try await global.makeClient(
            deadline: Self.retryDeadline(retrySeconds.value), printingWarnings: false)
        let options = TokenRequestOptions(
            waitForSignIn: false, waitForConnectivity: retrySeconds.value > 0,
            deadline: Self.retryDeadline(retrySeconds.value), label: "token")
        let tokens: CognitoTokens
        do {
            tokens = try await client.getTokens(options)
        } catch AuthError.deadlineExceeded {
            if case .offline(_, let error) = await client.connectivity { throw error }
            throw AuthError.network(
                kind: .timedOut,
                message: Localized.format(\.cliTokenNoRefreshWithin, ["seconds": retrySeconds.description]))
        } catch AuthError.notSignedIn {
            // Nobody signed in is 1, as for `status` and every other command; 4 means "sign in again".
            throw CLIFailure(code: 1, message: Localized.text(\.cliTokenNotSignedIn))

        }
        try CLIOutput.emit((access ? tokens.accessToken : tokens.idToken) + "\n")
    }
}
