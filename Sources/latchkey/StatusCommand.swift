import ArgumentParser
import AuthScreens
import CognitoAuth
import Foundation

struct StatusCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status", abstract: Localized.text("cli.Status.abstract"),
        discussion: Localized.text("cli.Status.discussion"))

    /// The exit status for `state`: 0 signed in, 4 sign in again, 1 otherwise (as `gh auth status`).
    static func exitStatus(_ state: UserState) -> Int32 {
        switch state {
        case .signedIn: return 0
        case .signedOutUserPoolsTokenInvalid, .signedOutFederatedTokensInvalid: return 4
        default: return 1
        }
    }

    /// Who authenticated the session, as the text output says it: the provider's name, "Guest", or nil.
    /// `localized`: in the current language (the text output); else English (the JSON output).
    static func authenticatedBy(state: UserState, provider: String?, localized: Bool = false) -> String? {
        if state == .guest { return localized ? ScreenText.guest : "Guest" }
        guard let provider, state == .signedIn || state.needsRelogin else { return nil }
        return FederatedProvider.displayName(for: provider, localized ? .current : .english)
    }

    @OptionGroup var global: GlobalOptions

    @Flag(name: .long, help: ArgumentHelp(Localized.text("cli.Status.json")))
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
            print(Localized.format("cli.status.pool", ["pool": pool.poolId, "endpoint": endpoint]))
        } else if let identityPool = configuration.identityPool {
            print(Localized.format("cli.status.identityPoolOnly", ["pool": identityPool.poolId]))
        } else {
            print(Localized.text("cli.status.noPool"))
        }
        let user = username ?? "?"
        switch state {
        case .signedIn: print(Localized.format("cli.status.signedIn", ["username": user]))
        case .signedOutUserPoolsTokenInvalid, .signedOutFederatedTokensInvalid:
            print(Localized.format("cli.status.signInAgain", ["username": user, "state": state.rawValue]))
        case .guest: print(Localized.text("cli.status.guest"))
        default:
            if pool != nil {
                print(Localized.format("cli.status.notSignedIn", ["state": state.rawValue]))
            } else if configuration.identityPool != nil {
                print(Localized.format("cli.status.notSignedInIdentityPoolOnly", ["state": state.rawValue]))
            } else {
                print(Localized.format("cli.status.notSignedInNoPool", ["state": state.rawValue]))
            }
        }
        if let provider = session?.provider,
            let name = Self.authenticatedBy(state: state, provider: provider, localized: true),

            state != .guest
        {
            print(
                TerminalText.sanitized(
                    Localized.format("cli.status.authenticatedBy", ["name": name, "provider": provider])))
        }
        let active = await client.activeProviderKeys
        if !active.isEmpty {
            print(
                TerminalText.sanitized(
                    Localized.format("cli.status.activeProviders", ["providers": active.joined(separator: ", ")])))
        }
        if let tokens {
            print(
                Localized.format(
                    "cli.status.idToken",
                    [
                        "token": CognitoTokens.mask(tokens.idToken),
                        "expiry": CLIOutput.relative(tokens.idTokenExpiration),
                    ]
                ))
            print(
                Localized.format(
                    "cli.status.accessToken",
                    [
                        "token": CognitoTokens.mask(tokens.accessToken),
                        "expiry": CLIOutput.relative(tokens.accessTokenExpiration),
                    ]))
            print(
                Localized.format(
                    "cli.status.refreshToken",
                    ["value": tokens.refreshToken == nil ? ScreenText.none : ScreenText.refreshTokenStored]))
        }
        if let identityId = session?.identityId {
            print(Localized.format("cli.status.identityId", ["id": TerminalText.sanitized(identityId)]))
        }
        if let device = session?.device, device.username == session?.username {
            let remembered = Localized.text(
                device.remembered.map { $0 ? "cli.status.deviceRemembered" : "cli.status.deviceNotRemembered" }
                    ?? "cli.status.deviceTracked")
            print(
                TerminalText.sanitized(
                    Localized.format("cli.status.device", ["key": device.deviceKey, "remembered": remembered])))
        }
        if let credentials = session?.awsCredentials {
            print(
                Localized.format(
                    "cli.status.awsCredentials",
                    [
                        "key": TerminalText.sanitized(credentials.accessKeyId),
                        "expiry": CLIOutput.relative(credentials.expiration),
                    ]))
        }
        if let owed = session?.pendingRevocation {
            let key =
                owed.username == nil
                ? (owed.global ? "cli.status.revocationOwedGlobal" : "cli.status.revocationOwed")
                : (owed.global ? "cli.status.revocationOwedGlobalNamed" : "cli.status.revocationOwedNamed")
            print(TerminalText.sanitized(Localized.format(key, ["username": owed.username ?? ""])))
        }
        if !corruptFiles.isEmpty {
            print(
                Localized.format(
                    "cli.status.corruptFiles",
                    ["count": String(corruptFiles.count), "files": corruptFiles.joined(separator: ", ")]))
        }
        let source = configuration.source
        print(
            TerminalText.sanitized(
                source.section.map {
                    Localized.format(
                        "cli.status.configurationSection",
                        ["path": configuration.sourcePath ?? "-", "format": source.format.rawValue, "section": $0])
                }
                    ?? Localized.format(
                        "cli.status.configuration",
                        ["path": configuration.sourcePath ?? "-", "format": source.format.rawValue])))
        if !configuration.poolSettings.ignoredKeys.isEmpty {
            print(
                TerminalText.sanitized(
                    Localized.format(
                        "cli.status.notActedOn",
                        ["keys": configuration.poolSettings.ignoredKeys.joined(separator: ", ")])))
        }

        print(Localized.format("cli.status.store", ["location": store.location]))
        let others = AccountResolution.summaries(of: global.accounts, environment: global.environment)
            .filter { $0.isLive && $0.id != accountID }
        if !others.isEmpty {
            let names = others.map { TerminalText.sanitized($0.name) }.joined(separator: ", ")
            print(Localized.format("cli.status.otherAccounts", ["names": names]))
        }
        print(Localized.format("cli.status.backend", ["backend": backend.rawValue]))
        try CLIOutput.flushStandardOutput()
        let status = Self.exitStatus(state)
        if status != 0 { throw ExitCode(status) }
    }
}
