import CognitoAuth
import Foundation
import LatchkeyText

extension StatusCommand {
    /// The text output: pool and state, providers, the session's tokens and details, then where it came from.
    func printText(_ facts: Facts) {
        Self.printPoolAndState(facts)
        // Another issuer's session: nothing of it is shown as if it were usable here.
        if facts.issuerMismatch == nil {
            Self.printProviders(facts)
            if let tokens = facts.session?.tokens { Self.printTokens(tokens) }
            Self.printSessionDetails(facts)
        }
        printOtherAccountsOwingRevocations()
        printConfigurationAndStore(facts)
    }

    /// The other accounts whose sign-out still owes the service a revocation (kept until it is sent).
    func printOtherAccountsOwingRevocations() {
        let current = try? global.accountID()
        for other in global.accounts.summaries(environment: global.environment)
        where other.owesRevocation && other.id != current {
            print(
                TerminalText.sanitized(
                    Localized.format(\.cliStatusOtherAccountRevocationOwed, ["username": other.name])))
        }
    }

    /// The pool in use, then whether (and as whom) the user is signed in.
    static func printPoolAndState(_ facts: Facts) {
        let configuration = facts.configuration
        let state = facts.state
        let pool = configuration.userPool
        if let pool {
            let endpoint = pool.endpoint?.absoluteString ?? "cognito-idp.\(pool.region).amazonaws.com"
            print(Localized.format(\.cliStatusPool, ["pool": pool.poolId, "endpoint": endpoint]))
        } else if let identityPool = configuration.identityPool {
            print(Localized.format(\.cliStatusIdentityPoolOnly, ["pool": identityPool.poolId]))
        } else {
            print(Localized.text(\.cliStatusNoPool))
        }
        // Stored strings came from the server (the username claim, identity ids): sanitised for the terminal.
        let user = facts.session?.username.map { TerminalText.sanitized($0) } ?? "?"
        if let mismatch = facts.issuerMismatch {
            print(
                Localized.format(
                    \.cliStatusOtherIssuer,
                    [
                        "username": user, "session": TerminalText.sanitized(mismatch.session.description),
                        "configured": TerminalText.sanitized(mismatch.configured?.description ?? "-"),
                    ]))
            return
        }
        switch state {
        case .signedIn: print(Localized.format(\.cliStatusSignedIn, ["username": user]))
        case .signedOutUserPoolsTokenInvalid, .signedOutFederatedTokensInvalid:
            print(Localized.format(\.cliStatusSignInAgain, ["username": user, "state": state.rawValue]))
        case .guest: print(Localized.text(\.cliStatusGuest))
        default:
            if pool != nil {
                print(Localized.format(\.cliStatusNotSignedIn, ["state": state.rawValue]))
            } else if configuration.identityPool != nil {
                print(Localized.format(\.cliStatusNotSignedInIdentityPoolOnly, ["state": state.rawValue]))
            } else {
                print(Localized.format(\.cliStatusNotSignedInNoPool, ["state": state.rawValue]))
            }
        }
    }

    /// Who authenticated the session, and every provider with a live session.
    static func printProviders(_ facts: Facts) {
        if let provider = facts.session?.provider,
            let name = authenticatedBy(state: facts.state, provider: provider, localized: true),
            facts.state != .guest
        {
            print(
                TerminalText.sanitized(
                    Localized.format(\.cliStatusAuthenticatedBy, ["name": name, "provider": provider])))
        }
        if !facts.activeProviders.isEmpty {
            print(
                TerminalText.sanitized(
                    Localized.format(
                        \.cliStatusActiveProviders, ["providers": facts.activeProviders.joined(separator: ", ")])))
        }
    }

