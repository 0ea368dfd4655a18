import ArgumentParser
import CognitoAuth
import Foundation
import LatchkeyText

/// `--flow`: the InitiateAuth flow, as people type it.
enum FlowOption: String, ExpressibleByArgument, CaseIterable {
    case srp, password, custom
    case customSRP = "custom-srp"
    case userAuth = "user-auth"

    var flow: AuthenticationFlow {
        switch self {
        case .srp: return .userSRP
        case .password: return .userPassword
        case .custom: return .customWithoutSRP
        case .customSRP: return .customWithSRP
        case .userAuth: return .userAuth
        }
    }
}

/// `--method`: USER_AUTH's preferred first factor.
enum MethodOption: String, ExpressibleByArgument, CaseIterable {
    case password
    case passwordSRP = "password-srp"
    case emailOTP = "email-otp"
    case smsOTP = "sms-otp"
    case passkey

    var method: SignInMethod {
        switch self {
        case .password: return .password
        case .passwordSRP: return .passwordSRP
        case .emailOTP: return .emailOTP
        case .smsOTP: return .smsOTP
        case .passkey: return .webAuthn
        }
    }

    init?(method: SignInMethod) {
        switch method {
        case .password: self = .password
        case .passwordSRP: self = .passwordSRP
        case .emailOTP: self = .emailOTP
        case .smsOTP: self = .smsOTP
        case .webAuthn: self = .passkey
        }
    }
}

/// `--client-metadata key=value` (repeatable): sent as ClientMetadata to the pool's Lambda triggers.
struct ClientMetadataOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp(Localized.text(\.cliClientMetadataOptionsClientMetadata)))
    var clientMetadata: [String] = []

    /// The pairs, or exit 2 naming the malformed one.
    func pairs(_ option: String = "--client-metadata") throws -> [String: String] {
        try Self.parse(clientMetadata, option: option)
    }

    static func parse(_ values: [String], option: String) throws -> [String: String] {
        var result: [String: String] = [:]
        for pair in values {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard parts.count == 2, !parts[0].isEmpty else {
                throw CLIFailure(code: 2, message: "\(option) expects key=value, got \"\(pair)\".")
            }
            result[String(parts[0])] = String(parts[1])
        }
        return result
    }
}

