import ArgumentParser
import CognitoAuth
import Foundation
import LatchkeyText
import Logging

/// Options every command takes.
struct GlobalOptions: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(Localized.text(\.cliGlobalOptionsConfig)))
    var config: String?

    @Option(
        name: .long,
        help: ArgumentHelp(Localized.text(\.cliGlobalOptionsConfigSection)))
    var configSection: String?

    @Option(
        name: .long, help: ArgumentHelp(Localized.text(\.cliGlobalOptionsStore)))
    var store: String?

    @Option(
        name: .long,
        help: ArgumentHelp(Localized.text(\.cliGlobalOptionsAccount))
    )
    var account: String?

    @Flag(name: .long, help: ArgumentHelp(Localized.text(\.cliGlobalOptionsDebug)))
    var debug = false

    /// Read (and removed from the arguments) before parsing, by `LanguageArgument`; declared here
    /// so that `--help` lists it.
    @Option(name: .long, help: ArgumentHelp(Localized.text(\.cliGlobalOptionsLang), valueName: "en|ja"))
    var lang: String?
}

/// What the global options choose (configuration, store, account, logging), whoever parsed them:
/// ``GlobalOptions`` through ArgumentParser, or ``TokenFastPath`` by hand at start-up.
protocol GlobalSelection {
    /// `--config PATH`: the configuration file (else `$LATCHKEY_CONFIG`, else the XDG default); nil when not given.
    var config: String? { get }
    /// `--config-section NAME`: the configuration's section (else `$LATCHKEY_CONFIG_SECTION`, else `Default`).
    var configSection: String? { get }
    /// `--store DIR`: the session store's directory (else `$LATCHKEY_STORE_DIR`, else the account's).
    var store: String? { get }
    /// `--account NAME`: a username or id from `latchkey accounts` (else `$LATCHKEY_ACCOUNT`, else the active one).
    var account: String? { get }
    /// `--debug`: log requests to stderr, secrets masked (`LATCHKEY_DEBUG=1` does the same).
    var debug: Bool { get }
    /// The process environment (the locations, `LATCHKEY_*`, the network variables).
    var environment: [String: String] { get }
}

extension GlobalOptions: GlobalSelection {}

extension GlobalSelection {
    var environment: [String: String] { ProcessInfo.processInfo.environment }

    /// The configuration file and section, resolved once: `--config`, else `$LATCHKEY_CONFIG`, else the
    /// file the account signed in with (when it is still there, with its section unless
    /// `--config-section` says otherwise), else `$XDG_CONFIG_HOME/latchkey/awsconfiguration.json`.
    private func configurationSource() -> (path: String, section: String?) {
        if (config ?? "").isEmpty, (environment["LATCHKEY_CONFIG"] ?? "").isEmpty,
            let id = try? accountID(), let profile = accounts.profile(of: id), let recorded = profile.configPath,
            FileManager.default.fileExists(atPath: recorded)
        {
            return (recorded, configSection ?? profile.configSection)
        }
        return (AuthConfiguration.locate(explicitPath: config, environment: environment), configSection)
    }

    /// The configuration file (see `configurationSource()`).
    var configPath: String { configurationSource().path }

    /// The configuration section (see `configurationSource()`).
    var resolvedConfigSection: String? { configurationSource().section }

    /// The store root: `--store`, else `$LATCHKEY_STORE_DIR`, else `$XDG_DATA_HOME/latchkey`.
    var storeRoot: String { store ?? FileSessionStore.defaultDirectory(environment: environment) }

    /// The accounts kept under the store root.
    var accounts: AccountDirectory { AccountDirectory(root: storeRoot) }

    /// The account commands act on: `--account` (or `$LATCHKEY_ACCOUNT`), matched against ids and
    /// usernames, else the active one.
    func accountID() throws -> String {
        let wanted = account ?? environment["LATCHKEY_ACCOUNT"].flatMap { $0.isEmpty ? nil : $0 }
        guard let wanted else { return accounts.activeID() }
        // An id needs no store read.
        if accounts.accountIDs().contains(wanted) { return wanted }
        if let found = try AccountResolution.find(wanted, in: accounts, environment: environment, how: "--account") {
            return found.id
        }
        let names = accounts.summaries(environment: environment).map {
            TerminalText.sanitized($0.name)
        }
        throw CLIFailure(
            code: 2,
            message: names.isEmpty
                ? Localized.format(\.cliNoSuchAccount, ["name": TerminalText.sanitized(wanted)])
                : Localized.format(
                    \.cliNoSuchAccountListed,
                    ["name": TerminalText.sanitized(wanted), "names": names.joined(separator: ", ")]))

    }

    /// Whether the command names its account (`--account` or `$LATCHKEY_ACCOUNT`): a sign-in then
    /// goes to that account even when another user is in it, replacing their session, as asked.
    var namesAccount: Bool {
        account != nil || !(environment["LATCHKEY_ACCOUNT"] ?? "").isEmpty
    }