    /// The user pool tokens, masked, with when they expire.
    static func printTokens(_ tokens: CognitoTokens) {
        print(
            Localized.format(
                \.cliStatusIdToken,
                [
                    "token": CognitoTokens.mask(tokens.idToken),
                    "expiry": CLIOutput.relative(tokens.idTokenExpiration),
                ]
            ))
        print(
            Localized.format(
                \.cliStatusAccessToken,
                [
                    "token": CognitoTokens.mask(tokens.accessToken),
                    "expiry": CLIOutput.relative(tokens.accessTokenExpiration),
                ]))
        print(
            Localized.format(
                \.cliStatusRefreshToken,
                ["value": tokens.refreshToken == nil ? Localized.text(\.none) : Localized.text(\.refreshTokenStored)]))
    }

    /// The identity id, the tracked device, AWS credentials, a revocation still owed and corrupt session files.
    static func printSessionDetails(_ facts: Facts) {
        let session = facts.session
        if let identityId = session?.identityId {
            print(Localized.format(\.cliStatusIdentityId, ["id": TerminalText.sanitized(identityId)]))
        }
        if let device = session?.device, device.username == session?.username {
            let remembered = Localized.text(
                device.remembered.map { $0 ? \.cliStatusDeviceRemembered : \.cliStatusDeviceNotRemembered }
                    ?? \.cliStatusDeviceTracked)
            print(
                TerminalText.sanitized(
                    Localized.format(\.cliStatusDevice, ["key": device.deviceKey, "remembered": remembered])))
        }
        if let credentials = session?.awsCredentials {
            print(
                Localized.format(
                    \.cliStatusAwsCredentials,
                    [
                        "key": TerminalText.sanitized(credentials.accessKeyId),
                        "expiry": CLIOutput.relative(credentials.expiration),
                    ]))
        }
        if let owed = session?.pendingRevocation {
            let key: TextKey =
                owed.username == nil
                ? (owed.global ? \.cliStatusRevocationOwedGlobal : \.cliStatusRevocationOwed)
                : (owed.global ? \.cliStatusRevocationOwedGlobalNamed : \.cliStatusRevocationOwedNamed)
            print(TerminalText.sanitized(Localized.format(key, ["username": owed.username ?? ""])))
        }
        let corruptFiles = facts.corruptFiles
        if !corruptFiles.isEmpty {
            print(
                Localized.format(
                    \.cliStatusCorruptFiles,
                    ["count": String(corruptFiles.count), "files": corruptFiles.joined(separator: ", ")]))
        }
    }

    /// The configuration file (and keys not acted on), the store, the other signed-in accounts and the backend.
    func printConfigurationAndStore(_ facts: Facts) {
        let configuration = facts.configuration
        let source = configuration.source
        print(
            TerminalText.sanitized(
                source.section.map {
                    Localized.format(
                        \.cliStatusConfigurationSection,
                        ["path": configuration.sourcePath ?? "-", "format": source.format.rawValue, "section": $0])
                }
                    ?? Localized.format(
                        \.cliStatusConfiguration,
                        ["path": configuration.sourcePath ?? "-", "format": source.format.rawValue])))
        if !configuration.poolSettings.ignoredKeys.isEmpty {
            print(
                TerminalText.sanitized(
                    Localized.format(
                        \.cliStatusNotActedOn,
                        ["keys": configuration.poolSettings.ignoredKeys.joined(separator: ", ")])))
        }
        for warning in source.warnings {
            print(TerminalText.sanitized(Localized.format(\.cliConfigWarningLine, ["warning": warning])))
        }

        print(Localized.format(\.cliStatusStore, ["location": facts.storeLocation]))
        let others = global.accounts.summaries(environment: global.environment)
            .filter { $0.isLive && $0.id != facts.accountID }
        if !others.isEmpty {
            let names = others.map { TerminalText.sanitized($0.name) }.joined(separator: ", ")
            print(Localized.format(\.cliStatusOtherAccounts, ["names": names]))
        }
        print(Localized.format(\.cliStatusBackend, ["backend": facts.backend.rawValue]))
    }
}
