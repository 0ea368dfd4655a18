import ArgumentParser
import CognitoAuth
import Foundation

struct StatusCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status", abstract: "Show the session: state, user, provider, token expiry (tokens masked).",
        discussion: """
            Exit status: 0 signed in; 1 nobody is signed in (signed out or guest); 4 a sign-in is needed again             (the session expired or was revoked). The tokens are read from the store and not checked with the             server: a token revoked elsewhere still shows until a call is refused.
            """)

    /// The exit status for `state`: 0 signed in, 4 sign in again, 1 otherwise (as `gh auth status`).
    static func exitStatus(_ state: UserState) -> Int32 {
        switch state {
        case .signedIn: return 0
        case .signedOutUserPoolsTokenInvalid, .signedOutFederatedTokensInvalid: return 4
        default: return 1
        }
    }

    /// Who authenticated the session, as the text output says it: the provider's name, "Guest", or nil.
    static func authenticatedBy(state: UserState, provider: String?) -> String? {
        if state == .guest { return "Guest" }
        guard let provider, state == .signedIn || state.needsRelogin else { return nil }
        return FederatedProvider.displayName(for: provider)
    }

    @OptionGroup var global: GlobalOptions

    @Flag(name: .long, help: "Print JSON for scripts.")
    var json = false

    func run() async throws {
        let configuration = try global.loadConfiguration()
        let accountID = try global.accountID()
        let (store, backend) = try global.selectStore(accountID: accountID)
        let client = AuthClient(
            configuration: configuration, store: store, transport: try global.makeTransport(),
            logger: global.makeLogger())
        let state = await client.initialize()
        try await GlobalOptions.check(client)
        let session = await client.session
        // Stored strings came from the server (the username claim, identity ids): sanitised for the terminal.
        let username = session?.username.map { TerminalText.sanitized($0) }
        let tokens = session?.tokens
        // Sessions earlier commands found unreadable and moved aside (they may still hold tokens).
        let corruptFiles = (store as? FileSessionStore)?.corruptFiles ?? []
        if json {
            var object: [String: JSONValue] = [
                "state": .string(state.rawValue),
                "username": session?.username.map(JSONValue.string) ?? .null,
                "provider": session?.provider.map(JSONValue.string) ?? .null,
                "identityId": session?.identityId.map(JSONValue.string) ?? .null,
                "idTokenExpiration": tokens.map { .string(CLIOutput.iso8601($0.idTokenExpiration)) } ?? .null,
                "accessTokenExpiration": tokens.map { .string(CLIOutput.iso8601($0.accessTokenExpiration)) } ?? .null,
                "hasRefreshToken": .bool(tokens?.refreshToken != nil),
                "store": .string(store.location),
                "storeBackend": .string(backend.rawValue),
                "userPoolId": configuration.userPool.map { .string($0.poolId) } ?? .null,
                "identityPoolId": configuration.identityPool.map { .string($0.poolId) } ?? .null,
            ]
            let active = await client.activeProviderKeys
            object["activeProviders"] = .array(active.map { .string($0) })
            object["authenticatedBy"] =
                Self.authenticatedBy(state: state, provider: session?.provider).map(JSONValue.string) ?? .null
            if let credentials = session?.awsCredentials {
                object["awsCredentialsExpiration"] = .string(CLIOutput.iso8601(credentials.expiration))
            }
            object["account"] = .string(accountID)
            object["revocationPending"] = .bool(session?.pendingRevocation != nil)
            // The tracked device of the signed-in user (devices: never the device password).
            let device = session?.device.flatMap { $0.username == session?.username ? $0 : nil }
            object["deviceKey"] = device.map { .string($0.deviceKey) } ?? .null
            object["deviceRemembered"] = device?.remembered.map(JSONValue.bool) ?? .null
            object["corruptFiles"] = .array(corruptFiles.map { .string($0) })
            object["configFile"] = configuration.sourcePath.map(JSONValue.string) ?? .null
            object["configFormat"] = .string(configuration.source.format.rawValue)
            object["ignoredConfigKeys"] = .array(configuration.poolSettings.ignoredKeys.map(JSONValue.string))
            print(String(decoding: JSONValue.object(object).encoded(), as: UTF8.self))
            try CLIOutput.flushStandardOutput()
            let status = Self.exitStatus(state)
            if status != 0 { throw ExitCode(status) }
            return
        }
        let pool = configuration.userPool
        if let pool {
            let endpoint = pool.endpoint?.absoluteString ?? "cognito-idp.\(pool.region).amazonaws.com"
            print("latchkey: \(pool.poolId) via \(endpoint)")
        } else if let identityPool = configuration.identityPool {
            print("latchkey: identity pool \(identityPool.poolId) (no user pool)")
        } else {
            print("latchkey: no user pool and no identity pool configured")
        }
        switch state {
        case .signedIn: print("  ✔ Signed in as \(username ?? "?") (state: signedIn)")
        case .signedOutUserPoolsTokenInvalid, .signedOutFederatedTokensInvalid:
            print(
                "  ! Sign-in needed again for \(username ?? "?") (state: \(state.rawValue)). Sign in again: latchkey sign-in"
            )
        case .guest: print("  • Guest (state: guest)")
        default:
            if pool != nil {
                print("  ✖ Not signed in (state: \(state.rawValue)). Sign in: latchkey sign-in")
            } else if configuration.identityPool != nil {
                print(
                    "  ✖ Not signed in (state: \(state.rawValue)). This configuration has only an identity pool: "
                        + "get guest AWS credentials with `latchkey credentials` (when the pool allows guests), "
                        + "or add a user pool (CognitoUserPool.Default, or auth.user_pool_id) to sign in.")
            } else {
                print(
                    "  ✖ Not signed in (state: \(state.rawValue)). The configuration names no pool: "
                        + "add CognitoUserPool.Default (or auth.user_pool_id); `latchkey config` shows what was read.")
            }
        }
        if let provider = session?.provider, let name = Self.authenticatedBy(state: state, provider: provider),
            state != .guest
        {
            print(TerminalText.sanitized("  - Authenticated by: \(name) (\(provider))"))
        }
        let active = await client.activeProviderKeys
        if !active.isEmpty { print(TerminalText.sanitized("  - Active providers: \(active.joined(separator: ", "))")) }
        if let tokens {
            print(
                "  - Id token:      \(CognitoTokens.mask(tokens.idToken)), expires \(CLIOutput.relative(tokens.idTokenExpiration))"
            )
            print(
                "  - Access token:  \(CognitoTokens.mask(tokens.accessToken)), expires \(CLIOutput.relative(tokens.accessTokenExpiration))"
            )
            print("  - Refresh token: \(tokens.refreshToken == nil ? "none" : "stored")")
        }
        if let identityId = session?.identityId { print("  - Identity id:   \(TerminalText.sanitized(identityId))") }
        if let device = session?.device, device.username == session?.username {
            let remembered = device.remembered.map { $0 ? "remembered" : "not remembered" } ?? "tracked"
            print(TerminalText.sanitized("  - Device:        \(device.deviceKey) (\(remembered); latchkey devices)"))
        }
        if let credentials = session?.awsCredentials {
            print(
                "  - AWS credentials: \(TerminalText.sanitized(credentials.accessKeyId)), expire \(CLIOutput.relative(credentials.expiration))"
            )
        }
        if let owed = session?.pendingRevocation {
            print(
                TerminalText.sanitized(
                    "  ! A sign-out could not revoke \(owed.username ?? "the")'s refresh token at the service"
                        + "\(owed.global ? " (nor send GlobalSignOut)" : ""); `latchkey sign-out` retries it."))
        }
        if !corruptFiles.isEmpty {
            print(
                "  ! \(corruptFiles.count) unreadable session file(s) moved aside: \(corruptFiles.joined(separator: ", ")); "
                    + "`latchkey sign-out` removes them.")
        }
        let source = configuration.source
        print(
            TerminalText.sanitized(
                "  - Configuration: \(configuration.sourcePath ?? "-") (\(source.format.rawValue)"
                    + "\(source.section.map { ", section \($0)" } ?? ""))"))
        if !configuration.poolSettings.ignoredKeys.isEmpty {
            print(
                TerminalText.sanitized(
                    "  - Not acted on: \(configuration.poolSettings.ignoredKeys.joined(separator: ", ")) (latchkey config)"
                ))
        }
        print("  - Session stored in: \(store.location)")
        let others = AccountResolution.summaries(of: global.accounts, environment: global.environment)
            .filter { $0.isLive && $0.id != accountID }
        if !others.isEmpty {
            let names = others.map { TerminalText.sanitized($0.name) }.joined(separator: ", ")
            print("  - Other accounts signed in here: \(names) (latchkey switch NAME; latchkey accounts)")
        }
        print("  - Store backend: \(backend.rawValue)")
        try CLIOutput.flushStandardOutput()
        let status = Self.exitStatus(state)
        if status != 0 { throw ExitCode(status) }
    }
}