    /// The store directory of the account commands act on (`accountID` overrides the choice).
    func storeDirectory(accountID override: String? = nil) throws -> String {
        accounts.directory(for: try override ?? accountID())
    }

    /// Loads the configuration; the environment fills in what the file leaves out (region, endpoints).
    /// What was left out (an unusable identity pool or hosted UI, an unread expression) is printed on
    /// stderr as a warning, unless `printingWarnings` is false: the commands whose output programs read
    /// (`token`, `credentials`, `exec`, `serve-credentials`) never print them, because the AWS CLI shows
    /// a `credential_process`'s stderr and a script would repeat them on every call; `status` and
    /// `config` show them in their own output.
    func loadConfiguration(printingWarnings: Bool = true) throws -> AuthConfiguration {
        // An account that is not there is said as such, before the configuration it would have named.
        if namesAccount { _ = try accountID() }
        let source = configurationSource()
        let configuration: AuthConfiguration
        do {
            configuration = try AuthConfiguration.load(
                path: source.path, section: source.section, environment: environment)
        } catch {
            // The core says the fix in an app's words; the command line says its own (`--config`).
            throw error.forCommandLine
        }
        if printingWarnings {
            for warning in configuration.source.warnings {
                let line = Localized.format(\.cliConfigWarningLine, ["warning": warning])
                FileHandle.standardError.write(Data((TerminalText.sanitized(line) + "\n").utf8))
            }
        }
        return configuration
    }

    /// Chooses the session store (system keyring, else a plain-text file; `LATCHKEY_STORE` overrides) and,
    /// the first time a store directory falls back to the file, prints the plain-text warning to stderr.
    /// Commands call this before any prompt or network request, so the warning comes first.
    ///
    /// `storeWarning` receives the warning instead (the full-screen UI shows it inside the screen,
    /// where printing it would be hidden behind the alternate screen).
    func selectStore(
        lockTimeout: Duration = FileSessionStore.defaultLockTimeout, accountID: String? = nil,
        createsDirectory: Bool = false, storeWarning: ((String) -> Void)? = nil
    ) throws -> (store: any SessionStore, backend: SessionStoreSelection.Backend) {
        let directory = try storeDirectory(accountID: accountID)
        // A directory another user owns or can write is refused before anything reads or writes it.
        do {
            try FileSessionStore.checkDirectory(directory)
        } catch {
            throw AuthError(storeError: error)
        }
        // A session file others can read is made private before anything reads it, and said so.
        if let repaired = FileSessionStore.restrictSessionFileMode(in: directory) {
            if let storeWarning {
                storeWarning(repaired)
            } else {
                FileHandle.standardError.write(Data((repaired + "\n").utf8))
            }
        }
        let selection: (store: any SessionStore, backend: SessionStoreSelection.Backend, warning: String?)
        do {
            selection = try SessionStoreSelection.make(
                directory: directory, environment: environment, lockTimeout: lockTimeout, language: .current)
        } catch {
            throw CLIFailure(code: 2, message: error.description)
        }
        // A store directory that is not there yet is made to remember the warning only by a command
        // that signs in (the others create nothing): until then the warning is said each time.
        let remembers = createsDirectory || FileManager.default.fileExists(atPath: directory)
        var warning =
            remembers
            ? SessionStoreSelection.firstTimeWarning(selection.warning, directory: directory) : selection.warning
        // Once per store, not once per account (issue 29, N25): an account under a root that said it is quiet,
        // and the first account to say it marks the root too.
        if warning != nil, directory != storeRoot {
            if FileManager.default.fileExists(atPath: storeRoot + "/" + SessionStoreSelection.warningMarkerName) {
                warning = nil
            } else if remembers {
                _ = SessionStoreSelection.firstTimeWarning(warning, directory: storeRoot)
            }
        }
        if let warning {
            if let storeWarning {
                storeWarning(warning)
            } else {
                FileHandle.standardError.write(Data((warning + "\n").utf8))
            }
        }
        return (selection.store, selection.backend)
    }

    func makeStore(
        lockTimeout: Duration = FileSessionStore.defaultLockTimeout, accountID: String? = nil,
        createsDirectory: Bool = false, storeWarning: ((String) -> Void)? = nil
    ) throws -> any SessionStore {
        try selectStore(
            lockTimeout: lockTimeout, accountID: accountID, createsDirectory: createsDirectory,
            storeWarning: storeWarning
        ).store
    }

    func makeLogger() -> Logger? {
        guard debug || environment["LATCHKEY_DEBUG"] == "1" else { return nil }
        var logger = Logger(label: "latchkey") { label in RedactingLogHandler(label: label) }
        logger.logLevel = .debug
        return logger
    }