struct SignInCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sign-in",
        abstract: Localized.text(\.cliSignInAbstract),
        discussion: Localized.text(\.cliSignInDiscussion))

    @OptionGroup var metadata: ClientMetadataOptions

    @Option(name: .long, help: ArgumentHelp(Localized.text(\.cliSignInUsername)))
    var username: String?

    @Flag(name: .long, help: ArgumentHelp(Localized.text(\.cliSignInPasswordStdin)))
    var passwordStdin = false

    @Option(name: .long, help: ArgumentHelp(Localized.text(\.cliSignInFlow)))
    var flow: FlowOption?

    @Option(name: .long, help: ArgumentHelp(Localized.text(\.cliSignInMethod)))
    var method: MethodOption?

    @Option(
        name: .long,
        help: ArgumentHelp(Localized.text(\.cliSignInValidationData)))
    var validationData: [String] = []

    @Flag(
        inversion: .prefixedNo,
        help: ArgumentHelp(Localized.text(\.cliSignInRememberDevice)))
    var rememberDevice: Bool?

    @Flag(name: .long, help: ArgumentHelp(Localized.text(\.cliSignInWeb)))
    var web = false

    @Option(
        name: .long,
        help: ArgumentHelp(Localized.text(\.cliSignInProvider)))
    var provider: String?

    @Flag(name: .long, help: ArgumentHelp(Localized.text(\.cliSignInNoBrowser)))
    var noBrowser = false

    @Option(name: .long, help: ArgumentHelp(Localized.text(\.cliSignInTimeout)))
    var timeout: Int = 300

    /// `--acr LEVEL [--max-age S]`: step the signed-in session up instead of signing in.
    @OptionGroup var stepUp: StepUpOptions

    /// The options every command takes, last in the help (ux-3, item 17).
    @OptionGroup var global: GlobalOptions

    func validate() throws {
        try stepUp.check()
        if stepUp.isRequested
            && (username != nil || passwordStdin || flow != nil || method != nil || web || provider != nil
                || noBrowser)
        {
            throw ValidationError(Localized.text(\.cliStepUpOnly))
        }
    }

    func run() async throws {
        if stepUp.isRequested { return try await runStepUp() }
        if web || provider != nil || noBrowser {
            try await runWeb()
            return
        }
        var options = AuthClientOptions()
        options.clientMetadata = try metadata.pairs()
        options.rememberDevice = rememberDevice
        let validation = try ClientMetadataOptions.parse(validationData, option: "--validation-data")
        let configuration = try global.loadConfiguration()
        options.passkeys = PasskeyCommand.settings(environment: global.environment, configuration: configuration)
        // The active account's store first: its plain-text warning comes before any prompt or error.
        let activeStore = try global.selectStore(createsDirectory: true).store
        GlobalOptions.noteIgnoredKeys(configuration)
        if method != nil, let flow, flow != .userAuth {
            throw CLIFailure(code: 2, message: "--method goes with --flow user-auth. Drop --method or use that flow.")
        }
        let name = try chooseUsername(activeStore: activeStore)
        // Someone else signed in here stays signed in: this user gets an account of their own.
        let others = global.accounts.summaries(environment: global.environment)
        let account = try AccountResolution.accountForSignIn(
            username: name, userPoolId: configuration.userPool?.poolId, all: others, global: global)
        // Said once the password is accepted, not before (issue 29, N11): a failed sign-in switches nothing.
        let announcement = accountAnnouncement(
            account: account.id, username: name, others: others, userPoolId: configuration.userPool?.poolId)
        let client: AuthClient
        do {
            // The configuration's warnings were printed above, when it was first loaded.
            client = try await global.makeClient(
                options: options, accountID: account.id, session: .replacedOrUnused, printingWarnings: false)
        } catch {
            if account.isNew { try? global.accounts.removeAccount(account.id) }
            throw error
        }
        let chosenFlow =
            method != nil
            ? AuthenticationFlow.userAuth
            : (flow?.flow ?? client.configuration.userPool?.authenticationFlow ?? .userSRP)
        // The account record is written as soon as the session is stored, before any device step, so
        // a sign-in interrupted there never leaves a session without its account.json.
        let recorder = await AccountResolution.recordWhenSignedIn(client: client, id: account.id, global: global)
        defer { Task { await client.removeUserStateListener(recorder) } }
        do {
            try await signIn(client: client, username: name, flow: chosenFlow, validation: validation)
        } catch {
            if account.isNew, await client.userState != .signedIn { try? global.accounts.removeAccount(account.id) }
            throw error
        }
        if await client.userState == .signedIn {
            try AccountResolution.recordSignIn(
                id: account.id, username: await client.username ?? name, configuration: client.configuration,
                global: global)
            await Self.announce(client: client, account: account.id, otherwise: announcement)
        }
    }

    /// `sign-in --acr LEVEL [--max-age S]`: steps the signed-in session up, asking only for the missing factor.
    func runStepUp() async throws {
        var options = AuthClientOptions()
        options.clientMetadata = try metadata.pairs()
        let configuration = try global.loadConfiguration()
        options.passkeys = PasskeyCommand.settings(environment: global.environment, configuration: configuration)
        let client = try await global.makeClient(options: options, printingWarnings: false)
        try await stepUp.stepUp(client: client)
    }

    /// Signs `username` in on `client` with `flow`: a passkey ceremony (Ctrl-C cancels on the key), or the
    /// password and its challenges, asked again after a wrong password at a terminal (piped, one try).
    func signIn(
        client: AuthClient, username: String, flow: AuthenticationFlow, validation: [String: String]
    ) async throws {
        let (stdin, replacing) = (passwordStdin, global.namesAccount)
        if method == .passkey {
            // Ctrl-C while the key waits for a touch cancels on the key (CeremonyInterrupt).
            try await CeremonyInterrupt.run {
                try await PlainSignIn.run(
                    client: client, username: username, flow: flow, method: .webAuthn, passwordStdin: stdin,
                    validationData: validation, replacingSession: replacing)
            }
            return
        }
        let interactive = CLIOutput.stdinIsTerminal && !passwordStdin
        let chosen = method?.method
        try await PlainSignIn.retryingWrongPassword(username: username, interactive: interactive) {
            try await PlainSignIn.run(
                client: client, username: username, flow: flow, method: chosen, passwordStdin: stdin,
                validationData: validation, replacingSession: replacing)
        }
    }

    /// What to say once the sign-in is accepted when it goes to another account than the active one, whose
    /// user is still signed in: "added an account" or "switched to the account" (nil otherwise).
    func accountAnnouncement(
        account: String, username: String, others: [AccountSummary], userPoolId: String?
    ) -> String? {
        guard account != global.accounts.activeID(), let current = others.first(where: \.isActive), current.isLive
        else { return nil }
        let reused = others.first { $0.id == account }?.holds(username: username, userPoolId: userPoolId)
        return Localized.format(
            reused == true ? \.cliSignInSwitchedAccount : \.cliSignInAddedAccount,
            ["name": TerminalText.sanitized(username), "current": TerminalText.sanitized(current.name)])
    }

    /// Says what the sign-in did to the accounts: a slot that held another user says so (rel-3
    /// R12), never "added" or "switched"; otherwise `announcement`, if any.
    static func announce(client: AuthClient, account: String, otherwise announcement: String?) async {
        if let replacement = await client.lastReplacement {
            CLIOutput.info(replacedMessage(replacement, account: account))
        } else if let announcement {
            CLIOutput.info(announcement)
        }
    }

    /// "Replaced mallory with bob in account default; mallory's refresh token was revoked."
    static func replacedMessage(_ replacement: SessionReplacement, account: String) -> String {
        let key: TextKey =
            switch replacement.revocation {
            case .revoked: \.cliSignInReplacedRevoked
            case .owed: \.cliSignInReplacedOwed
            case .failed: \.cliSignInReplacedFailed
            case .nothingToRevoke: \.cliSignInReplaced
            }
        return Localized.format(
            key,
            [
                "previous": TerminalText.sanitized(replacement.previousUsername),
                "name": TerminalText.sanitized(replacement.username), "account": TerminalText.sanitized(account),
            ])
    }

    /// The user to sign in: `--username`, else asked for at a terminal (the stored user offered).
    func chooseUsername(activeStore: any SessionStore) throws -> String {
        if let username {
            return username
        } else if CLIOutput.stdinIsTerminal && !passwordStdin {
            // As the messages suggest ("Sign in again: latchkey sign-in"): the stored user is offered.
            let stored = (try? activeStore.load())?.flatMap { $0.username }
            let suggested = stored.map { TerminalText.sanitized($0) }
            let typed = try CLIOutput.ask(InteractiveEntry.usernamePrompt(suggested: suggested))
            guard let chosen = typed.isEmpty ? suggested : typed, !chosen.isEmpty else {
                throw CLIFailure(code: 2, message: Localized.text(\.cliNoUsername))
            }
            return chosen
        } else {
            throw CLIFailure(
                code: 2,
                message: Localized.text(\.cliPassUsername))
        }
    }

    /// `--web`: the hosted UI flow, on the active (or named) account.
    func runWeb() async throws {
        guard username == nil, !passwordStdin, flow == nil, method == nil else {
            throw CLIFailure(
                code: 2,
                message: "--web signs in in a browser: drop --username, --password-stdin, --flow and --method.")
        }
        guard (1...3600).contains(timeout) else {
            throw CLIFailure(code: 2, message: "--timeout takes 1 to 3600 seconds, got \(timeout).")
        }
        if let provider, provider.isEmpty || provider.count > 128 || provider.contains(where: \.isNewline) {
            throw CLIFailure(code: 2, message: "--provider takes a provider name such as Google or COGNITO.")
        }
        var options = AuthClientOptions()
        options.clientMetadata = try metadata.pairs()
        let configuration = try global.loadConfiguration()
        GlobalOptions.noteIgnoredKeys(configuration)
        // Someone signed in here stays signed in, as with a password sign-in (WebSignIn.target).
        let target = try WebSignIn.target(global: global)
        let name: String
        let client: AuthClient
        do {
            client = try await global.makeClient(
                options: options, accountID: target.id, session: .replacedOrUnused, printingWarnings: false)
            name = try await WebSignIn.run(
                client: client, provider: provider.map(HostedUIConfiguration.cognitoProviderName),
                noBrowser: noBrowser, timeout: timeout, replacingSession: global.namesAccount,
                environment: global.environment)
        } catch {
            if target.isNew { try? global.accounts.removeAccount(target.id) }
            throw WebSignIn.cliError(error)
        }
        CLIOutput.info("✔ Signed in as \(TerminalText.sanitized(name)) through the hosted UI.")
        // The username is known only now: a user who has an account here already keeps using it.
        try await WebSignIn.settle(target: target, name: name, client: client, global: global)
    }
}
