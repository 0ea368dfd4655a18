import ArgumentParser
import CognitoAuth
import Foundation
import LatchkeyText

/// `latchkey token`'s options for tokens other than the user's own: machine-to-machine tokens
/// (`--client-credentials`) and derived tokens for one audience (`--audience`, `--resource`).
struct IssuedTokenOptions: ParsableArguments {
    /// How a machine token is asked for.
    enum Via: String, ExpressibleByArgument, CaseIterable {
        /// GetClientToken on the user-pool endpoint.
        case api
        /// `grant_type=client_credentials` on the pool's domain.
        case tokenEndpoint = "token-endpoint"
    }

    @Flag(name: .long, help: ArgumentHelp(Localized.text(\.cliTokenClientCredentials)))
    var clientCredentials = false

    @Option(name: .long, help: ArgumentHelp(Localized.text(\.cliTokenClientID)))
    var clientId: String?

    @Option(name: .customLong("scope"), help: ArgumentHelp(Localized.text(\.cliTokenScope)))
    var scopes: [String] = []

    @Option(name: .long, help: ArgumentHelp(Localized.text(\.cliTokenVia)))
    var via: Via?

    @Flag(name: .long, help: ArgumentHelp(Localized.text(\.cliTokenClientSecretStdin)))
    var clientSecretStdin = false

    @Option(name: .long, help: ArgumentHelp(Localized.text(\.cliTokenAudience)))
    var audience: String?

    @Option(name: .customLong("resource"), help: ArgumentHelp(Localized.text(\.cliTokenResource)))
    var resources: [String] = []

    /// Whether a token other than the user's own was asked for.
    var isRequested: Bool { clientCredentials || audience != nil || !resources.isEmpty }

    func validate() throws {
        if clientCredentials {
            guard let clientId, !clientId.isEmpty else {
                throw ValidationError(Localized.text(\.cliTokenNeedsClientID))
            }
            guard audience == nil, resources.isEmpty else {
                throw ValidationError(Localized.text(\.cliTokenClientCredentialsAlone))
            }
        } else if clientId != nil || via != nil || clientSecretStdin {
            throw ValidationError(Localized.text(\.cliTokenClientOptionsNeedClientCredentials))
        }
        if audience != nil && !resources.isEmpty {
            throw ValidationError(Localized.text(\.cliTokenAudienceOrResource))
        }
        if !isRequested && !scopes.isEmpty {
            throw ValidationError(Localized.text(\.cliTokenScopeNeedsKind))
        }
        for value in scopes + resources + [audience, clientId].compactMap({ $0 })
        where value.isEmpty || value.count > 2048 || value.contains(where: \.isWhitespace) {
            throw ValidationError(
                Localized.format(\.cliTokenBadValue, ["text": TerminalText.sanitized(String(value.prefix(40)))]))
        }
    }

    /// Prints the asked-for token: a machine token or a derived one.
    func run(global: GlobalOptions, deadline: Duration) async throws {
        let token = try await SessionsCommand.exiting {
            clientCredentials ? try await machineToken(global: global) : try await derived(global, deadline)
        }
        try CLIOutput.emit(token.token + "\n")
    }

    private func machineToken(global: GlobalOptions) async throws -> IssuedToken {
        let configuration = try global.loadConfiguration(printingWarnings: false)
        guard let pool = configuration.userPool, let clientId else {
            throw CLIFailure(code: 2, message: Localized.text(\.cliTokenNoUserPool))
        }
        let route: ClientCredentialsTokenSource.Route
        if via == .tokenEndpoint {
            guard let hostedUI = configuration.hostedUI else { throw TokenServiceError.tokenEndpointNeedsDomain }
            route = .tokenEndpoint(hostedUI.tokenEndpoint)
        } else {
            route = .api
        }
        let source = ClientCredentialsTokenSource(
            pool: pool, clientId: clientId, secret: try secret(clientId: clientId, poolId: pool.poolId), scopes: scopes,
            route: route,
            cache: IssuedTokenCache.beside(try global.makeStore(storeWarning: { _ in })),
            transport: try global.makeTransport())
        return try await source.token()
    }

    /// The secret from standard input, else `LATCHKEY_CLIENT_SECRET`, else the system keyring
    /// (`latchkey client-secret set`); it is never written to the store or logged.
    private func secret(clientId: String, poolId: String) throws -> String {
        if clientSecretStdin {
            guard let line = try CLIOutput.readLimitedLine(), !line.isEmpty else {
                throw TokenServiceError.clientSecretMissing(clientId: clientId)
            }
            return line
        }
        if let value = ProcessInfo.processInfo.environment["LATCHKEY_CLIENT_SECRET"], !value.isEmpty {
            return value
        }
        // A keyring that cannot be read counts as holding nothing: the message says how to give the secret.
        if let saved = try? ClientSecretKeyring(poolId: poolId, clientId: clientId).load() {
            return saved
        }
        throw TokenServiceError.clientSecretMissing(clientId: clientId)
    }

    private func derived(_ global: GlobalOptions, _ deadline: Duration) async throws -> IssuedToken {
        let client = try await global.makeClient(deadline: deadline, printingWarnings: false)
        do {
            return try await client.derivedToken(audience: audience, scopes: scopes, resources: resources)
        } catch AuthError.notSignedIn {
            // As `token`: nobody signed in is 1; 4 means "sign in again".
            throw CLIFailure(code: 1, message: Localized.text(\.cliTokenNotSignedIn))
        }
    }
}