    /// The transport, following the AWS tools' network variables: `HTTPS_PROXY` / `HTTP_PROXY` /
    /// `NO_PROXY` (lower case wins, as in curl) and `AWS_CA_BUNDLE`. A bad value is exit 2.
    func makeTransport() throws -> CurlTransport {
        do {
            return try CurlTransport(network: NetworkOptions(environment: environment))
        } catch {
            throw AuthError.configuration(error)
        }
    }

    /// A client on the configured pool and store, initialised from the store (no network).
    ///
    /// Every command's client is made here, so the CLI's rules hold for a new command too:
    /// - no call waits for a person: unless `waitsForSignIn` (the full-screen UI, which can sign in
    ///   right there), a call that needs tokens while re-login is required fails at once (exit 4), and
    ///   a wait for an unreachable service ends at `deadline` (exit 3);
    /// - a session another pool, app client or endpoint issued is refused (exit 2, naming both) when
    ///   the command uses the session; `session: .replacedOrUnused` is for the commands that do not
    ///   (sign-in replaces it; sign-up and the password reset never read it).
    ///
    /// `deadline` is the command's own (`--retry-seconds`, else ``defaultCommandDeadline`` for the
    /// service): when given, the store's lock waits no longer than it (at least half a second, at most
    /// the store's default), so a held lock cannot outlast it. `accountID` picks another account than
    /// the active one.
    func makeClient(
        options: AuthClientOptions = AuthClientOptions(), deadline: Duration? = nil, accountID: String? = nil,
        session use: SessionUse = .uses, waitsForSignIn: Bool = false, storeWarning: ((String) -> Void)? = nil,
        printingWarnings: Bool = true
    ) async throws -> AuthClient {
        let configuration = try loadConfiguration(printingWarnings: printingWarnings)
        var lockTimeout = FileSessionStore.defaultLockTimeout
        if let deadline { lockTimeout = min(lockTimeout, max(deadline, .milliseconds(500))) }
        let deadline = deadline ?? Self.defaultCommandDeadline
        var options = options
        options.tokenRequestDefaults =
            waitsForSignIn
            ? .default
            : TokenRequestOptions(
                waitForSignIn: false, waitForConnectivity: deadline > .zero, deadline: deadline, label: "command")
        let client = AuthClient(
            configuration: configuration,
            store: try makeStore(
                lockTimeout: lockTimeout, accountID: accountID, createsDirectory: use == .replacedOrUnused,
                storeWarning: storeWarning),
            transport: try makeTransport(), logger: makeLogger(), options: options)
        await client.initialize()
        try await GlobalOptions.check(client)
        if use == .uses, let mismatch = await client.sessionIssuerMismatch {
            throw AuthError.sessionIssuerMismatch(mismatch)
        }
        return client
    }

    /// How long a command without `--retry-seconds` waits for an unreachable service (as `token`'s default).
    static var defaultCommandDeadline: Duration { .seconds(4) }
}

/// Whether a command acts on the stored session (then another issuer's session is refused).
enum SessionUse {
    /// The command uses the session's tokens, or signs it out.
    case uses
    /// The command replaces the session (sign-in) or never reads it (sign-up, password reset).
    case replacedOrUnused
}

extension GlobalOptions {
    /// Says once, on stderr, what the configuration holds that Latchkey does not act on (sign-in calls it;
    /// `latchkey config` and `latchkey status` show the same list), so other commands stay quiet.
    static func noteIgnoredKeys(_ configuration: AuthConfiguration) {
        let ignored = configuration.poolSettings.ignoredKeys
        let notes = configuration.source.notes
        guard !ignored.isEmpty || !notes.isEmpty else { return }
        var lines: [String] = []
        if !ignored.isEmpty {
            lines.append(
                "latchkey: " + Localized.format(\.cliNoteIgnoredKeys, ["keys": ignored.joined(separator: ", ")]))
        }
        for note in notes { lines.append("latchkey: " + Localized.format(\.cliNote, ["note": note])) }
        FileHandle.standardError.write(
            Data((TerminalText.sanitized(lines.joined(separator: "\n"), keepingNewlines: true) + "\n").utf8))
    }

    /// Refuses an unsafe (exit 2) or unreadable (exit 5) store, and warns on stderr when a corrupt
    /// session was moved aside.
    static func check(_ client: AuthClient) async throws {
        switch await client.storeProblem {
        case nil:
            break
        case .corrupt(let movedTo, let reason)?:
            // Not fatal (the user is signed out), but never silent.
            let warning =
                movedTo.map { Localized.format(\.cliStoreUnreadableMoved, ["reason": reason, "path": $0]) }
                ?? Localized.format(\.cliStoreUnreadable, ["reason": reason])
            FileHandle.standardError.write(Data("latchkey: \(warning)\n".utf8))
        case let problem?:
            // Unsafe (exit 2) or unreadable (exit 5): no command runs on a store it cannot trust.
            throw AuthError(storeError: problem)
        }
    }
}
