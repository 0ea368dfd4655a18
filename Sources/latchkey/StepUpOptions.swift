import ArgumentParser
import CognitoAuth
import Foundation
import LatchkeyText

/// `--acr LEVEL [--max-age SECONDS]`: the authentication level a command needs (step-up, issue 38).
struct StepUpOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp(Localized.text(\.cliAcr), valueName: "level"))
    var acr: String?

    // `.unconditional` takes "-5" as the value, so it reaches the range check.
    @Option(
        name: .long, parsing: .unconditional,
        help: ArgumentHelp(Localized.text(\.cliMaxAge), valueName: "seconds"))
    var maxAge: Int?

    /// The longest `--max-age` accepted: a year.
    static let maximumMaxAge = 31_536_000

    /// Whether `--acr` was given.
    var isRequested: Bool { acr != nil }

    /// Checks the values: one level without spaces, a max age only with a level and in range.
    func check() throws {
        if let acr, acr.isEmpty || acr.contains(where: { $0.isWhitespace || $0.isNewline }) || acr.count > 256 {
            throw ValidationError(Localized.text(\.cliBadAcr))
        }
        if let maxAge {
            guard acr != nil else { throw ValidationError(Localized.text(\.cliMaxAgeNeedsAcr)) }
            guard (0...Self.maximumMaxAge).contains(maxAge) else {
                throw ValidationError(Localized.format(\.cliBadMaxAge, ["value": String(maxAge)]))
            }
        }
    }

    /// The level asked for, as `TokenRequestOptions` and `stepUp` take it.
    var levels: [String] { acr.map { [$0] } ?? [] }

    /// The max age as a duration.
    var maxAgeDuration: Duration? { maxAge.map { .seconds($0) } }

    /// The command that steps up to this level: `latchkey sign-in --acr LEVEL [--max-age S]`.
    var signInCommand: String {
        var command = "latchkey sign-in --acr \(TerminalText.sanitized(acr ?? "LEVEL"))"
        if let maxAge { command += " --max-age \(maxAge)" }
        return command
    }

    /// Steps `client`'s session up to the level, asking for the missing factor on the terminal (or
    /// reading it from standard input), and checks that the new tokens carry the level.
    func stepUp(client: AuthClient) async throws {
        let first = try await client.stepUp(acr: levels, maxAge: maxAge)
        let username = await client.username ?? ""
        try await PlainSignIn.answer(
            client: client, username: username, first: first,
            restart: { try await client.stepUp(acr: levels, maxAge: maxAge) },
            password: { throw CLIFailure(code: 1, message: Localized.text(\.cliStepUpOnly)) })
        let tokens = try await client.getTokens(.noWait)
        let level = TerminalText.sanitized(acr ?? "")
        guard
            AuthenticationContext(token: tokens.accessToken).satisfies(
                acr: levels, maxAge: maxAgeDuration, at: client.clock.now())
        else { throw CLIFailure(code: 4, message: Localized.format(\.cliStepUpStillShort, ["acr": level])) }
        CLIOutput.info(Localized.format(\.cliSteppedUp, ["acr": level]))
    }
}
